/**
 * Which columns a face drops from a table that is too wide for its room, and in what order, shared by the
 * terminal (surfaces/tui/table-fit.ts, in characters) and the window (its TableView, in pixels, measured by the
 * browser): the highest `priority` number first, the rightmost of equals first; priority 1 columns are never
 * dropped. The faces only measure; the rule is here, once.
 */
import type { ColumnView } from './view-model.js';

/** Indexes into `columns`, in the order they are dropped (priority 1 columns never appear). */
export function columnDropOrder(columns: readonly Pick<ColumnView, 'priority'>[]): number[] {
  return columns
    .map((column, index) => ({ index, priority: column.priority }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((column) => column.index);
}
