import { describe, expect, it } from 'vitest';
import { blocksToNextSampleWindow, forecastSample, forecastText, SAMPLE_BUDGET_BLOCKS, SAMPLE_WINDOW_BLOCKS, type ForecastInputs } from './sample-forecast.js';

const base: ForecastInputs = {
  benchmark: { durationSeconds: 10, depth: 8 },
  reserveAtBenchmark: 1_048_576,
  reserveNow: 1_048_576,
  reserveCapacityDoubling: 0,
  lastSampleSeconds: 0,
  block: 1000,
  round: 6,
  lastSelectedRound: 7,
  blockTime: { seconds: 5, source: 'assumed' },
};

describe('sample-forecast (Bee v2.8.1 window: claim start to the next reveal)', () => {
  it('the window is 114 blocks, the budget 108 (5 blocks of phase-check lag, 1 for the commit transaction)', () => {
    expect([SAMPLE_WINDOW_BLOCKS, SAMPLE_BUDGET_BLOCKS]).toEqual([114, 108]);
  });

  it('scales the benchmark by the reserve: now as measured, a full reserve four times as long', () => {
    const f = forecastSample(base);
    expect(f.budgetSeconds).toBe(540);
    expect(f.chunksPerSecond).toBeCloseTo(104_857.6);
    expect(f.now).toEqual({ seconds: 10, marginSeconds: 530, verdict: 'fits' });
    expect(f.full).toEqual({ seconds: 40, marginSeconds: 500, verdict: 'fits' });
    expect(f.lastSample).toBeNull();
    expect(f.selectedNext).toBe(true);
    expect(f.verdict).toBe('fits');
    expect(f.warnings).toEqual([]);
  });

  it('thin under a quarter of the budget left, misses past it; the outlook warns before the reserve fills', () => {
    expect(forecastSample({ ...base, benchmark: { durationSeconds: 420, depth: 8 } }).verdict).toBe('thin');
    const missed = forecastSample({ ...base, benchmark: { durationSeconds: 600, depth: 8 } });
    expect(missed.verdict).toBe('misses');
    expect(missed.warnings[0]).toMatch(/^The sample would take 600 s, past the 540 s budget: the node will miss its commit\. The neighbourhood is selected for the next round: this one counts\. The next sample window opens in/);
    const outlook = forecastSample({ ...base, benchmark: { durationSeconds: 120, depth: 8 } });
    expect([outlook.now?.verdict, outlook.full?.verdict]).toEqual(['fits', 'thin']);
    expect(outlook.warnings).toEqual([expect.stringMatching(/^Once the reserve is full the sample would take ~480 s \(margin thin\)/)]);
  });

  it("the node's own last sample counts too; without a benchmark the headline says why", () => {
    const f = forecastSample({ ...base, benchmark: null, benchmarkMissing: 'the rchash benchmark has not run (press r)', lastSampleSeconds: 500 });
    expect(f.now).toBeNull();
    expect(f.lastSample?.verdict).toBe('thin');
    expect(f.verdict).toBe('thin');
    expect(f.headline).toMatch(/^the node's last sample 500 s of the 540 s sample budget \(108 of 114 blocks at 5 s\): margin thin, 40 s$/);
    expect(forecastSample({ ...base, benchmark: null, benchmarkMissing: 'not run' }).headline).toBe('sample time unknown: not run; budget 540 s');
  });

  it("a last sample of 0 reads as none yet, one not read as unknown (never the same words)", () => {
    const none = forecastSample({ ...base, lastSampleSeconds: 0 });
    const unread = forecastSample({ ...base, lastSampleSeconds: null });
    expect([none.lastSample, none.lastSampleRead, unread.lastSample, unread.lastSampleRead]).toEqual([null, true, null, false]);
    expect(forecastText(none, 'a')).toMatch(/node's last sample +none yet: the node has not sampled a round/);
    expect(forecastText(unread, 'a')).toMatch(/node's last sample +unknown: \/redistributionstate not read/);
  });

  it('the next window opens at block 76 of a round', () => {
    expect([blocksToNextSampleWindow(152 * 3), blocksToNextSampleWindow(152 * 3 + 76), blocksToNextSampleWindow(152 * 3 + 77)]).toEqual([76, 0, 151]);
  });
});
