/**
 * radius-doctor's "time since the last change" from the engine's trend ring (issue 29 item 3). The ring
 * (node-trends.ts) keeps the active node's storage radius at the fleet cadence for an hour, whether or not S5 or
 * S7 is shown, so it knows more history than a screen's own RadiusTrack (which starts when the screen first
 * polls). Pure: the ring is read, a RadiusTrack-shaped value comes out. The ring keeps the storage radius only,
 * so a change it saw says the committed depth it had before is unknown.
 */
import { activeFleetNode, type ScreenEnv } from './interaction/screen-env.js';
import type { TrendReader } from './node-trends.js';
import { radiusChangeOf, type RadiusChange, type RadiusTrack } from './radius-facts.js';

/**
 * The ring's radius history as a track: the newest radius it read, the earliest sample since the radius last
 * changed within the ring (`sinceMs`), the ring's first radius sample (`firstMs`), and the radius before the
 * change. Null when the ring is absent or never read a radius.
 */
export function radiusTrackFromTrend(reader: TrendReader | undefined): RadiusTrack | null {
  if (!reader) return null;
  const { atMs, values } = reader.series('radius');
  let current: number | null = null;
  let sinceMs = 0;
  let firstMs = 0;
  let before: number | null = null;
  // Newest first: the run of the current radius (gaps skipped), then the value it replaced.
  for (let k = values.length - 1; k >= 0; k--) {
    const value = values[k];
    if (value === null || value === undefined) continue;
    firstMs = atMs[k]!;
    if (current === null) current = value;
    if (before !== null) continue;
    if (value === current) sinceMs = atMs[k]!;
    else before = value;
  }
  if (current === null) return null;
  return { storageRadius: current, committedDepth: null, sinceMs, firstMs, from: before === null ? null : { storageRadius: before, committedDepth: null } };
}

/**
 * The change radius-doctor states: from the ring when it holds the radius history, else from the screen's own
 * track, else unknown with why. The screen polls more often than the fleet, so what it saw wins where it is
 * newer: a change it saw after the ring's, or a radius the ring has not read yet.
 */
export function radiusChangeFrom(ring: RadiusTrack | null, own: RadiusTrack | null, nowMs: number): RadiusChange {
  const fromOwn = radiusChangeOf(own, nowMs);
  if (ring === null) return fromOwn;
  if (own !== null && own.storageRadius !== ring.storageRadius) {
    // The radius moved after the ring's newest sample: the screen read the new one first.
    return own.from !== null ? fromOwn : { kind: 'changed', from: { storageRadius: ring.storageRadius, committedDepth: null }, agoSeconds: Math.max(0, (nowMs - own.sinceMs) / 1000) };
  }
  const fromRing = radiusChangeOf(ring, nowMs);
  if (fromOwn.kind === 'changed' && (fromRing.kind !== 'changed' || fromOwn.agoSeconds < fromRing.agoSeconds)) return fromOwn;
  if (fromRing.kind === 'unknown') return fromOwn.kind === 'unknown' ? fromRing : fromOwn;
  if (fromRing.kind === 'unchangedSince' && fromOwn.kind === 'unchangedSince' && fromOwn.forSeconds > fromRing.forSeconds) return fromOwn;
  return fromRing;
}

/** Two ring tracks say the same (the screens re-render only when the ring's radius history moved). */
export function sameRadiusTrack(a: RadiusTrack | null, b: RadiusTrack | null): boolean {
  if (a === null || b === null) return a === b;
  return a.storageRadius === b.storageRadius && a.sinceMs === b.sinceMs && a.firstMs === b.firstMs && a.from?.storageRadius === b.from?.storageRadius;
}

/** The active node's ring as S5 and S7 read it (radius-doctor's section). */
export function activeRadiusRing(env: ScreenEnv): RadiusTrack | null {
  return radiusTrackFromTrend(activeFleetNode(env)?.trend);
}
