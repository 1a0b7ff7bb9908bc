/**
 * Which postage batch a command means (pure, over GET /stamps rows):
 * - `resolveBatchPrefix`: a full ID or a unique prefix of one of the node's batches; an unknown or ambiguous
 *   prefix is refused, naming the candidates.
 * - `pickUploadBatch`: without a prefix, the batch an upload should use: usable, room for the upload (bee-js's
 *   effective capacity scaled by the fullest bucket's free share), not expiring within a day when any batch
 *   outlives one (else the longest-lived, with a warning), and among those the longest TTL (content should
 *   outlive the batch as long as possible), then the most room. The reason says which and why, or why none fits.
 */
import { formatBytes, formatDuration, shortId } from './format.js';
import { effectiveCapacityBytes, theoreticalCapacityBytes } from '../swarm/stamp-math.js';

export interface BatchRow {
  batchID: string;
  usable: boolean;
  depth: number;
  /** Fullest bucket's count. */
  utilization: number;
  immutableFlag: boolean;
  /** Seconds; -1 unknown. */
  batchTTL: number;
  label?: string;
}

export type BatchResolution = { ok: true; batch: BatchRow } | { ok: false; reason: string };

export function resolveBatchPrefix(prefix: string, batches: readonly BatchRow[]): BatchResolution {
  const matches = batches.filter((b) => b.batchID.toLowerCase().startsWith(prefix.toLowerCase()));
  if (matches.length === 1) return { ok: true, batch: matches[0]! };
  if (matches.length === 0) {
    const known = batches.length ? `; its batches: ${batches.map((b) => shortId(b.batchID)).join(', ')}` : '; it has no batches';
    return { ok: false, reason: `no batch of this node starts with ${prefix}${known}` };
  }
  return { ok: false, reason: `batch prefix ${prefix} is ambiguous: ${matches.map((b) => b.batchID.slice(0, Math.max(prefix.length + 4, 8))).join(', ')} all match; give more characters` };
}

/** Bytes the batch can still take, by bee-js's effective estimate, scaled by the fullest bucket's free share. */
export function remainingBytes(batch: BatchRow): number {
  const slots = 2 ** (batch.depth - 16);
  const free = Math.max(0, slots - batch.utilization) / slots;
  return Math.floor(effectiveCapacityBytes(batch.depth) * free);
}

/**
 * Chunks an upload of `bytes` stamps, approximately: data chunks, the chunk tree above them (1/127 more), erasure
 * parity at Bee 2.8.1's default MEDIUM level (about 1/10 more for multi-chunk trees), manifest nodes and root
 * replicas (a few per file). Used to compare with remainingBytes in the same unit (4 KiB per chunk).
 */
export function uploadFootprintBytes(bytes: number, files = 1): number {
  const chunks = Math.max(1, Math.ceil(bytes / 4096));
  const tree = chunks > 1 ? Math.ceil(chunks / 127) : 0;
  const parity = chunks > 1 ? Math.ceil((chunks + tree) / 10) : 0;
  const perFile = 4;
  return (chunks + tree + parity + files * perFile + 4) * 4096;
}

export const EXPIRING_SECONDS = 86_400;

export type BatchPick = { ok: true; batch: BatchRow; reason: string } | { ok: false; reason: string };

export function pickUploadBatch(batches: readonly BatchRow[], footprint: number): BatchPick {
  if (batches.length === 0) return { ok: false, reason: 'this node has no postage batch: buy one first (see buy-suggest)' };
  const usable = batches.filter((b) => b.usable);
  if (usable.length === 0) return { ok: false, reason: `none of the node's ${batches.length} batch${batches.length === 1 ? ' is' : 'es are'} usable yet (a purchase needs about 10 blocks to confirm)` };
  const roomy = usable.filter((b) => remainingBytes(b) >= footprint);
  if (roomy.length === 0) {
    const most = best(usable, (b) => remainingBytes(b));
    return { ok: false, reason: `no usable batch has room for about ${formatBytes(footprint)} (most room: ${shortId(most.batchID)} with ${formatBytes(remainingBytes(most))}): dilute or top up a batch, or buy one (plan-batch, buy-suggest)` };
  }
  // Batches that outlive a day come first; only when none does is an expiring one used, and the reason warns.
  const alive = roomy.filter((b) => b.batchTTL < 0 || b.batchTTL >= EXPIRING_SECONDS);
  const pool = alive.length ? alive : roomy;
  const chosen = [...pool].sort((a, b) => ttlOf(b) - ttlOf(a) || remainingBytes(b) - remainingBytes(a))[0]!;
  const others = pool.length - 1;
  const ttl = chosen.batchTTL < 0 ? 'unknown TTL' : `TTL ${formatDuration(chosen.batchTTL)}`;
  const expiring = alive.length ? '' : `; it expires within a day, and the upload with it unless you top it up (extend-preview)`;
  const reason = `batch ${shortId(chosen.batchID)}: usable, ${ttl}${others ? ` (the longest of ${pool.length} batches with room)` : ''}, about ${formatBytes(remainingBytes(chosen))} free of ${formatBytes(effectiveCapacityBytes(chosen.depth))} effective (${formatBytes(theoreticalCapacityBytes(chosen.depth))} theoretical)${expiring}`;
  return { ok: true, batch: chosen, reason };
}

function ttlOf(batch: BatchRow): number {
  return batch.batchTTL < 0 ? Number.MAX_SAFE_INTEGER : batch.batchTTL;
}

function best<T>(items: readonly T[], score: (item: T) => number): T {
  return items.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/**
 * Whether a batch the user named can take an upload of `footprint` bytes: refused when not usable yet, expired,
 * or immutable and too small; a mutable batch short of room is accepted with a warning (its oldest chunks go).
 */
export function checkGivenBatch(batch: BatchRow, footprint: number): BatchPick {
  const id = shortId(batch.batchID);
  if (!batch.usable) return { ok: false, reason: `batch ${id} is not usable yet (a purchase needs about 10 blocks to confirm)` };
  if (batch.batchTTL === 0) return { ok: false, reason: `batch ${id} has expired` };
  const room = remainingBytes(batch);
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  if (room < footprint && batch.immutableFlag) {
    return { ok: false, reason: `batch ${id} is too small for this upload: about ${mb(room)} free, the upload needs about ${mb(footprint)} (dilute it, or pick another batch)` };
  }
  const ttl = batch.batchTTL < 0 ? 'TTL unknown' : `TTL ${formatDuration(batch.batchTTL)}`;
  const tight = room < footprint ? `; mutable and short of room (${mb(room)} free for ${mb(footprint)}): the oldest chunks will be overwritten` : `, about ${mb(room)} free`;
  return { ok: true, batch, reason: `batch ${id} as given: usable, ${ttl}${tight}` };
}
