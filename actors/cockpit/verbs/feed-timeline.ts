/**
 * `--once feed-timeline <owner> <topic> [max] [node-url]`: the last `max` updates of a sequence feed (default 10,
 * 1..1000), newest first, as S13 shows them. The latest index comes from GET /feeds/{owner}/{topic}; each update
 * is then fetched by its SOC address (keccak256(keccak256(topic ‖ index) ‖ owner)) with GET /chunks/{address}
 * and its signature checked, by S13's walker (actors/cockpit/feed-timeline.ts). An update the node cannot fetch is listed under `missing` (Bee 2.8.1 answers a
 * missing chunk with 500 "read chunk failed", older ones 404). `ok` with entries; `sad` when the feed has no
 * update at all, or every listed update is missing.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { walkFeed } from '../feed-timeline.js';
import { feedEntryFromSoc, type FeedEntry } from '../../../core/cockpit/feed-entry.js';
import { MAX_TIMELINE_ENTRIES } from '../../../core/cockpit/feed-timeline.js';
import { parseTopicArgument } from '../../../core/cockpit/verb-inputs.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseEthAddress } from '../../../core/swarm/references.js';
import { argument, connectNode, nodeFailure, statusOf } from './node.js';
import { OnceError, type OnceRun } from './verb.js';

export const DEFAULT_TIMELINE_MAX = 10;
const PARALLEL = 8;

export const details = `Arguments:
  <owner>   the feed owner's Ethereum address (40 hex, 0x allowed)
  <topic>   64 hex as given, or any text (hashed with keccak256)
  [max]     how many updates, newest first (default ${DEFAULT_TIMELINE_MAX}, at most ${MAX_TIMELINE_ENTRIES})`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('feed-timeline', args, context, { min: 2, max: 3, usage: '<owner> <topic> [max]' });
  const owner = argument(() => parseEthAddress(rest[0]!, 'feed owner'));
  const topic = argument(() => parseTopicArgument(rest[1]!));
  const max = rest[2] === undefined ? DEFAULT_TIMELINE_MAX : argument(() => parseMax(rest[2]!));
  const key = { node: node.target.url, owner: owner.hex, topic: topic.hex, topicFrom: topic.from, max };
  let noUpdate = false;
  const walk = await walkFeed(node.client, { owner: owner.hex, topic: topic.hex, max }, {
    concurrency: PARALLEL,
    read: (index, address, soc) => feedEntryFromSoc(Number(index), address, soc),
    // A feed without an update is a sad answer, and an update the node cannot fetch (404; Bee 2.8.1: 500
    // "read chunk failed") is missing; any other failure means the node cannot answer: the verb gives up.
    onFailure: (error, at) => {
      const status = statusOf(error);
      if (at.endpoint === '/feeds') {
        if (status === 404) noUpdate = true;
        else throw nodeFailure(node, error, 'the latest feed update', '/feeds');
      } else if (status !== 404 && status !== 500) throw nodeFailure(node, error, `feed update ${at.index}`, '/chunks');
    },
  });
  if (walk.latest === null) {
    if (!noUpdate) throw new OnceError({ code: 'feed-walk-failed', url: node.target.url, detail: String(walk.error) }, { node: node.target.url, error: { code: 'invalid-response', detail: walk.error } });
    const data: OnceData<'feed-timeline'> = { ...key, latestIndex: null, entries: [], missing: [] };
    return { verb: 'feed-timeline', status: 'sad', data };
  }
  const latest = Number(walk.latest);
  const entries = walk.entries.flatMap((e): FeedEntry[] => (e.found ? [e.update] : []));
  const missing = walk.entries.flatMap((e) => (e.found ? [] : [Number(e.index)]));
  const data: OnceData<'feed-timeline'> = { ...key, latestIndex: latest, entries, missing };
  return { verb: 'feed-timeline', status: entries.length ? 'ok' : 'sad', data };
};

function parseMax(text: string): number {
  const value = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= 1 && value <= MAX_TIMELINE_ENTRIES)) throw new InputError('max', text, `a whole number of updates from 1 to ${MAX_TIMELINE_ENTRIES}`);
  return value;
}
