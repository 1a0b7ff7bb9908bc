/**
 * One feed update as S13 and `feed-timeline` show it, from the SOC bytes stored at its address.
 * v1 ("legacy", bee-js updateFeedWithReference): the wrapped payload is an 8-byte big-endian unix timestamp then
 * a 32- or 64-byte reference. v2: the SOC wraps the content's root chunk directly. A 40- or 72-byte payload is
 * read as v1 when its timestamp is plausible (2015 .. a day from now); Bee itself tries both readings.
 */
import { bytesToHex } from '../swarm/bytes.js';
import { parseSingleOwnerChunk } from '../swarm/soc.js';

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

const EARLIEST = 1_420_070_400; // 2015-01-01

export function feedEntryFromSoc(index: number, address: Uint8Array, soc: Uint8Array, nowSeconds: number): FeedEntry {
  const parsed = parseSingleOwnerChunk(soc, address);
  const payload = parsed.payload;
  const socAddress = bytesToHex(address);
  if (payload.length === 40 || payload.length === 72) {
    const timestamp = Number(new DataView(payload.buffer, payload.byteOffset, 8).getBigUint64(0, false));
    if (timestamp >= EARLIEST && timestamp <= nowSeconds + 86_400) {
      return { index, socAddress, version: 'v1', timestamp, time: new Date(timestamp * 1000).toISOString(), reference: bytesToHex(payload.subarray(8)), payloadBytes: payload.length };
    }
  }
  return { index, socAddress, version: 'v2', payloadBytes: Number(parsed.span) };
}
