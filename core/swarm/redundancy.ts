/**
 * Erasure-coding metadata of Bee's file trees (Bee v2.8.1, pkg/file/redundancy and pkg/file/utils.go):
 * how many parity references an intermediate chunk carries, how the redundancy level is marked in its
 * span, and how a reader tells data references from parity references.
 *
 * Layout of an intermediate chunk with redundancy: data references first (32 bytes, or 64 when
 * encrypted: address ‖ key), then parity references (always 32 bytes: parity chunks are not encrypted).
 * Its span is the sum of the data children's spans with the top byte (index 7 of the little-endian
 * uint64) set to 128 + level. Parity children's spans are not counted.
 */
import { uint64LE } from './bytes.js';
import { BRANCHES, CHUNK_SIZE, ENCRYPTED_BRANCHES, SEGMENT_SIZE, SPAN_SIZE } from './chunk.js';
import { InputError } from './input-error.js';
import { decodeSpan, LEVEL_FLAG } from './span.js';

// Span reading needs no hashing: it lives in span.ts, which the node client loads without the BMT.
export { decodeSpan, decodeSpanHeader } from './span.js';

/** 0 NONE, 1 MEDIUM, 2 STRONG, 3 INSANE, 4 PARANOID (the `swarm-redundancy-level` header values). */
export type RedundancyLevel = 0 | 1 | 2 | 3 | 4;

export const REDUNDANCY_LEVEL_NAMES = ['NONE', 'MEDIUM', 'STRONG', 'INSANE', 'PARANOID'] as const;

/**
 * Bee's erasure tables as (minimum data shards, parities) steps, largest first: a chunk with `n` data
 * shards gets the parities of the first step whose minimum is ≤ n. Index = level - 1.
 * Numbers from Bee v2.8.1 level.go (they changed in v2.x; older Bee used other tables).
 */
type ErasureSteps = ReadonlyArray<readonly [minShards: number, parities: number]>;

const PLAIN_TABLES: readonly ErasureSteps[] = [
  steps([95, 69, 47, 29, 15, 6, 2, 1], 9),
  steps([105, 96, 87, 78, 70, 62, 54, 47, 40, 33, 27, 21, 16, 11, 7, 4, 2, 1], 21),
  steps([93, 88, 83, 78, 74, 69, 64, 60, 55, 51, 46, 42, 38, 34, 30, 27, 23, 20, 17, 14, 11, 9, 6, 4, 3, 2, 1], 31),
  paranoidSteps(
    [89, 87, 86, 84, 83, 81, 80, 78, 76, 75, 73, 71, 70, 68, 66, 65, 63, 61, 59, 58,
      56, 54, 52, 50, 48, 47, 45, 43, 40, 38, 36, 34, 31, 29, 26, 23, 19],
  ),
];

const ENCRYPTED_TABLES: readonly ErasureSteps[] = [
  steps([47, 34, 23, 14, 7, 3, 1], 9),
  steps([52, 48, 43, 39, 35, 31, 27, 23, 20, 16, 13, 10, 8, 5, 3, 2, 1], 21),
  [...steps([46, 44, 41, 39, 37, 34, 32, 30, 27, 25, 23, 21, 19, 17, 15, 13, 11, 10, 8, 7, 5, 4, 3, 2], 31), [1, 6]],
  paranoidSteps([87, 84, 81, 78, 75, 71, 68, 65, 61, 58, 54, 50, 47, 43, 38, 34, 29, 23]),
];

/** Steps whose parities count down by one from `topParities`. */
function steps(minShards: number[], topParities: number): ErasureSteps {
  return minShards.map((min, i) => [min, topParities - i] as const);
}

/** PARANOID steps: minimum shards count down by one from the table length; parities are listed. */
function paranoidSteps(parities: number[]): ErasureSteps {
  return parities.map((p, i) => [parities.length - i, p] as const);
}

function assertLevel(level: number): asserts level is RedundancyLevel {
  if (!Number.isInteger(level) || level < 0 || level > 4) {
    throw new InputError('redundancy level', String(level), 'an integer 0..4 (NONE, MEDIUM, STRONG, INSANE, PARANOID)');
  }
}

/** Parity shards Bee appends to an intermediate chunk with `dataShards` data references (0 for level NONE). */
export function parityCount(level: RedundancyLevel, dataShards: number, encrypted: boolean): number {
  assertLevel(level);
  if (level === 0) return 0;
  const table = (encrypted ? ENCRYPTED_TABLES : PLAIN_TABLES)[level - 1]!;
  for (const [minShards, parities] of table) if (dataShards >= minShards) return parities;
  return 0;
}

/**
 * Data references that fit in one intermediate chunk once parity is appended (Bee's GetMaxShards /
 * GetMaxEncShards): 128 (64 encrypted) minus the parities of a full chunk; encrypted data references
 * take two 32-byte slots each.
 */
export function maxDataShards(level: RedundancyLevel, encrypted: boolean): number {
  assertLevel(level);
  if (level === 0) return encrypted ? ENCRYPTED_BRANCHES : BRANCHES;
  if (encrypted) return Math.floor((BRANCHES - parityCount(level, ENCRYPTED_BRANCHES, true)) / 2);
  return BRANCHES - parityCount(level, BRANCHES, false);
}

/** Writes a span; for level > 0 the size must fit in 7 bytes because byte 7 holds 128 + level. */
export function encodeSpan(size: bigint, level: RedundancyLevel): Uint8Array {
  assertLevel(level);
  const limit = level === 0 ? 1n << 64n : 1n << 56n;
  if (typeof size !== 'bigint' || size < 0n || size >= limit) {
    throw new InputError('span size', String(size), `an unsigned integer below 2^${level === 0 ? 64 : 56}`);
  }
  const span = uint64LE(size);
  if (level > 0) span[SPAN_SIZE - 1] = LEVEL_FLAG | level;
  return span;
}

/**
 * How many data and parity references an intermediate chunk of `size` bytes holds (Bee's
 * file.ReferenceCount). Bee's splitter fills every child but the last to capacity, so with branching
 * b = maxDataShards(level) the children of a chunk are subtrees of 4096·b^(k-2) bytes, where k is the
 * smallest height with 4096·b^(k-1) ≥ size; the data shard count is ceil(size / child size).
 */
export function referenceCount(size: bigint, level: RedundancyLevel, encrypted: boolean): { data: number; parity: number } {
  const branching = BigInt(maxDataShards(level, encrypted));
  let childSize = BigInt(CHUNK_SIZE);
  while (childSize * branching < size) childSize *= branching;
  const data = size <= childSize ? 1 : Number((size + childSize - 1n) / childSize);
  return { data, parity: parityCount(level, data, encrypted) };
}

/**
 * Splits an intermediate chunk's payload into data and parity references, as Bee's joiner does.
 *
 * Rule: trailing all-zero 32-byte words are dropped first (Bee's ChunkPayloadSize: an encrypted
 * chunk's payload arrives zero-padded to 4096 bytes after decryption). The level comes from the span's
 * top byte; level 0 means every reference is data. Otherwise the parity count follows from the subtree
 * size alone (`referenceCount(size, level)`), parity references are the last `parity` 32-byte words,
 * and the data shard count is (payload length − 32·parity) / reference size.
 * Throws InputError for a leaf (size ≤ payload length) or a payload whose length does not fit the rule.
 */
export function splitIntermediateRefs(
  payload: Uint8Array,
  span: Uint8Array,
  encrypted: boolean,
): { data: Uint8Array[]; parity: Uint8Array[]; level: RedundancyLevel } {
  if (!(payload instanceof Uint8Array) || payload.length > CHUNK_SIZE) {
    throw new InputError('intermediate chunk payload', String(payload?.length), `at most ${CHUNK_SIZE} bytes`);
  }
  if (payload.length % SEGMENT_SIZE !== 0) {
    throw new InputError('intermediate chunk payload', `${payload.length} bytes`, 'a multiple of 32 bytes (references)');
  }
  const { size, level } = decodeSpan(span);
  if (size <= BigInt(payload.length)) {
    throw new InputError('intermediate chunk span', String(size), `more than the payload length ${payload.length} (a smaller span is a leaf)`);
  }
  const refSize = encrypted ? 2 * SEGMENT_SIZE : SEGMENT_SIZE;
  const used = trimmedLength(payload);
  const parities = level === 0 ? 0 : referenceCount(size, level, encrypted).parity;
  const dataBytes = used - parities * SEGMENT_SIZE;
  if (dataBytes < refSize || dataBytes % refSize !== 0) {
    throw new InputError(
      'intermediate chunk payload',
      `${payload.length} bytes (level ${level}, ${parities} parity refs)`,
      `a whole number of ${refSize}-byte data references followed by ${parities} 32-byte parity references`,
    );
  }
  const data: Uint8Array[] = [];
  for (let offset = 0; offset < dataBytes; offset += refSize) data.push(payload.slice(offset, offset + refSize));
  const parity: Uint8Array[] = [];
  for (let offset = dataBytes; offset < used; offset += SEGMENT_SIZE) parity.push(payload.slice(offset, offset + SEGMENT_SIZE));
  return { data, parity, level };
}

function trimmedLength(payload: Uint8Array): number {
  let length = payload.length;
  while (length >= SEGMENT_SIZE && payload.subarray(length - SEGMENT_SIZE, length).every((b) => b === 0)) length -= SEGMENT_SIZE;
  return length;
}


