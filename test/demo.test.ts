/**
 * `npm start` (surfaces/demo/demo.ts, built into dist/ by npm test before the suite runs) with `--exit`: it prints the
 * devnet's temporary log directory, which is gone once it exits; `--keep-logs` keeps it.
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBin } from './run-bin.js';

const DEMO = fileURLToPath(new URL('../dist/surfaces/demo/demo.js', import.meta.url));

const logsOf = (stdout: string) => /^logs: +(\S+)/m.exec(stdout)?.[1];

describe('npm start -- --exit', () => {
  it('removes the devnet log directory on exit, and keeps it with --keep-logs', async () => {
    const run = await runBin(DEMO, ['--exit']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('retcheck-web: ');
    const logs = logsOf(run.stdout);
    expect(logs).toBeDefined();
    expect(existsSync(logs!)).toBe(false);

    const kept = await runBin(DEMO, ['--exit', '--keep-logs']);
    const keptLogs = logsOf(kept.stdout)!;
    expect(existsSync(keptLogs)).toBe(true);
    rmSync(keptLogs, { recursive: true, force: true });
  }, 60_000);
});
