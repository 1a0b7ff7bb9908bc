/**
 * S2 Stamps: the batch table (ID prefix, depth, amount, TTL, status) and the per-batch bucket-histogram
 * drill, as a typed model built from /stamps, and its rendering into view sections. Statuses follow
 * core/cockpit/rules/stamp-status.ts; the drill's figures core/cockpit/rules/bucket-histogram.ts.
 */
import { bzzUnitFor, formatBytes, formatBzzIn, formatCount, formatDuration, formatPercent, groupDigits, shortId } from '../format.js';
import { effectiveCapacityBytes, theoreticalCapacityBytes } from '../../swarm/stamp-math.js';
import type { Fetched } from '../health-snapshot.js';
import { bucketLabel, FILL_BINS, type BucketSummary } from '../rules/bucket-histogram.js';
import { bucketSlots, peakFill, STAMP_STATUS_THRESHOLDS, stampUrgency, stampVerdict, type StampVerdict } from '../rules/stamp-status.js';
import { batchDeadline, EMPTY_FILL_HISTORY, type StampFillHistory } from '../stamp-fill.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { DrillView, RowHint, Section, TableSection } from '../view/view-model.js';
import { describeFailure, pollSubtitle } from './screen-text.js';
import { batchDetail, fillBar } from './stamps-detail.js';

/** The /stamps fields S2 reads (the node client's PostageBatch fits). */
export interface StampFacts {
  readonly batchID: string;
  readonly label: string;
  readonly depth: number;
  readonly bucketDepth: number;
  /** PLUR per chunk paid so far (purchase and top-ups), decimal string. */
  readonly amount: string | null;
  readonly batchTTL: number;
  readonly usable: boolean;
  readonly utilization: number;
  readonly utilizationRatio?: number | undefined;
  readonly immutableFlag: boolean;
  readonly blockNumber: number;
}

export interface StampsPoll {
  readonly takenAtMs: number;
  readonly stamps: Fetched<readonly StampFacts[]>;
}

export interface StampRow {
  readonly batchID: string;
  readonly label: string;
  readonly depth: number;
  readonly amount: string | null;
  readonly ttlSeconds: number;
  readonly utilization: number;
  readonly slots: number;
  readonly peakFill: number;
  readonly immutable: boolean;
  /** Bytes the batch's chunks could hold (4,096 × 2^depth) and what bee-js's table says is usable at that depth. */
  readonly theoreticalBytes: number;
  readonly effectiveBytes: number;
  readonly verdict: StampVerdict;
}

export type StampsModel =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly takenAtMs: number; readonly message: string }
  | { readonly kind: 'ready'; readonly takenAtMs: number; readonly rows: readonly StampRow[] };

/** The drill of one batch: loading, its cached summary, or why it could not be had. */
export type BucketDrill =
  | { readonly batchID: string; readonly kind: 'loading' }
  | { readonly batchID: string; readonly kind: 'ready'; readonly summary: BucketSummary }
  | { readonly batchID: string; readonly kind: 'error'; readonly message: string };

const STAMPS_REFUSALS = {
  403: 'no postage on this node: it runs without a chain backend',
  503: 'postage batches not known yet: the node is still syncing postage events',
} as const;

/** When each not-usable batch was first seen pending (ms), carried from poll to poll. */
export function nextPendingSince(previous: Readonly<Record<string, number>>, poll: StampsPoll): Record<string, number> {
  if (!poll.stamps.ok) return { ...previous };
  const next: Record<string, number> = {};
  for (const batch of poll.stamps.value) if (!batch.usable) next[batch.batchID] = previous[batch.batchID] ?? poll.takenAtMs;
  return next;
}

/** `fill`: the active node's fleet poller's utilisation samples (stamp-fill.ts), so S2 and the stamp-TTL gate agree. */
export function buildStampsModel(poll: StampsPoll | null, pendingSince: Readonly<Record<string, number>>, fill: StampFillHistory = EMPTY_FILL_HISTORY): StampsModel {
  if (poll === null) return { kind: 'loading' };
  if (!poll.stamps.ok) return { kind: 'error', takenAtMs: poll.takenAtMs, message: describeFailure('stamps', poll.stamps.error, STAMPS_REFUSALS) };
  const rows = poll.stamps.value.map((batch): StampRow => {
    const since = pendingSince[batch.batchID];
    return {
      batchID: batch.batchID,
      label: batch.label,
      depth: batch.depth,
      amount: batch.amount,
      ttlSeconds: batch.batchTTL,
      utilization: batch.utilization,
      slots: bucketSlots(batch.depth, batch.bucketDepth),
      peakFill: peakFill(batch),
      immutable: batch.immutableFlag,
      theoreticalBytes: theoreticalCapacityBytes(batch.depth),
      effectiveBytes: effectiveCapacityBytes(batch.depth),
      verdict: stampVerdict(batch, since === undefined ? null : Math.max(0, poll.takenAtMs - since), batchDeadline({ ...batch, immutable: batch.immutableFlag }, fill[batch.batchID])),
    };
  });
  // Most urgent first; then the shortest TTL; then by ID so the order is stable between polls.
  rows.sort((a, b) => stampUrgency(a.verdict) - stampUrgency(b.verdict) || ttlOrder(a) - ttlOrder(b) || (a.batchID < b.batchID ? -1 : 1));
  return { kind: 'ready', takenAtMs: poll.takenAtMs, rows };
}

const ttlOrder = (row: StampRow): number => (row.ttlSeconds < 0 ? Number.MAX_SAFE_INTEGER : row.ttlSeconds);

export const BATCH_TABLE = 'batches';

export { FILL_BAR_CELLS, fillBar } from './stamps-detail.js';

/** The extra life a top-up hint proposes, in extend-preview's own words. */
const TOPUP_HINT_SPAN = '30d';

/**
 * What to do about a batch whose figures are out of range: a TTL under the 7-day planning horizon asks for a
 * top-up (the cockpit only previews: extend-preview prices 30 more days); a fullest bucket at 80 % or more
 * asks for a dilution before uploads hit it (an immutable batch refuses a full bucket's chunks, a mutable one
 * overwrites them). Null when neither.
 */
export function stampRowHint(row: StampRow): RowHint | null {
  const T = STAMP_STATUS_THRESHOLDS;
  const id = row.batchID.slice(0, 8);
  if (row.ttlSeconds >= 0 && row.ttlSeconds < T.expiringPlanSeconds) {
    // The same lines as the stamp-TTL gate and the Expiring status: under 1 h now, under 24 h within the day.
    const critical = row.ttlSeconds < T.expiringCriticalSeconds;
    const urgent = row.ttlSeconds < T.expiringUrgentSeconds;
    const when = critical ? 'under an hour: top up now' : urgent ? 'under a day: top up within the day' : 'under the 7 d horizon: plan a top-up';
    return { text: `TTL ${formatDuration(row.ttlSeconds)}, ${when}; --once extend-preview ${id} ${TOPUP_HINT_SPAN} prices 30 d more`, tone: critical ? 'fail' : 'warn' };
  }
  if (row.peakFill >= T.skewedPeakFill) {
    const consequence = row.immutable ? 'an immutable batch refuses chunks of a full bucket' : 'a mutable batch overwrites a full bucket’s oldest chunks';
    return { text: `fullest bucket ${formatPercent(row.peakFill)} full (${consequence}): --once dilute-preview ${id} ${row.depth + 1} prices a deeper batch`, tone: row.peakFill >= 1 ? 'fail' : 'warn' };
  }
  return null;
}

/**
 * The hint line of a row: what to do when a figure is out of range (stampRowHint), and on the selected row the
 * batch's full ID first (the table shortens it; the hint line has the table's whole width, so it is never cut).
 */
function rowHint(row: StampRow, selected: boolean): RowHint | null {
  const todo = stampRowHint(row);
  if (!selected) return todo;
  const id = `selected batch ${row.batchID}`;
  return todo ? { ...todo, text: `${id} · ${todo.text}` } : { text: id, tone: 'muted' };
}

export function stampsTable(rows: readonly StampRow[], ascii = false, selectedBatch: string | null = null): TableSection {
  const selected = rows.find((row) => row.batchID === selectedBatch) ?? rows[0];
  // One unit for the whole Amount column (PLUR per chunk, or xBZZ per chunk when one batch paid that much).
  const unit = bzzUnitFor(rows.map((row) => row.amount));
  return {
    kind: 'table',
    id: BATCH_TABLE,
    title: 'Postage batches',
    selectable: true,
    emptyText: 'no postage batches: this node cannot upload until one is bought (POST /stamps/{amount}/{depth})',
    columns: [
      { id: 'batch', label: 'Batch', align: 'left', priority: 1, kind: 'id' },
      { id: 'depth', label: 'Depth', align: 'right', priority: 2, kind: 'number' },
      { id: 'amount', label: 'Amount', align: 'right', priority: 4, kind: 'amount' },
      { id: 'ttl', label: 'TTL', align: 'right', priority: 1, kind: 'duration' },
      { id: 'volume', label: 'Volume', align: 'right', priority: 3, kind: 'size' },
      { id: 'effective', label: 'Effective', align: 'right', priority: 2, kind: 'size' },
      { id: 'type', label: 'Type', align: 'left', priority: 3, kind: 'label' },
      { id: 'fill', label: 'Bucket fill', align: 'left', priority: 2, kind: 'bar' },
      { id: 'peak', label: 'Peak bucket', align: 'right', priority: 3, kind: 'fill' },
      { id: 'status', label: 'Status', align: 'left', priority: 1, kind: 'status' },
      { id: 'reason', label: 'Why', align: 'left', priority: 5, kind: 'text' },
    ],
    rows: rows.map((row) => {
      const hint = rowHint(row, row === selected);
      return {
      key: row.batchID,
      tone: row.verdict.tone,
      ...(hint ? { hint } : {}),
      cells: [
        { text: `${shortId(row.batchID)}${row.label ? ` ${row.label}` : ''}`, full: `${row.batchID}${row.label ? ` ${row.label}` : ''}` },
        { text: String(row.depth) },
        row.amount === null ? { text: '—' } : { text: formatBzzIn(row.amount, unit), detail: `${groupDigits(row.amount)} PLUR per chunk` },
        { text: row.ttlSeconds < 0 ? 'unknown' : formatDuration(row.ttlSeconds) },
        { text: formatBytes(row.theoreticalBytes), detail: `${formatCount(2 ** row.depth)} chunks of 4,096 bytes` },
        { text: formatBytes(row.effectiveBytes), detail: 'usable at this depth by bee-js’s effective-volume table (buckets fill unevenly)' },
        { text: row.immutable ? 'immutable' : 'mutable', detail: row.immutable ? 'a full bucket refuses further chunks' : 'a full bucket overwrites its oldest chunks' },
        { text: fillBar(row.peakFill, ascii), tone: row.peakFill >= 1 ? 'fail' : row.peakFill >= STAMP_STATUS_THRESHOLDS.skewedPeakFill ? 'warn' : 'ok' },
        { text: `${formatCount(row.utilization)}/${formatCount(row.slots)} ${formatPercent(row.peakFill)}` },
        { text: row.verdict.status, tone: row.verdict.tone },
        { text: row.verdict.reason },
      ],
      };
    }),
  };
}

export function bucketDrillView(row: StampRow | undefined, drill: BucketDrill): Omit<DrillView, 'selection'> {
  const title = `Buckets of ${shortId(drill.batchID)}${row?.label ? ` (${row.label})` : ''}`;
  if (drill.kind === 'loading') return { title, status: 'loading', subtitle: 'loading 65,536 buckets (once per batch)', sections: [] };
  if (drill.kind === 'error') return { title, status: 'error', subtitle: drill.message, sections: [] };
  const s = drill.summary;
  const ratio = s.averageFill > 0 ? s.peakFill / s.averageFill : 0;
  const skew = s.averageFill > 0 ? `${ratio < 10 ? ratio.toFixed(1) : formatCount(Math.round(ratio))}x the average` : 'no chunks stamped';
  const sections: Section[] = [
    {
      kind: 'facts',
      id: 'fill',
      title: 'Fill',
      rows: [
        { label: 'Stamped chunks', value: `${formatCount(s.stamped)} of ${formatCount(s.capacity)} slots (${formatPercent(s.averageFill)} on average)` },
        {
          label: 'Fullest bucket',
          value: `${formatPercent(s.peakFill)} (${skew})`,
          tone: s.peakFill >= 1 ? 'fail' : s.peakFill >= 0.8 ? 'warn' : 'ok',
        },
        { label: 'Buckets', value: `${formatCount(s.bucketCount)} buckets of ${formatCount(s.bucketUpperBound)} slots each (depth ${s.depth}, bucket depth ${s.bucketDepth})` },
      ],
    },
    {
      kind: 'bars',
      id: 'histogram',
      title: 'Buckets by fill',
      bars: FILL_BINS.map((bin, i) => {
        const count = s.bins[i] ?? 0;
        return {
          label: bin.label,
          fraction: s.bucketCount === 0 ? 0 : count / s.bucketCount,
          text: `${formatCount(count)} bucket${count === 1 ? '' : 's'}`,
          ...(i === FILL_BINS.length - 1 && count > 0 ? { tone: 'warn' as const } : {}),
        };
      }),
    },
    {
      kind: 'table',
      id: 'worst',
      title: `${s.worst.length < 10 ? 'All stamped' : '10 fullest'} buckets by collisions`,
      selectable: true,
      emptyText: 'no chunk stamped with this batch yet',
      columns: [
        { id: 'bucket', label: 'Bucket', align: 'left', priority: 1, kind: 'id' },
        { id: 'collisions', label: 'Collisions', align: 'right', priority: 1, kind: 'count' },
        { id: 'fill', label: 'Fill', align: 'right', priority: 2, kind: 'fill' },
      ],
      rows: s.worst.map((b) => {
        const fill = b.collisions / s.bucketUpperBound;
        return {
          key: String(b.bucketID),
          ...(fill >= 1 ? { tone: 'fail' as const } : fill >= 0.8 ? { tone: 'warn' as const } : {}),
          cells: [{ text: bucketLabel(b.bucketID, s.bucketDepth) }, { text: formatCount(b.collisions) }, { text: `${formatCount(b.collisions)}/${formatCount(s.bucketUpperBound)} ${formatPercent(fill)}` }],
        };
      }),
    },
  ];
  return { title, status: 'ready', subtitle: 'loaded once and cached; Esc closes', sections };
}

/**
 * @param selectedBatch the batch of the selected row (the screen learns it from `screen.select`), whose hint line
 *   carries its full ID; absent or gone, the first row's, which is where the engine's selection starts.
 */
export function renderStamps(model: StampsModel, drill: BucketDrill | null, selectedBatch: string | null = null, ascii = false): ScreenContent {
  const drillView = drill === null ? null : bucketDrillView(model.kind === 'ready' ? model.rows.find((r) => r.batchID === drill.batchID) : undefined, drill);
  if (model.kind === 'loading') return { status: 'loading', subtitle: 'asking /stamps', sections: [], drill: drillView };
  // No table: its empty text says "no postage batches", a fact /stamps did not give (the node may have many).
  if (model.kind === 'error') return { status: 'error', subtitle: model.message, sections: [], drill: drillView };
  const counts = summarizeStatuses(model.rows);
  return {
    status: 'ready',
    subtitle: `${counts}; ${pollSubtitle(model.takenAtMs, null, null)}`,
    // The selected batch's facts in full beside (wide) or under (narrow) the table: the room is used (issue 28 item 1).
    sections: [stampsTable(model.rows, ascii, selectedBatch), ...selectedDetail(model.rows, model.takenAtMs, selectedBatch, ascii)],
    drill: drillView,
  };
}

function selectedDetail(rows: readonly StampRow[], takenAtMs: number, selectedBatch: string | null, ascii: boolean) {
  const selected = rows.find((row) => row.batchID === selectedBatch) ?? rows[0];
  return selected ? [batchDetail(selected, takenAtMs, ascii)] : [];
}

function summarizeStatuses(rows: readonly StampRow[]): string {
  if (!rows.length) return 'no batches';
  const by = new Map<string, number>();
  for (const row of rows) by.set(row.verdict.status, (by.get(row.verdict.status) ?? 0) + 1);
  return `${rows.length} batch${rows.length === 1 ? '' : 'es'}: ${[...by].map(([status, n]) => `${n} ${status}`).join(', ')}`;
}

