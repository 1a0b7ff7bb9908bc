/**
 * Where a reference's replica level comes from: the root's span (built here with the same splitter whose roots
 * equal Bee's, core/swarm/chunk-tree.ts), --redundancy-level, or a search.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../swarm/bytes.js';
import { splitIntoChunks } from '../swarm/chunk-tree.js';
import type { RedundancyLevel } from '../swarm/redundancy.js';
import { replicaLevel, slotLevel } from './replica-level.js';

function rootOf(size: number, level: RedundancyLevel): Uint8Array {
  const data = new Uint8Array(size).map((_, i) => i % 251);
  const { reference, chunks } = splitIntoChunks(data, level);
  return chunks.find((c) => bytesToHex(c.address) === bytesToHex(reference))!.data;
}

describe('replicaLevel', () => {
  it("reads levels 1-4 from an intermediate root's span, and level 0 from an unmarked one", () => {
    for (const level of [1, 2, 3, 4] as const) {
      expect(replicaLevel({ kind: 'content', plain: rootOf(20_000, level) })).toMatchObject({ level, source: 'span', check: 'level' });
    }
    expect(replicaLevel({ kind: 'content', plain: rootOf(20_000, 0) })).toMatchObject({ level: 0, source: 'span', check: 'skip', note: expect.stringContaining('Bee keeps no replicas') });
  });

  it('the span wins over --redundancy-level, and says so', () => {
    const verdict = replicaLevel({ kind: 'content', plain: rootOf(20_000, 2) }, 4);
    expect(verdict).toMatchObject({ level: 2, source: 'span', check: 'level' });
    expect(verdict.note).toMatch(/--redundancy-level 4 ignored/);
    expect(replicaLevel({ kind: 'content', plain: rootOf(20_000, 2) }, 2).note).not.toMatch(/ignored/);
  });

  it('a single-chunk root says nothing at any level: --redundancy-level when given, else a search', () => {
    for (const level of [0, 1, 4] as const) {
      const plain = rootOf(300, level);
      expect(replicaLevel({ kind: 'content', plain })).toMatchObject({ level: null, source: 'search', check: 'search', note: expect.stringContaining('single chunk') });
      expect(replicaLevel({ kind: 'content', plain }, 3)).toMatchObject({ level: 3, source: 'option', check: 'level' });
      expect(replicaLevel({ kind: 'content', plain }, 0)).toMatchObject({ level: 0, source: 'option', check: 'skip' });
    }
  });

  it('a root no node served: option or search, with the why; a single-owner chunk: nothing to check', () => {
    expect(replicaLevel({ kind: 'unknown', why: 'http://a: not found' })).toMatchObject({ source: 'search', note: expect.stringContaining('http://a: not found') });
    expect(replicaLevel({ kind: 'unknown', why: 'x' }, 1)).toMatchObject({ level: 1, source: 'option' });
    expect(replicaLevel({ kind: 'soc' }, 2)).toMatchObject({ level: null, source: 'none', check: 'skip' });
  });

  it("a level byte Bee never writes is no mark to trust (search)", () => {
    const plain = rootOf(20_000, 1);
    plain[7] = 0xff;
    expect(replicaLevel({ kind: 'content', plain }).check).toBe('search');
  });

  it('slot levels follow the dispersal order: 0-1 level 1, 2-3 level 2, 4-7 level 3, 8-15 level 4', () => {
    expect(Array.from({ length: 16 }, (_, i) => slotLevel(i))).toEqual([1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4]);
  });
});
