/**
 * When will a batch be full? (issue 29 item 8). Bee's `batchTTL` says when a batch expires at the current price;
 * a batch being written to can fill its fullest bucket long before that. The fleet poller keeps, per batch, the
 * fullest bucket's count (`utilization`) from successive polls of /stamps, a slot apart over the last hour, and
 * the least-squares growth of those samples says when the bucket reaches its 2^(depth − bucketDepth) slots.
 * The stamp-TTL gate and S2 warn on whichever comes first, price or fill, and say which (docs/cockpit.md
 * "Stamp TTL: price or fill"). Pure: samples in, forecast out.
 */
import type { NodeHealthSnapshot, StampFacts } from './health-snapshot.js';
import { formatDuration } from './format.js';

export interface FillSample {
  readonly atMs: number;
  /** Chunks in the fullest bucket. */
  readonly utilization: number;
}

/** Per batch ID, oldest first. */
export type StampFillHistory = Readonly<Record<string, readonly FillSample[]>>;

export interface FillOptions {
  /** How far back the rate looks (default an hour: "the last hour's fill rate"). */
  readonly windowMs?: number;
  /** Samples are kept at least this far apart (the newest is replaced until it is; default 60 s). */
  readonly spacingMs?: number;
  /** The shortest span the rate is taken over; less is "too few samples" (default 60 s). */
  readonly minSpanMs?: number;
}

const DEFAULTS = { windowMs: 3_600_000, spacingMs: 60_000, minSpanMs: 60_000 } as const;
/** Bounds a batch's samples whatever the options (an hour at the default spacing is 61). */
const MAX_SAMPLES = 64;

export const EMPTY_FILL_HISTORY: StampFillHistory = Object.freeze({});

/**
 * The history after a poll: each listed batch with a `utilization` gains the poll's sample; batches no longer
 * listed are forgotten. A poll whose /stamps failed changes nothing (a gap, not a reset).
 */
export function recordStampFill(history: StampFillHistory, snapshot: NodeHealthSnapshot, options: FillOptions = {}): StampFillHistory {
  if (!snapshot.stamps.ok) return history;
  const { windowMs, spacingMs } = { ...DEFAULTS, ...options };
  const at = snapshot.takenAtMs;
  const next: Record<string, readonly FillSample[]> = {};
  for (const batch of snapshot.stamps.value) {
    if (batch.utilization === undefined) continue;
    const old = history[batch.batchID] ?? [];
    const kept = old.filter((sample) => sample.atMs < at && sample.atMs >= at - windowMs);
    // The newest sample moves with each poll until it is a spacing after the one before it.
    const beforeLast = kept.length > 1 ? kept[kept.length - 2]! : null;
    if (beforeLast && at - beforeLast.atMs < spacingMs) kept.pop();
    kept.push({ atMs: at, utilization: batch.utilization });
    next[batch.batchID] = kept.length > MAX_SAMPLES ? kept.slice(-MAX_SAMPLES) : kept;
  }
  return next;
}

export type FillForecast =
  /** The fullest bucket has no slot left. */
  | { readonly kind: 'full'; readonly slots: number }
  /** Growing: full in `seconds` at the rate over `spanMs`. */
  | { readonly kind: 'filling'; readonly seconds: number; readonly spanMs: number; readonly slots: number }
  /** No growth over `spanMs`. */
  | { readonly kind: 'steady'; readonly spanMs: number }
  | { readonly kind: 'unknown'; readonly why: string };

export function fillForecast(batch: StampFacts, samples: readonly FillSample[] | undefined, options: FillOptions = {}): FillForecast {
  if (batch.utilization === undefined || batch.bucketDepth === undefined) return { kind: 'unknown', why: 'Bee did not report its utilization' };
  const slots = 2 ** Math.max(0, batch.depth - batch.bucketDepth);
  if (batch.utilization >= slots) return { kind: 'full', slots };
  const { minSpanMs } = { ...DEFAULTS, ...options };
  const points = samples ?? [];
  const spanMs = points.length > 1 ? points[points.length - 1]!.atMs - points[0]!.atMs : 0;
  if (points.length === 0) return { kind: 'unknown', why: 'no earlier poll of /stamps to compare with' };
  if (points.length < 2 || spanMs < minSpanMs) {
    return { kind: 'unknown', why: `too few samples (${points.length} over ${formatDuration(spanMs / 1000)}; the rate needs ${formatDuration(minSpanMs / 1000)})` };
  }
  const perMs = slope(points);
  if (perMs <= 0) return { kind: 'steady', spanMs };
  return { kind: 'filling', seconds: (slots - batch.utilization) / perMs / 1000, spanMs, slots };
}

/** Least-squares growth of the samples, in chunks per millisecond. */
function slope(points: readonly FillSample[]): number {
  const t0 = points[0]!.atMs;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.atMs - t0;
    sy += p.utilization;
  }
  const mx = sx / points.length;
  const my = sy / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    const dx = p.atMs - t0 - mx;
    num += dx * (p.utilization - my);
    den += dx * dx;
  }
  return den === 0 ? 0 : num / den;
}

/** `the last hour's fill rate`, `the last 12 min's fill rate`. */
export function fillRateSpan(spanMs: number): string {
  return spanMs >= 55 * 60_000 ? "the last hour's fill rate" : `the last ${formatDuration(spanMs / 1000)}'s fill rate`;
}

/** What ends a batch first and when: its price (batchTTL) or its fill. Null when neither is known. */
export interface BatchDeadline {
  readonly batch: StampFacts;
  readonly by: 'price' | 'fill';
  /** Seconds from the poll; 0 for a batch already full. */
  readonly seconds: number;
  readonly fill: FillForecast;
  /** `expires in 5 d at the current price`, `full in ~3 d at the last hour's fill rate`, `is full (4/4 …)`. */
  readonly text: string;
}

export function batchDeadline(batch: StampFacts, samples: readonly FillSample[] | undefined, options: FillOptions = {}): BatchDeadline | null {
  const fill = fillForecast(batch, samples, options);
  const price = batch.batchTTL >= 0 ? batch.batchTTL : null;
  if (fill.kind === 'full') {
    const what = batch.immutable === false ? 'new chunks overwrite its oldest' : 'uploads with it are refused';
    return { batch, by: 'fill', seconds: 0, fill, text: `is full (fullest bucket ${fill.slots}/${fill.slots}): ${what}` };
  }
  if (fill.kind === 'filling' && (price === null || fill.seconds < price)) {
    return { batch, by: 'fill', seconds: fill.seconds, fill, text: `full in ~${formatDuration(fill.seconds)} at ${fillRateSpan(fill.spanMs)}` };
  }
  if (price === null) return null;
  return { batch, by: 'price', seconds: price, fill, text: `expires in ${formatDuration(price)} at the current price` };
}

/** The batch that ends first across the node's batches, by price or by fill; null when none is known. */
export function soonestDeadline(batches: readonly StampFacts[], history: StampFillHistory, options: FillOptions = {}): BatchDeadline | null {
  let soonest: BatchDeadline | null = null;
  for (const batch of batches) {
    const deadline = batchDeadline(batch, history[batch.batchID], options);
    if (deadline && (!soonest || deadline.seconds < soonest.seconds)) soonest = deadline;
  }
  return soonest;
}

/** A clause on how the batch fills when the price decides: `; fill rate unknown: too few samples (…)`. */
export function fillNote(deadline: BatchDeadline): string {
  if (deadline.by === 'fill') return '';
  const fill = deadline.fill;
  if (fill.kind === 'unknown') return `; fill rate unknown: ${fill.why}`;
  if (fill.kind === 'steady') return `; not filling over the last ${formatDuration(fill.spanMs / 1000)}`;
  if (fill.kind === 'filling') return `; full in ~${formatDuration(fill.seconds)} at ${fillRateSpan(fill.spanMs)}`;
  return '';
}
