/**
 * The S2 bucket-histogram drill: Bee's GET /stamps/{id}/buckets (65,536 `{bucketID, collisions}` entries,
 * about 2.5 MB of JSON) reduced once to a small summary the cockpit caches per batch:
 * - the per-bucket fill across six bins (empty, then five 20 % steps up to full), as bucket counts;
 * - the 10 worst buckets by collision count (stamped chunks in that bucket), ties by bucket ID;
 * - the average fill next to the peak fill, which shows how skewed the batch is: `utilization` is the peak.
 */

/** The six fill bins, by upper bound (inclusive); the first holds only empty buckets. */
export const FILL_BINS = [
  { label: 'empty', upTo: 0 },
  { label: '1-20 %', upTo: 0.2 },
  { label: '21-40 %', upTo: 0.4 },
  { label: '41-60 %', upTo: 0.6 },
  { label: '61-80 %', upTo: 0.8 },
  { label: '81-100 %', upTo: 1 },
] as const;

export const WORST_BUCKETS = 10;

export interface BucketsAnswer {
  readonly depth: number;
  readonly bucketDepth: number;
  readonly bucketUpperBound: number;
  readonly buckets: readonly { readonly bucketID: number; readonly collisions: number }[];
}

export interface BucketSummary {
  readonly depth: number;
  readonly bucketDepth: number;
  /** Slots per bucket. */
  readonly bucketUpperBound: number;
  readonly bucketCount: number;
  /** Stamped chunks over all buckets. */
  readonly stamped: number;
  /** bucketCount × bucketUpperBound. */
  readonly capacity: number;
  /** stamped / capacity. */
  readonly averageFill: number;
  /** The fullest bucket's fill (what Bee reports as utilization / upper bound). */
  readonly peakFill: number;
  /** Bucket counts per FILL_BINS entry, same order. */
  readonly bins: readonly number[];
  readonly worst: readonly { readonly bucketID: number; readonly collisions: number }[];
}

export function summarizeBuckets(answer: BucketsAnswer): BucketSummary {
  const upper = Math.max(1, answer.bucketUpperBound);
  const bins = FILL_BINS.map(() => 0);
  let stamped = 0;
  let peak = 0;
  // Keeping a sorted top-10 while scanning avoids sorting 65,536 entries.
  const worst: { bucketID: number; collisions: number }[] = [];
  for (const { bucketID, collisions } of answer.buckets) {
    stamped += collisions;
    if (collisions > peak) peak = collisions;
    bins[binOf(collisions / upper)]! += 1;
    if (collisions > 0) insertWorst(worst, { bucketID, collisions });
  }
  const bucketCount = answer.buckets.length;
  const capacity = bucketCount * upper;
  return {
    depth: answer.depth,
    bucketDepth: answer.bucketDepth,
    bucketUpperBound: upper,
    bucketCount,
    stamped,
    capacity,
    averageFill: capacity === 0 ? 0 : stamped / capacity,
    peakFill: peak / upper,
    bins,
    worst,
  };
}

/** The FILL_BINS index of a fill ratio (over-full buckets of a mutable batch count as full). */
export function binOf(fill: number): number {
  if (fill <= 0) return 0;
  for (let i = 1; i < FILL_BINS.length; i++) if (fill <= FILL_BINS[i]!.upTo) return i;
  return FILL_BINS.length - 1;
}

function insertWorst(worst: { bucketID: number; collisions: number }[], entry: { bucketID: number; collisions: number }): void {
  const before = (a: typeof entry, b: typeof entry) => a.collisions > b.collisions || (a.collisions === b.collisions && a.bucketID < b.bucketID);
  if (worst.length === WORST_BUCKETS && !before(entry, worst[WORST_BUCKETS - 1]!)) return;
  let i = worst.length;
  while (i > 0 && before(entry, worst[i - 1]!)) i -= 1;
  worst.splice(i, 0, entry);
  if (worst.length > WORST_BUCKETS) worst.pop();
}

/** Bucket IDs as operators see them in Bee's logs: 16-bit, `0x01a2`. */
export function bucketLabel(bucketID: number, bucketDepth = 16): string {
  return `0x${bucketID.toString(16).padStart(Math.ceil(bucketDepth / 4), '0')}`;
}
