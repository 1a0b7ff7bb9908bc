/**
 * S13 Feed Timeline and the `feed-timeline` verb, the pure part: which indices to read, where each update
 * lives, and what an update chunk says. A sequence feed's update n of (owner, topic) is the SOC with identifier
 * keccak256(topic ‖ n as 8-byte big-endian) (bee-api.md §5.1); the actor reads the latest index from
 * `GET /feeds/{owner}/{topic}` and then each update's chunk at its SOC address through `GET /chunks/{address}`,
 * newest first, checking its signature (actors/cockpit/feed-timeline.ts).
 */
import { bytesToHex, hexToBytes, readUint64BE, readUint64LE } from '../swarm/bytes.js';
import { contentAddressOf } from '../swarm/chunk.js';
import { feedIdentifier } from '../swarm/feeds.js';
import { InputError } from '../swarm/input-error.js';
import { parseEthAddress } from '../swarm/references.js';
import { topicFromInput } from '../swarm/topic.js';
import { oneLine, utf8Text } from './text.js';

export const DEFAULT_TIMELINE_ENTRIES = 20;
export const MAX_TIMELINE_ENTRIES = 1000;

export interface TimelineQuery {
  /** 40 hex, lowercase, no 0x. */
  readonly owner: string;
  /** 64 hex: the topic as given, or keccak256 of the text (core/swarm/topic.ts). */
  readonly topic: string;
  /** True when `topic` is the hash of text the operator typed. */
  readonly topicHashed: boolean;
  readonly max: number;
}

/** Validates what the operator typed (form or `:feed-timeline <owner> <topic> [max]`); throws InputError. */
export function parseTimelineQuery(owner: string, topic: string, max?: string): TimelineQuery {
  const parsedOwner = parseEthAddress(owner, 'feed owner');
  const parsedTopic = topicFromInput(topic, 'feed topic');
  let count = DEFAULT_TIMELINE_ENTRIES;
  if (max !== undefined && max.trim() !== '') {
    const text = max.trim();
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_TIMELINE_ENTRIES) {
      throw new InputError('max entries', max, `a whole number from 1 to ${MAX_TIMELINE_ENTRIES}`);
    }
    count = Number(text);
  }
  return { owner: parsedOwner.hex, topic: parsedTopic.hex, topicHashed: parsedTopic.hashed, max: count };
}

/** `latest`, `latest − 1`, … down to 0, at most `max` of them. */
export function timelineIndices(latest: bigint, max: number): bigint[] {
  const out: bigint[] = [];
  for (let i = latest; i >= 0n && out.length < max; i--) out.push(i);
  return out;
}

/** The SOC identifier (hex) of update `index`. */
export function updateIdentifierHex(topicHex: string, index: bigint): string {
  return bytesToHex(feedIdentifier(hexToBytes(topicHex), index));
}

export type FeedEntry =
  | {
      readonly index: string;
      readonly found: true;
      /** v1: payload is timestamp ‖ reference; v2: the update wraps the content (or its root chunk) itself. */
      readonly version: 'v1' | 'v2';
      /** The content reference (v1: from the payload; v2: the wrapped chunk's address). */
      readonly reference: string;
      readonly timestampSeconds: number | null;
      /** v2: the content size (the wrapped chunk's span); v1: null. */
      readonly size: number | null;
      /** v2 content that fits one chunk and reads as text: its first characters. */
      readonly preview: string | null;
    }
  | { readonly index: string; readonly found: false; readonly reason: string };

/** An update that was read (a walk's entry for an update it could not fetch is the other variant). */
export type ReadFeedEntry = Extract<FeedEntry, { readonly found: true }>;

const V1_LENGTHS = new Set([40, 72]);
const PREVIEW_CHARS = 60;

/**
 * Reads an update's wrapped chunk (span ‖ payload: the SOC's bytes after its identifier and signature).
 * A 40- or 72-byte payload is read as v1, as Bee's getter does first (`isV1Length`).
 */
export function readFeedUpdate(index: bigint, wrapped: Uint8Array): ReadFeedEntry {
  if (wrapped.length < 8) throw new InputError('feed update chunk', `${wrapped.length} bytes`, 'span (8 bytes) and payload');
  const payload = wrapped.subarray(8);
  if (V1_LENGTHS.has(payload.length)) {
    const seconds = readUint64BE(payload);
    return {
      index: index.toString(),
      found: true,
      version: 'v1',
      reference: bytesToHex(payload.subarray(8)),
      timestampSeconds: seconds <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seconds) : null,
      size: null,
      preview: null,
    };
  }
  const span = readUint64LE(wrapped) & ((1n << 56n) - 1n); // the top byte carries a redundancy level
  const single = span === BigInt(payload.length);
  return {
    index: index.toString(),
    found: true,
    version: 'v2',
    reference: bytesToHex(contentAddressOf(wrapped)),
    timestampSeconds: null,
    size: span <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(span) : null,
    preview: single ? textPreview(payload) : null,
  };
}

/** The first characters of a payload that is text, on one line; null for binary. */
export function textPreview(bytes: Uint8Array, max = PREVIEW_CHARS): string | null {
  const text = utf8Text(bytes);
  return text === null ? null : oneLine(text, max);
}
