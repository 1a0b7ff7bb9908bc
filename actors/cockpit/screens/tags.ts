/**
 * S9 Tags fetches: `GET /tags` page by page (Bee lists at most 1000 per page, oldest first), so the newest tags
 * of a busy node are never cut off, up to MAX_TAGS.
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { Fetched } from '../../../core/cockpit/health-snapshot.js';
import type { TagFacts, TagsPoll } from '../../../core/cockpit/screens/tags.js';
import type { NodeEndpoints, Tag } from '../../node-client/index.js';
import { settled, withSignal } from './settle.js';

export type TagsClient = Pick<NodeEndpoints, 'tags'>;

const PAGE = 1000;
/** More tags than this are not listed (the oldest beyond it are dropped from view). */
export const MAX_TAGS = 10_000;

const facts = (t: Tag): TagFacts => ({ uid: t.uid, address: t.address ?? '', startedAt: t.startedAt, split: t.split, seen: t.seen, stored: t.stored, sent: t.sent, synced: t.synced });

export async function listAllTags(client: TagsClient, signal?: AbortSignal): Promise<TagFacts[]> {
  const all: TagFacts[] = [];
  for (let offset = 0; offset < MAX_TAGS; offset += PAGE) {
    const page = await client.tags({ offset, limit: PAGE, ...withSignal(signal) });
    all.push(...page.map(facts));
    if (page.length < PAGE) break;
  }
  return all;
}

export async function fetchTags(client: TagsClient, signal?: AbortSignal): Promise<Fetched<TagFacts[]>> {
  return settled(listAllTags(client, signal), (tags) => tags, signal);
}

export function tagsScreenActors(client: TagsClient, now: () => number = Date.now) {
  return {
    poller: pollingScreenWith(fromPromise<TagsPoll>(async ({ signal }) => {
      const takenAtMs = now();
      return { takenAtMs, tags: await fetchTags(client, signal) };
    })),
  };
}
