import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import { createBmtEngine } from '../../core/swarm/fast-bmt.js';
import { InputError } from '../../core/swarm/input-error.js';
import { SUBTREE_BYTES, SUBTREE_HEIGHT, subtreeCount, subtreeTask } from './subtree-plan.js';

const bmt = createBmtEngine();

function rootOf(data: Uint8Array): { reference: Uint8Array; span: bigint } {
  const writer = new ChunkTreeWriter({ bmt });
  writer.write(data);
  return writer.finish();
}

/** What the worker pool does, on one thread: hash each run on its own, append the roots in order. */
function rootViaSubtrees(data: Uint8Array): Uint8Array {
  const combined = new ChunkTreeWriter({ bmt });
  for (let i = 0; i < subtreeCount(data.length); i++) {
    const { offset, length } = subtreeTask(data.length, i);
    const part = rootOf(data.subarray(offset, offset + length));
    combined.appendSubtree(part.reference, part.span, SUBTREE_HEIGHT);
  }
  return combined.finish().reference;
}

describe('subtree plan', () => {
  it('covers the file exactly, in order, with full runs except the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 * SUBTREE_BYTES }), (size) => {
        const count = subtreeCount(size);
        let next = 0;
        for (let i = 0; i < count; i++) {
          const task = subtreeTask(size, i);
          expect(task.offset).toBe(next);
          expect(task.length).toBe(i < count - 1 ? SUBTREE_BYTES : size - next);
          expect(task.length).toBeGreaterThan(0);
          next += task.length;
        }
        expect(next).toBe(size);
      }),
    );
    expect(subtreeCount(0)).toBe(1);
    expect(subtreeTask(0, 0)).toEqual({ index: 0, offset: 0, length: 0 });
  });

  it('combining per-run roots with appendSubtree gives the single-writer root', () => {
    const edge = fc.constantFrom(1, SUBTREE_BYTES, SUBTREE_BYTES + 1, 2 * SUBTREE_BYTES + 4096, 3 * SUBTREE_BYTES - 1);
    fc.assert(
      fc.property(fc.oneof(edge, fc.integer({ min: 1, max: 6 * SUBTREE_BYTES })), fc.integer(), (size, seed) => {
        const data = new Uint8Array(size).map((_, i) => (i * 131 + seed) & 0xff);
        expect(bytesToHex(rootViaSubtrees(data))).toBe(bytesToHex(rootOf(data).reference));
      }),
      { numRuns: 25 },
    );
  });
});

describe('ChunkTreeWriter.appendSubtree refuses what would change the tree', () => {
  const ref = new Uint8Array(32).fill(1);
  it('off a subtree boundary, after a short subtree, with bad arguments or redundancy', () => {
    const open = new ChunkTreeWriter({ bmt });
    open.write(new Uint8Array(10));
    expect(() => open.appendSubtree(ref, BigInt(SUBTREE_BYTES), 1)).toThrow(InputError);

    const short = new ChunkTreeWriter({ bmt });
    short.appendSubtree(ref, 100n, 1);
    expect(() => short.appendSubtree(ref, 100n, 1)).toThrow(InputError);
    expect(() => short.write(new Uint8Array(1))).toThrow(InputError);

    const writer = new ChunkTreeWriter({ bmt });
    expect(() => writer.appendSubtree(new Uint8Array(31), 1n, 1)).toThrow(InputError);
    expect(() => writer.appendSubtree(ref, BigInt(SUBTREE_BYTES) + 1n, 1)).toThrow(InputError);
    expect(() => writer.appendSubtree(ref, 0n, 1)).toThrow(InputError);
    expect(() => writer.appendSubtree(ref, 1n, -1)).toThrow(InputError);
    expect(() => writer.appendSubtree(ref, 4097n, 0)).toThrow(InputError);
    expect(() => new ChunkTreeWriter({ redundancyLevel: 1 }).appendSubtree(ref, 1n, 1)).toThrow(InputError);
  });

  it('height 0 takes leaf addresses: appending every leaf gives the written root', () => {
    const data = new Uint8Array(130 * 4096 + 5).map((_, i) => (i * 13) & 0xff);
    const leaves = new ChunkTreeWriter({ bmt });
    for (let at = 0; at < data.length; at += 4096) {
      const leaf = data.subarray(at, at + 4096);
      leaves.appendSubtree(rootOf(leaf).reference, BigInt(leaf.length), 0);
    }
    expect(bytesToHex(leaves.finish().reference)).toBe(bytesToHex(rootOf(data).reference));
  });

  it('a single appended subtree is the root itself, with its span', () => {
    const writer = new ChunkTreeWriter({ bmt });
    writer.appendSubtree(ref, 12345n, 1);
    const { reference, span } = writer.finish();
    expect(bytesToHex(reference)).toBe(bytesToHex(ref));
    expect(span).toBe(12345n);
  });
});
