/**
 * `--once plan-batch [duration] [node-url]`: for every batch of the node, what keeps it alive for `duration`
 * (default 30 days; 12h, 30d, 1y or seconds): nothing, a top-up (amount and cost), a dilute by one depth when an
 * immutable batch's fullest bucket is 80 % full (plus the top-up the halved TTL then needs), wait (not usable yet)
 * or expired; and the total against the wallet. `sad` (exit 1) when the wallet cannot pay the plan.
 * Text: one line per batch, then the total. Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { planBatches } from '../../../core/cockpit/batch-plan.js';
import { formatBzzApart } from '../../../core/cockpit/format.js';
import { parseDurationArgument } from '../../../core/cockpit/verb-inputs.js';
import { formatPlurAsBzz, type PreviewWarning } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { previewCommon, readBatches, readPrice, readWallet } from './stamps.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('plan-batch', args, context, { min: 0, max: 1, usage: '[duration]' });
  const targetSeconds = rest[0] === undefined ? 30 * 86_400 : argument(() => parseDurationArgument(rest[0]!));
  const [batches, price, wallet] = await Promise.all([readBatches(node), readPrice(node), readWallet(node)]);
  const plan = planBatches(batches, price, targetSeconds);
  const affordable = wallet === null ? null : wallet >= plan.totalCostPlur;
  const [cost, held] = formatBzzApart(plan.totalCostPlur, wallet ?? 0n);
  const warnings: PreviewWarning[] = affordable === false ? [{ code: 'insufficientFunds', message: `the plan costs ${cost} but the wallet holds ${held}` }] : [];
  const data: OnceData<'plan-batch'> = {
    ...previewCommon(node, price, wallet),
    targetSeconds,
    batches: plan.batches.map(({ topupAmount, costPlur, ...rest }) => ({
      ...rest,
      costPlur: String(costPlur),
      ...(topupAmount === undefined ? {} : { topupAmount: String(topupAmount) }),
    })),
    totalCostPlur: String(plan.totalCostPlur),
    totalCostBzz: formatPlurAsBzz(plan.totalCostPlur),
    affordable,
    warnings,
  };
  return { verb: 'plan-batch', status: affordable === false ? 'sad' : 'ok', data };
};
