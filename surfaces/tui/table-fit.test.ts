import { describe, expect, it } from 'vitest';
import type { TableSection } from '../../core/cockpit/view/view-model.js';
import { COLUMN_GAP, fitTable } from './table-fit.js';

const table: Pick<TableSection, 'columns' | 'rows'> = {
  columns: [
    { id: 'batch', label: 'batch', align: 'left', priority: 1, kind: 'id' },
    { id: 'depth', label: 'depth', align: 'right', priority: 2, kind: 'number' },
    { id: 'amount', label: 'amount', align: 'right', priority: 4, kind: 'amount' },
    { id: 'ttl', label: 'TTL', align: 'right', priority: 1, kind: 'duration' },
    { id: 'util', label: 'utilization', align: 'right', priority: 3, kind: 'fill' },
  ],
  rows: [
    { key: 'a', cells: [{ text: '4a235821…', full: '4a2358217d3c1f0e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f' }, { text: '22' }, { text: '100000000000' }, { text: '19 h 11 min' }, { text: '3 of 64' }] },
  ],
};

const sum = (widths: readonly number[], lead = 0) => widths.reduce((a, b) => a + b, lead) + (widths.length - 1) * COLUMN_GAP;

describe('fitTable', () => {
  it('shows full values when every column fits with them', () => {
    const fit = fitTable(table, 200, 2);
    expect(fit.useFull).toBe(true);
    expect(fit.shown).toEqual([0, 1, 2, 3, 4]);
    expect(fit.widths[0]).toBe(64);
  });

  it('falls back to the shortened texts, then drops the highest priority numbers first', () => {
    const all = fitTable(table, 70, 2);
    expect(all).toMatchObject({ useFull: false, shown: [0, 1, 2, 3, 4] });
    expect(fitTable(table, 52, 2).shown).toEqual([0, 1, 3, 4]);
    expect(fitTable(table, 39, 2).shown).toEqual([0, 1, 3]);
    expect(fitTable(table, 30, 2).shown).toEqual([0, 3]);
  });

  it('never drops priority 1 columns; it narrows the widest instead, down to its header', () => {
    const fit = fitTable(table, 18, 2);
    expect(fit.shown).toEqual([0, 3]);
    expect(sum(fit.widths, 2)).toBeLessThanOrEqual(18);
    expect(Math.min(...fit.widths)).toBeGreaterThanOrEqual(4);
  });

  it('fits within the width whenever the headers do', () => {
    for (let width = 16; width <= 120; width++) {
      const fit = fitTable(table, width, 2);
      expect(sum(fit.widths, 2)).toBeLessThanOrEqual(width);
    }
  });

  it('measures wide characters and node escapes as the terminal shows them', () => {
    const fit = fitTable({ columns: [{ id: 'n', label: 'n', align: 'left', priority: 1, kind: 'text' }], rows: [{ key: '1', cells: [{ text: '東京\u001b[2J' }] }] }, 80, 0);
    expect(fit.widths[0]).toBe(4 + '\\x1b[2J'.length);
  });
});
