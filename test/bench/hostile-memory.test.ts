/**
 * bench:hostile-memory runs one shape end to end against this build's bins: three rows, each with its own peak
 * RSS (the bin's VmHWM, tens of MB: a Node process starts near 40) under its target, the honest answers intact,
 * and CPU and wall time measured. The text form says the peaks are the bins' own and prints the bench's apart.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../bench/hostile-memory.js';
import { distBench, runProcess } from './bench-harness.js';

describe('bench:hostile-memory', () => {
  it('--only "head without end" --json: three rows, each a bin\'s own peak under its target, answers intact', { timeout: 120_000 }, async () => {
    const exit = await runProcess(process.execPath, [distBench('hostile-memory.js'), '--only', 'head without end', '--json'], {}, 110_000);
    expect(exit.stderr).toBe('');
    expect(exit.code).toBe(0);
    const rows = JSON.parse(exit.stdout) as Row[];
    expect(rows.map((r) => r.scenario.slice(0, 2))).toEqual(['A.', 'B.', 'C.']);
    for (const row of rows) {
      expect(row.shape).toBe('head without end');
      expect(row.met && row.intact).toBe(true);
      expect(row.peakRssMb).toBeGreaterThan(20);
      expect(row.peakRssMb).toBeLessThan(150);
      expect(row.cpuSeconds).toBeGreaterThan(0);
      expect(row.seconds).toBeGreaterThan(0);
    }
  });

  it('the text form ends with the count met and the bench process\'s own peak, apart from the bins\'', { timeout: 120_000 }, async () => {
    const exit = await runProcess(process.execPath, [distBench('hostile-memory.js'), '--only', 'trailer without end'], {}, 110_000);
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/\n3 of 3 rows within their memory target\n/);
    expect(exit.stdout).toMatch(/peak MB is each bin's own \(VmHWM\); this bench process, servers included, peaked at \d+ MB\n$/);
  });
});
