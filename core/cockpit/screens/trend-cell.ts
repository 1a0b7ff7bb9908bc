/**
 * A cell holding a node's figure over the last hour (issue 28 item 3): S1's gate rows, S15's node rows, S6's
 * bins near the depth, and beside a figure in a facts row (FactsRow.spark) on S1-S8. Nothing recorded yet is the
 * placeholder `—` with why; a gap inside the hour stays a blank cell.
 */
import { isAllGaps, sparkLevels, sparkText } from '../sparkline.js';
import { binSeries, type TrendReader } from '../node-trends.js';
import { bucketSeries, TREND_SPAN_MS, type TrendFigure } from '../trend-ring.js';
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
  depth: 'Kademlia depth',
  binDepthMinus2: 'connected peers two bins under the depth',
  binDepthMinus1: 'connected peers one bin under the depth',
  binAtDepth: 'connected peers in the depth’s bin',
  binDepthPlus1: 'connected peers one bin over the depth',
};

export function trendColumn(label = 'Last hour', priority = 3): ColumnView {
  return { id: 'trend', label, align: 'left', priority, kind: 'trend' };
}

const compact = (v: number) => (Number.isInteger(v) ? String(v) : v.toPrecision(4).replace(/\.?0+$/, ''));

type Series = { atMs: readonly number[]; values: readonly (number | null)[] };

/** The sparkline of `figure` over the hour before `endMs` (the node's latest poll, so a cell changes only with a poll). */
export function trendCell(reader: TrendReader | undefined, figure: TrendFigure | null, endMs: number): CellView {
  if (!figure) return { text: '' };
  return seriesCell(reader ? reader.series(figure, endMs - TREND_SPAN_MS) : null, TREND_FIGURE_NAMES[figure], endMs);
}

/** The sparkline of one bin's connected peers over the hour (the bins near the depth, node-trends.ts binSeries). */
export function binTrendCell(reader: TrendReader | undefined, bin: number, endMs: number): CellView {
  return seriesCell(reader ? binSeries(reader, bin, endMs - TREND_SPAN_MS) : null, `connected peers in bin ${bin}`, endMs);
}

function seriesCell(series: Series | null, name: string, endMs: number): CellView {
  const levels = series ? sparkLevels(bucketSeries(series, TREND_CELLS, endMs, TREND_SPAN_MS)) : null;
  if (!levels || isAllGaps(levels)) return { text: '—', tone: 'muted', detail: `${name}: no sample in the last hour yet` };
  const known = series!.values.filter((v): v is number => v !== null);
  const range = `${compact(known[0]!)} → ${compact(known[known.length - 1]!)} (min ${compact(Math.min(...known))}, max ${compact(Math.max(...known))})`;
  return { text: sparkText(levels), tone: 'muted', trend: levels, detail: `${name} over the last hour: ${range}` };
}
