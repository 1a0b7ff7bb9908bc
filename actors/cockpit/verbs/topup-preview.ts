/**
 * `--once topup-preview <id> <amount> [node-url]` (palette `:batch topup`): what PATCH /stamps/topup/{id}/{amount}
 * would cost (amount x 2^depth PLUR) and add to the batch's TTL, without sending it. `<id>` is a batch ID or a
 * unique prefix of one of the node's batches. The batch's remaining per-chunk balance is derived from Bee's own
 * batchTTL at the current price. `sad` (exit 1) when the wallet cannot pay. Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { jsonSeconds } from '../../../core/cockpit/verb-inputs.js';
import { parseAmountArgument } from '../../../core/cockpit/verb-inputs.js';
import { remainingAmountFromTtl, topupPreview } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { batchByPrefix, previewCommon, readPrice, readWallet, refusedBy } from './stamps.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('topup-preview', args, context, { min: 2, max: 2, usage: '<id> <amount>' });
  const amount = argument(() => parseAmountArgument(rest[1]!));
  const [batch, price, wallet] = await Promise.all([batchByPrefix(node, rest[0]!), readPrice(node), readWallet(node)]);
  const remaining = batch.batchTTL > 0 ? remainingAmountFromTtl(BigInt(batch.batchTTL), price.pricePerBlock, price.blockTimeSeconds) : 0n;
  const preview = topupPreview({ ...price, depth: batch.depth, remainingAmount: remaining, topupAmount: amount, ...(wallet === null ? {} : { walletPlur: wallet }) });
  const data: OnceData<'topup-preview'> = {
    ...previewCommon(node, price, wallet),
    batchId: batch.batchID,
    depth: batch.depth,
    immutable: batch.immutableFlag,
    topupAmount: String(amount),
    costPlur: String(preview.costPlur),
    costBzz: preview.costBzz,
    currentTtlSeconds: jsonSeconds(preview.currentTtlSeconds),
    addedTtlSeconds: jsonSeconds(preview.addedTtlSeconds),
    newTtlSeconds: jsonSeconds(preview.newTtlSeconds),
    warnings: preview.warnings,
  };
  return { verb: 'topup-preview', status: refusedBy(preview.warnings) ? 'sad' : 'ok', data };
};
