/**
 * One feed update as the `--once feed-probe` and `feed-timeline` verbs report it (config-schema/once-results.ts),
 * from the SOC bytes stored at its address (`GET /chunks/{address}`): the signature is checked here, and the
 * update is read by S13's reading (core/cockpit/feed-timeline.ts readFeedUpdate), which is Bee's: a wrapped
 * payload of 40 or 72 bytes is v1 (an 8-byte big-endian unix timestamp then a 32- or 64-byte reference),
 * anything else v2 (the SOC wraps the content's root chunk directly).
 */
import { bytesToHex } from '../swarm/bytes.js';
import { parseSingleOwnerChunk } from '../swarm/soc.js';
import { readFeedUpdate } from './feed-timeline.js';

export interface FeedEntry {
  index: number;
  socAddress: string;
  version: 'v1' | 'v2';
  /** v1: unix seconds. */
  timestamp?: number;
  /** v1: ISO 8601 of the timestamp. */
  time?: string;
  /** v1: the reference the update points at. */
  reference?: string;
  /** v1: payload length; v2: the wrapped content's size (its span). */
  payloadBytes: number;
}

/** Throws InputError when `soc` is not a valid single-owner chunk at `address`. */
export function feedEntryFromSoc(index: number, address: Uint8Array, soc: Uint8Array): FeedEntry {
  const parsed = parseSingleOwnerChunk(soc, address);
  const update = readFeedUpdate(BigInt(index), parsed.wrappedData);
  const socAddress = bytesToHex(address);
  if (update.version === 'v2') return { index, socAddress, version: 'v2', payloadBytes: update.size ?? Number(parsed.span) };
  const seconds = update.timestampSeconds;
  // A timestamp past what a Date holds (year 275760) is left out rather than shown as "Invalid Date".
  const time = seconds === null || seconds > 8.64e12 ? undefined : new Date(seconds * 1000).toISOString();
  return {
    index,
    socAddress,
    version: 'v1',
    ...(seconds === null || time === undefined ? {} : { timestamp: seconds, time }),
    reference: update.reference,
    payloadBytes: parsed.payload.length,
  };
}
