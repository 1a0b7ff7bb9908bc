/**
 * `--once feed-timeline <owner> <topic> [max] [node-url]`: the last `max` updates of a sequence feed (default 10,
 * 1..1000), newest first, as S13 shows them. The latest index comes from GET /feeds/{owner}/{topic}; each update
 * is then fetched by its SOC address (keccak256(keccak256(topic ‖ index) ‖ owner)) with GET /chunks/{address}
 * and its signature checked. An update the node cannot fetch is listed under `missing` (Bee 2.8.1 answers a
 * missing chunk with 500 "read chunk failed", older ones 404). `ok` with entries; `sad` when the feed has no
 * update at all, or every listed update is missing.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../../../core/cockpit/format.js';
import { feedEntryFromSoc, type FeedEntry } from '../../../core/cockpit/feed-entry.js';
import { parseTopicArgument } from '../../../core/cockpit/verb-inputs.js';
import { bytesToHex, hexToBytes } from '../../../core/swarm/bytes.js';
import { feedUpdateAddress } from '../../../core/swarm/feeds.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseEthAddress } from '../../../core/swarm/references.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { argument, connectNode, nodeFailure, statusOf, type OnceNode } from './once-node.js';
import type { OnceRun } from './once.js';

export const DEFAULT_TIMELINE_MAX = 10;
const MAX_TIMELINE = 1000;
const PARALLEL = 8;

export const details = `Arguments:
  <owner>   the feed owner's Ethereum address (40 hex, 0x allowed)
  <topic>   64 hex as given, or any text (hashed with keccak256)
  [max]     how many updates, newest first (default ${DEFAULT_TIMELINE_MAX}, at most ${MAX_TIMELINE})`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('feed-timeline', args, context, { min: 2, max: 3, usage: '<owner> <topic> [max]' });
  const owner = argument(() => parseEthAddress(rest[0]!, 'feed owner'));
  const topic = argument(() => parseTopicArgument(rest[1]!));
  const max = rest[2] === undefined ? DEFAULT_TIMELINE_MAX : argument(() => parseMax(rest[2]!));
  const key = { node: node.target.url, owner: owner.hex, topic: topic.hex, topicFrom: topic.from, max };
  let latest: number;
  try {
    latest = Number.parseInt((await node.client.feedLatest(owner.hex, topic.hex, { onlyRootChunk: true })).index, 16);
  } catch (error) {
    if (statusOf(error) === 404) {
      const data: OnceData<'feed-timeline'> = { ...key, latestIndex: null, entries: [], missing: [] };
      return { verb: 'feed-timeline', status: 'sad', message: `feed ${owner.hex}/${topic.hex.slice(0, 8)}… has no update on ${node.target.url} (404)`, data };
    }
    throw nodeFailure(node, error, 'the latest feed update', '/feeds');
  }
  const indices = Array.from({ length: Math.min(max, latest + 1) }, (_, i) => latest - i);
  const found = await fetchEntries(node, owner.bytes, hexToBytes(topic.hex), indices);
  const entries = found.filter((e): e is FeedEntry => e !== undefined);
  const missing = indices.filter((_, i) => found[i] === undefined);
  const data: OnceData<'feed-timeline'> = { ...key, latestIndex: latest, entries, missing };
  const lines = indices.map((index, i) => {
    const entry = found[i];
    if (!entry) return `${String(index).padStart(6)}  missing (the node cannot fetch update ${index})`;
    const what = entry.version === 'v1' ? `${entry.time}  ${entry.reference!.slice(0, 16)}…` : `v2 content, ${formatCount(entry.payloadBytes)} bytes`;
    return `${String(index).padStart(6)}  ${what}`;
  });
  const summary = `feed ${owner.hex}/${topic.hex.slice(0, 8)}…: ${entries.length} of the last ${indices.length} updates (latest index ${latest})${missing.length ? `, ${missing.length} missing` : ''}`;
  return { verb: 'feed-timeline', status: entries.length ? 'ok' : 'sad', message: summary, data, text: [...lines, summary].map(showControlCharacters).join('\n') };
};

function parseMax(text: string): number {
  const value = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= 1 && value <= MAX_TIMELINE)) throw new InputError('max', text, `a whole number of updates from 1 to ${MAX_TIMELINE}`);
  return value;
}

/** Fetches the updates a few at a time; undefined where the node has no (valid) chunk at that index. */
async function fetchEntries(node: OnceNode, owner: Uint8Array, topic: Uint8Array, indices: number[]): Promise<(FeedEntry | undefined)[]> {
  const out: (FeedEntry | undefined)[] = new Array(indices.length).fill(undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < indices.length) {
      const i = next++;
      const address = feedUpdateAddress(owner, topic, BigInt(indices[i]!));
      let soc: Uint8Array;
      try {
        soc = await node.client.downloadChunk(bytesToHex(address));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 500) continue;
        throw nodeFailure(node, error, `feed update ${indices[i]}`, '/chunks');
      }
      try {
        out[i] = feedEntryFromSoc(indices[i]!, address, soc);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        // Not a valid update at this address (wrong signer): treat it as missing rather than trusting it.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, indices.length) }, worker));
  return out;
}
