/**
 * runMeasured reports the child's own peak RSS (VmHWM), not getrusage's maxRSS, which Linux carries over fork and
 * exec: a parent holding Buffer memory (malloc'd, copied at fork) gives every child a maxRSS of at least that much.
 * The first case shows the carry on this kernel and that the figure does not have it.
 */
import { describe, expect, it } from 'vitest';
import { runMeasured } from './child-usage.js';

const MB = 1024 * 1024;
const OWN_MAXRSS = 'process.stderr.write("\\nown-maxrss-kb " + process.resourceUsage().maxRSS + "\\n")';

describe('runMeasured', () => {
  it("a bare child's peak is its own, not the 256 MB its parent holds (maxRSS carries it, VmHWM does not)", async () => {
    const held = Buffer.alloc(256 * MB, 1);
    const run = await runMeasured(['-e', OWN_MAXRSS]);
    expect(held[held.length - 1]).toBe(1);
    expect(run.code).toBe(0);
    const maxRssMb = Number(/own-maxrss-kb (\d+)/.exec(run.stderr)![1]) / 1024;
    expect(maxRssMb).toBeGreaterThan(256);
    expect(run.peakRssMb).toBeGreaterThan(10);
    expect(run.peakRssMb).toBeLessThan(128);
  });

  it("a child's own allocation shows in its peak, and its CPU time is counted", async () => {
    const run = await runMeasured(['-e', 'const b = Buffer.alloc(200 * 1024 * 1024, 1); const end = Date.now() + 300; while (Date.now() < end);']);
    expect(run.code).toBe(0);
    expect(run.peakRssMb).toBeGreaterThan(200);
    expect(run.cpuSeconds).toBeGreaterThan(0.2);
    expect(run.seconds).toBeGreaterThanOrEqual(run.cpuSeconds * 0.5);
  });

  it('a child killed before its exit hooks ran has no figures (NaN), not zero', async () => {
    const run = await runMeasured(['-e', 'process.kill(process.pid, "SIGKILL")']);
    expect(run.code).toBeNull();
    expect(run.peakRssMb).toBeNaN();
    expect(run.cpuSeconds).toBeNaN();
  });
});
