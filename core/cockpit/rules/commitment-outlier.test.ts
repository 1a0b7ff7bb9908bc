import { describe, expect, it } from 'vitest';
import { judgeCommitment, median } from './commitment-outlier.js';

describe('batch commitment outlier rule', () => {
  it('takes the median, so one broken peer cannot move the reference', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(judgeCommitment(100, [100, 100, 100, 1_000_000]).median).toBe(100);
  });

  it('flags a deviation strictly above 5 %, in either direction', () => {
    const refs = [1000, 1000, 1000, 1000];
    expect(judgeCommitment(1050, refs)).toMatchObject({ outlier: false, deviation: 0.05, sampleSize: 4 });
    expect(judgeCommitment(1051, refs).outlier).toBe(true);
    expect(judgeCommitment(949, refs)).toMatchObject({ outlier: true });
    expect(judgeCommitment(1000, refs)).toMatchObject({ outlier: false, deviation: 0 });
  });

  it('gives no verdict without a reference', () => {
    expect(judgeCommitment(5, [])).toEqual({ median: null, deviation: null, outlier: false, sampleSize: 0 });
    expect(judgeCommitment(5, [0, 0])).toMatchObject({ outlier: false, deviation: null });
  });
});
