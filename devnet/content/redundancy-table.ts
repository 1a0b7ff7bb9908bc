/**
 * Bee's erasure-coding parity tables (pkg/file/redundancy/level.go, unencrypted): for a level, the number
 * of parity references an intermediate chunk carries for a given number of data references, and the
 * largest number of data references that still leaves room for the parities in 128 slots.
 */
import { BRANCHES } from '../../core/swarm/chunk.js';

/** [shards threshold, parities] pairs, thresholds descending; a count at or above a threshold gets its parities. */
const TABLES: Record<number, readonly (readonly [number, number])[]> = {
  1: pairs([94, 68, 46, 28, 14, 5, 1], [9, 8, 7, 6, 5, 4, 3]),
  2: pairs([104, 95, 86, 77, 69, 61, 53, 46, 39, 32, 26, 20, 15, 10, 6, 3, 1], [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5]),
  3: pairs(
    [92, 87, 82, 77, 73, 68, 63, 59, 54, 50, 45, 41, 37, 33, 29, 26, 22, 19, 16, 13, 10, 8, 5, 3, 2, 1],
    [31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6],
  ),
  4: pairs(
    Array.from({ length: 37 }, (_, i) => 37 - i),
    [90, 88, 87, 85, 84, 82, 81, 79, 77, 76, 74, 72, 71, 69, 67, 66, 64, 62, 60, 59, 57, 55, 53, 51, 49, 48, 46, 44, 41, 39, 37, 35, 32, 30, 27, 24, 20],
  ),
};

function pairs(shards: number[], parities: number[]): (readonly [number, number])[] {
  return shards.map((s, i) => [s, parities[i]!] as const);
}

export function parityCount(level: number, dataShards: number): number {
  const table = TABLES[level];
  if (table === undefined) return 0;
  for (const [threshold, parities] of table) if (dataShards >= threshold) return parities;
  return 0;
}

export function maxDataShards(level: number): number {
  return BRANCHES - parityCount(level, BRANCHES);
}
