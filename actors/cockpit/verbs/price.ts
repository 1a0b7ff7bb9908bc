/**
 * `--once price [node-url]`: the storage price the node sees (GET /chainstate `currentPrice`: PLUR per chunk
 * per block) and what it means: per chunk per day, 1 GiB (2^18 chunks) for 30 days in PLUR and BZZ, and the
 * smallest per-chunk amount Bee accepts for a purchase (minimumValidityBlocks x price; 17 280 blocks when the
 * node does not say). Block time: 5 s, Bee's own default (the API does not report it).
 * Status `ok`; a node whose price is still unknown (0, before the first price event) is `sad` (exit 1).
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { priceFacts } from '../../../core/cockpit/price-facts.js';
import { connectNode, nodeFailure } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node } = await connectNode('price', args, context, { min: 0, max: 0, usage: '[node-url]' });
  const chain = await node.client.chainstate().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its chain state', '/chainstate (an ultra-light node has no chain backend)');
  });
  const price = BigInt(chain.currentPrice);
  const facts = priceFacts(price, chain.minimumValidityBlocks);
  const data: OnceData<'price'> = {
    node: node.target.url,
    pricePerChunkPerBlock: String(facts.pricePerChunkPerBlock),
    blockTimeSeconds: facts.blockTimeSeconds,
    pricePerChunkPerDay: String(facts.pricePerChunkPerDay),
    gibPerMonthPlur: String(facts.gibPerMonthPlur),
    gibPerMonthBzz: facts.gibPerMonthBzz,
    minimumValidityBlocks: facts.minimumValidityBlocks,
    minimumAmount: String(facts.minimumAmount),
    chainTip: chain.chainTip,
    block: chain.block,
  };
  // A price of 0 is unknown (no price event synced yet), not free: a sad answer.
  return { verb: 'price', status: price === 0n ? 'sad' : 'ok', data };
};
