/** The devnet joiner on trees Bee v2.8.1 itself encrypted: reading, walking and parity recovery. */
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../core/swarm/bytes.js';
import { encryptedTreeChunk } from '../../core/swarm/encrypted-chunk-tree.js';
import fixtures from '../../core/swarm/encryption.bee-fixtures.json' with { type: 'json' };
import { contentSize, MissingChunkError, readAll, readRange, walkTree, type ChunkSource } from './joiner.js';
import { traverseReference } from './traversal.js';

const pattern = (size: number): Uint8Array => Uint8Array.from({ length: size }, (_, i) => i % 255);

type ChunkHex = Readonly<Record<string, string | undefined>>;

function sourceOf(chunks: ChunkHex, lost: string[] = []): ChunkSource {
  return (address) => {
    const hex = chunks[address];
    return lost.includes(address) || hex === undefined ? undefined : hexToBytes(hex);
  };
}

describe('devnet joiner on Bee-encrypted trees', () => {
  for (const tree of fixtures.trees) {
    const rootHex = (tree.chunks as ChunkHex)[tree.reference.slice(0, 64)]!;
    const root = encryptedTreeChunk(hexToBytes(rootHex), hexToBytes(tree.reference.slice(64)));
    const firstLeaf = Buffer.from(root.children[0]!.address).toString('hex');

    it(`level ${tree.redundancyLevel}: size, full read, ranges and a walk of 64-hex addresses`, () => {
      const source = sourceOf(tree.chunks);
      expect(contentSize(source, tree.reference)).toBe(tree.size);
      expect(readAll(source, tree.reference)).toEqual(pattern(tree.size));
      expect(readRange(source, tree.reference, 4090, 4097)).toEqual(pattern(tree.size).subarray(4090, 4097));
      const walk = walkTree(source, tree.reference);
      expect(walk).toEqual({ addresses: [tree.reference.slice(0, 64), firstLeaf, Buffer.from(root.children[1]!.address).toString('hex')], missing: [], invalid: [] });
      expect(traverseReference(source, tree.reference).missing).toEqual([]);
    });

    it(`level ${tree.redundancyLevel}: a lost leaf ${tree.redundancyLevel > 0 ? 'is rebuilt from Bee\'s parity chunks' : 'is reported missing'}`, () => {
      const source = sourceOf(tree.chunks, [firstLeaf]);
      if (tree.redundancyLevel > 0) {
        expect(readAll(source, tree.reference)).toEqual(pattern(tree.size));
        expect(walkTree(source, tree.reference).missing).toEqual([]);
      } else {
        expect(() => readAll(source, tree.reference)).toThrow(MissingChunkError);
        expect(walkTree(source, tree.reference).missing).toEqual([firstLeaf]);
      }
    });
  }

  it('a wrong key half never walks clean: the root is invalid or its garbage child references are missing', () => {
    const tree = fixtures.trees[0]!;
    for (const keyByte of ['22', '5a', 'c3', 'ff']) {
      const walk = walkTree(sourceOf(tree.chunks), tree.reference.slice(0, 64) + keyByte.repeat(32));
      expect(walk.addresses[0]).toBe(tree.reference.slice(0, 64));
      expect(walk.invalid.length + walk.missing.length).toBeGreaterThan(0);
    }
  });
});
