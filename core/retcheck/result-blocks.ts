/**
 * The chunk walk's answer table: one row per discovered chunk (discovery order), one slot per vantage, null
 * until answered. The walk machine keeps it in its context, so a new version is made for every batch of
 * answers and earlier snapshots keep theirs.
 *
 * Rows are grouped in blocks of ROWS_PER_BLOCK, and an edit copies only what it touches, once per edit: the
 * block list, each touched block and each touched row. Copying every row (or a record keyed by address) per
 * answer made a thousand-chunk walk quadratic, and copying per answer rather than per batch doubled the
 * garbage of a walk.
 */
import type { ChunkVantageProbe } from '../../config-schema/retcheck-report.js';

export type ResultRow = readonly (ChunkVantageProbe | null)[];
export type ResultBlocks = readonly (readonly ResultRow[])[];

export const ROWS_PER_BLOCK = 64;

/** A table with a single unanswered row (the walk's root). */
export function singleRow(width: number): ResultBlocks {
  return [[new Array<null>(width).fill(null)]];
}

export const rowAt = (blocks: ResultBlocks, index: number): ResultRow | undefined => blocks[Math.floor(index / ROWS_PER_BLOCK)]?.[index % ROWS_PER_BLOCK];

export function rowCount(blocks: ResultBlocks): number {
  return blocks.length === 0 ? 0 : (blocks.length - 1) * ROWS_PER_BLOCK + blocks[blocks.length - 1]!.length;
}

/** Every row, in discovery order. */
export function allRows(blocks: ResultBlocks): ResultRow[] {
  return blocks.flat();
}

export interface ResultEdit {
  /** Fills a slot; the row must exist. */
  set(index: number, vantage: number, probe: ChunkVantageProbe): void;
  /** Appends `count` unanswered rows of `width` slots. */
  appendRows(count: number, width: number): void;
  /**
   * The table as edited so far; the original is unchanged. Later writes of this edit land in it too, so hand
   * it on (into a snapshot) only once the edit is over.
   */
  current(): ResultBlocks;
}

/** Starts an edit of `blocks`: nothing is copied until something is written. */
export function editResults(blocks: ResultBlocks): ResultEdit {
  let list: (ResultRow[] | readonly ResultRow[])[] | undefined;
  const ownBlocks = new Set<number>();
  const ownRows = new Set<number>();
  const writableList = () => (list ??= blocks.slice());
  const writableBlock = (b: number): ResultRow[] => {
    const current = writableList();
    if (!ownBlocks.has(b)) {
      current[b] = current[b]!.slice();
      ownBlocks.add(b);
    }
    return current[b] as ResultRow[];
  };
  return {
    set(index, vantage, probe) {
      const b = Math.floor(index / ROWS_PER_BLOCK);
      const r = index % ROWS_PER_BLOCK;
      const block = writableBlock(b);
      if (!ownRows.has(index)) {
        block[r] = block[r]!.slice();
        ownRows.add(index);
      }
      (block[r] as (ChunkVantageProbe | null)[])[vantage] = probe;
    },
    appendRows(count, width) {
      const current = writableList();
      for (let i = 0; i < count; i++) {
        const index = rowCount(current);
        const last = current.length - 1;
        const row = new Array<null>(width).fill(null);
        if (last >= 0 && current[last]!.length < ROWS_PER_BLOCK) writableBlock(last).push(row);
        else {
          current.push([row]);
          ownBlocks.add(current.length - 1);
        }
        ownRows.add(index);
      }
    },
    current: () => list ?? blocks,
  };
}
