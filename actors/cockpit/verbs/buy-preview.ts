/**
 * `--once buy-preview <depth> [amount] [node-url]` (palette `:batch buy`): what POST /stamps/{amount}/{depth}
 * would cost, last and hold, and whether Bee would refuse it, without sending it. `amount` is PLUR per chunk;
 * without it, the amount that lasts 30 days at the node's current price (decision: a month is the usual first
 * purchase; Bee's own floor is 24 h). `sad` (exit 1) when Bee would refuse: below the 24 h minimum, or more than
 * the wallet holds. Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { jsonSeconds } from '../../../core/cockpit/verb-inputs.js';
import { parseAmountArgument, parseDepthArgument } from '../../../core/cockpit/verb-inputs.js';
import { amountForSeconds, buyPreview } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { previewCommon, readPrice, readWallet, refusedBy } from './stamps.js';
import type { OnceRun } from './verb.js';

export const DEFAULT_BUY_SECONDS = 30n * 86_400n;

export const details = `Arguments:
  <depth>    batch depth, 17..40 (2^depth chunks)
  [amount]   PLUR per chunk (default: what lasts 30 days at the current price)

Never sends a transaction.`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('buy-preview', args, context, { min: 1, max: 2, usage: '<depth> [amount]' });
  const depth = argument(() => parseDepthArgument(rest[0]!));
  const given = rest[1] === undefined ? undefined : argument(() => parseAmountArgument(rest[1]!));
  const [price, wallet] = await Promise.all([readPrice(node), readWallet(node)]);
  const amount = given ?? amountForSeconds(DEFAULT_BUY_SECONDS, price.pricePerBlock, price.blockTimeSeconds);
  const preview = buyPreview({ ...price, depth, amount, ...(wallet === null ? {} : { walletPlur: wallet }) });
  const data: OnceData<'buy-preview'> = {
    ...previewCommon(node, price, wallet),
    depth,
    amount: String(amount),
    amountFrom: given === undefined ? 'default' : 'given',
    costPlur: String(preview.costPlur),
    costBzz: preview.costBzz,
    ttlSeconds: jsonSeconds(preview.ttlSeconds),
    minimumAmount: String(preview.minimumAmount),
    chunks: preview.chunks,
    theoreticalBytes: preview.theoreticalBytes,
    effectiveBytes: preview.effectiveBytes,
    warnings: preview.warnings,
  };
  return { verb: 'buy-preview', status: refusedBy(preview.warnings) ? 'sad' : 'ok', data };
};
