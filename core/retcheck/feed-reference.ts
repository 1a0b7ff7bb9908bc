/**
 * The reference a feed's latest update points at, as retcheck reports it (spec 1 "Feed resolution": one level).
 *
 * Exact route (Node, and browsers that can read `swarm-feed-index`): GET /feeds/{owner}/{topic} names the
 * latest index; the update is the single-owner chunk at keccak(keccak(topic ‖ index) ‖ owner), fetched with
 * GET /chunks. Its wrapped payload is, for a v1 update, timestamp(8) ‖ reference (32 bytes, or 64 for
 * encrypted content: the key survives), and for a v2 update the content's own root chunk, whose address is
 * the reference. Bee reports which reading it used in `swarm-feed-resolved-version`; without the header a
 * payload of exactly 40 or 72 bytes is read as v1, like Bee's own length check.
 *
 * Fallback (index header not visible): with `swarm-only-root-chunk: true` Bee v2.8.1 answers the root chunk
 * of the content the feed resolves to, so its address is the reference (exact for unencrypted content).
 */
import { bytesToHex } from '../swarm/bytes.js';
import { bmtChunkAddress } from '../swarm/bmt.js';
import { parseChunkData } from '../swarm/chunk.js';
import { parseSingleOwnerChunk } from '../swarm/soc.js';

const TIMESTAMP = 8;

export interface FeedLookupAnswer {
  /** Body of GET /feeds/{owner}/{topic} with swarm-only-root-chunk: true (span ‖ payload). */
  rootChunk: Uint8Array;
  resolvedVersion?: string;
  /** The update's SOC bytes (id ‖ sig ‖ span ‖ payload) from GET /chunks/{update address}, when fetched. */
  updateSoc?: Uint8Array;
}

export function referenceFromFeedLookup(answer: FeedLookupAnswer): string {
  if (answer.updateSoc) {
    const soc = parseSingleOwnerChunk(answer.updateSoc);
    const looksV1 = soc.payload.length === TIMESTAMP + 32 || soc.payload.length === TIMESTAMP + 64;
    if (looksV1 && answer.resolvedVersion !== 'v2') return bytesToHex(soc.payload.subarray(TIMESTAMP));
    return bytesToHex(soc.wrappedAddress);
  }
  const { span, payload } = parseChunkData(answer.rootChunk);
  return bytesToHex(bmtChunkAddress(span, payload));
}
