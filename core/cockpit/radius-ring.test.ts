import { describe, expect, it } from 'vitest';
import { nextRadiusTrack } from './radius-facts.js';
import { radiusChangeFrom, radiusTrackFromTrend, sameRadiusTrack } from './radius-ring.js';
import { TrendRing } from './trend-ring.js';

const MIN = 60_000;

/** A ring at the 10 s slot with the given radius per minute (null: the poll could not read it). */
function ringOf(radii: readonly (number | null)[]): TrendRing {
  const ring = new TrendRing(361, 10_000);
  radii.forEach((radius, minute) => ring.push(minute * MIN, { radius, peers: 5 }));
  return ring;
}

describe('radius-doctor’s last change from the trend ring', () => {
  it('no ring, or a ring that never read a radius: no history from it', () => {
    expect(radiusTrackFromTrend(undefined)).toBeNull();
    expect(radiusTrackFromTrend(ringOf([null, null]))).toBeNull();
  });

  it('the earliest sample since the radius last changed, gaps skipped, and the radius before it', () => {
    const track = radiusTrackFromTrend(ringOf([3, 3, 2, null, 2, 2]));
    expect(track).toEqual({ storageRadius: 2, committedDepth: null, sinceMs: 2 * MIN, firstMs: 0, from: { storageRadius: 3, committedDepth: null } });
    expect(radiusChangeFrom(track, null, 10 * MIN)).toEqual({ kind: 'changed', from: { storageRadius: 3, committedDepth: null }, agoSeconds: 480 });
    // Changed twice: the last change counts.
    expect(radiusChangeFrom(radiusTrackFromTrend(ringOf([4, 3, 3, 2])), null, 3 * MIN)).toEqual({ kind: 'changed', from: { storageRadius: 3, committedDepth: null }, agoSeconds: 0 });
  });

  it('unchanged in the whole ring: at least as long as the ring, longer than the screen’s own track knows', () => {
    const ring = radiusTrackFromTrend(ringOf([5, null, 5, 5]));
    const own = nextRadiusTrack(null, { storageRadius: 5, committedDepth: 5 }, 3 * MIN);
    expect(radiusChangeFrom(ring, own, 3 * MIN)).toEqual({ kind: 'unchangedSince', forSeconds: 180 });
    // One sample in the ring and one poll of the screen: unknown, with why.
    expect(radiusChangeFrom(radiusTrackFromTrend(ringOf([5])), null, 0)).toEqual({ kind: 'unknown', why: 'one reading so far: the cockpit measures it across polls' });
  });

  it('the screen’s own track where it knows more: a newer change, or a radius the ring has not read yet', () => {
    const ring = radiusTrackFromTrend(ringOf([5, 5, 5]));
    let own = nextRadiusTrack(null, { storageRadius: 5, committedDepth: 5 }, 2 * MIN);
    own = nextRadiusTrack(own, { storageRadius: 4, committedDepth: 4 }, 2 * MIN + 5_000);
    expect(radiusChangeFrom(ring, own, 2 * MIN + 20_000)).toEqual({ kind: 'changed', from: { storageRadius: 5, committedDepth: 5 }, agoSeconds: 15 });
    const first = nextRadiusTrack(null, { storageRadius: 4, committedDepth: 4 }, 2 * MIN + 5_000);
    expect(radiusChangeFrom(ring, first, 2 * MIN + 20_000)).toEqual({ kind: 'changed', from: { storageRadius: 5, committedDepth: null }, agoSeconds: 15 });
    // Neither: unknown with why.
    expect(radiusChangeFrom(null, null, 0)).toEqual({ kind: 'unknown', why: 'the radius has not been read yet' });
  });

  it('two reads of an unchanged ring say the same (the screens re-render only when it moved)', () => {
    const ring = ringOf([5, 5]);
    const before = radiusTrackFromTrend(ring);
    expect(sameRadiusTrack(before, radiusTrackFromTrend(ring))).toBe(true);
    ring.push(2 * MIN, { radius: 6 });
    expect(sameRadiusTrack(before, radiusTrackFromTrend(ring))).toBe(false);
    expect(sameRadiusTrack(null, null)).toBe(true);
  });
});
