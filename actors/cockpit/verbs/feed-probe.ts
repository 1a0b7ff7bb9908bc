/**
 * `--once feed-probe <owner> <topic> [node-url]`: the latest update of a sequence feed: its index and the next
 * one (GET /feeds/{owner}/{topic}, headers only: `swarm-only-root-chunk` keeps the body to one chunk), Bee's
 * resolved version, then the update itself (GET /chunks at its SOC address, signature checked): the payload size
 * (v1: the 40 or 72 bytes of timestamp + reference; v2: the size of the content it wraps) and, for v1, the
 * reference and time. The update is read from its own chunk because Bee's only-root-chunk body is the resolved
 * content's root chunk for a v1 update, not the update.
 * `<topic>`: 64 hex as given, other text keccak256-hashed (the palette's rule). `ok` when an update exists,
 * `sad` (exit 1) when the feed has none (404).
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { parseTopicArgument } from '../../../core/cockpit/verb-inputs.js';
import { feedEntryFromSoc } from '../../../core/cockpit/feed-entry.js';
import { bytesToHex, hexToBytes } from '../../../core/swarm/bytes.js';
import { feedUpdateAddress } from '../../../core/swarm/feeds.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseEthAddress } from '../../../core/swarm/references.js';
import { argument, connectNode, nodeFailure, statusOf } from './node.js';
import { OnceError, type OnceRun } from './verb.js';

export const details = `Arguments:
  <owner>   the feed owner's Ethereum address (40 hex, 0x allowed)
  <topic>   64 hex as given, or any text (hashed with keccak256)`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('feed-probe', args, context, { min: 2, max: 2, usage: '<owner> <topic>' });
  const owner = argument(() => parseEthAddress(rest[0]!, 'feed owner')).hex;
  const topic = argument(() => parseTopicArgument(rest[1]!));
  const key = { node: node.target.url, owner, topic: topic.hex, topicFrom: topic.from };
  let update;
  try {
    update = await node.client.feedLatest(owner, topic.hex, { onlyRootChunk: true });
  } catch (error) {
    if (statusOf(error) === 404) {
      const data: OnceData<'feed-probe'> = { ...key, found: false };
      return { verb: 'feed-probe', status: 'sad', data };
    }
    throw nodeFailure(node, error, 'the latest feed update', '/feeds');
  }
  const index = Number.parseInt(update.index, 16);
  const nextIndex = update.indexNext === undefined ? index + 1 : Number.parseInt(update.indexNext, 16);
  const address = feedUpdateAddress(hexToBytes(owner), hexToBytes(topic.hex), BigInt(index));
  const soc = await node.client.downloadChunk(bytesToHex(address)).catch((error: unknown) => {
    throw nodeFailure(node, error, `feed update ${index}`, '/chunks');
  });
  let entry;
  try {
    entry = feedEntryFromSoc(index, address, soc);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new OnceError({ code: 'feed-update-invalid', url: node.target.url, index, owner, detail: error.message }, { node: node.target.url, error: { code: 'invalid-response', detail: error.message } });
  }
  // Bee's own reading wins when it says; otherwise the update's layout.
  const version = update.resolvedVersion === 'v1' || update.resolvedVersion === 'v2' ? update.resolvedVersion : entry.version;
  const v1 = version === 'v1' && entry.version === 'v1';
  const data: OnceData<'feed-probe'> = {
    ...key,
    found: true,
    index,
    indexHex: update.index,
    nextIndex,
    payloadBytes: entry.payloadBytes,
    resolvedVersion: version,
    ...(v1 && entry.reference ? { reference: entry.reference } : {}),
    ...(v1 && entry.time ? { time: entry.time } : {}),
  };
  return { verb: 'feed-probe', status: 'ok', data };
};
