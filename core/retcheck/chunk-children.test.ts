import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkChildren, hasManifestVersionHash, spanSize } from './chunk-children.js';
import { createNode, parseNode, serializeNode } from '../swarm/mantaray.js';
import { splitIntoChunks } from '../swarm/chunk-tree.js';
import { bytesToHex, uint64LE } from '../swarm/bytes.js';

/** Breadth-first over chunkChildren, as the walk does: children are descended into, parity only reached. */
function walkFrom(root: string, byAddress: Map<string, { data: Uint8Array }>): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length) {
    const address = queue.shift()!;
    if (seen.has(address)) continue;
    seen.add(address);
    const { children, parity } = chunkChildren(byAddress.get(address)!.data);
    queue.push(...children);
    for (const p of parity) seen.add(p);
  }
  return seen;
}

describe('chunkChildren on file chunk trees', () => {
  it('lists an intermediate chunk’s references and treats leaves as leaves', () => {
    const data = new Uint8Array(3 * 4096 + 10).map((_, i) => i % 251);
    const { reference, chunks } = splitIntoChunks(data);
    const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
    const root = byAddress.get(bytesToHex(reference))!;
    const { kind, children } = chunkChildren(root.data);
    expect(kind).toBe('intermediate');
    expect(children).toHaveLength(4);
    for (const child of children) {
      expect(byAddress.has(child)).toBe(true);
      expect(chunkChildren(byAddress.get(child)!.data)).toEqual({ kind: 'leaf', children: [], parity: [] });
    }
  });

  it('walking from the root reaches every chunk of random files', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 140 * 4096 }), (size) => {
        const { reference, chunks } = splitIntoChunks(new Uint8Array(size).fill(7));
        const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
        const seen = walkFrom(bytesToHex(reference), byAddress);
        return [...byAddress.keys()].every((a) => seen.has(a));
      }),
      { numRuns: 15 },
    );
  });

  it('strips a redundancy level from the span', () => {
    const span = uint64LE(8192n);
    span[7] = 0x81;
    expect(spanSize(span)).toBe(8192n);
  });
});

describe('hasManifestVersionHash (the cheap pre-check before parsing a manifest node)', () => {
  it('accepts every serialized node whatever its obfuscation key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (key, entry) => {
        const node = createNode({ obfuscationKey: key });
        node.entry = entry;
        return hasManifestVersionHash(serializeNode(node));
      }),
      { numRuns: 50 },
    );
  });

  it('never rejects bytes parseNode would accept (random and truncated payloads)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (payload) => {
        if (hasManifestVersionHash(payload)) return true;
        expect(() => parseNode(payload)).toThrow();
        return true;
      }),
      { numRuns: 100 },
    );
    const real = serializeNode(createNode({ obfuscationKey: new Uint8Array(32).fill(9) }));
    for (let cut = 0; cut < 64; cut++) expect(hasManifestVersionHash(real.subarray(0, cut))).toBe(false);
  });
});

describe('chunkChildren on erasure-coded trees (Bee 2.8.1 default level 1)', () => {
  it('reaches every data and parity chunk from the root', () => {
    for (const size of [2 * 4096 + 1, 130 * 4096]) {
      const { reference, chunks } = splitIntoChunks(new Uint8Array(size).map((_, i) => i % 255), 1);
      const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
      const seen = walkFrom(bytesToHex(reference), byAddress);
      expect([...byAddress.keys()].filter((a) => !seen.has(a))).toEqual([]);
      expect([...seen].filter((a) => !byAddress.has(a))).toEqual([]);
    }
  });
});
