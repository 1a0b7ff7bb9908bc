/**
 * Walks a sequence feed newest first (S13 and the `feed-timeline` verb share this): the latest index from
 * `GET /feeds/{owner}/{topic}` (its `swarm-feed-index` header; `swarm-only-root-chunk` so no content is
 * downloaded), then each update by its SOC identifier through `GET /soc/{owner}/{id}` with
 * `swarm-only-root-chunk`, a few at a time, reported in index order as they arrive. An update the node cannot
 * find or read becomes a `found: false` entry with the reason; the walk goes on.
 */
import { readFeedUpdate, timelineIndices, updateIdentifierHex, type FeedEntry, type TimelineQuery } from '../../core/cockpit/feed-timeline.js';
import { errorLine } from '../../core/cockpit/text.js';
import { parseFeedIndexHeader } from '../../core/swarm/feeds.js';
import { isNodeApiError, isNotFound, type NodeEndpoints } from '../node-client/index.js';
import { endpointFailure } from './health-snapshot.js';

export type FeedTimelineClient = Pick<NodeEndpoints, 'feedLatest' | 'downloadSoc'>;

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
  try {
    const soc = await client.downloadSoc(query.owner, updateIdentifierHex(query.topic, index), { onlyRootChunk: true, ...(signal ? { signal } : {}) });
    return readFeedUpdate(index, soc.data);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isNotFound(error)) return { index: index.toString(), found: false, reason: 'update not found (404 from /soc)' };
    return { index: index.toString(), found: false, reason: isNodeApiError(error) ? why('/soc', error) : `not a feed update: ${errorLine(error)}` };
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
