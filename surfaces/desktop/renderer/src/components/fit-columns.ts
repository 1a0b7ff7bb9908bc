/**
 * The window's side of a table too wide for its room (S2's eleven columns beside an open drill): the browser
 * measures, and columns go in the order both faces share (core/cockpit/view/column-drop.ts: the highest
 * `priority` number first, never a priority 1 column) until the table fits its box, as the terminal drops them
 * by characters (surfaces/tui/table-fit.ts). Text and ID columns wrap before anything is dropped (styles.css,
 * by column kind), so a column goes only when wrapping is not enough. Dropped columns come back when the rows
 * change or the room grows (a drill closed, a wider window): the table is measured again from all of them.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { columnDropOrder } from '../../../../../core/cockpit/view/column-drop.js';
import type { ColumnView, TableSection } from '../../../../../core/cockpit/view/view-model.js';

interface Fit {
  readonly rows: TableSection['rows'];
  readonly columns: readonly ColumnView[];
  readonly dropped: number;
}

/** `ref` goes on the table's scroll box; `shown` are the indexes of the columns to draw, in order. */
export function useFittedColumns(columns: readonly ColumnView[], rows: TableSection['rows']) {
  const ref = useRef<HTMLDivElement>(null);
  const order = useMemo(() => columnDropOrder(columns), [columns]);
  const [fit, setFit] = useState<Fit>({ rows, columns, dropped: 0 });
  // A count measured for other rows or columns does not hold for these: start again from all of them.
  const dropped = fit.rows === rows && fit.columns === columns ? fit.dropped : 0;
  // After each render (before the paint): one more column goes while the table is wider than its box.
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && dropped < order.length && box.scrollWidth > box.clientWidth + 1) setFit({ rows, columns, dropped: dropped + 1 });
  });
  // More room may fit dropped columns again (measure from all); less may need more dropped (measure again).
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      const now = box.clientWidth;
      if (now === width) return;
      const grew = now > width;
      width = now;
      setFit((current) => (grew ? { ...current, dropped: 0 } : { ...current }));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const shown = useMemo(() => {
    const hidden = new Set(order.slice(0, dropped));
    return columns.map((_, index) => index).filter((index) => !hidden.has(index));
  }, [columns, order, dropped]);
  return { ref, shown };
}
