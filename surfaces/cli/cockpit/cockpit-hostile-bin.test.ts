/**
 * The compiled `cockpit` bin against nodes that misbehave (issue 12): a node that never answers (--timeout),
 * control characters in what a node says (terminal safety), plus the help forms (-h, --once --help,
 * --once <verb> --help, -V).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBeeError, sendJson, startLoopbackServer, type LoopbackServer } from '../../../actors/node-client/loopback-server.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { startJsonServer, startSilentServer, TERMINAL_ATTACK } from '../../../devnet/testing/hostile-node.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

let bin: string;
const servers: LoopbackServer[] = [];

beforeAll(() => {
  bin = compileEntries('cockpit-hostile-bin', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const cockpit = (...args: string[]): Promise<BinRun> => runBin(bin, args);
const keep = <T extends LoopbackServer>(server: T): T => (servers.push(server), server);

/** ESC, BEL, CR and C1 CSI: anything here reached the terminal raw. */
const RAW_CONTROL = /[\u0007\u001b\r\u009b]/;

describe('cockpit --once --timeout', () => {
  it('a node that never answers fails after --timeout seconds (exit 2), not the 15 s default', async () => {
    const silent = keep(await startSilentServer());
    const started = performance.now();
    const run = await cockpit('--once', 'version-check', silent.url, '--timeout', '0.5');
    const seconds = (performance.now() - started) / 1000;
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('timeout');
    expect(seconds).toBeLessThan(8);
  });

  it('a bad --timeout is a usage error (exit 64)', async () => {
    for (const value of ['0', '-1', 'abc', '1e3', '100000']) {
      const run = await cockpit('--once', 'version-check', '--timeout', value);
      expect(run.code, value).toBe(64);
      expect(run.stderr).toContain('--timeout');
    }
  });
});

describe('cockpit prints what a node says without obeying it', () => {
  it('version-check: ESC, BEL, CR and newlines in the version are shown escaped, on stdout and in JSON', async () => {
    const node = keep(await startJsonServer({ '/health': () => ({ status: 'ok', version: TERMINAL_ATTACK, apiVersion: '8.1.0' }) }));
    const text = await cockpit('--once', 'version-check', node.url);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    expect(text.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(text.stdout).toContain('\\x1b[2J\\x1b]0;owned\\x07\\r\\nstatus  retrievable\\x9b31m');
    const json = await cockpit('--once', 'version-check', node.url, '--json');
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect((JSON.parse(json.stdout) as { data: { live: { version: string } } }).data.live.version).toBe(TERMINAL_ATTACK);
  });

  it('readiness: a hostile error message cannot forge a gate line', async () => {
    const node = keep(
      await startLoopbackServer((request, response) =>
        request.url === '/health' ? sendJson(response, 200, { status: 'ok', version: '2.8.1', apiVersion: '8.1.0' }) : sendBeeError(response, 404, 'Not Found\r\nPASS  not frozen  forged\u001b[2J'),
      ),
    );
    const run = await cockpit('--once', 'readiness', node.url);
    // Only /health answers: nothing fails, ten gates are not measured, so the node cannot be judged (2); the
    // ladder still goes to stdout, its reasons quoting the node.
    expect(run.code).toBe(2);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('PASS  not frozen'))).toHaveLength(0);
    expect(run.stdout).toContain('Not Found\\r\\nPASS  not frozen  forged\\x1b[2J');
  });

  it('an error message quoting the node is escaped on stderr', async () => {
    const node = keep(await startJsonServer({ '/health': () => ({ status: 'ok', version: '2.8.1', apiVersion: `8.1.0${TERMINAL_ATTACK}` }) }));
    const run = await cockpit('--once', 'version-check', node.url);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('owned');
  });
});

describe('help and version', () => {
  it('-h, --help and --once --help print the program help with the verbs, exit 0', async () => {
    for (const args of [['-h'], ['--help'], ['--once', '--help'], ['--once', '-h']]) {
      const run = await cockpit(...args);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout).toContain('Usage: cockpit');
      expect(run.stdout).toContain('version-check [node-url]');
      expect(run.stdout).toContain('--timeout <SECS>');
    }
  });

  it('--once <verb> --help prints that verb help (aliases work), exit 0', async () => {
    const run = await cockpit('--once', 'readiness', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: cockpit --once readiness [node-url]');
    expect(run.stdout).toContain('/redistributionstate');
    expect(run.stdout).toContain('--timeout <SECS>');
    const alias = await cockpit('--once', 'check-version', '-h');
    expect(alias.stdout).toContain('Usage: cockpit --once version-check');
    const unknown = await cockpit('--once', 'nope', '--help');
    expect(unknown.code).toBe(64);
  });

  it('-V and --version print the version, exit 0', async () => {
    for (const flag of ['-V', '--version']) {
      const run = await cockpit(flag);
      expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^cockpit \d+\.\d+\.\d+\n$/) });
    }
  });
});

describe('start-up: verbs load lazily', () => {
  it('actors/cockpit/verbs/index.ts imports no verb module statically (each verb is loaded when it runs)', () => {
    const source = readFileSync(new URL('../../../actors/cockpit/verbs/index.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import (?!type )[^;]*from '\.\/[a-z-]+\.js'/m);
    expect(source).toMatch(/import\('\.\/[a-z-]+\.js'\)/);
  });
});
