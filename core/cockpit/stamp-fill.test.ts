import { describe, expect, it } from 'vitest';
import { stampTtlGate } from './gate-rules.js';
import type { StampFacts } from './health-snapshot.js';
import { stampVerdict } from './rules/stamp-status.js';
import { healthySnapshot, unreachable, withSnapshot } from './snapshot-fixtures.js';
import { batchDeadline, EMPTY_FILL_HISTORY, fillForecast, recordStampFill, type StampFillHistory } from './stamp-fill.js';

const MIN = 60_000;
const DAY = 86_400;
const ID = 'ab'.repeat(32);
// Depth 22: 64 slots per bucket.
const batch = (utilization: number, batchTTL = 30 * DAY, immutable = true): StampFacts => ({ batchID: ID, batchTTL, usable: true, depth: 22, bucketDepth: 16, label: 'uploads', utilization, immutable });
const poll = (atMs: number, ...batches: StampFacts[]) => withSnapshot(healthySnapshot(atMs), { stamps: batches });

/** The history after polls of one batch at these (minute, utilization) points. */
function history(points: [number, number][], ttl = 30 * DAY): StampFillHistory {
  return points.reduce((h, [minute, utilization]) => recordStampFill(h, poll(minute * MIN, batch(utilization, ttl))), EMPTY_FILL_HISTORY);
}

describe('recordStampFill', () => {
  it('keeps samples a minute apart over the last hour, the newest always the latest poll; forgets unlisted batches', () => {
    const h = history([[0, 1], [0.5, 2], [1, 3], [1.5, 4], [70, 9]]);
    // 0 and 1 are an hour and more before 70: gone; 1.5 stayed because it was a minute after 0 (then the newest).
    expect(h[ID]).toEqual([{ atMs: 70 * MIN, utilization: 9 }]);
    const moving = history([[0, 1], [0.5, 2], [0.9, 3]]);
    expect(moving[ID]!.map((s) => s.utilization)).toEqual([1, 3]);
    expect(recordStampFill(moving, poll(2 * MIN))).toEqual({});
  });

  it('a poll whose /stamps failed changes nothing: a gap, not a reset', () => {
    const h = history([[0, 1], [5, 2]]);
    expect(recordStampFill(h, withSnapshot(healthySnapshot(6 * MIN), { stamps: unreachable }))).toBe(h);
  });
});

describe('fillForecast and batchDeadline', () => {
  it('unknown with too few samples or no utilization; steady without growth; full at its slots', () => {
    expect(fillForecast(batch(3), undefined)).toEqual({ kind: 'unknown', why: 'no earlier poll of /stamps to compare with' });
    expect(fillForecast(batch(3), history([[0, 1], [0.5, 3]])[ID])).toMatchObject({ kind: 'unknown', why: 'too few samples (2 over 30 s; the rate needs 1 min)' });
    const { utilization: _drop, ...noUtilization } = batch(3);
    expect(fillForecast(noUtilization, undefined)).toMatchObject({ kind: 'unknown', why: 'Bee did not report its utilization' });
    expect(fillForecast(batch(3), history([[0, 3], [10, 3]])[ID])).toEqual({ kind: 'steady', spanMs: 10 * MIN });
    expect(fillForecast(batch(64), undefined)).toEqual({ kind: 'full', slots: 64 });
  });

  it('filling: the least-squares rate of the samples says when the fullest bucket reaches its slots', () => {
    const h = history([[0, 4], [10, 14], [20, 24]]);
    expect(fillForecast(batch(24), h[ID])).toEqual({ kind: 'filling', seconds: 40 * 60, spanMs: 20 * MIN, slots: 64 });
  });

  it('whichever comes first, fill or price, and says which', () => {
    const h = history([[0, 4], [60, 24]]);
    // 20 slots an hour, 40 left: 2 h by fill against 30 d by price.
    expect(batchDeadline(batch(24), h[ID])).toMatchObject({ by: 'fill', seconds: 2 * 3600, text: "full in ~2 h at the last hour's fill rate" });
    expect(batchDeadline(batch(24, 3600), h[ID])).toMatchObject({ by: 'price', seconds: 3600, text: 'expires in 1 h at the current price' });
    expect(batchDeadline(batch(24, -1), undefined)).toBeNull();
    expect(batchDeadline(batch(64, -1), undefined)).toMatchObject({ by: 'fill', seconds: 0, text: 'is full (fullest bucket 64/64): uploads with it are refused' });
    expect(batchDeadline(batch(64, -1, false), undefined)!.text).toBe('is full (fullest bucket 64/64): new chunks overwrite its oldest');
  });
});

describe('the stamp-TTL gate and S2 warn on the first of price and fill', () => {
  const gate = (h: StampFillHistory, ...batches: StampFacts[]) => stampTtlGate(poll(60 * MIN, ...batches), h);

  it('fill first: Warn under a day, Fail under an hour, naming the fill rate; the remedy is more slots, not a top-up', () => {
    const h = history([[0, 4], [60, 24]]);
    expect(gate(h, batch(24))).toEqual(expect.objectContaining({ state: 'Warn', reason: `batch abababab… (uploads) full in ~2 h at the last hour's fill rate: dilute it or buy another batch within the day` }));
    const fast = history([[0, 4], [10, 54]]);
    expect(gate(fast, batch(54)).state).toBe('Fail');
    expect(gate(EMPTY_FILL_HISTORY, batch(64))).toMatchObject({ state: 'Fail', reason: 'batch abababab… (uploads) is full (fullest bucket 64/64): uploads with it are refused' });
    expect(gate(EMPTY_FILL_HISTORY, batch(64, 30 * DAY, false)).state).toBe('Warn');
  });

  it('price first: the reason says so, and what is known of the fill', () => {
    expect(gate(history([[0, 4], [60, 24]], 3000), batch(24, 3000)).reason).toBe(
      "batch abababab… (uploads) expires in 50 min at the current price: top up now; full in ~2 h at the last hour's fill rate",
    );
    expect(gate(history([[0, 4], [60, 4]]), batch(4)).reason).toBe('batch abababab… (uploads) expires in 30 d at the current price; not filling over the last 1 h');
    expect(gate(EMPTY_FILL_HISTORY, batch(4)).reason).toBe('batch abababab… (uploads) expires in 30 d at the current price; fill rate unknown: no earlier poll of /stamps to compare with');
  });

  it('S2: Filling when the fill comes first inside the 7-day horizon; a Healthy row says its fill forecast', () => {
    const s2 = (b: StampFacts, h: StampFillHistory) => stampVerdict({ ...b, immutableFlag: b.immutable ?? true, bucketDepth: 16, utilization: b.utilization! }, null, batchDeadline(b, h[ID]));
    expect(s2(batch(24), history([[0, 4], [60, 24]]))).toEqual({
      status: 'Filling',
      tone: 'warn',
      reason: "full in ~2 h at the last hour's fill rate (expires in 30 d at the current price): dilute it or buy another batch before uploads are refused",
    });
    expect(s2(batch(54), history([[0, 4], [10, 54]])).tone).toBe('fail');
    // Depth 26 (1,024 slots), a slot an hour: full in 42 d 12 h, after the price: Healthy, with the forecast.
    const deep = (utilization: number) => ({ ...batch(utilization), depth: 26 });
    const slow = [3, 4].reduce((h, u, i) => recordStampFill(h, poll(i * 60 * MIN, deep(u))), EMPTY_FILL_HISTORY);
    expect(s2(deep(4), slow).reason).toBe("fullest bucket 4/1024 (0.4 %), expires in 30 d, full in ~42 d 12 h at the last hour's fill rate");
  });
});
