/**
 * Sequence-feed lookup: the latest update is the highest index i with an update present where i+1 is absent.
 * Bee's finder probes ahead concurrently; the devnet probes by doubling from `after` and then bisects,
 * which finds the same index because sequence updates are contiguous.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { feedUpdateAddress } from '../../core/swarm/feeds.js';
import { parseSingleOwnerChunk, type ParsedSingleOwnerChunk } from '../../core/swarm/soc.js';
import type { ChunkSource } from './joiner.js';

export interface FeedUpdateFound {
  index: bigint;
  soc: ParsedSingleOwnerChunk;
}

export function findLatestUpdate(source: ChunkSource, owner: Uint8Array, topic: Uint8Array, after = 0n): FeedUpdateFound | undefined {
  const fetch = (index: bigint): ParsedSingleOwnerChunk | undefined => {
    const address = feedUpdateAddress(owner, topic, index);
    const data = source(bytesToHex(address));
    if (data === undefined) return undefined;
    try {
      return parseSingleOwnerChunk(data, address);
    } catch {
      return undefined;
    }
  };
  let lowSoc = fetch(after);
  if (lowSoc === undefined) return undefined;
  let low = after;
  // Double the step until an index is missing: the latest update lies in [low, high).
  let step = 1n;
  let high = low + step;
  for (;;) {
    const soc = fetch(high);
    if (soc === undefined) break;
    low = high;
    lowSoc = soc;
    step *= 2n;
    high = low + step;
  }
  while (high - low > 1n) {
    const mid: bigint = low + (high - low) / 2n;
    const soc = fetch(mid);
    if (soc === undefined) high = mid;
    else {
      low = mid;
      lowSoc = soc;
    }
  }
  return { index: low, soc: lowSoc };
}
