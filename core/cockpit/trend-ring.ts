/**
 * A bounded ring of one node's key figures over time (issue 28 item 3): one fixed-size typed array per figure
 * and one for the sample times, so a fleet of 200 nodes costs a known, small amount of memory and no garbage
 * per poll. A figure the poll could not read is stored as NaN and read back as null: a gap, never a zero.
 *
 * Values are 32-bit floats (a sparkline's shape and a 4-digit tooltip need no more; whole counts stay exact up to
 * 16 million), times 64-bit: 200 nodes with an hour each cost about 5 MB.
 *
 * Samples land in slots of `slotMs` (at least the poll cadence): a poll inside the newest slot replaces it, so
 * a faster cadence (the `live` preset) still covers `spanMs` with the same capacity. Pure: times come in.
 */

/**
 * The bins near the depth whose connected peers a ring keeps, as offsets from the depth of the same poll: the two
 * bins under it (the bin-saturation gate's concern) and the depth's own and next (the neighbourhood's first).
 * Kept relative, with the depth beside them, so four figures cover any depth (bin-series.ts reads a bin back).
 */
export const NEAR_DEPTH_OFFSETS = [-2, -1, 0, 1] as const;
export const NEAR_DEPTH_BIN_FIGURES = ['binDepthMinus2', 'binDepthMinus1', 'binAtDepth', 'binDepthPlus1'] as const;

/** The figures a ring keeps for each node (docs/cockpit.md "Trends" says where each comes from). */
export const TREND_FIGURES = ['peers', 'nearDepth', 'reserve', 'radius', 'stampTtl', 'chainLag', 'bzz', 'native', 'apiP95', 'depth', ...NEAR_DEPTH_BIN_FIGURES] as const;
export type TrendFigure = (typeof TREND_FIGURES)[number];

/** One poll's figures; a figure missing (or null) is a gap. */
export type TrendSample = Partial<Record<TrendFigure, number | null>>;

/** How much history a ring covers: at least an hour at any cadence (2-cockpit.md leaves longer history to Prometheus). */
export const TREND_SPAN_MS = 3_600_000;
/** The shortest slot: a poll more often than this replaces the newest sample instead of adding one. */
export const TREND_MIN_SLOT_MS = 10_000;

/** The slot length and capacity that cover `spanMs` at a poll every `pollIntervalMs`. */
export function trendGeometry(pollIntervalMs: number, spanMs = TREND_SPAN_MS): { slotMs: number; capacity: number } {
  const slotMs = Math.max(TREND_MIN_SLOT_MS, Math.round(pollIntervalMs));
  // One more slot than the span holds, so the oldest sample is at least spanMs old once the ring is full.
  return { slotMs, capacity: Math.ceil(spanMs / slotMs) + 1 };
}

export class TrendRing {
  readonly capacity: number;
  readonly slotMs: number;
  private readonly times: Float64Array;
  private readonly values: Float32Array;
  /** Index of the next write; the newest sample is at head - 1. */
  private head = 0;
  private count = 0;

  constructor(capacity: number, slotMs: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`trend ring capacity must be an integer >= 2, not ${capacity}`);
    this.capacity = capacity;
    this.slotMs = slotMs;
    this.times = new Float64Array(capacity);
    this.values = new Float32Array(capacity * TREND_FIGURES.length).fill(Number.NaN);
  }

  /** Bytes held by the typed arrays (the ring's whole cost beyond a few fields). */
  get bytes(): number {
    return this.times.byteLength + this.values.byteLength;
  }

  get size(): number {
    return this.count;
  }

  /** The time of the newest sample, or null when empty. */
  get lastAtMs(): number | null {
    return this.count ? this.times[(this.head - 1 + this.capacity) % this.capacity]! : null;
  }

  /** Records a poll taken at `atMs`. A poll older than the newest sample is ignored (a late answer). */
  push(atMs: number, sample: TrendSample): void {
    const last = this.lastAtMs;
    if (last !== null && atMs < last) return;
    // The newest sample follows the polls until it is a slot after the one before it; then it stays and the next
    // poll starts a new one. Kept samples are a slot apart (the span stays covered at any cadence) and the newest
    // is always the latest poll.
    const previous = this.count > 1 ? this.times[(this.head - 2 + this.capacity) % this.capacity]! : null;
    const newestSlot = (this.head - 1 + this.capacity) % this.capacity;
    const slot = previous !== null && last !== null && last - previous < this.slotMs ? newestSlot : this.advance();
    this.times[slot] = atMs;
    const base = slot * TREND_FIGURES.length;
    for (let i = 0; i < TREND_FIGURES.length; i++) {
      const value = sample[TREND_FIGURES[i]!];
      this.values[base + i] = value === null || value === undefined || !Number.isFinite(value) ? Number.NaN : value;
    }
  }

  private advance(): number {
    const slot = this.head;
    this.head = (this.head + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
    return slot;
  }

  /** One figure's samples taken at or after `sinceMs`, oldest first; a gap is null. */
  series(figure: TrendFigure, sinceMs = -Infinity): { atMs: number[]; values: (number | null)[] } {
    const column = TREND_FIGURES.indexOf(figure);
    const atMs: number[] = [];
    const values: (number | null)[] = [];
    const start = (this.head - this.count + this.capacity) % this.capacity;
    for (let k = 0; k < this.count; k++) {
      const slot = (start + k) % this.capacity;
      const t = this.times[slot]!;
      if (t < sinceMs) continue;
      const v = this.values[slot * TREND_FIGURES.length + column]!;
      atMs.push(t);
      values.push(Number.isNaN(v) ? null : v);
    }
    return { atMs, values };
  }

  /** The newest known value of a figure, or null when every sample of it is a gap. */
  latest(figure: TrendFigure): number | null {
    const { values } = this.series(figure);
    for (let k = values.length - 1; k >= 0; k--) if (values[k] !== null) return values[k]!;
    return null;
  }
}

/**
 * Resamples a series onto `width` equal time buckets ending at `endMs` and covering `spanMs`: each bucket holds
 * its newest known sample, or null (a gap) when it has none. This is what a sparkline of `width` cells draws.
 */
export function bucketSeries(series: { atMs: readonly number[]; values: readonly (number | null)[] }, width: number, endMs: number, spanMs: number): (number | null)[] {
  const out: (number | null)[] = new Array(width).fill(null);
  const startMs = endMs - spanMs;
  const bucketMs = spanMs / width;
  for (let k = 0; k < series.atMs.length; k++) {
    const t = series.atMs[k]!;
    const v = series.values[k]!;
    if (v === null || t <= startMs || t > endMs) continue;
    // Cells are (start, end]: the poll at endMs is the last cell's, the one at the span's start is out.
    const index = Math.min(width - 1, Math.max(0, Math.ceil((t - startMs) / bucketMs) - 1));
    out[index] = v;
  }
  return out;
}
