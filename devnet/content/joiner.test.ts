import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { InputError } from '../../core/swarm/input-error.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { parseFaultPatch } from '../faults.js';
import { contentSize, readRange, walkTree } from './joiner.js';
import { describeChunk } from './tree-shape.js';

function storeOf(data: Uint8Array, level: RedundancyLevel): { root: string; chunks: Map<string, Uint8Array> } {
  const { reference, chunks } = splitIntoChunks(data, level);
  return { root: bytesToHex(reference), chunks: new Map(chunks.map((c) => [bytesToHex(c.address), c.data])) };
}

describe('joiner', () => {
  it('reads back any byte range of trees at redundancy levels 0 and 1', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40_000 }),
        fc.constantFrom<RedundancyLevel>(0, 1),
        fc.nat(),
        fc.nat(),
        (data, level, a, b) => {
          const { root, chunks } = storeOf(data, level);
          const source = (address: string): Uint8Array | undefined => chunks.get(address);
          expect(contentSize(source, root)).toBe(data.length);
          const start = a % data.length;
          const end = start + (b % (data.length - start + 1));
          expect(readRange(source, root, start, end)).toEqual(data.subarray(start, end));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('rebuilds a missing leaf from parity at level 1 but reports it missing at level 0', () => {
    const data = Uint8Array.from({ length: 30_000 }, (_, i) => (i * 131 + (i >> 9)) % 256);
    for (const level of [0, 1] as const) {
      const { root, chunks } = storeOf(data, level);
      const rootNode = describeChunk(chunks.get(root)!);
      if (rootNode.kind !== 'intermediate') throw new Error('expected an intermediate root');
      chunks.delete(bytesToHex(rootNode.dataRefs[2]!));
      const walk = walkTree((address) => chunks.get(address), root);
      expect(walk.missing.length).toBe(level === 0 ? 1 : 0);
      if (level === 1) expect(readRange((address) => chunks.get(address), root, 0, data.length)).toEqual(data);
    }
  });

  it('reads a leaf up to its span when zero padding follows (a root from a replica), and rejects other extra bytes', () => {
    const leaf = makeContentChunk(new Uint8Array([1, 2, 3]));
    const padded = new Uint8Array(8 + 4096);
    padded.set(leaf.data);
    expect(describeChunk(padded)).toMatchObject({ kind: 'leaf', span: 3n, payload: new Uint8Array([1, 2, 3]) });
    padded[100] = 7;
    expect(() => describeChunk(padded)).toThrow(InputError);
    expect(() => describeChunk(leaf.data.subarray(0, 10))).toThrow(/payload length/);
  });

  it('rejects random chunk bytes with InputError only', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 4200 }), (bytes) => {
        try {
          describeChunk(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseFaultPatch', () => {
  it('accepts known fields, hands unknown ones on, and names the first bad field', () => {
    expect(parseFaultPatch({ down: true, latencyMs: 5, frozen: true })).toEqual({ patch: { down: true, latencyMs: 5, frozen: true }, rest: {} });
    expect(parseFaultPatch({ rchashSeconds: 9 })).toEqual({ patch: {}, rest: { rchashSeconds: 9 } });
    expect(parseFaultPatch({ latencyMs: -1 })).toEqual({ error: 'latencyMs must be a non-negative integer' });
    expect(parseFaultPatch({ corsOrigins: 'x' })).toEqual({ error: 'corsOrigins must be an array of strings' });
    expect(parseFaultPatch([])).toEqual({ error: 'fault patch must be a JSON object' });
  });
});
