import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkChildren, spanSize } from './chunk-children.js';
import { splitIntoChunks } from '../swarm/chunk-tree.js';
import { bytesToHex, uint64LE } from '../swarm/bytes.js';

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
      expect(chunkChildren(byAddress.get(child)!.data)).toEqual({ kind: 'leaf', children: [] });
    }
  });

  it('walking from the root reaches every chunk of random files', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 140 * 4096 }), (size) => {
        const { reference, chunks } = splitIntoChunks(new Uint8Array(size).fill(7));
        const byAddress = new Map(chunks.map((c) => [bytesToHex(c.address), c]));
        const seen = new Set<string>();
        const queue = [bytesToHex(reference)];
        while (queue.length) {
          const address = queue.shift()!;
          if (seen.has(address)) continue;
          seen.add(address);
          queue.push(...chunkChildren(byAddress.get(address)!.data).children);
        }
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
