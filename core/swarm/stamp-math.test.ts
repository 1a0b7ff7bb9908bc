import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BZZ, Duration, Utils } from '@ethersphere/bee-js';
import { InputError } from './input-error.js';
import {
  MINIMUM_VALIDITY_BLOCKS,
  PLUR_PER_BZZ,
  amountForSeconds,
  batchTtlSeconds,
  bucketUpperBound,
  buyPreview,
  depthTable,
  dilutePreview,
  effectiveCapacityBytes,
  extendPreview,
  formatPlurAsBzz,
  remainingAmountFromTtl,
  stampBucket,
  stampCost,
  theoreticalCapacityBytes,
  topupPreview,
  ttlSeconds,
  utilizationRatio,
} from './stamp-math.js';

const depth = fc.integer({ min: 17, max: 40 });
const amount = fc.bigInt({ min: 0n, max: 10n ** 14n });
const price = fc.bigInt({ min: 1n, max: 10n ** 6n });
const blockTime = fc.integer({ min: 1, max: 20 });
const GNOSIS = { pricePerBlock: 24_000n, blockTimeSeconds: 5 };

describe('bee-js agreement', () => {
  it('stampCost = getStampCost (amount × 2^depth PLUR)', () => {
    fc.assert(
      fc.property(depth, amount, (d, a) => {
        expect(stampCost(d, a)).toBe(Utils.getStampCost(d, a).toPLURBigInt());
      }),
    );
  });

  it('ttlSeconds = getStampDuration', () => {
    fc.assert(
      fc.property(amount, price, blockTime, (a, p, t) => {
        expect(ttlSeconds(a, p, t)).toBe(BigInt(Utils.getStampDuration(a, Number(p), t).toSeconds()));
      }),
    );
  });

  it('capacities and usage match getStampTheoreticalBytes / getStampEffectiveBytes / getStampUsage', () => {
    for (let d = 0; d <= 60; d++) {
      expect(theoreticalCapacityBytes(d)).toBe(Utils.getStampTheoreticalBytes(d));
      expect(effectiveCapacityBytes(d)).toBe(Utils.getStampEffectiveBytes(d));
    }
    fc.assert(
      fc.property(depth, fc.nat({ max: 2 ** 24 }), (d, u) => {
        expect(utilizationRatio(u, d)).toBe(Utils.getStampUsage(u, d, 16));
      }),
    );
  });

  it('amountForSeconds is the least amount that lasts the duration; bee-js getAmountForDuration adds 1 PLUR on whole blocks', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), price, blockTime, (seconds, p, t) => {
        const least = amountForSeconds(seconds, p, t);
        expect(ttlSeconds(least, p, t) >= seconds).toBe(true);
        expect(ttlSeconds(least - 1n, p, t) < seconds).toBe(true);
        // bee-js floors the duration to whole blocks, so compare on whole-block durations only.
        const wholeBlocks = seconds * BigInt(t);
        expect(Utils.getAmountForDuration(Duration.fromSeconds(Number(wholeBlocks)), Number(p), t)).toBe(amountForSeconds(wholeBlocks, p, t) + 1n);
      }),
    );
  });
});

describe('chain-state TTL', () => {
  it('is (value − totalAmount) × blockTime / price, floored like Go big.Int Div, null for an unknown price', () => {
    expect(batchTtlSeconds({ value: 1_000_000n, totalAmount: 400_000n, pricePerBlock: 24_000n, blockTimeSeconds: 5 })).toBe(125n);
    expect(batchTtlSeconds({ value: 100n, totalAmount: 101n, pricePerBlock: 3n, blockTimeSeconds: 5 })).toBe(-2n); // −5/3 floors to −2
    expect(batchTtlSeconds({ value: 100n, totalAmount: 0n, pricePerBlock: 0n, blockTimeSeconds: 5 })).toBeNull();
    fc.assert(
      fc.property(amount, amount, price, blockTime, (value, total, p, t) => {
        const ttl = batchTtlSeconds({ value, totalAmount: total, pricePerBlock: p, blockTimeSeconds: t })!;
        const exact = (value - total) * BigInt(t);
        expect(ttl * p <= exact && exact < (ttl + 1n) * p).toBe(true);
      }),
    );
  });

  it('remainingAmountFromTtl inverts ttlSeconds to within one block of price', () => {
    fc.assert(
      fc.property(amount, price, blockTime, (a, p, t) => {
        const back = remainingAmountFromTtl(ttlSeconds(a, p, t), p, t);
        expect(back <= a && a - back < p).toBe(true);
      }),
    );
  });
});

describe('buckets and tables', () => {
  it('bucket bound is 2^(depth−16) and the bucket is the first 16 address bits', () => {
    expect(bucketUpperBound(17)).toBe(2);
    expect(bucketUpperBound(22)).toBe(64);
    expect(stampBucket(Uint8Array.of(0xab, 0xcd, 0xef))).toBe(0xabcd);
    expect(() => bucketUpperBound(16)).toThrow(InputError);
  });

  it('depthTable lists each depth with chunks, theoretical and effective bytes', () => {
    const rows = depthTable(17, 24);
    expect(rows.map((r) => r.depth)).toEqual([17, 18, 19, 20, 21, 22, 23, 24]);
    expect(rows[3]).toEqual({ depth: 20, chunks: 2 ** 20, theoreticalBytes: 4096 * 2 ** 20, effectiveBytes: 628_910_000 });
    expect(depthTable()).toHaveLength(18);
    expect(() => depthTable(20, 19)).toThrow(InputError);
  });

  it('formats PLUR as exact BZZ decimals', () => {
    expect(formatPlurAsBzz(PLUR_PER_BZZ)).toBe('1');
    expect(formatPlurAsBzz(PLUR_PER_BZZ + 5n)).toBe('1.0000000000000005');
    expect(formatPlurAsBzz(0n)).toBe('0');
    expect(formatPlurAsBzz(-PLUR_PER_BZZ / 2n)).toBe('-0.5');
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (plur) => {
        expect(formatPlurAsBzz(plur)).toBe(BZZ.fromPLUR(plur).toDecimalString().replace(/\.?0+$/, '') || '0');
      }),
    );
  });

  it('rejects out-of-range inputs with InputError', () => {
    expect(() => stampCost(16, 1n)).toThrow(/depth/);
    expect(() => stampCost(17.5, 1n)).toThrow(InputError);
    expect(() => stampCost(20, -1n)).toThrow(/amount/);
    expect(() => ttlSeconds(1n, 0n, 5)).toThrow(/price/);
    expect(() => ttlSeconds(1n, 1n, 0)).toThrow(/block time/);
    expect(() => utilizationRatio(-1, 20)).toThrow(InputError);
  });
});

describe('previews', () => {
  it('buy: cost, TTL and capacity, warning below the 24h minimum and beyond the wallet', () => {
    const minimum = MINIMUM_VALIDITY_BLOCKS * GNOSIS.pricePerBlock;
    const ok = buyPreview({ ...GNOSIS, depth: 20, amount: minimum, walletPlur: minimum << 20n });
    expect(ok).toMatchObject({ costPlur: minimum << 20n, ttlSeconds: 86_400n, minimumAmount: minimum, chunks: 2 ** 20, effectiveBytes: 628_910_000 });
    expect(ok.warnings).toEqual([]);
    const poor = buyPreview({ ...GNOSIS, depth: 20, amount: minimum - 1n, walletPlur: 0n });
    expect(poor.warnings.map((w) => w.code)).toEqual(['belowMinimumValidity', 'insufficientFunds']);
    expect(poor.costBzz).toBe(formatPlurAsBzz(poor.costPlur));
  });

  it('top-up: cost amount × 2^depth and TTL grows by the top-up\'s own duration', () => {
    fc.assert(
      fc.property(depth, amount, fc.bigInt({ min: 1n, max: 10n ** 12n }), price, blockTime, (d, remaining, topup, p, t) => {
        const preview = topupPreview({ depth: d, remainingAmount: remaining, topupAmount: topup, pricePerBlock: p, blockTimeSeconds: t });
        expect(preview.costPlur).toBe(topup << BigInt(d));
        expect(preview.newTtlSeconds).toBe(ttlSeconds(remaining + topup, p, t));
        expect(preview.newTtlSeconds - preview.currentTtlSeconds).toBe(preview.addedTtlSeconds);
      }),
    );
    expect(() => topupPreview({ ...GNOSIS, depth: 20, remainingAmount: 1n, topupAmount: 0n })).toThrow(InputError);
  });

  it('dilute: free, capacity doubles and TTL halves per +1 depth; the new depth must be deeper', () => {
    const preview = dilutePreview({ ...GNOSIS, depth: 20, newDepth: 22, remainingAmount: 24_000n * 17_280n * 8n });
    expect(preview.costPlur).toBe(0n);
    expect(preview.currentTtlSeconds).toBe(8n * 86_400n);
    expect(preview.newTtlSeconds).toBe(2n * 86_400n);
    expect(preview.theoreticalBytes.next).toBe(4 * preview.theoreticalBytes.current);
    expect(preview.warnings).toEqual([]);
    expect(dilutePreview({ ...GNOSIS, depth: 20, newDepth: 24, remainingAmount: 24_000n * 17_280n * 8n }).warnings[0]?.code).toBe('shortTtl');
    expect(() => dilutePreview({ ...GNOSIS, depth: 20, newDepth: 20, remainingAmount: 1n })).toThrow(/greater than the current 20/);
  });

  it('extend: the least top-up that buys the requested seconds, and what it costs', () => {
    fc.assert(
      fc.property(depth, fc.bigInt({ min: 1n, max: 10n ** 9n }), price, blockTime, (d, seconds, p, t) => {
        const preview = extendPreview({ depth: d, extraSeconds: seconds, pricePerBlock: p, blockTimeSeconds: t });
        expect(preview.addedTtlSeconds >= seconds).toBe(true);
        expect(preview.costPlur).toBe(stampCost(d, preview.amount));
      }),
    );
    const day = extendPreview({ ...GNOSIS, depth: 17, extraSeconds: 86_400n, walletPlur: 1n });
    expect(day.amount).toBe(MINIMUM_VALIDITY_BLOCKS * 24_000n);
    expect(day.warnings.map((w) => w.code)).toEqual(['insufficientFunds']);
    expect(() => extendPreview({ ...GNOSIS, depth: 17, extraSeconds: 0n })).toThrow(InputError);
  });
});
