import { describe, expect, it } from 'vitest';
import { peakFill, STAMP_STATUS_THRESHOLDS as T, stampUrgency, stampVerdict, type StampStatusInput } from './stamp-status.js';

const DAY = 24 * 3600;
// Depth 22: 64 slots per bucket.
const base: StampStatusInput = { usable: true, utilization: 3, depth: 22, bucketDepth: 16, batchTTL: 30 * DAY, immutableFlag: true };
const verdict = (patch: Partial<StampStatusInput>, pendingForMs: number | null = null) => stampVerdict({ ...base, ...patch }, pendingForMs);

describe('stamp status (S2)', () => {
  it('Healthy: usable, in use, TTL beyond 7 days, fullest bucket under 80 %', () => {
    expect(verdict({})).toEqual({ status: 'Healthy', tone: 'ok', reason: 'fullest bucket 3/64 (4.7 %), expires in 30 d' });
    expect(verdict({ batchTTL: -1 }).reason).toContain('TTL unknown');
  });

  it('Pending: not usable; the out-of-gas hint only beyond 10 minutes', () => {
    expect(verdict({ usable: false })).toMatchObject({ status: 'Pending', tone: 'warn', reason: 'not usable yet: waiting for 10 blocks of confirmation on chain' });
    expect(verdict({ usable: false }, T.pendingSuspectMs)).toMatchObject({ status: 'Pending', tone: 'warn' });
    const stuck = verdict({ usable: false }, T.pendingSuspectMs + 1);
    expect(stuck).toMatchObject({ status: 'Pending', tone: 'fail' });
    expect(stuck.reason).toMatch(/out of gas/);
    // Pending wins over everything else: an unusable batch cannot be used whatever its TTL.
    expect(verdict({ usable: false, batchTTL: 60, utilization: 64 }).status).toBe('Pending');
  });

  it('Expiring: under the 7-day horizon, urgent under 24 h, red under 1 h', () => {
    expect(verdict({ batchTTL: 7 * DAY })).toMatchObject({ status: 'Healthy' });
    expect(verdict({ batchTTL: 7 * DAY - 1 })).toMatchObject({ status: 'Expiring', tone: 'warn', reason: 'expires in 6 d 23 h at the current price: plan a top-up (under the 7-day horizon)' });
    expect(verdict({ batchTTL: DAY - 1 }).reason).toBe('expires in 23 h 59 min at the current price: top up within the day');
    expect(verdict({ batchTTL: 3599 })).toMatchObject({ status: 'Expiring', tone: 'fail', reason: 'expires in 59 min at the current price: top up now' });
    expect(verdict({ batchTTL: 0 })).toMatchObject({ status: 'Expiring', tone: 'fail' });
  });

  it('Skewed: the PEAK bucket fill at 80 % or more, however low the average', () => {
    expect(verdict({ utilization: 51 }).status).toBe('Healthy'); // 79.7 %
    expect(verdict({ utilization: 52 })).toMatchObject({ status: 'Skewed', tone: 'warn' }); // 81.25 %
    expect(verdict({ utilization: 64 })).toMatchObject({ status: 'Skewed', tone: 'fail', reason: 'fullest bucket 64/64 (100 %): chunks landing there are refused (402 batch is overissued)' });
    expect(verdict({ utilization: 64, immutableFlag: false })).toMatchObject({ status: 'Skewed', tone: 'warn' });
    expect(verdict({ utilization: 64, immutableFlag: false }).reason).toMatch(/overwrite the oldest/);
    // Bee 2.8.1's utilizationRatio is used when present.
    expect(verdict({ utilization: 1, utilizationRatio: 0.9 }).status).toBe('Skewed');
  });

  it('Empty: usable and nothing stamped', () => {
    expect(verdict({ utilization: 0 })).toEqual({ status: 'Empty', tone: 'muted', reason: 'usable, nothing stamped yet' });
    expect(verdict({ utilization: 0, batchTTL: DAY }).status).toBe('Expiring');
  });

  it('peak fill from utilization and depth; urgency orders red before amber before the rest', () => {
    expect(peakFill({ utilization: 1, depth: 17, bucketDepth: 16 })).toBe(0.5);
    const ordered = [verdict({}), verdict({ utilization: 0 }), verdict({ batchTTL: 10 }), verdict({ usable: false })].sort((a, b) => stampUrgency(a) - stampUrgency(b));
    expect(ordered.map((v) => v.status)).toEqual(['Expiring', 'Pending', 'Empty', 'Healthy']);
  });
});
