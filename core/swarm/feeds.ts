/**
 * Sequence feeds (bee-api.md §5.1): update n of (owner, topic) is the SOC whose identifier is
 * keccak256(topic ‖ n as 8-byte big-endian). The v1 ("legacy") update wraps a content chunk whose
 * payload is timestamp (8-byte BE unix seconds) ‖ reference (32 or 64 bytes).
 */
import { bytesToHex, concatBytes, hexToBytes, readUint64BE, uint64BE, utf8Encode } from './bytes.js';
import { makeContentChunk } from './chunk.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import { hexProblem, referenceFromBytes, type SwarmReference } from './references.js';
import { makeSingleOwnerChunk, socAddress, type SingleOwnerChunk } from './soc.js';
import type { Signer } from './signer.js';

export const FEED_INDEX_SIZE = 8;
const MAX_UINT64 = (1n << 64n) - 1n;
/** bee-js reads an all-ones index as "no update yet" (−1), so the next index after it is 0. */
export const FEED_INDEX_NONE = MAX_UINT64;

/** bee-js `Topic.fromString`: keccak256 of the UTF-8 text. */
export function topicFromString(text: string): Uint8Array {
  if (typeof text !== 'string') throw new InputError('topic', String(text), 'a string');
  return keccak256(utf8Encode(text));
}

export function feedIndexBytes(index: bigint): Uint8Array {
  assertIndex(index);
  return uint64BE(index);
}

export function nextFeedIndex(index: bigint): bigint {
  assertIndex(index);
  return index === FEED_INDEX_NONE ? 0n : index + 1n;
}

export function feedIdentifier(topic: Uint8Array, index: bigint): Uint8Array {
  assertLength(topic, 32, 'feed topic');
  return keccak256(topic, feedIndexBytes(index));
}

/** The chunk address where update `index` of the feed lives. */
export function feedUpdateAddress(owner: Uint8Array, topic: Uint8Array, index: bigint): Uint8Array {
  return socAddress(feedIdentifier(topic, index), owner);
}

export function encodeFeedUpdatePayload(timestampSeconds: bigint, reference: Uint8Array): Uint8Array {
  if (typeof timestampSeconds !== 'bigint' || timestampSeconds < 0n || timestampSeconds > MAX_UINT64) {
    throw new InputError('feed timestamp', String(timestampSeconds), 'unix seconds as an unsigned 64-bit bigint');
  }
  if (!(reference instanceof Uint8Array) || (reference.length !== 32 && reference.length !== 64)) {
    throw new InputError('feed reference', describe(reference), '32 or 64 bytes');
  }
  return concatBytes(uint64BE(timestampSeconds), reference);
}

export interface FeedUpdatePayload {
  timestampSeconds: bigint;
  reference: SwarmReference;
}

/** Reads a v1 payload (40 or 72 bytes). Any other length is a v2 update: the payload is the content itself. */
export function decodeFeedUpdatePayload(payload: Uint8Array): FeedUpdatePayload {
  if (!(payload instanceof Uint8Array) || (payload.length !== 40 && payload.length !== 72)) {
    throw new InputError('feed update payload', describe(payload), '40 or 72 bytes (8-byte timestamp ‖ 32- or 64-byte reference)');
  }
  return { timestampSeconds: readUint64BE(payload), reference: referenceFromBytes(payload.subarray(8)) };
}

/** A signed v1 update chunk, as bee-js `updateFeedWithReference` uploads it (a Signer signs many without re-deriving its owner). */
export function makeFeedUpdateChunk(
  privateKey: Signer | Uint8Array,
  topic: Uint8Array,
  index: bigint,
  reference: Uint8Array,
  timestampSeconds: bigint,
): SingleOwnerChunk {
  const wrapped = makeContentChunk(encodeFeedUpdatePayload(timestampSeconds, reference));
  return makeSingleOwnerChunk(feedIdentifier(topic, index), wrapped, privateKey);
}

/** `swarm-feed-index` / `swarm-feed-index-next` header: the 8 index bytes as 16 hex characters. */
export function parseFeedIndexHeader(hex16: string): bigint {
  if (typeof hex16 !== 'string') throw new InputError('feed index header', String(hex16), '16 hex characters');
  const clean = hex16.trim();
  const problem = hexProblem(clean, [16]);
  if (problem) throw new InputError('feed index header', hex16, `16 hex characters (8-byte big-endian index); ${problem}`);
  return readUint64BE(hexToBytes(clean));
}

export function formatFeedIndexHeader(index: bigint): string {
  return bytesToHex(feedIndexBytes(index));
}

function assertIndex(index: bigint): void {
  if (typeof index !== 'bigint' || index < 0n || index > MAX_UINT64) {
    throw new InputError('feed index', String(index), 'an unsigned 64-bit bigint');
  }
}

function assertLength(value: Uint8Array, length: number, what: string): void {
  if (!(value instanceof Uint8Array) || value.length !== length) throw new InputError(what, describe(value), `${length} bytes`);
}

function describe(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
}
