/**
 * The one place uploads consult postage state. Every upload route calls `checkUploadBatch` once and
 * `stampChunk` per chunk; both answer with Bee's status codes (404 batch unknown to this node, 422 not
 * usable yet, 402 overissued) as a DevnetResponse, or undefined when the chunk may be stored.
 */
import { hexToBytes } from '../../core/swarm/bytes.js';
import { beeError, type DevnetResponse } from '../http/router.js';
import type { DevnetNode } from '../node.js';

export function checkUploadBatch(node: DevnetNode, batchIdHex: string): DevnetResponse | undefined {
  const postage = node.chain.postage;
  const batch = postage.own(batchIdHex);
  if (batch === undefined) return beeError(404, 'batch with id not found');
  if (!postage.isUsable(batch)) return beeError(422, 'batch not usable yet or does not exist');
  return undefined;
}

export function stampChunk(node: DevnetNode, batchIdHex: string, addressHex: string): DevnetResponse | undefined {
  const outcome = node.chain.postage.stampChunk(batchIdHex, hexToBytes(addressHex));
  return outcome.ok ? undefined : beeError(outcome.status, outcome.message);
}
