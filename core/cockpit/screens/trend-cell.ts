/**
 * A table cell holding a node's figure over the last hour (issue 28 item 3), for S1's gate rows and S15's node
 * rows. Nothing recorded yet is the placeholder `—` with why; a gap inside the hour stays a blank cell.
 */
import { isAllGaps, sparkText } from '../sparkline.js';
import { trendLevels, type TrendReader } from '../node-trends.js';
import { TREND_SPAN_MS, type TrendFigure } from '../trend-ring.js';
import type { CellView, ColumnView } from '../view/view-model.js';

/** Cells per sparkline: an hour in 5-minute steps. */
export const TREND_CELLS = 12;

/** What each figure is, for the cell's detail line. */
export const TREND_FIGURE_NAMES: Readonly<Record<TrendFigure, string>> = {
  peers: 'connected peers',
  nearDepth: 'peers in the least connected bin under the depth',
  reserve: 'reserve size within radius (chunks)',
  radius: 'storage radius',
  stampTtl: 'worst-batch TTL (s)',
  chainLag: 'chain lag (blocks)',
  bzz: 'xBZZ balance',
  native: 'native-token balance',
  apiP95: 'API p95 latency (ms)',
};

export function trendColumn(label = 'Last hour', priority = 3): ColumnView {
  return { id: 'trend', label, align: 'left', priority, kind: 'trend' };
}

const compact = (v: number) => (Number.isInteger(v) ? String(v) : v.toPrecision(4).replace(/\.?0+$/, ''));

/** The sparkline of `figure` over the hour before `endMs` (the node's latest poll, so a cell changes only with a poll). */
export function trendCell(reader: TrendReader | undefined, figure: TrendFigure | null, endMs: number): CellView {
  if (!figure) return { text: '' };
  const levels = trendLevels(reader, figure, TREND_CELLS, endMs);
  if (!levels || isAllGaps(levels)) return { text: '—', tone: 'muted', detail: `${TREND_FIGURE_NAMES[figure]}: no sample in the last hour yet` };
  const known = reader!.series(figure, endMs - TREND_SPAN_MS).values.filter((v): v is number => v !== null);
  const range = `${compact(known[0]!)} → ${compact(known[known.length - 1]!)} (min ${compact(Math.min(...known))}, max ${compact(Math.max(...known))})`;
  return { text: sparkText(levels), tone: 'muted', trend: levels, detail: `${TREND_FIGURE_NAMES[figure]} over the last hour: ${range}` };
}
