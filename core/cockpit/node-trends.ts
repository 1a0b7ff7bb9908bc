/**
 * The fleet's trend rings (issue 28 item 3): one TrendRing per node the fleet polls, fed by the engine from the
 * polls it already makes (no extra node calls), kept by node name so a node switch loses nothing. What each
 * figure is, read from a NodeHealthSnapshot: docs/cockpit.md "Trends". Pure apart from the rings it owns.
 */
import type { NodeHealthSnapshot } from './health-snapshot.js';
import { worstBatch } from './gate-rules.js';
import { percentile } from '../retcheck/percentiles.js';
import { bucketSeries, NEAR_DEPTH_BIN_FIGURES, NEAR_DEPTH_OFFSETS, TREND_SPAN_MS, TrendRing, trendGeometry, type TrendFigure, type TrendSample } from './trend-ring.js';
import { sparkLevels } from './sparkline.js';

/** What a screen reads of a node's ring. */
export interface TrendReader {
  series(figure: TrendFigure, sinceMs?: number): { atMs: number[]; values: (number | null)[] };
  readonly lastAtMs: number | null;
}

const PLUR_PER_BZZ = 1e16;
const WEI_PER_NATIVE = 1e18;
/** Call latencies kept per node between two polls for the p95 (a poll makes nine calls; screens add a few). */
const LATENCY_WINDOW = 256;

/** The figures of one poll; what the poll could not read is null (a gap). */
export function trendSampleOf(s: NodeHealthSnapshot, apiP95Ms: number | null = null): TrendSample {
  const status = s.status.ok ? s.status.value : null;
  const topology = s.topology.ok ? s.topology.value : null;
  const wallet = s.wallet.ok ? s.wallet.value : null;
  const worst = worstBatch(s);
  const below = topology ? topology.connectedPerBin.slice(0, topology.depth) : [];
  const bins: TrendSample = {};
  NEAR_DEPTH_OFFSETS.forEach((offset, i) => {
    const bin = topology ? topology.depth + offset : -1;
    // A bin under 0 does not exist (a gap); one past the list Bee sent holds no peer it reported.
    bins[NEAR_DEPTH_BIN_FIGURES[i]!] = topology && bin >= 0 && bin < topology.connectedPerBin.length ? topology.connectedPerBin[bin]! : null;
  });
  return {
    ...bins,
    peers: status?.connectedPeers ?? topology?.connected ?? null,
    // The least connected bin under the depth: what the bin-saturation gate watches.
    nearDepth: below.length ? Math.min(...below) : null,
    reserve: status?.reserveSizeWithinRadius ?? null,
    radius: s.reservestate.ok ? s.reservestate.value.storageRadius : (status?.storageRadius ?? null),
    stampTtl: worst ? worst.batchTTL : null,
    chainLag: s.chainstate.ok ? Math.max(0, s.chainstate.value.chainTip - s.chainstate.value.block) : null,
    bzz: wallet?.bzzBalance ? Number(wallet.bzzBalance) / PLUR_PER_BZZ : null,
    native: wallet?.nativeTokenBalance ? Number(wallet.nativeTokenBalance) / WEI_PER_NATIVE : null,
    apiP95: apiP95Ms,
    depth: topology?.depth ?? null,
  };
}

export class FleetTrends {
  private readonly rings = new Map<string, TrendRing>();
  private readonly latencies = new Map<string, { ms: Float64Array; count: number }>();
  private readonly geometry: { slotMs: number; capacity: number };

  constructor(pollIntervalMs: number, spanMs = TREND_SPAN_MS) {
    this.geometry = trendGeometry(pollIntervalMs, spanMs);
  }

  /**
   * A call to `node` took `ms` and ended with `status` (the node client's call records): the next poll's sample
   * takes the p95 of the calls the API answered. A call with no answer (refused, timed out) or a 5xx measures a
   * failure, not the API's latency: it is left out, so a node that answers nothing has no p95 (unknown), not a
   * fast one.
   */
  noteCall(node: string, ms: number, status: number | undefined): void {
    if (status === undefined || status >= 500) return;
    let window = this.latencies.get(node);
    if (!window) this.latencies.set(node, (window = { ms: new Float64Array(LATENCY_WINDOW), count: 0 }));
    window.ms[window.count % LATENCY_WINDOW] = ms;
    window.count++;
  }

  /** Records a poll of `node` (a poll already recorded, same takenAtMs, is not recorded twice). */
  record(node: string, snapshot: NodeHealthSnapshot): void {
    let ring = this.rings.get(node);
    if (!ring) this.rings.set(node, (ring = new TrendRing(this.geometry.capacity, this.geometry.slotMs)));
    if (ring.lastAtMs !== null && snapshot.takenAtMs <= ring.lastAtMs) return;
    ring.push(snapshot.takenAtMs, trendSampleOf(snapshot, this.takeP95(node)));
  }

  private takeP95(node: string): number | null {
    const window = this.latencies.get(node);
    if (!window || window.count === 0) return null;
    const kept = Array.from(window.ms.subarray(0, Math.min(window.count, LATENCY_WINDOW))).sort((a, b) => a - b);
    window.count = 0;
    return percentile(kept, 95);
  }

  reader(node: string): TrendReader | undefined {
    return this.rings.get(node);
  }

  /** Bytes held by every ring and latency window (what bench:cockpit-fleet prints). */
  get bytes(): number {
    let total = 0;
    for (const ring of this.rings.values()) total += ring.bytes;
    for (const window of this.latencies.values()) total += window.ms.byteLength;
    return total;
  }
}

/**
 * Connected peers of one bin over time, from the near-depth figures: each sample's own depth says which of them
 * held `bin` then. A sample where `bin` was not near the depth (the depth moved) is a gap, not a zero.
 */
export function binSeries(reader: TrendReader, bin: number, sinceMs = -Infinity): { atMs: number[]; values: (number | null)[] } {
  const depth = reader.series('depth', sinceMs);
  const columns = NEAR_DEPTH_BIN_FIGURES.map((figure) => reader.series(figure, sinceMs).values);
  const values = depth.values.map((d, k) => {
    const i = d === null ? -1 : NEAR_DEPTH_OFFSETS.indexOf((bin - d) as (typeof NEAR_DEPTH_OFFSETS)[number]);
    return i < 0 ? null : (columns[i]![k] ?? null);
  });
  return { atMs: depth.atMs, values };
}

/** Cells of a sparkline: the last `spanMs` before `endMs` in `width` cells, as levels 0..7 or null (a gap). */
export function trendLevels(reader: TrendReader | undefined, figure: TrendFigure, width: number, endMs: number, spanMs = TREND_SPAN_MS): (number | null)[] | null {
  if (!reader) return null;
  return sparkLevels(bucketSeries(reader.series(figure, endMs - spanMs), width, endMs, spanMs));
}
