/**
 * The reference a feed's latest update points at, from the update's wrapped chunk (span + payload), as
 * GET /feeds/{owner}/{topic} returns it with `swarm-only-root-chunk: true`.
 *
 * v1 updates wrap timestamp(8) + reference(32 or 64): the reference is that field. v2 updates wrap the
 * content's own root chunk: the reference is that chunk's address. Bee reports which one it resolved in
 * `swarm-feed-resolved-version`; when the header is not visible (a browser sees only exposed headers) a
 * payload of exactly 40 or 72 bytes is read as v1, like Bee's own length check.
 */
import { bytesToHex } from '../swarm/bytes.js';
import { bmtChunkAddress } from '../swarm/bmt.js';
import { parseChunkData } from '../swarm/chunk.js';

const TIMESTAMP = 8;

export function referenceFromFeedRootChunk(wrapped: Uint8Array, resolvedVersion?: string): string {
  const { span, payload } = parseChunkData(wrapped);
  const looksV1 = payload.length === TIMESTAMP + 32 || payload.length === TIMESTAMP + 64;
  if (resolvedVersion !== 'v2' && looksV1) return bytesToHex(payload.subarray(TIMESTAMP));
  return bytesToHex(bmtChunkAddress(span, payload));
}
