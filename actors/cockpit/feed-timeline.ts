/**
 * The one walker of a sequence feed, newest first (S13 and the `feed-timeline` verb both use it): the latest
 * index from `GET /feeds/{owner}/{topic}` (its `swarm-feed-index` header; `swarm-only-root-chunk` so no content
 * is downloaded), then each update's single-owner chunk by its address (keccak256(identifier ‖ owner)) through
 * `GET /chunks/{address}`, a few at a time, reported in index order as they arrive. Each chunk is read by the
 * caller's `read`, which checks it (core/swarm/soc.ts: its signature must recover the owner asked for at that
 * address), so a node cannot show a forged or altered update. An update the node cannot find or that fails the
 * check becomes a missing entry with the reason; the walk goes on. A caller that would rather give up on a
 * failing node (the `--once` verb) throws from `onFailure`.
 */
import { readFeedUpdate, timelineIndices, type FeedEntry, type ReadFeedEntry, type TimelineQuery } from '../../core/cockpit/feed-timeline.js';
import { errorLine } from '../../core/cockpit/text.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { feedUpdateAddress, parseFeedIndexHeader } from '../../core/swarm/feeds.js';
import { InputError } from '../../core/swarm/input-error.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';
import { isNodeApiError, isNotFound, type NodeEndpoints } from '../node-client/index.js';
import { endpointFailure } from './endpoint-failure.js';

export type FeedTimelineClient = Pick<NodeEndpoints, 'feedLatest' | 'downloadChunk'>;

/** One index of a walk: the update as `read` made it, or why it is missing. */
export type WalkedUpdate<T> = { readonly index: bigint; readonly found: true; readonly update: T } | { readonly index: bigint; readonly found: false; readonly reason: string };

export interface FeedWalk<T> {
  /** Latest index, or null when the feed has no update the node can find. */
  readonly latest: bigint | null;
  /** Newest first. */
  readonly entries: readonly WalkedUpdate<T>[];
  /** Why the walk found nothing (no update, the node failed), one line; null otherwise. */
  readonly error: string | null;
}

/** Where a call failed: the latest-index lookup, or one update's chunk. */
export type WalkFailurePlace = { readonly endpoint: '/feeds' } | { readonly endpoint: '/chunks'; readonly index: bigint };

export interface FeedWalkOptions<T> {
  /** Reads the chunk at `address` as update `index`; throws InputError when it is not a valid update by the owner. */
  readonly read: (index: bigint, address: Uint8Array, soc: Uint8Array) => T;
  readonly signal?: AbortSignal;
  readonly onLatest?: (latest: bigint) => void;
  /** Each entry, newest first. */
  readonly onEntry?: (entry: WalkedUpdate<T>) => void;
  /** Sees each failed call before the walk reports it; what it throws ends the walk. */
  readonly onFailure?: (error: unknown, at: WalkFailurePlace) => void;
  /** Updates fetched at once (default 4). */
  readonly concurrency?: number;
}

const why = (endpoint: string, error: unknown) => (isNodeApiError(error) ? `${endpoint}: ${endpointFailure(error).detail}` : `${endpoint}: ${errorLine(error)}`);

async function walkOne<T>(client: FeedTimelineClient, query: Pick<TimelineQuery, 'owner' | 'topic'>, index: bigint, options: FeedWalkOptions<T>): Promise<WalkedUpdate<T>> {
  const { signal } = options;
  const address = feedUpdateAddress(hexToBytes(query.owner), hexToBytes(query.topic), index);
  let soc: Uint8Array;
  try {
    soc = await client.downloadChunk(bytesToHex(address), signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    options.onFailure?.(error, { endpoint: '/chunks', index });
    if (isNotFound(error)) return { index, found: false, reason: 'update not found (404 from /chunks)' };
    return { index, found: false, reason: isNodeApiError(error) ? why('/chunks', error) : errorLine(error) };
  }
  try {
    return { index, found: true, update: options.read(index, address, soc) };
  } catch (error) {
    return { index, found: false, reason: error instanceof InputError ? `not a valid update from this owner: ${error.message}` : `not a feed update: ${errorLine(error)}` };
  }
}

/** Walks the last `query.max` updates of the feed, newest first. */
export async function walkFeed<T>(client: FeedTimelineClient, query: Pick<TimelineQuery, 'owner' | 'topic' | 'max'>, options: FeedWalkOptions<T>): Promise<FeedWalk<T>> {
  const { signal } = options;
  let latest: bigint;
  try {
    const update = await client.feedLatest(query.owner, query.topic, { onlyRootChunk: true, ...(signal ? { signal } : {}) });
    if (update.index === '') return { latest: null, entries: [], error: 'this node answers feeds as Bee v2.0-v2.2 (no index header): the timeline needs Bee v2.3 or newer' };
    latest = parseFeedIndexHeader(update.index);
  } catch (error) {
    if (signal?.aborted) throw error;
    options.onFailure?.(error, { endpoint: '/feeds' });
    if (isNotFound(error)) return { latest: null, entries: [], error: 'no update found: the feed has no updates this node can find (404 from /feeds)' };
    return { latest: null, entries: [], error: why('/feeds', error) };
  }
  options.onLatest?.(latest);
  const indices = timelineIndices(latest, query.max);
  const entries: WalkedUpdate<T>[] = [];
  const width = Math.max(1, options.concurrency ?? 4);
  for (let i = 0; i < indices.length; i += width) {
    const batch = await Promise.all(indices.slice(i, i + width).map((index) => walkOne(client, query, index, options)));
    for (const entry of batch) {
      entries.push(entry);
      options.onEntry?.(entry);
    }
  }
  return { latest, entries, error: null };
}

export interface TimelineWalk {
  readonly latest: bigint | null;
  readonly entries: readonly FeedEntry[];
  readonly error: string | null;
}

export interface TimelineWalkOptions {
  readonly signal?: AbortSignal;
  readonly onLatest?: (latest: bigint) => void;
  readonly onEntry?: (entry: FeedEntry) => void;
  readonly concurrency?: number;
}

const readTimelineEntry = (index: bigint, address: Uint8Array, soc: Uint8Array): ReadFeedEntry => readFeedUpdate(index, parseSingleOwnerChunk(soc, address).wrappedData);

const asTimelineEntry = (walked: WalkedUpdate<ReadFeedEntry>): FeedEntry => (walked.found ? walked.update : { index: walked.index.toString(), found: false, reason: walked.reason });

/** S13's reading of the walk: each update as core/cockpit/feed-timeline.ts reads it, a missing one with its reason. */
export async function walkFeedTimeline(client: FeedTimelineClient, query: TimelineQuery, options: TimelineWalkOptions = {}): Promise<TimelineWalk> {
  const { onEntry, ...rest } = options;
  const walk = await walkFeed<ReadFeedEntry>(client, query, { ...rest, read: readTimelineEntry, ...(onEntry ? { onEntry: (entry) => onEntry(asTimelineEntry(entry)) } : {}) });
  return { latest: walk.latest, entries: walk.entries.map(asTimelineEntry), error: walk.error };
}
