/**
 * The S4 rchash benchmark (key `r`): Bee's GET /rchash/{depth}/{anchor1}/{anchor2} builds the reserve
 * sample a round needs, and its `durationSeconds` must beat the reveal deadline: green under 95 s, red
 * from 95 s; under 10 s is normal on a healthy node with a fast disk (2-cockpit.md §1, §8).
 *
 * Depth: the health-derived depth, i.e. the storage radius the node reports (/reservestate, else /status),
 * which is the radius Bee samples its reserve at. Anchors: the node's neighbourhood at that depth as an
 * address range: anchor1 keeps the overlay's first `depth` bits and zeroes the rest, anchor2 sets the rest
 * to ones, so the benchmark runs across the whole range of addresses the node is responsible for.
 */
import { bytesToHex, hexToBytes } from '../../swarm/bytes.js';

export const RCHASH_DEADLINE_SECONDS = 95;
export const RCHASH_NORMAL_SECONDS = 10;

export interface AnchorRange {
  readonly depth: number;
  readonly anchor1: string;
  readonly anchor2: string;
}

export function anchorRange(overlayHex: string, depth: number): AnchorRange {
  const overlay = hexToBytes(overlayHex);
  const d = Math.max(0, Math.min(overlay.length * 8, Math.floor(depth)));
  const low = new Uint8Array(overlay.length);
  const high = new Uint8Array(overlay.length).fill(0xff);
  for (let bit = 0; bit < d; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (overlay[byte]! & mask) low[byte]! |= mask;
    else high[byte]! &= ~mask;
  }
  return { depth: d, anchor1: bytesToHex(low), anchor2: bytesToHex(high) };
}

export interface RchashVerdict {
  readonly green: boolean;
  readonly text: string;
}

export function rchashVerdict(durationSeconds: number): RchashVerdict {
  const took = `${durationSeconds.toFixed(1)} s`;
  if (durationSeconds >= RCHASH_DEADLINE_SECONDS) {
    return { green: false, text: `${took}: over the ${RCHASH_DEADLINE_SECONDS} s reveal deadline, the node would miss its reveals` };
  }
  if (durationSeconds < RCHASH_NORMAL_SECONDS) return { green: true, text: `${took}: within the ${RCHASH_DEADLINE_SECONDS} s reveal deadline (normal for a fast disk)` };
  return { green: true, text: `${took}: within the ${RCHASH_DEADLINE_SECONDS} s reveal deadline, but slow (a healthy node with a fast disk takes under ${RCHASH_NORMAL_SECONDS} s)` };
}
