import { describe, expect, it } from 'vitest';
import type { ChunkVantageProbe } from '../../config-schema/retcheck-report.js';
import { childSubtreeSize, erasureReport, type WalkedTree, type WalkRow } from './erasure-verdict.js';

const hex = (n: number) => n.toString(16).padStart(2, '0').repeat(32);
const found: ChunkVantageProbe = { found: true, elapsed_ms: 1 };
const missing: ChunkVantageProbe = { found: false, elapsed_ms: 1 };
const noAnswer: ChunkVantageProbe = { found: false, elapsed_ms: 1, error: 'timeout' };

/** A root intermediate chunk (level 1) with `data` leaves and `parity` parity chunks; states per child on one vantage. */
function tree(data: number, parity: number, size = data * 4096): { root: WalkedTree; rows: (states: Record<number, ChunkVantageProbe>) => WalkRow[] } {
  const root: WalkedTree = { address: hex(0), size, level: 1, data: Array.from({ length: data }, (_, i) => hex(i + 1)), parity: Array.from({ length: parity }, (_, i) => hex(200 + i)) };
  return {
    root,
    rows: (states) => [{ address: root.address, perVantage: [found] }, ...[...root.data, ...root.parity].map((address, i) => ({ address, perVantage: [states[i] ?? found] }))],
  };
}

describe('erasureReport', () => {
  it('is absent when nothing is missing anywhere (no answer is not missing)', () => {
    const t = tree(4, 2);
    expect(erasureReport(t.rows({ 1: noAnswer }), [t.root], ['a'], false)).toBeUndefined();
  });

  it('counts data and parity apart and rebuilds up to the parity count', () => {
    const t = tree(4, 2);
    const report = erasureReport(t.rows({ 0: missing, 4: missing }), [t.root], ['a'], false)!;
    expect(report.per_vantage.a).toMatchObject({ missing_data: 1, missing_parity: 1, missing_other: 0, recoverable: true });
    expect(report.groups).toEqual([{ address: hex(0), level: 1, data: 4, parity: 2, per_vantage: { a: { missing_data: 1, missing_parity: 1, unknown: 0, recoverable: true } } }]);
  });

  it('is false past the parity count, null when unknown children could tip it', () => {
    const t = tree(4, 2);
    expect(erasureReport(t.rows({ 0: missing, 1: missing, 2: missing }), [t.root], ['a'], false)!.per_vantage.a!.recoverable).toBe(false);
    const tipped = erasureReport(t.rows({ 0: missing, 1: missing, 2: noAnswer }), [t.root], ['a'], false)!.per_vantage.a!;
    expect(tipped.recoverable).toBeNull();
    expect(tipped.why).toMatch(/misses 2 of its children and 1 more had no answer, against 2 parity chunks/);
  });

  it('a missing child without parity (redundancy 0) is not recoverable', () => {
    const t = tree(4, 0);
    const e = erasureReport(t.rows({ 2: missing }), [t.root], ['a'], false)!.per_vantage.a!;
    expect(e).toMatchObject({ missing_other: 1, recoverable: false });
  });

  it('cannot tell when a missing intermediate child was never read, or when the walk was cut short', () => {
    // 200 leaves at level 1 (119 data shards per chunk): the root's children are intermediate chunks.
    const t = tree(2, 2, 200 * 4096);
    expect(childSubtreeSize(t.root, 0)).toBe(119 * 4096);
    const never = erasureReport(t.rows({ 0: missing }), [t.root], ['a'], false)!.per_vantage.a!;
    expect(never.recoverable).toBeNull();
    expect(never.why).toMatch(/its own children were never walked/);
    const leaves = tree(4, 2);
    expect(erasureReport(leaves.rows({ 0: missing }), [leaves.root], ['a'], true)!.per_vantage.a!.why).toMatch(/stopped at its cap/);
  });
});
