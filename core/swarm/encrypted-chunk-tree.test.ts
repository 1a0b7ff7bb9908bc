import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, readUint64LE } from './bytes.js';
import { isValidContentChunk, type Chunk } from './chunk.js';
import {
  EncryptedChunkTreeWriter, encryptedChildren, encryptedTreeChunk, joinEncryptedTree, splitIntoEncryptedChunks,
} from './encrypted-chunk-tree.js';
import { decryptChunk } from './encryption.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import { decodeSpan, type RedundancyLevel } from './redundancy.js';
import fixtures from './encryption.bee-fixtures.json' with { type: 'json' };

/** Deterministic "random" keys: keccak of a counter, so runs are reproducible. */
function counterKeys(seed = 0): () => Uint8Array {
  let n = seed;
  return () => keccak256(Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n++ >> 16) & 0xff, 0xee));
}

const pattern = (size: number): Uint8Array => Uint8Array.from({ length: size }, (_, i) => i % 255);

function storeOf(chunks: Chunk[]): (address: Uint8Array) => Uint8Array | undefined {
  const map = new Map(chunks.map((c) => [bytesToHex(c.address), c.data]));
  return (address) => map.get(bytesToHex(address));
}

describe('reading trees Bee v2.8.1 encrypted', () => {
  for (const tree of fixtures.trees) {
    it(`joins Bee's level-${tree.redundancyLevel} encrypted upload of ${tree.size} bytes back to the data`, () => {
      const chunks = Object.entries(tree.chunks).map(([address, data]) => ({ address: hexToBytes(address), data: hexToBytes(data) }));
      for (const chunk of chunks) expect(isValidContentChunk(chunk.address, chunk.data)).toBe(true);
      const reference = hexToBytes(tree.reference);
      expect(joinEncryptedTree(reference, storeOf(chunks))).toEqual(pattern(tree.size));
      const root = encryptedTreeChunk(chunks.find((c) => bytesToHex(c.address) === tree.reference.slice(0, 64))!.data, reference.subarray(32));
      expect(decodeSpan(root.span)).toEqual({ size: BigInt(tree.size), level: tree.redundancyLevel });
      // Level 1 with two data shards carries three plain parity references after the two encrypted ones.
      expect(root.children.length).toBe(2);
      expect(root.parity.length).toBe(tree.redundancyLevel === 1 ? 3 : 0);
    });
  }
});

describe('EncryptedChunkTreeWriter', () => {
  it('round-trips random content at levels 0..2; every stored chunk is addressable and encrypted ones are 4104 bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 9000 }), fc.integer({ min: 64 * 4096 - 10, max: 64 * 4096 + 5000 })),
        fc.constantFrom<RedundancyLevel>(0, 1, 2),
        fc.nat(1000),
        (size, level, seed) => {
          const data = pattern(size).map((b) => b ^ (seed & 0xff));
          const { reference, chunks } = splitIntoEncryptedChunks(data, { randomKey: counterKeys(seed), redundancyLevel: level });
          expect(reference.length).toBe(64);
          for (const chunk of chunks) expect(isValidContentChunk(chunk.address, chunk.data)).toBe(true);
          expect(bytesToHex(chunks.at(-1)!.address)).toBe(bytesToHex(reference.subarray(0, 32)));
          expect(joinEncryptedTree(reference, storeOf(chunks))).toEqual(data);
          if (level === 0) for (const chunk of chunks) expect(chunk.data.length).toBe(4104);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('puts 64 references of 64 bytes in a full intermediate chunk and carries a lone 65th leaf up', () => {
    const { reference, chunks } = splitIntoEncryptedChunks(pattern(65 * 4096), { randomKey: counterKeys(1) });
    // 65 leaves, one full intermediate (64 refs), the root over it and the carried leaf.
    expect(chunks.length).toBe(65 + 2);
    const root = encryptedTreeChunk(chunks.at(-1)!.data, reference.subarray(32));
    expect(readUint64LE(root.span)).toBe(65n * 4096n);
    expect(root.payload.length).toBe(128);
    const [full, carried] = root.children;
    const fullChunk = chunks.find((c) => bytesToHex(c.address) === bytesToHex(full!.address))!;
    expect(encryptedChildren(fullChunk.data, full!.key).length).toBe(64);
    const leaf = decryptChunk(chunks.find((c) => bytesToHex(c.address) === bytesToHex(carried!.address))!.data, carried!.key);
    expect(leaf.payload).toEqual(pattern(65 * 4096).subarray(64 * 4096));
  });

  it('uses a fresh key per chunk: identical leaves get different addresses', () => {
    const { chunks } = splitIntoEncryptedChunks(new Uint8Array(3 * 4096), { randomKey: counterKeys(2) });
    expect(new Set(chunks.map((c) => bytesToHex(c.address))).size).toBe(chunks.length);
  });

  it('at level 1 caps data references at 59 and appends plain parity chunks after them', () => {
    const { reference, chunks } = splitIntoEncryptedChunks(pattern(59 * 4096), { randomKey: counterKeys(3), redundancyLevel: 1 });
    const root = encryptedTreeChunk(chunks.at(-1)!.data, reference.subarray(32));
    expect(root.children.length).toBe(59);
    expect(root.parity.length).toBe(9);
    expect(root.span[7]).toBe(129);
    const parityChunk = chunks.find((c) => bytesToHex(c.address) === bytesToHex(root.parity[0]!))!;
    expect(isValidContentChunk(parityChunk.address, parityChunk.data)).toBe(true);
  });

  it('rejects a missing randomKey, a bad key and use after finish with InputError', () => {
    expect(() => new EncryptedChunkTreeWriter({} as never)).toThrow(InputError);
    const bad = new EncryptedChunkTreeWriter({ randomKey: () => new Uint8Array(16) });
    expect(() => bad.write(new Uint8Array(4096))).toThrow(/randomKey/);
    const writer = new EncryptedChunkTreeWriter({ randomKey: counterKeys() });
    writer.finish();
    expect(() => writer.write(new Uint8Array(1))).toThrow(InputError);
    expect(() => writer.finish()).toThrow(InputError);
  });

  it('joinEncryptedTree names a missing chunk', () => {
    const { reference, chunks } = splitIntoEncryptedChunks(pattern(5000), { randomKey: counterKeys(4) });
    const store = storeOf(chunks.slice(1));
    expect(() => joinEncryptedTree(reference, store)).toThrow(new RegExp(bytesToHex(chunks[0]!.address)));
  });

  it('fuzz: random or truncated stored chunks under random keys only ever throw InputError', () => {
    const { chunks } = splitIntoEncryptedChunks(pattern(3 * 4096), { randomKey: counterKeys(5) });
    const real = chunks.at(-1)!.data;
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ minLength: 4104, maxLength: 4104 }), fc.nat(4200).map((n) => real.slice(0, n))),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (data, key) => {
          try {
            const node = encryptedTreeChunk(data, key);
            expect(node.children.length).toBeLessThanOrEqual(64);
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
