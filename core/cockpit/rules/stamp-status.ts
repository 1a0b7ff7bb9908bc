/**
 * The status of one postage batch on S2, from the fields Bee's /stamps gives (2-cockpit.md §1 "Operator
 * interpretation rules"; documented in docs/cockpit.md "S2 Stamps"). One status per batch, the most urgent:
 *
 * - Pending: `usable` is false. Bee marks a batch usable once its purchase is confirmed on chain, 10 blocks
 *   after the block that created it (about a minute on Gnosis). Pending for more than 10 minutes (timed from
 *   when the cockpit first saw it pending) suggests the purchase is stuck: the wallet may be out of gas.
 * - Expiring: the batch's TTL is known and under the 7-day planning horizon: plan a top-up. Under 24 h
 *   (the stamp-TTL gate's Warn line) the reason says to top up within the day; under 1 h (the gate's Fail
 *   line) it is red. TTL is Bee's `batchTTL`: the paid balance left per chunk divided by the current price
 *   per chunk per block, times the block time; it moves when the price moves.
 * - Filling: at the growth of its fullest bucket over the last hour (the fleet poller's samples,
 *   core/cockpit/stamp-fill.ts), the batch fills before it expires and within the 7-day horizon.
 * - Skewed: the fullest bucket is at least 80 % full. `utilization` is the PEAK bucket fill, not the
 *   average: uploads land in 65,536 buckets by the first 16 bits of each chunk address, and an immutable
 *   batch refuses every further chunk of a full bucket (402 "batch is overissued") while a mutable one
 *   overwrites that bucket's oldest chunks, however empty the batch is on average.
 * - Empty: usable, but nothing stamped yet (`utilization` 0).
 * - Healthy: usable, in use, TTL beyond the horizon (or unknown) and the fullest bucket under 80 %.
 */
import { formatDuration, formatPercent } from '../format.js';
import { GATE_THRESHOLDS } from '../gate-definitions.js';
import { fillRateSpan, type BatchDeadline } from '../stamp-fill.js';
import type { Tone } from '../view/view-model.js';

export type StampStatus = 'Pending' | 'Expiring' | 'Filling' | 'Skewed' | 'Empty' | 'Healthy';

export const STAMP_STATUS_THRESHOLDS = {
  /** Spec: 'Pending' beyond 10 min suggests the wallet is out of gas. */
  pendingSuspectMs: 10 * 60_000,
  /** Bee's blockThreshold: a batch is usable this many blocks after its creation block. */
  usableAfterBlocks: 10,
  /** The planning horizon: a batch with less life than this should get a top-up planned. */
  expiringPlanSeconds: 7 * 24 * 3600,
  /** The stamp-TTL gate's Warn and Fail lines, so S1 and S2 agree. */
  expiringUrgentSeconds: GATE_THRESHOLDS.stampTtlWarnSeconds,
  expiringCriticalSeconds: GATE_THRESHOLDS.stampTtlFailSeconds,
  /** Peak bucket fill from which a batch is Skewed. */
  skewedPeakFill: 0.8,
} as const;

/** The /stamps fields the status reads. */
export interface StampStatusInput {
  readonly usable: boolean;
  readonly utilization: number;
  /** Bee v2.8.1+; computed from utilization and depth when absent. */
  readonly utilizationRatio?: number | undefined;
  readonly depth: number;
  readonly bucketDepth: number;
  /** Seconds; -1 when Bee cannot estimate it. */
  readonly batchTTL: number;
  readonly immutableFlag: boolean;
}

export interface StampVerdict {
  readonly status: StampStatus;
  readonly tone: Tone;
  /** One line, no trailing period. */
  readonly reason: string;
}

/** Slots per bucket: 2^(depth − bucketDepth). */
export function bucketSlots(depth: number, bucketDepth: number): number {
  return 2 ** Math.max(0, depth - bucketDepth);
}

/** The fullest bucket's fill, 0..1 (Bee's utilizationRatio, or utilization / slots per bucket). */
export function peakFill(batch: Pick<StampStatusInput, 'utilization' | 'utilizationRatio' | 'depth' | 'bucketDepth'>): number {
  if (batch.utilizationRatio !== undefined && Number.isFinite(batch.utilizationRatio)) return batch.utilizationRatio;
  return batch.utilization / bucketSlots(batch.depth, batch.bucketDepth);
}

/**
 * @param pendingForMs how long the cockpit has seen this batch not usable (null when it is usable or the
 *   cockpit has no earlier sighting).
 */
export function stampVerdict(batch: StampStatusInput, pendingForMs: number | null, deadline: BatchDeadline | null = null): StampVerdict {
  const T = STAMP_STATUS_THRESHOLDS;
  if (!batch.usable) {
    const age = pendingForMs ?? 0;
    if (age > T.pendingSuspectMs) {
      return {
        status: 'Pending',
        tone: 'fail',
        reason: `not usable after ${formatDuration(age / 1000)}: the purchase looks stuck; is the wallet out of gas? (native balance, pending transactions)`,
      };
    }
    const seen = pendingForMs === null ? '' : ` (seen pending ${formatDuration(age / 1000)})`;
    return { status: 'Pending', tone: 'warn', reason: `not usable yet: waiting for ${T.usableAfterBlocks} blocks of confirmation on chain${seen}` };
  }
  const fill = peakFill(batch);
  const slots = bucketSlots(batch.depth, batch.bucketDepth);
  const ttl = batch.batchTTL;
  // Whichever comes first, price or fill (a batch already full is Skewed below, with what that means).
  if (deadline?.by === 'fill' && deadline.seconds > 0 && deadline.seconds < T.expiringPlanSeconds) {
    const price = ttl >= 0 ? ` (expires in ${formatDuration(ttl)} at the current price)` : '';
    const left = `${deadline.text}${price}`;
    const remedy = batch.immutableFlag ? 'dilute it or buy another batch before uploads are refused' : 'dilute it or buy another batch before new chunks overwrite old ones';
    if (deadline.seconds < T.expiringCriticalSeconds) return { status: 'Filling', tone: 'fail', reason: `${left}: ${remedy} now` };
    return { status: 'Filling', tone: 'warn', reason: `${left}: ${remedy}` };
  }
  if (ttl >= 0 && ttl < T.expiringPlanSeconds) {
    const left = `expires in ${formatDuration(ttl)} at the current price`;
    if (ttl < T.expiringCriticalSeconds) return { status: 'Expiring', tone: 'fail', reason: `${left}: top up now` };
    if (ttl < T.expiringUrgentSeconds) return { status: 'Expiring', tone: 'warn', reason: `${left}: top up within the day` };
    return { status: 'Expiring', tone: 'warn', reason: `${left}: plan a top-up (under the 7-day horizon)` };
  }
  if (fill >= T.skewedPeakFill) {
    const full = fill >= 1;
    const peak = `fullest bucket ${batch.utilization}/${slots} (${formatPercent(fill)})`;
    const consequence = batch.immutableFlag
      ? full
        ? 'chunks landing there are refused (402 batch is overissued)'
        : 'immutable: uploads landing there will be refused once it fills'
      : full
        ? 'mutable: new chunks there overwrite the oldest ones'
        : 'mutable: once it fills, new chunks there overwrite the oldest ones';
    return { status: 'Skewed', tone: full && batch.immutableFlag ? 'fail' : 'warn', reason: `${peak}: ${consequence}` };
  }
  if (batch.utilization === 0) return { status: 'Empty', tone: 'muted', reason: 'usable, nothing stamped yet' };
  const life = ttl < 0 ? 'TTL unknown (no price yet)' : `expires in ${formatDuration(ttl)}`;
  const filling = deadline?.fill.kind === 'filling' ? `, full in ~${formatDuration(deadline.fill.seconds)} at ${fillRateSpan(deadline.fill.spanMs)}` : '';
  return { status: 'Healthy', tone: 'ok', reason: `fullest bucket ${batch.utilization}/${slots} (${formatPercent(fill)}), ${life}${filling}` };
}

/** Most urgent first, for sorting the batch table. */
export function stampUrgency(verdict: StampVerdict): number {
  const tone = { fail: 0, warn: 1, info: 2, muted: 3, ok: 4 }[verdict.tone];
  const status = { Pending: 0, Expiring: 1, Filling: 1, Skewed: 2, Empty: 3, Healthy: 4 }[verdict.status];
  return tone * 10 + status;
}
