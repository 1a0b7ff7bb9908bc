import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostageBatch } from './postage-batch.js';
import { addressInBucket } from './test-fixtures.js';

function batch(depth: number, immutable: boolean): PostageBatch {
  return new PostageBatch({ batchId: 'ab'.repeat(32), ownerHex: '11'.repeat(20), ownerNode: 0, depth, immutable, value: 10n, amount: 10n, startBlock: 0, label: '' });
}

describe('PostageBatch stamping', () => {
  it('fills a depth-17 bucket with 2 slots, then refuses (immutable) with 402', () => {
    const b = batch(17, true);
    const first = b.stamp(addressInBucket(0x1234, 1), 5n);
    const second = b.stamp(addressInBucket(0x1234, 2), 6n);
    const third = b.stamp(addressInBucket(0x1234, 3), 7n);
    expect(first).toMatchObject({ ok: true, bucket: 0x1234, bucketIndex: 0, timestamp: 5n, restamped: false });
    expect(second).toMatchObject({ ok: true, bucketIndex: 1 });
    expect(third).toEqual({ ok: false, reason: 'overissued', status: 402, message: 'batch is overissued' });
    expect(b.stamp(addressInBucket(0x1235, 4), 8n)).toMatchObject({ ok: true, bucket: 0x1235, bucketIndex: 0 });
    expect(b.utilization).toBe(2);
    expect(b.utilizationRatio).toBe(1);
  });

  it('encodes the index as bucket ‖ counter, both uint32 big-endian', () => {
    const b = batch(18, true);
    b.stamp(addressInBucket(0xbeef, 1), 1n);
    const granted = b.stamp(addressInBucket(0xbeef, 2), 2n);
    expect(granted.ok && Array.from(granted.index)).toEqual([0, 0, 0xbe, 0xef, 0, 0, 0, 1]);
  });

  it('wraps a full bucket of a mutable batch to slot 0', () => {
    const b = batch(17, false);
    b.stamp(addressInBucket(7, 1), 1n);
    b.stamp(addressInBucket(7, 2), 2n);
    expect(b.stamp(addressInBucket(7, 3), 3n)).toMatchObject({ ok: true, bucketIndex: 0 });
    expect(b.utilization).toBe(2);
  });

  it('keeps the slot of a chunk stamped again (no bucket increment)', () => {
    const b = batch(17, true);
    const address = addressInBucket(9, 1);
    const first = b.stamp(address, 1n);
    const again = b.stamp(address, 2n);
    expect(again).toMatchObject({ ok: true, bucketIndex: 0, restamped: true, timestamp: 2n });
    expect(first.ok && again.ok && Array.from(again.index)).toEqual(first.ok && Array.from(first.index));
    expect(b.buckets[9]).toBe(1);
  });

  it('utilization is always the peak bucket count and the counts add up to distinct chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 40 })), { maxLength: 120 }), (picks) => {
        const b = batch(19, true);
        const accepted = new Set<string>();
        for (const [bucket, salt] of picks) {
          const outcome = b.stamp(addressInBucket(bucket, salt), 1n);
          if (outcome.ok) accepted.add(`${bucket}/${salt}`);
          else expect(b.buckets[bucket]).toBe(b.upperBound);
        }
        const counts = Array.from(b.buckets.subarray(0, 16));
        expect(b.utilization).toBe(Math.max(0, ...counts));
        expect(counts.reduce((s, n) => s + n, 0)).toBe(accepted.size);
        expect(b.utilization <= b.upperBound).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
