import { describe, expect, it } from 'vitest';
import { allRows, editResults, rowAt, rowCount, ROWS_PER_BLOCK, singleRow } from './result-blocks.js';

const found = (elapsed_ms: number) => ({ found: true, elapsed_ms });

describe('result blocks (the chunk walk answer table)', () => {
  it('leaves the table it edits unchanged, and copies nothing until written', () => {
    const original = singleRow(2);
    const untouched = editResults(original);
    expect(untouched.current()).toBe(original);

    const edit = editResults(original);
    edit.set(0, 1, found(5));
    edit.appendRows(2, 2);
    const edited = edit.current();
    expect(allRows(original)).toEqual([[null, null]]);
    expect(allRows(edited)).toEqual([[null, found(5)], [null, null], [null, null]]);
  });

  it('copies a row once per edit, however many of its slots are written', () => {
    const original = singleRow(3);
    const edit = editResults(original);
    edit.set(0, 0, found(1));
    const row = rowAt(edit.current(), 0);
    edit.set(0, 2, found(2));
    expect(rowAt(edit.current(), 0)).toBe(row);
    expect(row).toEqual([found(1), null, found(2)]);
    expect(rowAt(original, 0)).toEqual([null, null, null]);
  });

  it('shares the blocks an edit does not touch with the previous version', () => {
    const first = editResults(singleRow(1));
    first.appendRows(ROWS_PER_BLOCK * 2, 1);
    const table = first.current();
    expect(table.length).toBe(3);
    expect(rowCount(table)).toBe(ROWS_PER_BLOCK * 2 + 1);

    const second = editResults(table);
    second.set(ROWS_PER_BLOCK * 2, 0, found(9)); // the last block only
    const next = second.current();
    expect(next[0]).toBe(table[0]);
    expect(next[1]).toBe(table[1]);
    expect(next[2]).not.toBe(table[2]);
    expect(rowAt(next, ROWS_PER_BLOCK * 2)).toEqual([found(9)]);
    expect(rowAt(table, ROWS_PER_BLOCK * 2)).toEqual([null]);
  });

  it('fills the last block before starting a new one, and never appends into a shared block', () => {
    const start = editResults(singleRow(1));
    start.appendRows(ROWS_PER_BLOCK - 2, 1); // the first block is one row short of full
    const table = start.current();
    expect(table.map((b) => b.length)).toEqual([ROWS_PER_BLOCK - 1]);
    const grow = editResults(table);
    grow.appendRows(3, 1);
    expect(grow.current().map((b) => b.length)).toEqual([ROWS_PER_BLOCK, 2]);
    expect(table.map((b) => b.length)).toEqual([ROWS_PER_BLOCK - 1]);
  });

  it('finds rows by discovery index across blocks', () => {
    const edit = editResults(singleRow(1));
    edit.appendRows(ROWS_PER_BLOCK + 5, 1);
    for (const index of [0, ROWS_PER_BLOCK - 1, ROWS_PER_BLOCK, ROWS_PER_BLOCK + 5]) edit.set(index, 0, found(index));
    const table = edit.current();
    for (const index of [0, ROWS_PER_BLOCK - 1, ROWS_PER_BLOCK, ROWS_PER_BLOCK + 5]) expect(rowAt(table, index)).toEqual([found(index)]);
    expect(rowAt(table, ROWS_PER_BLOCK + 6)).toBeUndefined();
    expect(allRows(table)).toHaveLength(ROWS_PER_BLOCK + 6);
  });
});
