import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utils } from '@ethersphere/bee-js';
import * as core from '../../core/swarm/stamp-math.js';
import { amountForSeconds, batchCost, batchTtlSeconds, bucketOf, bucketUpperBound, dilutedValue, minimumAmount } from './batch-math.js';

describe('batch math by hand', () => {
  it('costs amount × 2^depth', () => {
    expect(batchCost(1000n, 17)).toBe(131_072_000n);
    expect(batchCost(414_720_000n, 20)).toBe(414_720_000n * 1_048_576n);
  });

  it('gives Bee TTL (value − totalAmount) × blockTime / price', () => {
    // 720 000 PLUR left at 24 000 per block: 30 blocks, 30 s at 1 s blocks, 150 s at 5 s blocks.
    expect(batchTtlSeconds(1_000_000n, 280_000n, 24_000n, 1000)).toBe(30n);
    expect(batchTtlSeconds(1_000_000n, 280_000n, 24_000n, 5000)).toBe(150n);
    expect(batchTtlSeconds(1_000_000n, 280_000n, 0n, 1000)).toBe(-1n);
    // Spent batch: −10 000 × 1 / 24 000 floors to −1, like Go's big.Int Div.
    expect(batchTtlSeconds(270_000n, 280_000n, 24_000n, 1000)).toBe(-1n);
  });

  it('halves the remaining balance per extra depth on dilute', () => {
    expect(dilutedValue(1_000_000n, 200_000n, 20, 21)).toBe(600_000n);
    expect(dilutedValue(1_000_000n, 200_000n, 20, 22)).toBe(400_000n);
  });

  it('derives the 24 h minimum, the bucket and the bucket bound', () => {
    expect(minimumAmount(24_000n, 17_280)).toBe(414_720_000n);
    expect(bucketOf(new Uint8Array([0xab, 0xcd, 0xff]))).toBe(0xabcd);
    expect(bucketUpperBound(17)).toBe(2);
    expect(bucketUpperBound(20)).toBe(16);
    expect(amountForSeconds(30, 24_000n, 1000)).toBe(720_000n);
    expect(amountForSeconds(1, 24_000n, 5000)).toBe(4800n);
  });
});

describe('batch math properties', () => {
  const plur = fc.bigInt({ min: 1n, max: 10n ** 20n });
  const price = fc.bigInt({ min: 1n, max: 10n ** 7n });

  it('cost agrees with core stamp-math and bee-js getStampCost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 17, max: 40 }), plur, (depth, amount) => {
        expect(batchCost(amount, depth)).toBe(core.stampCost(depth, amount));
        expect(batchCost(amount, depth)).toBe(Utils.getStampCost(depth, amount).toPLURBigInt());
      }),
      { numRuns: 100 },
    );
  });

  it('TTL agrees with core batchTtlSeconds and, for a fresh batch, bee-js getStampDuration', () => {
    fc.assert(
      fc.property(plur, plur, price, fc.integer({ min: 1, max: 15 }), (value, total, p, blockSeconds) => {
        const ours = batchTtlSeconds(value, total, p, blockSeconds * 1000);
        expect(ours).toBe(core.batchTtlSeconds({ value, totalAmount: total, pricePerBlock: p, blockTimeSeconds: blockSeconds }));
        // bee-js goes through a JS number of seconds, so compare only where that is exact (< 2^53).
        const small = value % 10n ** 14n;
        const fresh = batchTtlSeconds(total + small, total, p, blockSeconds * 1000);
        expect(fresh).toBe(BigInt(Utils.getStampDuration(small, Number(p), blockSeconds).toSeconds()));
      }),
      { numRuns: 100 },
    );
  });

  it('amountForSeconds is the smallest amount lasting the duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), price, fc.integer({ min: 100, max: 15_000 }), (seconds, p, blockMs) => {
        const amount = amountForSeconds(seconds, p, blockMs);
        expect(batchTtlSeconds(amount, 0n, p, blockMs) >= BigInt(seconds)).toBe(true);
        expect((amount - 1n) * BigInt(blockMs) < BigInt(seconds) * 1000n * p).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('dilute by k divides the TTL by 2^k (up to rounding) and never adds balance', () => {
    fc.assert(
      fc.property(plur, plur, price, fc.integer({ min: 17, max: 30 }), fc.integer({ min: 1, max: 6 }), (remaining, total, p, depth, k) => {
        const value = total + remaining;
        const diluted = dilutedValue(value, total, depth, depth + k);
        expect(diluted - total).toBe(remaining / 2n ** BigInt(k));
        expect(diluted <= value).toBe(true);
        expect(bucketUpperBound(depth + k)).toBe(bucketUpperBound(depth) * 2 ** k);
      }),
      { numRuns: 100 },
    );
  });

  it('bucket is the first 16 bits, as core stampBucket computes it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (address) => {
        expect(bucketOf(address)).toBe(core.stampBucket(address));
      }),
      { numRuns: 100 },
    );
  });
});
