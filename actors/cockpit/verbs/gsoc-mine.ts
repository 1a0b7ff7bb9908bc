/**
 * `--once gsoc-mine <nonce> [node-url]`: a GSOC channel that lands in this node's neighbourhood, so the node
 * accepts and delivers messages sent to it (`/gsoc/subscribe/{socAddress}` on the node; senders upload a SOC
 * with the mined key and identifier).
 *
 * `<nonce>` names the channel: 64 hex is the identifier as given, any other text is hashed with keccak256 (the
 * palette's topic rule). The signer key is mined as bee-js `gsocMine` mines it (keys 0xb33, 0xb34, …) until the
 * SOC address keccak256(identifier ‖ owner) shares at least `depth` leading bits with the overlay, where depth
 * is the storage radius (full node) or Kademlia depth. The key is a throwaway that the channel's senders share;
 * it is printed because the channel is useless without it. Text: socAddress, owner, private key, identifier.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { GSOC_MAX_TRIES, mineGsocKey } from '../../../core/cockpit/neighbourhood.js';
import { parseTopicArgument } from '../../../core/cockpit/verb-inputs.js';
import { bytesToHex, hexToBytes } from '../../../core/swarm/bytes.js';
import { argument, connectNode, neighbourhoodDepth, nodeFailure } from './node.js';
import { OnceError, type OnceRun } from './verb.js';

export const details = `Arguments:
  <nonce>   the channel's name: 64 hex is the SOC identifier as given, other text is keccak256-hashed

Prints the SOC address to subscribe to, and the owner, private key and identifier to send with.`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('gsoc-mine', args, context, { min: 1, max: 1, usage: '<nonce>' });
  const nonce = rest[0]!;
  const identifier = argument(() => parseTopicArgument(nonce));
  const addresses = await node.client.addresses().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its addresses', '/addresses');
  });
  const { depth, depthSource } = await neighbourhoodDepth(node);
  const mined = mineGsocKey(hexToBytes(addresses.overlay), hexToBytes(identifier.hex), depth);
  if (!mined) {
    throw new OnceError({ code: 'gsoc-budget-spent', tries: GSOC_MAX_TRIES, depth, overlay: addresses.overlay }, { node: node.target.url, error: { code: 'not-found', detail: 'mining budget spent' } });
  }
  const data: OnceData<'gsoc-mine'> = {
    node: node.target.url,
    overlay: addresses.overlay,
    depth,
    depthSource,
    nonce,
    identifier: identifier.hex,
    identifierFrom: identifier.from,
    privateKey: bytesToHex(mined.privateKey),
    owner: bytesToHex(mined.owner),
    socAddress: bytesToHex(mined.socAddress),
    proximity: mined.proximity,
    tries: mined.tries,
  };
  return { verb: 'gsoc-mine', status: 'ok', data };
};
