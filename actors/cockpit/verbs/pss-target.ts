/**
 * `--once pss-target [node-url]`: the target prefix to send PSS messages to this node with
 * (`POST /pss/send/{topic}/{target}?recipient=<pssPublicKey>` on any node): the first ceil(depth/8) bytes of its
 * overlay, 1 to 3 bytes (Bee's limit), where depth is its storage radius (full node) or Kademlia depth (light
 * node). `coversDepth` is false when 3 bytes are fewer bits than the depth. Text: the target hex.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { pssTarget } from '../../../core/cockpit/neighbourhood.js';
import { hexToBytes } from '../../../core/swarm/bytes.js';
import { connectNode, neighbourhoodDepth, nodeFailure } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node } = await connectNode('pss-target', args, context, { min: 0, max: 0, usage: '[node-url]' });
  const addresses = await node.client.addresses().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its addresses', '/addresses');
  });
  const { depth, depthSource } = await neighbourhoodDepth(node);
  const target = pssTarget(hexToBytes(addresses.overlay), depth);
  const data: OnceData<'pss-target'> = { node: node.target.url, overlay: addresses.overlay, pssPublicKey: addresses.pssPublicKey, depth, depthSource, ...target };
  return { verb: 'pss-target', status: 'ok', data };
};
