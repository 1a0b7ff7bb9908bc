/**
 * `npm test` on a machine without the programs the suite drives (scripts/system-deps.mjs): with apt-get
 * allowed it installs them; otherwise it prints one line saying what to install and fails. The machine
 * here has them, so each case runs the real script with a PATH that hides them, and, for the install case,
 * a stand-in apt-get (a real executable) that "installs" by putting the programs on that PATH.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../scripts/system-deps.mjs', import.meta.url).pathname;
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A PATH holding only node (and what `extra` writes): no chromium, tmux, openssl, Prometheus's programs or apt-get. */
function barePath(extra: (bin: string) => void = () => {}): string {
  const bin = mkdtempSync(join(tmpdir(), 'system-deps-'));
  dirs.push(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  extra(bin);
  return bin;
}

function run(path: string, env: Record<string, string>) {
  const { CHROMIUM_PATH: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, [SCRIPT], { env: { ...inherited, PATH: path, ...env }, encoding: 'utf8' });
}

describe('npm test on a machine without Chromium', () => {
  it('prints one line naming what to install, and fails, when it may not install', () => {
    const result = run(barePath(), { NODE_TOOLKIT_APT: 'never' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'npm test needs chromium, tmux, openssl, prometheus, prometheus-alertmanager, prometheus-pushgateway, missing on this machine: install them with `sudo apt-get install chromium tmux openssl prometheus prometheus-alertmanager prometheus-pushgateway` (or set CHROMIUM_PATH to a Chromium binary), then run npm test again',
    ]);
  });

  it('a CHROMIUM_PATH that points nowhere counts as missing', () => {
    const path = barePath((bin) => {
      for (const tool of ['tmux', 'openssl', 'prometheus', 'prometheus-alertmanager', 'prometheus-pushgateway']) writeExecutable(join(bin, tool));
    });
    const result = run(path, { NODE_TOOLKIT_APT: 'never', CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('needs chromium, missing');
  });

  it('installs the missing packages with apt-get when allowed, then passes', () => {
    const log = join(barePath(), 'apt.log');
    const path = barePath((bin) => {
      // A stand-in apt-get: records its arguments and, on install, puts each package's program on PATH.
      writeExecutable(
        join(bin, 'apt-get'),
        `#!/bin/sh\necho "$@" >> ${log}\nif [ "$1" = install ]; then for p in "$@"; do case "$p" in -*|install) ;; *) printf '#!/bin/sh\\n' > ${bin}/$p; /bin/chmod +x ${bin}/$p;; esac; done; fi\n`,
      );
    });
    const result = run(path, { NODE_TOOLKIT_APT: 'always' });
    expect(result.stderr).toContain('npm test: installing chromium tmux openssl prometheus prometheus-alertmanager prometheus-pushgateway with apt-get');
    expect(result.status).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['update -qq', 'install -y -qq --no-install-recommends chromium tmux openssl prometheus prometheus-alertmanager prometheus-pushgateway']);
  });
});

function writeExecutable(path: string, text = '#!/bin/sh\n'): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}
