/**
 * `--once buy-suggest [size] [duration] [node-url]`: the batch to buy for `size` bytes of content kept for
 * `duration` (defaults 1 GB and 30 days): the smallest depth whose effective capacity (bee-js's estimate) holds
 * it, the per-chunk amount at the node's price (never below Bee's 24 h minimum), the cost, and whether the wallet
 * covers it. `sad` (exit 1) when the wallet does not. Sizes: 500MB, 2GiB, 1TB; durations: 12h, 30d, 1y, seconds.
 * Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { jsonSeconds } from '../../../core/cockpit/verb-inputs.js';
import { suggestBatch } from '../../../core/cockpit/batch-plan.js';
import { formatBzzApart, formatDuration } from '../../../core/cockpit/format.js';
import { parseDurationArgument, parseSizeArgument } from '../../../core/cockpit/verb-inputs.js';
import { formatPlurAsBzz, type PreviewWarning } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { previewCommon, readPrice, readWallet } from './stamps.js';
import type { OnceRun } from './verb.js';

export const details = `Arguments:
  [size]       content to store (default 1GB): 500MB, 2GiB, 1TB, or bytes
  [duration]   how long to keep it (default 30d): 12h, 30d, 1y, or seconds

Never sends a transaction.`;

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('buy-suggest', args, context, { min: 0, max: 2, usage: '[size] [duration]' });
  const sizeBytes = rest[0] === undefined ? 1e9 : argument(() => parseSizeArgument(rest[0]!));
  const durationSeconds = rest[1] === undefined ? 30 * 86_400 : argument(() => parseDurationArgument(rest[1]!));
  const [price, wallet] = await Promise.all([readPrice(node), readWallet(node)]);
  const suggestion = argument(() =>
    suggestBatch({ ...price, sizeBytes, durationSeconds }),
  );
  const warnings: PreviewWarning[] = [];
  if (suggestion.raisedToMinimum) warnings.push({ code: 'belowMinimumValidity', message: `${formatDuration(durationSeconds)} is below Bee's 24 h purchase minimum: the amount is raised to it` });
  const affordable = wallet === null ? null : wallet >= suggestion.costPlur;
  const [cost, held] = formatBzzApart(suggestion.costPlur, wallet ?? 0n);
  if (affordable === false) warnings.push({ code: 'insufficientFunds', message: `costs ${cost} but the wallet holds ${held}` });
  const data: OnceData<'buy-suggest'> = {
    ...previewCommon(node, price, wallet),
    sizeBytes,
    durationSeconds,
    depth: suggestion.depth,
    amount: String(suggestion.amount),
    costPlur: String(suggestion.costPlur),
    costBzz: formatPlurAsBzz(suggestion.costPlur),
    ttlSeconds: jsonSeconds(suggestion.ttlSeconds),
    effectiveBytes: suggestion.effectiveBytes,
    theoreticalBytes: suggestion.theoreticalBytes,
    affordable,
    warnings,
  };
  return { verb: 'buy-suggest', status: affordable === false ? 'sad' : 'ok', data };
};
