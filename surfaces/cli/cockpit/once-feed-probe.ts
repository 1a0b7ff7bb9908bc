/**
 * `--once feed-probe <owner> <topic> [node-url]`: the latest update of a sequence feed (GET /feeds/{owner}/{topic}
 * with `swarm-only-root-chunk`): its index, the next index, the payload size, Bee's resolved version (v1:
 * timestamp + reference; v2: content wrapped directly) and, for v1, the reference it points at.
 * `<topic>`: 64 hex as given, other text keccak256-hashed (the palette's rule). `ok` when an update exists,
 * `sad` (exit 1) when the feed has none (404).
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { parseTopicArgument } from '../../../core/cockpit/verb-inputs.js';
import { parseEthAddress } from '../../../core/swarm/references.js';
import { argument, connectNode, nodeFailure, statusOf } from './once-node.js';
import type { OnceRun } from './once.js';

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
      return { verb: 'feed-probe', status: 'sad', message: `feed ${owner}/${topic.hex.slice(0, 8)}… has no update on ${node.target.url} (404)`, data };
    }
    throw nodeFailure(node, error, 'the latest feed update', '/feeds');
  }
  const index = Number.parseInt(update.index, 16);
  const nextIndex = update.indexNext === undefined ? index + 1 : Number.parseInt(update.indexNext, 16);
  // With only-root-chunk the body is the wrapped chunk: span (8 bytes) then the payload.
  const payloadBytes = Math.max(0, update.payload.length - 8);
  const data: OnceData<'feed-probe'> = {
    ...key,
    found: true,
    index,
    indexHex: update.index,
    nextIndex,
    payloadBytes,
    ...(update.resolvedVersion === undefined ? {} : { resolvedVersion: update.resolvedVersion }),
    ...(update.reference === undefined ? {} : { reference: update.reference }),
  };
  const points = update.reference ? `, points at ${update.reference}` : '';
  return { verb: 'feed-probe', status: 'ok', message: `feed ${owner}/${topic.hex.slice(0, 8)}…: latest index ${index} (next ${nextIndex}), payload ${payloadBytes} bytes${update.resolvedVersion ? ` (${update.resolvedVersion})` : ''}${points}`, data };
};
