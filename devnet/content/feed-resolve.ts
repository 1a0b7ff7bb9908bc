/**
 * Resolves a feed to the content it currently points at, as Bee's GET /feeds and feed manifests do.
 * A v1 update wraps timestamp(8) ‖ reference; a v2 update wraps the content's root chunk itself. When the
 * payload has v1's length, v1 wins if its reference resolves, otherwise the wrapped chunk is the content.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { decodeFeedUpdatePayload } from '../../core/swarm/feeds.js';
import { findLatestUpdate, type FeedUpdateFound } from './feed-lookup.js';
import type { ChunkSource } from './joiner.js';

export interface ResolvedFeed {
  update: FeedUpdateFound;
  version: 'v1' | 'v2';
  /** Root of the resolved content. */
  contentHex: string;
  /** A source that also knows the wrapped chunk (a v2 root is not stored under its own address). */
  source: ChunkSource;
}

export function resolveFeed(source: ChunkSource, owner: Uint8Array, topic: Uint8Array, after = 0n): ResolvedFeed | undefined {
  const update = findLatestUpdate(source, owner, topic, after);
  if (update === undefined) return undefined;
  const { soc } = update;
  if (soc.payload.length === 40 || soc.payload.length === 72) {
    const reference = decodeFeedUpdatePayload(soc.payload).reference;
    if (!reference.encrypted && source(reference.hex) !== undefined) {
      return { update, version: 'v1', contentHex: reference.hex, source };
    }
  }
  const wrappedHex = bytesToHex(soc.wrappedAddress);
  const withWrapped: ChunkSource = (address) => (address === wrappedHex ? soc.wrappedData : source(address));
  return { update, version: 'v2', contentHex: wrappedHex, source: withWrapped };
}
