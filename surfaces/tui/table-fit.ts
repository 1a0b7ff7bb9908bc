/**
 * Which columns of a table the terminal shows, and how wide: pure, so the rule is tested on its own.
 *
 * 1. When every column fits with its full values (`CellView.full`, the 64-hex references), show those: a wide
 *    terminal should show what a narrow one shortens. Only a `full` that is its cell's text unshortened
 *    (core/cockpit/view/cell-text.ts) counts: a column holds its own field at every width.
 * 2. Otherwise, with the shortened texts, drop columns while the table is too wide, in the order both faces
 *    share (core/cockpit/view/column-drop.ts): the highest `priority` number first, the rightmost of equals
 *    first; priority 1 columns are never dropped.
 * 3. Still too wide: take columns down towards their header width, the widest first, and cut their cells
 *    with an ellipsis.
 */
import { fullTextOf } from '../../core/cockpit/view/cell-text.js';
import { columnDropOrder } from '../../core/cockpit/view/column-drop.js';
import type { ColumnView, TableSection } from '../../core/cockpit/view/view-model.js';
import { inert } from './inert.js';
import { textWidth } from './lines.js';

export interface TableFit {
  /** Indexes into `columns` of the shown columns, in order. */
  readonly shown: readonly number[];
  /** Width of each shown column (same order as `shown`). */
  readonly widths: readonly number[];
  /** Cells show `full` instead of `text` where they have one. */
  readonly useFull: boolean;
}

/** Columns between two cells. */
export const COLUMN_GAP = 2;
/** A column is never made narrower than this, nor than its header. */
const MIN_COLUMN = 4;

function naturalWidths(columns: readonly Pick<ColumnView, 'label'>[], rows: TableSection['rows'], full: boolean): number[] {
  const widths = columns.map((column) => textWidth(inert(column.label)));
  for (const row of rows) {
    row.cells.forEach((cell, i) => {
      if (i >= widths.length) return;
      const text = full ? shownText(cell, true) : cell.text;
      const w = textWidth(inert(text));
      if (w > (widths[i] ?? 0)) widths[i] = w;
    });
  }
  return widths;
}

function total(widths: readonly number[], count: number, lead: number): number {
  let sum = lead;
  for (const w of widths) sum += w;
  return sum + Math.max(0, count - 1) * COLUMN_GAP;
}

/** Each column's width with its shortened texts, nothing cut (the body sizes its panes by it). */
export function naturalColumnWidths(section: { readonly columns: readonly Pick<ColumnView, 'label'>[]; readonly rows: TableSection['rows'] }): number[] {
  return naturalWidths(section.columns, section.rows, false);
}

/** What a cell shows: its `full` value when the table uses full values and it has one, else its text. */
export function shownText(cell: { readonly text: string; readonly full?: string | undefined }, useFull: boolean): string {
  return useFull ? (fullTextOf(cell, cell.text) ?? cell.text) : cell.text;
}

/** The columns fitTable needs (overlays build small tables of their own). */
type FitColumn = Pick<ColumnView, 'label' | 'priority'> & Partial<ColumnView>;

/** `lead`: columns used before the first cell (the selection marker). */
export function fitTable(section: { readonly columns: readonly FitColumn[]; readonly rows: TableSection['rows'] }, width: number, lead: number): TableFit {
  const { columns, rows } = section;
  const all = columns.map((_, i) => i);
  const hasFull = rows.some((row) => row.cells.some((cell) => fullTextOf(cell, cell.text) !== undefined));
  if (hasFull) {
    const full = naturalWidths(columns, rows, true);
    if (total(full, full.length, lead) <= width) return { shown: all, widths: full, useFull: true };
  }
  const natural = naturalWidths(columns, rows, false);
  let shown = [...all];
  const widthsOf = (indexes: readonly number[]): number[] => indexes.map((i) => natural[i] ?? 0);
  let sum = total(natural, natural.length, lead);
  // The drop order only when something must go: most tables fit, and this runs for every width a pane tries.
  for (const drop of sum > width ? columnDropOrder(columns) : []) {
    if (sum <= width) break;
    sum -= (natural[drop] ?? 0) + (shown.length > 1 ? COLUMN_GAP : 0);
    shown = shown.filter((index) => index !== drop);
  }
  const widths = widthsOf(shown);
  let excess = total(widths, shown.length, lead) - width;
  while (excess > 0) {
    let widest = -1;
    for (let k = 0; k < widths.length; k++) {
      const floor = Math.max(MIN_COLUMN, textWidth(inert(columns[shown[k] ?? 0]?.label ?? '')));
      if ((widths[k] ?? 0) <= floor) continue;
      if (widest === -1 || (widths[k] ?? 0) > (widths[widest] ?? 0)) widest = k;
    }
    if (widest === -1) break;
    const floor = Math.max(MIN_COLUMN, textWidth(inert(columns[shown[widest] ?? 0]?.label ?? '')));
    const cut = Math.min(excess, (widths[widest] ?? 0) - floor, Math.max(1, Math.ceil(excess / 2)));
    widths[widest] = (widths[widest] ?? 0) - cut;
    excess -= cut;
  }
  return { shown, widths, useFull: false };
}
