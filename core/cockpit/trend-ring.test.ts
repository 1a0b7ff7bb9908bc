import { describe, expect, it } from 'vitest';
import { bucketSeries, TREND_FIGURES, TREND_SPAN_MS, TrendRing, trendGeometry } from './trend-ring.js';
import { isAllGaps, sparkLevels, sparkText } from './sparkline.js';
import { FleetTrends, trendLevels, trendSampleOf } from './node-trends.js';
import { healthySnapshot, unreachable, withSnapshot } from './snapshot-fixtures.js';

describe('TrendRing', () => {
  it('keeps at most its capacity, oldest first, and a missing figure is a gap (null), never a zero', () => {
    const ring = new TrendRing(3, 10_000);
    ring.push(0, { peers: 5 });
    ring.push(10_000, { peers: null, reserve: 7 });
    ring.push(20_000, { peers: 9 });
    ring.push(30_000, { peers: 11 });
    expect(ring.size).toBe(3);
    expect(ring.series('peers')).toEqual({ atMs: [10_000, 20_000, 30_000], values: [null, 9, 11] });
    expect(ring.series('reserve').values).toEqual([7, null, null]);
    expect(ring.latest('peers')).toBe(11);
    expect(ring.latest('chainLag')).toBeNull();
    expect(ring.series('peers', 20_000).atMs).toEqual([20_000, 30_000]);
  });

  it('a faster cadence than the slot replaces the newest sample, so the span stays covered at the same capacity', () => {
    const { slotMs, capacity } = trendGeometry(2_000);
    expect(slotMs).toBe(10_000);
    const ring = new TrendRing(capacity, slotMs);
    for (let t = 0; t <= 2 * TREND_SPAN_MS; t += 2_000) ring.push(t, { peers: t / 1000 });
    const { atMs, values } = ring.series('peers');
    expect(atMs.length).toBe(capacity);
    expect(atMs.at(-1)! - atMs[0]!).toBeGreaterThanOrEqual(TREND_SPAN_MS);
    // The newest sample is the latest poll, not the slot's first.
    expect(values.at(-1)).toBe(2 * TREND_SPAN_MS / 1000);
    for (let k = 1; k < atMs.length - 1; k++) expect(atMs[k]! - atMs[k - 1]!).toBeGreaterThanOrEqual(slotMs);
  });

  it('covers at least an hour at the 10 s terminal, 15 s window and slower cadences; a late answer is ignored', () => {
    for (const interval of [10_000, 15_000, 60_000]) {
      const { slotMs, capacity } = trendGeometry(interval);
      expect((capacity - 1) * slotMs).toBeGreaterThanOrEqual(TREND_SPAN_MS);
    }
    const ring = new TrendRing(4, 10_000);
    ring.push(50_000, { peers: 1 });
    ring.push(40_000, { peers: 2 });
    expect(ring.series('peers').values).toEqual([1]);
  });

  it('costs typed arrays only: 200 nodes at the 10 s cadence stay under 10 MB', () => {
    const { slotMs, capacity } = trendGeometry(10_000);
    const ring = new TrendRing(capacity, slotMs);
    // 64-bit times, 32-bit values.
    expect(ring.bytes).toBe(capacity * (8 + 4 * TREND_FIGURES.length));
    expect(ring.bytes * 200).toBeLessThan(10 * 1024 * 1024);
  });

  it('refuses a capacity that cannot hold a trend', () => {
    expect(() => new TrendRing(1, 10_000)).toThrow(/capacity must be an integer >= 2/);
  });
});

describe('sparklines', () => {
  it('scale between the series’ own min and max; a flat series sits mid-height; gaps stay blank', () => {
    expect(sparkLevels([0, 7, null, 3.5])).toEqual([0, 7, null, 4]);
    expect(sparkLevels([5, 5, null])).toEqual([3, 3, null]);
    expect(sparkText([0, 3, null, 7])).toBe('▁▄ █');
    expect(sparkText([0, 3, null, 7], true)).toBe('_: #');
    expect(isAllGaps(sparkLevels([null, null]))).toBe(true);
  });

  it('bucketSeries puts each sample in its time cell, the newest winning, and leaves cells without one empty', () => {
    const series = { atMs: [0, 10, 30, 35, 95], values: [1, 2, null, 4, 9] };
    expect(bucketSeries(series, 4, 100, 100)).toEqual([2, 4, null, 9]);
  });
});

describe('FleetTrends', () => {
  const poll = (takenAtMs: number, peers: number) => withSnapshot(healthySnapshot(takenAtMs), { status: { connectedPeers: peers } });

  it('reads each figure from a poll, and what the poll could not read is a gap', () => {
    const sample = trendSampleOf(healthySnapshot(), 12);
    expect(Object.keys(sample).sort()).toEqual([...TREND_FIGURES].sort());
    expect(sample.apiP95).toBe(12);
    const down = withSnapshot(healthySnapshot(), { wallet: unreachable });
    expect(trendSampleOf(down)).toMatchObject({ bzz: null, native: null, apiP95: null });
  });

  it('records by node name, once per poll, with the p95 of the calls made since the last poll', () => {
    const trends = new FleetTrends(10_000);
    for (let ms = 1; ms <= 100; ms++) trends.noteCall('a', ms, 200);
    // Calls the API did not answer (refused, timed out) or answered with a 5xx are no latency of the API.
    for (let ms = 500; ms <= 600; ms++) trends.noteCall('a', ms, ms % 2 ? undefined : 503);
    trends.record('a', poll(1_000, 10));
    trends.record('a', poll(1_000, 99));
    trends.record('a', poll(11_000, 12));
    const reader = trends.reader('a')!;
    expect(reader.series('peers').values).toEqual([10, 12]);
    expect(reader.series('apiP95').values).toEqual([95, null]);
    expect(trends.reader('b')).toBeUndefined();
    expect(trendLevels(reader, 'peers', 2, 11_000, 12_000)).toEqual([0, 7]);
    expect(trends.bytes).toBeGreaterThan(0);
  });

  it('has no p95 for a node whose calls all failed: unknown, not fast', () => {
    const trends = new FleetTrends(10_000);
    for (let ms = 1; ms <= 20; ms++) trends.noteCall('down', ms, undefined);
    trends.record('down', poll(1_000, 0));
    expect(trends.reader('down')!.series('apiP95').values).toEqual([null]);
  });
});
