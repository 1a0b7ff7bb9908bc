/**
 * S2 Stamps: the selected batch's detail block (issue 28 item 1, as bee-tui's Stamps screen does): everything
 * /stamps said of the one batch, unshortened, beside the table in a wide terminal and under it in a narrow one,
 * so the room the table leaves is used for facts the engine already read. Nothing here is fetched or guessed:
 * a figure /stamps did not give (a missing amount, a TTL of -1) says so.
 */
import { formatBytes, formatCount, formatDuration, formatPercent, groupDigits } from '../format.js';
import { STAMP_STATUS_THRESHOLDS } from '../rules/stamp-status.js';
import type { FactsSection } from '../view/view-model.js';
import type { StampRow } from './stamps.js';

export const BATCH_DETAIL = 'batch';

/** Cells of the bucket-fill bar: the fullest bucket's fill, utilization / 2^(depth − bucketDepth). */
export const FILL_BAR_CELLS = 10;

/** The fullest bucket's fill as a bar of FILL_BAR_CELLS (`███░░░░░░░`; `###.......` under --ascii). */
export function fillBar(fill: number, ascii: boolean): string {
  const filled = Math.max(0, Math.min(FILL_BAR_CELLS, Math.round((Number.isFinite(fill) ? fill : 0) * FILL_BAR_CELLS)));
  return (ascii ? '#' : '█').repeat(filled) + (ascii ? '.' : '░').repeat(FILL_BAR_CELLS - filled);
}

/** The local date the TTL runs out on, read against the poll's clock; null when /stamps gave no TTL. */
function expiresOn(row: StampRow, takenAtMs: number): string | null {
  if (row.ttlSeconds < 0) return null;
  const at = new Date(takenAtMs + row.ttlSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** The facts of `row` as the block below/beside the batch table; `takenAtMs` is the poll that read them. */
export function batchDetail(row: StampRow, takenAtMs: number, ascii = false): FactsSection {
  const T = STAMP_STATUS_THRESHOLDS;
  const bucketDepth = row.depth - Math.round(Math.log2(row.slots));
  const fillTone = row.peakFill >= 1 ? 'fail' : row.peakFill >= T.skewedPeakFill ? 'warn' : 'ok';
  const ends = expiresOn(row, takenAtMs);
  return {
    kind: 'facts',
    id: BATCH_DETAIL,
    title: 'Selected batch',
    // Its full ID needs 64 columns: beside the wide table it would cost the table its columns.
    withRows: true,
    rows: [
      { label: 'Batch ID', value: row.batchID },
      { label: 'Label', value: row.label === '' ? 'no label set' : row.label, ...(row.label === '' ? { tone: 'muted' as const } : {}) },
      { label: 'Status', value: `${row.verdict.status}: ${row.verdict.reason}`, tone: row.verdict.tone },
      { label: 'Depth', value: `${row.depth} (bucket depth ${bucketDepth}: ${formatCount(2 ** bucketDepth)} buckets of ${formatCount(row.slots)} slots)` },
      { label: 'Peak bucket', value: `${fillBar(row.peakFill, ascii)} ${formatCount(row.utilization)} of ${formatCount(row.slots)} slots (${formatPercent(row.peakFill)})`, tone: fillTone },
      {
        label: 'TTL',
        value: row.ttlSeconds < 0 ? 'unknown: /stamps gave no TTL yet (the node has not priced the batch)' : `${formatDuration(row.ttlSeconds)}, until about ${ends} at today’s price`,
        ...(row.ttlSeconds < 0 ? { tone: 'muted' as const } : row.ttlSeconds < T.expiringPlanSeconds ? { tone: 'warn' as const } : {}),
      },
      { label: 'Volume', value: `${formatBytes(row.theoreticalBytes)} (${formatCount(2 ** row.depth)} chunks of 4,096 bytes)` },
      { label: 'Effective', value: `${formatBytes(row.effectiveBytes)} usable at depth ${row.depth} (buckets fill unevenly)` },
      { label: 'Type', value: row.immutable ? 'immutable: a full bucket refuses further chunks' : 'mutable: a full bucket overwrites its oldest chunks' },
      {
        label: 'Amount',
        value: row.amount === null ? 'unknown: /stamps gave no amount' : `${groupDigits(row.amount)} PLUR per chunk paid so far`,
        ...(row.amount === null ? { tone: 'muted' as const } : {}),
      },
    ],
  };
}
