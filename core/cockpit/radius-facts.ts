/**
 * What radius-doctor reads (core/cockpit/radius-doctor.ts), and when the radius last moved.
 *
 * "Time since the last change" comes from successive polls of the same node: the engine keeps a RadiusTrack per
 * node (the first poll, the first poll with the current radius and committed depth, and what they were before),
 * updated by nextRadiusTrack on every health poll. One reading (a `--once` run, the first poll) says unknown.
 */
import type { Fetched } from './health-snapshot.js';

export interface RadiusStatusFacts {
  readonly overlay: string;
  readonly reserveSize: number;
  readonly reserveSizeWithinRadius: number;
  readonly pullsyncRate: number;
  readonly storageRadius: number;
  readonly connectedPeers: number;
  readonly neighborhoodSize: number;
  readonly committedDepth?: number;
  readonly isWarmingUp?: boolean;
}

export interface RadiusReserveFacts {
  readonly radius: number;
  readonly storageRadius: number;
  readonly commitment: number;
  readonly reserveCapacityDoubling?: number;
}

/** One row of /status/peers: a failed peer has only overlay, proximity and requestFailed. */
export interface PeerDepthFacts {
  readonly overlay: string;
  readonly proximity: number;
  readonly committedDepth?: number;
  readonly requestFailed?: boolean;
}

export interface NeighbourhoodFacts {
  readonly neighborhood: string;
  readonly reserveSizeWithinRadius: number;
  readonly proximity: number;
}

export interface RadiusTopologyFacts {
  readonly depth: number;
  readonly connectedPerBin: readonly number[];
}

export type RadiusChange =
  | { readonly kind: 'unknown'; readonly why: string }
  /** Seen to change between two polls: from what, and how long ago (at most the gap between those polls more). */
  | { readonly kind: 'changed'; readonly from: { readonly storageRadius: number; readonly committedDepth: number | null }; readonly agoSeconds: number }
  /** The same in every poll so far: a lower bound. */
  | { readonly kind: 'unchangedSince'; readonly forSeconds: number };

export interface RadiusInputs {
  readonly takenAtMs: number;
  readonly status: Fetched<RadiusStatusFacts>;
  readonly reserve: Fetched<RadiusReserveFacts>;
  readonly peers: Fetched<readonly PeerDepthFacts[]>;
  readonly neighborhoods: Fetched<readonly NeighbourhoodFacts[]>;
  readonly topology: Fetched<RadiusTopologyFacts>;
  readonly change: RadiusChange;
}

/** The first `bits` bits of a hex address as a bit-string ("0110"), as /status/neighborhoods writes them. */
export function addressBitString(hex: string, bits: number): string {
  let out = '';
  for (let i = 0; out.length < bits && i < hex.length; i++) out += parseInt(hex[i]!, 16).toString(2).padStart(4, '0');
  return out.slice(0, bits);
}

export interface RadiusTrack {
  readonly storageRadius: number;
  readonly committedDepth: number | null;
  /** First poll that read these values. */
  readonly sinceMs: number;
  /** First poll of all. */
  readonly firstMs: number;
  /** What the previous poll read, when these values were seen to change; null while they never did. */
  readonly from: { readonly storageRadius: number; readonly committedDepth: number | null } | null;
}

/** The track after a poll that read (or failed to read) the radius; a failed read keeps the track. */
export function nextRadiusTrack(track: RadiusTrack | null, reading: { readonly storageRadius: number; readonly committedDepth: number | null } | null, atMs: number): RadiusTrack | null {
  if (reading === null) return track;
  if (track === null) return { ...reading, sinceMs: atMs, firstMs: atMs, from: null };
  if (track.storageRadius === reading.storageRadius && track.committedDepth === reading.committedDepth) return track;
  return { ...reading, sinceMs: atMs, firstMs: track.firstMs, from: { storageRadius: track.storageRadius, committedDepth: track.committedDepth } };
}

export function radiusChangeOf(track: RadiusTrack | null, nowMs: number): RadiusChange {
  if (track === null) return { kind: 'unknown', why: 'the radius has not been read yet' };
  if (track.from !== null) return { kind: 'changed', from: track.from, agoSeconds: Math.max(0, (nowMs - track.sinceMs) / 1000) };
  if (track.firstMs === nowMs || nowMs - track.firstMs < 1000) return { kind: 'unknown', why: 'one reading so far: the cockpit measures it across polls' };
  return { kind: 'unchangedSince', forSeconds: (nowMs - track.firstMs) / 1000 };
}
