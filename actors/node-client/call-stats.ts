/**
 * Per-endpoint call statistics for the cockpit's API Health screen (S8) and the -vv HTTP log.
 *
 * Keys are endpoint TEMPLATES (`GET /stamps/{id}`), never concrete URLs, so the table stays small and no
 * reference, batch ID or token leaks into it. Latency percentiles come from a fixed-size ring of the most recent
 * samples per endpoint: memory is bounded however long the cockpit runs, and the figures track current behaviour
 * rather than a week-old average. Count, errors and max are kept over the whole lifetime.
 *
 * A call the caller cancelled (its own signal fired: a screen left, a node switched) is counted apart: never
 * among the errors, and its duration, which is when the caller gave up, never among the latencies
 * (core/cockpit/call-outcome.ts).
 */
import { callOutcome } from '../../core/cockpit/call-outcome.js';
import type { NodeApiErrorCode } from './errors.js';

/** What the client reports for every call, success or failure. */
export interface CallRecord {
  readonly method: string;
  /** `GET /stamps/{id}`. */
  readonly template: string;
  /** Credential-free concrete URL, for the -vv log line only (stats never store it). */
  readonly url: string;
  /** HTTP status when a response arrived. */
  readonly status?: number;
  /** Milliseconds from sending the request to the end of the body (or the failure). */
  readonly ms: number;
  readonly error?: { readonly code: NodeApiErrorCode; readonly message: string };
}

export interface EndpointStats {
  readonly template: string;
  /** Every call, cancelled ones included. */
  readonly count: number;
  /** Calls that threw, or that ended with a status of 400 or above; cancelled calls are not errors. */
  readonly errors: number;
  /** Calls the caller cancelled before they ended (`aborted`). */
  readonly cancelled: number;
  readonly lastStatus?: number;
  readonly lastErrorCode?: NodeApiErrorCode;
  /** Percentiles over the retained window (the last `windowSize` calls not cancelled); null before the first. */
  readonly p50: number | null;
  readonly p95: number | null;
  readonly p99: number | null;
  readonly max: number | null;
  readonly window: number;
}

export interface CallStats {
  record(record: CallRecord): void;
  /** Sorted by template; plain data, safe to put in a snapshot. */
  snapshot(): EndpointStats[];
  reset(): void;
}

export interface CallStatsOptions {
  /** Latency samples kept per endpoint. Default 512. */
  readonly windowSize?: number;
  /** Rows kept, the `other` overflow row included; further templates fold into `other`. Default 256. */
  readonly maxEndpoints?: number;
}

interface Bucket {
  count: number;
  errors: number;
  cancelled: number;
  max: number;
  lastStatus?: number;
  lastErrorCode?: NodeApiErrorCode;
  ring: Float64Array;
  filled: number;
  next: number;
}

export const OVERFLOW_TEMPLATE = 'other';

export function createCallStats(options: CallStatsOptions = {}): CallStats {
  const windowSize = Math.max(1, Math.floor(options.windowSize ?? 512));
  const maxEndpoints = Math.max(2, Math.floor(options.maxEndpoints ?? 256));
  const buckets = new Map<string, Bucket>();
  /**
   * template -> method -> bucket: record() runs once per call, and looking up two constant strings is cheaper
   * than building the `METHOD template` key each time.
   */
  const lookup = new Map<string, Map<string, Bucket>>();

  function bucketFor(template: string): Bucket {
    const existing = buckets.get(template);
    if (existing) return existing;
    // A caller hitting thousands of distinct URLs through headUrl must not grow memory without bound.
    // One slot stays reserved for the overflow row, so the table never exceeds maxEndpoints rows.
    const key = buckets.size >= maxEndpoints - 1 ? OVERFLOW_TEMPLATE : template;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { count: 0, errors: 0, cancelled: 0, max: 0, ring: new Float64Array(windowSize), filled: 0, next: 0 };
      buckets.set(key, bucket);
    }
    return bucket;
  }

  return {
    record(record) {
      let bucket = lookup.get(record.template)?.get(record.method);
      if (!bucket) {
        const key = `${record.method} ${record.template}`;
        bucket = bucketFor(key);
        // Only rows of their own are remembered: templates folded into the overflow row must not grow the lookup.
        if (buckets.get(key) === bucket) {
          const byMethod = lookup.get(record.template) ?? new Map<string, Bucket>();
          lookup.set(record.template, byMethod.set(record.method, bucket));
        }
      }
      bucket.count += 1;
      const outcome = callOutcome(record);
      if (record.status !== undefined) bucket.lastStatus = record.status;
      bucket.lastErrorCode = record.error?.code;
      if (outcome === 'cancelled') {
        bucket.cancelled += 1;
        return;
      }
      if (outcome === 'failed') bucket.errors += 1;
      const ms = Number.isFinite(record.ms) && record.ms >= 0 ? record.ms : 0;
      bucket.max = Math.max(bucket.max, ms);
      bucket.ring[bucket.next] = ms;
      bucket.next = (bucket.next + 1) % windowSize;
      bucket.filled = Math.min(bucket.filled + 1, windowSize);
    },
    snapshot() {
      return [...buckets.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([template, bucket]) => summarise(template, bucket));
    },
    reset() {
      buckets.clear();
      lookup.clear();
    },
  };
}

function summarise(template: string, bucket: Bucket): EndpointStats {
  const samples = Array.from(bucket.ring.subarray(0, bucket.filled)).sort((a, b) => a - b);
  return {
    template,
    count: bucket.count,
    errors: bucket.errors,
    cancelled: bucket.cancelled,
    ...(bucket.lastStatus === undefined ? {} : { lastStatus: bucket.lastStatus }),
    ...(bucket.lastErrorCode === undefined ? {} : { lastErrorCode: bucket.lastErrorCode }),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: bucket.filled === 0 ? null : bucket.max,
    window: bucket.filled,
  };
}

/** Nearest-rank percentile of ascending samples: the smallest sample with at least p% of samples at or below it. */
export function percentile(sortedAscending: readonly number[], p: number): number | null {
  if (sortedAscending.length === 0) return null;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(sortedAscending.length, Math.max(1, rank)) - 1]!;
}
