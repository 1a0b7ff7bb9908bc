/** Arranges retcheck's test content on a running devnet through the node client (the tools' own client). */
import { randomBytes } from 'node:crypto';
import { createNodeClient } from '../../actors/node-client/index.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../core/swarm/feeds.js';
import { randomPrivateKey } from '../../core/swarm/signer.js';
import { SOC_IDENTIFIER_SIZE } from '../../core/swarm/soc.js';
import type { DevnetNodeInfo } from '../../devnet/devnet.js';

export const CHUNK = 4096;

export interface UploadChoice {
  /** false (default here): pushed before the answer, so every node can retrieve it at once. */
  deferred?: boolean;
  redundancyLevel?: 0 | 1 | 2 | 3 | 4;
}

export async function uploadBytes(node: DevnetNodeInfo, data: Uint8Array, choice: UploadChoice = {}): Promise<string> {
  const client = createNodeClient({ baseUrl: node.url });
  const { reference } = await client.uploadBytes(data, {
    batchId: node.batchId!,
    deferred: choice.deferred ?? false,
    ...(choice.redundancyLevel !== undefined ? { redundancyLevel: choice.redundancyLevel } : {}),
  });
  return reference;
}

export const uploadRandom = (node: DevnetNodeInfo, size: number, choice: UploadChoice = {}): Promise<string> =>
  uploadBytes(node, new Uint8Array(randomBytes(size)), choice);

/**
 * Publishes a v1 feed update (index 0) pointing at `reference` with POST /soc/{owner}/{id}?sig=: the update
 * chunk is built and signed here (core/swarm feeds + soc), the node only checks and stores it.
 */
export async function publishFeedUpdate(node: DevnetNodeInfo, reference: string, topicName: string): Promise<{ owner: string; topic: string }> {
  const key = randomPrivateKey();
  const topic = topicFromString(topicName);
  const soc = makeFeedUpdateChunk(key, topic, 0n, hexToBytes(reference), BigInt(Math.floor(Date.now() / 1000)));
  const wrapped = soc.data.subarray(SOC_IDENTIFIER_SIZE + soc.signature.length);
  const client = createNodeClient({ baseUrl: node.url });
  await client.uploadSoc(bytesToHex(soc.owner), bytesToHex(feedIdentifier(topic, 0n)), bytesToHex(soc.signature), wrapped, { batchId: node.batchId!, deferred: false });
  return { owner: bytesToHex(soc.owner), topic: bytesToHex(topic) };
}
