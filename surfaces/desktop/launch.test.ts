/**
 * `cockpit` without `--once`/`--serve`: Electron is started when its binary is installed, else one line says
 * how to get it. Here Electron's package has no binary (these machines cannot download it), which is the
 * first case as it really is; the second uses electron's own ELECTRON_OVERRIDE_DIST_PATH to point at a
 * stand-in executable that records how it was started and exits as Electron would on SIGTERM.
 */
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desktopEntryPath, electronBinary, launchDesktop, NO_ELECTRON } from './launch.js';
import { LAUNCH_ENV, parseDesktopLaunch } from './electron/launch-env.js';

describe('cockpit opens Electron, or says how to get it', () => {
  it('without Electron\'s binary: one line naming npm run desktop and --serve, exit code 2', async () => {
    expect(electronBinary({})).toBeNull();
    const stderr: string[] = [];
    expect(await launchDesktop({ launch: { urls: [] }, version: '1.0.0', env: {}, stderr: (t) => stderr.push(t) })).toBe(2);
    expect(stderr).toEqual([`cockpit: ${NO_ELECTRON}\n`]);
    expect(NO_ELECTRON).toContain('npm run desktop');
    expect(NO_ELECTRON).toContain('cockpit --serve');
  });

  it('with a binary: starts it on the main script with the launch flags, passes SIGTERM on, returns its code', async () => {
    if (!existsSync(desktopEntryPath())) throw new Error(`${desktopEntryPath()} is missing: run npm run build first`);
    const dir = mkdtempSync(join(tmpdir(), 'fake-electron-'));
    const record = join(dir, 'record.json');
    writeFileSync(
      join(dir, 'electron'),
      `#!${process.execPath}\nconst fs = require('fs');\nfs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), launch: process.env.${LAUNCH_ENV} }));\nprocess.on('SIGTERM', () => { fs.appendFileSync(${JSON.stringify(record)}, '\\nSIGTERM'); process.exit(0); });\nsetInterval(() => {}, 1000);\n`,
    );
    chmodSync(join(dir, 'electron'), 0o755);
    const env = { ELECTRON_OVERRIDE_DIST_PATH: dir, PATH: process.env.PATH };
    expect(electronBinary(env)).toBe(join(dir, 'electron'));
    const signals = new EventEmitter();
    const running = launchDesktop({
      launch: { urls: ['http://127.0.0.1:1633'], token: 's3cret', theme: 'light' },
      version: '1.2.3',
      env,
      stderr: () => {},
      signals: signals as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
    });
    for (let i = 0; i < 200 && !existsSync(record); i++) await new Promise((r) => setTimeout(r, 25));
    const started = JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; launch: string };
    expect(started.argv).toEqual([desktopEntryPath()]);
    expect(parseDesktopLaunch(started.launch)).toEqual({ launch: { urls: ['http://127.0.0.1:1633'], token: 's3cret', theme: 'light' }, version: '1.2.3' });
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(readFileSync(record, 'utf8')).toMatch(/SIGTERM$/);
    expect(signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('reads the hand-over field by field: unknown fields and non-strings are dropped', () => {
    expect(parseDesktopLaunch(JSON.stringify({ launch: { urls: ['u', 3], nodeBin: '/bee', evil: 'x', token: 5 }, version: 7 }))).toEqual({ launch: { urls: ['u'], nodeBin: '/bee' }, version: '0.0.0' });
    expect(parseDesktopLaunch('not json')).toEqual({ launch: { urls: [] }, version: '0.0.0' });
    expect(parseDesktopLaunch(undefined)).toEqual({ launch: { urls: [] }, version: '0.0.0' });
  });
});
