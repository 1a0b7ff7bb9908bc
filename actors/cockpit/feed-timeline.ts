/**
 * Walks a sequence feed newest first (S13 and the `feed-timeline` verb share this): the latest index from
 * `GET /feeds/{owner}/{topic}` (its `swarm-feed-index` header; `swarm-only-root-chunk` so no content is
 * downloaded), then each update's single-owner chunk by its address (keccak256(identifier ‖ owner)) through
 * `GET /chunks/{address}`, a few at a time, reported in index order as they arrive. The chunk is checked here
 * as the `--once` verbs check it (core/swarm/soc.ts): its signature must recover the owner asked for at that
 * address, so a node cannot show a forged or altered update. An update the node cannot find or that fails the
 * check becomes a `found: false` entry with the reason; the walk goes on.
 */
import { readFeedUpdate, timelineIndices, updateIdentifierHex, type FeedEntry, type TimelineQuery } from '../../core/cockpit/feed-timeline.js';
import { errorLine } from '../../core/cockpit/text.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { feedUpdateAddress, parseFeedIndexHeader } from '../../core/swarm/feeds.js';
import { InputError } from '../../core/swarm/input-error.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';
import { isNodeApiError, isNotFound, type NodeEndpoints } from '../node-client/index.js';
import { endpointFailure } from './health-snapshot.js';

export type FeedTimelineClient = Pick<NodeEndpoints, 'feedLatest' | 'downloadChunk'>;

export interface TimelineWalk {
  /** Latest index, or null when the feed has no update the node can find. */
  readonly latest: bigint | null;
  /** Newest first. */
  readonly entries: readonly FeedEntry[];
  /** Why the walk found nothing (no update, the node failed), one line; null otherwise. */
  readonly error: string | null;
}

export interface TimelineWalkOptions {
  readonly signal?: AbortSignal;
  readonly onLatest?: (latest: bigint) => void;
  /** Each entry, newest first. */
  readonly onEntry?: (entry: FeedEntry) => void;
  /** Updates fetched at once (default 4). */
  readonly concurrency?: number;
}

const why = (endpoint: string, error: unknown) => (isNodeApiError(error) ? `${endpoint}: ${endpointFailure(error).detail}` : `${endpoint}: ${errorLine(error)}`);

async function readUpdate(client: FeedTimelineClient, query: TimelineQuery, index: bigint, signal: AbortSignal | undefined): Promise<FeedEntry> {
  const address = feedUpdateAddress(hexToBytes(query.owner), hexToBytes(query.topic), index);
  let soc: Uint8Array;
  try {
    soc = await client.downloadChunk(bytesToHex(address), signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isNotFound(error)) return { index: index.toString(), found: false, reason: 'update not found (404 from /chunks)' };
    return { index: index.toString(), found: false, reason: isNodeApiError(error) ? why('/chunks', error) : errorLine(error) };
  }
  try {
    return readFeedUpdate(index, parseSingleOwnerChunk(soc, address).wrappedData);
  } catch (error) {
    return { index: index.toString(), found: false, reason: error instanceof InputError ? `not a valid update from this owner: ${error.message}` : `not a feed update: ${errorLine(error)}` };
  }
}

export async function walkFeedTimeline(client: FeedTimelineClient, query: TimelineQuery, options: TimelineWalkOptions = {}): Promise<TimelineWalk> {
  const { signal } = options;
  let latest: bigint;
  try {
    const update = await client.feedLatest(query.owner, query.topic, { onlyRootChunk: true, ...(signal ? { signal } : {}) });
    if (update.index === '') return { latest: null, entries: [], error: 'this node answers feeds as Bee v2.0-v2.2 (no index header): the timeline needs Bee v2.3 or newer' };
    latest = parseFeedIndexHeader(update.index);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isNotFound(error)) return { latest: null, entries: [], error: 'no update found: the feed has no updates this node can find (404 from /feeds)' };
    return { latest: null, entries: [], error: why('/feeds', error) };
  }
  options.onLatest?.(latest);
  const indices = timelineIndices(latest, query.max);
  const entries: FeedEntry[] = [];
  const width = Math.max(1, options.concurrency ?? 4);
  for (let i = 0; i < indices.length; i += width) {
    const batch = await Promise.all(indices.slice(i, i + width).map((index) => readUpdate(client, query, index, signal)));
    for (const entry of batch) {
      entries.push(entry);
      options.onEntry?.(entry);
    }
  }
  return { latest, entries, error: null };
}
