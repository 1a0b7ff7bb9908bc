import { describe, expect, it } from 'vitest';
import { binOf, bucketLabel, summarizeBuckets } from './bucket-histogram.js';

function answer(depth: number, collisions: Record<number, number>) {
  const upper = 2 ** (depth - 16);
  return { depth, bucketDepth: 16, bucketUpperBound: upper, buckets: Array.from({ length: 65_536 }, (_, bucketID) => ({ bucketID, collisions: collisions[bucketID] ?? 0 })) };
}

describe('bucket histogram (S2 drill)', () => {
  it('bins each bucket by fill, lists the 10 worst by collisions (ties by bucket ID), and compares peak with average', () => {
    const collisions: Record<number, number> = { 5: 4, 9: 4, 300: 1, 301: 2, 302: 3 };
    for (let i = 0; i < 12; i++) collisions[1000 + i] = 1;
    const s = summarizeBuckets(answer(18, collisions)); // 4 slots per bucket
    expect(s.stamped).toBe(4 + 4 + 1 + 2 + 3 + 12);
    expect(s.capacity).toBe(65_536 * 4);
    expect(s.peakFill).toBe(1);
    expect(s.averageFill).toBeCloseTo(26 / (65_536 * 4));
    // empty, 1-20 %, 21-40 % (1/4), 41-60 % (2/4), 61-80 % (3/4), 81-100 % (4/4)
    expect(s.bins).toEqual([65_536 - 17, 0, 13, 1, 1, 2]);
    expect(s.worst).toEqual([
      { bucketID: 5, collisions: 4 },
      { bucketID: 9, collisions: 4 },
      { bucketID: 302, collisions: 3 },
      { bucketID: 301, collisions: 2 },
      { bucketID: 300, collisions: 1 },
      ...[1000, 1001, 1002, 1003, 1004].map((bucketID) => ({ bucketID, collisions: 1 })),
    ]);
  });

  it('an unused batch has no worst buckets and everything in the empty bin', () => {
    const s = summarizeBuckets(answer(22, {}));
    expect([s.stamped, s.averageFill, s.peakFill, s.worst]).toEqual([0, 0, 0, []]);
    expect(s.bins[0]).toBe(65_536);
  });

  it('bin edges: 20 % steps, inclusive upper bounds; over-full (mutable) counts as full', () => {
    expect([0, 0.01, 0.2, 0.2001, 0.4, 0.6, 0.8, 0.81, 1, 1.5].map(binOf)).toEqual([0, 1, 1, 2, 2, 3, 4, 5, 5, 5]);
    expect(bucketLabel(0x1a2)).toBe('0x01a2');
  });
});
