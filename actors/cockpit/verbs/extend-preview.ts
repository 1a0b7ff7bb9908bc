/**
 * `--once extend-preview <id> <seconds> [node-url]` (palette `:batch extend`): the top-up that keeps a batch alive
 * `<seconds>` longer at today's price (also 12h, 30d, 1y), and its cost, without sending it. `sad` (exit 1) when
 * the wallet cannot pay. Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { jsonSeconds } from '../../../core/cockpit/verb-inputs.js';
import { parseDurationArgument } from '../../../core/cockpit/verb-inputs.js';
import { extendPreview, remainingAmountFromTtl, ttlSeconds } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { batchByPrefix, previewCommon, readPrice, readWallet, refusedBy } from './stamps.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('extend-preview', args, context, { min: 2, max: 2, usage: '<id> <seconds>' });
  const extraSeconds = argument(() => parseDurationArgument(rest[1]!, 'seconds'));
  const [batch, price, wallet] = await Promise.all([batchByPrefix(node, rest[0]!), readPrice(node), readWallet(node)]);
  const preview = extendPreview({ ...price, depth: batch.depth, extraSeconds: BigInt(extraSeconds), ...(wallet === null ? {} : { walletPlur: wallet }) });
  const remaining = batch.batchTTL > 0 ? remainingAmountFromTtl(BigInt(batch.batchTTL), price.pricePerBlock, price.blockTimeSeconds) : 0n;
  const current = ttlSeconds(remaining, price.pricePerBlock, price.blockTimeSeconds);
  const data: OnceData<'extend-preview'> = {
    ...previewCommon(node, price, wallet),
    batchId: batch.batchID,
    depth: batch.depth,
    immutable: batch.immutableFlag,
    extraSeconds,
    topupAmount: String(preview.amount),
    costPlur: String(preview.costPlur),
    costBzz: preview.costBzz,
    currentTtlSeconds: jsonSeconds(current),
    newTtlSeconds: jsonSeconds(current + preview.addedTtlSeconds),
    warnings: preview.warnings,
  };
  return { verb: 'extend-preview', status: refusedBy(preview.warnings) ? 'sad' : 'ok', data };
};
