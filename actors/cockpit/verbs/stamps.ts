/**
 * What the stamp-math previews and the uploads read from the node, once: the price (GET /chainstate), the
 * wallet's BZZ (GET /wallet; null when the node has no chain backend or the wallet cannot be read, so a preview
 * still answers), the node's batches (GET /stamps), and a batch named by ID or prefix. None of these send a
 * transaction: the previews are read-only by construction (the devnet test counts the chain's transactions).
 */
import type { PostageBatch } from '../../node-client/index.js';
import { resolveBatchPrefix } from '../../../core/cockpit/batch-choice.js';
import { parseBatchPrefix } from '../../../core/cockpit/verb-inputs.js';
import { DEFAULT_BLOCK_TIME_SECONDS, type PreviewWarning } from '../../../core/swarm/stamp-math.js';
import { argument, nodeFailure, type OnceNode } from './node.js';
import { OnceError } from './verb.js';

export interface PriceSnapshot {
  pricePerBlock: bigint;
  blockTimeSeconds: number;
  minimumValidityBlocks?: bigint;
}

export async function readPrice(node: OnceNode): Promise<PriceSnapshot> {
  const chain = await node.client.chainstate().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its chain state', '/chainstate (an ultra-light node has no chain backend)');
  });
  const pricePerBlock = BigInt(chain.currentPrice);
  if (pricePerBlock <= 0n) {
    throw new OnceError({ code: 'no-price', url: node.target.url }, { node: node.target.url, error: { code: 'no-price', detail: 'currentPrice is 0' } });
  }
  return { pricePerBlock, blockTimeSeconds: DEFAULT_BLOCK_TIME_SECONDS, ...(chain.minimumValidityBlocks === undefined ? {} : { minimumValidityBlocks: BigInt(chain.minimumValidityBlocks) }) };
}

/** The wallet's PLUR, or null when it cannot be read (the preview then cannot say whether it is affordable). */
export async function readWallet(node: OnceNode): Promise<bigint | null> {
  try {
    const balance = (await node.client.wallet()).bzzBalance;
    return balance === null ? null : BigInt(balance);
  } catch {
    return null;
  }
}

export async function readBatches(node: OnceNode): Promise<PostageBatch[]> {
  return node.client.stamps().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its postage batches', '/stamps (an ultra-light node has no chain backend)');
  });
}

/** A batch of the node by full ID or unique prefix; unknown or ambiguous is an error naming the candidates. */
export async function batchByPrefix(node: OnceNode, text: string): Promise<PostageBatch> {
  const prefix = argument(() => parseBatchPrefix(text));
  const batches = await readBatches(node);
  const found = resolveBatchPrefix(prefix, batches);
  if (!found.ok) throw new OnceError({ code: 'batch-refused', url: node.target.url, reason: found.reason }, { node: node.target.url, error: { code: 'batch', detail: found.reason } });
  return batches.find((b) => b.batchID === found.batch.batchID)!;
}

/** Warnings that mean Bee would refuse the transaction: the preview's status is `sad` (exit 1). */
export { refusedBy } from '../../../core/cockpit/verb-text/preview.js';

export const previewCommon = (node: OnceNode, price: PriceSnapshot, wallet: bigint | null) => ({
  node: node.target.url,
  pricePerChunkPerBlock: String(price.pricePerBlock),
  blockTimeSeconds: price.blockTimeSeconds,
  walletPlur: wallet === null ? null : String(wallet),
  transactionSent: false as const,
});
