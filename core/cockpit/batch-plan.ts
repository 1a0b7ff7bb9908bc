/**
 * Stamp planning that goes beyond one transaction's preview (core/swarm/stamp-math.ts has those):
 * - `suggestBatch`: the smallest depth whose effective capacity (bee-js's estimate) holds `sizeBytes`, and the
 *   per-chunk amount that lasts `durationSeconds` at today's price, never below Bee's 24 h purchase minimum.
 * - `planBatches`: for every batch of a node, what keeps it alive for `targetSeconds`: nothing, a top-up, a
 *   dilute by one depth when an immutable batch's fullest bucket is at 80 % or more (then a top-up too, since a
 *   dilute halves the TTL), or wait (not usable yet) / expired, with the cost of each and the total.
 */
import { amountForSeconds, effectiveCapacityBytes, MINIMUM_VALIDITY_BLOCKS, remainingAmountFromTtl, stampCost, theoreticalCapacityBytes, ttlSeconds, type PriceContext } from '../swarm/stamp-math.js';
import { formatBytes, formatBzzExact, formatDuration, formatPercent } from './format.js';
import { MAX_VERB_DEPTH } from './verb-inputs.js';
import { InputError } from '../swarm/input-error.js';

export interface BatchSuggestion {
  depth: number;
  amount: bigint;
  costPlur: bigint;
  ttlSeconds: bigint;
  effectiveBytes: number;
  theoreticalBytes: number;
  /** The amount was raised to Bee's 24 h purchase minimum. */
  raisedToMinimum: boolean;
}

export function suggestBatch(input: PriceContext & { sizeBytes: number; durationSeconds: number; minimumValidityBlocks?: bigint }): BatchSuggestion {
  let depth = 17;
  while (depth <= MAX_VERB_DEPTH && effectiveCapacityBytes(depth) < input.sizeBytes) depth++;
  if (depth > MAX_VERB_DEPTH) throw new InputError('size', String(input.sizeBytes), `at most ${formatBytes(effectiveCapacityBytes(MAX_VERB_DEPTH))} (a depth-${MAX_VERB_DEPTH} batch)`);
  const wanted = amountForSeconds(BigInt(input.durationSeconds), input.pricePerBlock, input.blockTimeSeconds);
  const minimum = (input.minimumValidityBlocks ?? MINIMUM_VALIDITY_BLOCKS) * input.pricePerBlock;
  const amount = wanted < minimum ? minimum : wanted;
  return {
    depth,
    amount,
    costPlur: stampCost(depth, amount),
    ttlSeconds: ttlSeconds(amount, input.pricePerBlock, input.blockTimeSeconds),
    effectiveBytes: effectiveCapacityBytes(depth),
    theoreticalBytes: theoreticalCapacityBytes(depth),
    raisedToMinimum: wanted < minimum,
  };
}

export interface PlannedBatch {
  batchId: string;
  label?: string;
  depth: number;
  usable: boolean;
  ttlSeconds: number;
  utilizationRatio: number;
  action: 'none' | 'topup' | 'dilute' | 'topup-and-dilute' | 'wait' | 'expired';
  topupAmount?: bigint;
  newDepth?: number;
  costPlur: bigint;
  reason: string;
}

export const DILUTE_AT = 0.8;

export interface PlanInputBatch {
  batchID: string;
  label?: string;
  depth: number;
  usable: boolean;
  utilization: number;
  immutableFlag: boolean;
  batchTTL: number;
}

export function planBatches(batches: readonly PlanInputBatch[], price: PriceContext, targetSeconds: number): { batches: PlannedBatch[]; totalCostPlur: bigint } {
  const target = BigInt(targetSeconds);
  const needed = amountForSeconds(target, price.pricePerBlock, price.blockTimeSeconds);
  const planned = batches.map((batch): PlannedBatch => {
    const ratio = batch.utilization / 2 ** (batch.depth - 16);
    const base = { batchId: batch.batchID, ...(batch.label ? { label: batch.label } : {}), depth: batch.depth, usable: batch.usable, ttlSeconds: batch.batchTTL, utilizationRatio: Number(ratio.toFixed(4)) };
    if (!batch.usable) return { ...base, action: 'wait', costPlur: 0n, reason: 'not usable yet: a purchase confirms after about 10 blocks; plan again then' };
    if (batch.batchTTL === 0) return { ...base, action: 'expired', costPlur: 0n, reason: 'expired: its content is no longer paid for; buy a new batch and re-upload' };
    const remaining = batch.batchTTL < 0 ? 0n : remainingAmountFromTtl(BigInt(batch.batchTTL), price.pricePerBlock, price.blockTimeSeconds);
    const dilute = batch.immutableFlag && ratio >= DILUTE_AT;
    const newDepth = dilute ? batch.depth + 1 : batch.depth;
    const afterDilute = dilute ? remaining >> 1n : remaining;
    const topup = afterDilute >= needed ? 0n : needed - afterDilute;
    const costPlur = topup === 0n ? 0n : stampCost(newDepth, topup);
    const fill = `${formatPercent(ratio)} full`;
    const ttlText = batch.batchTTL < 0 ? 'TTL unknown' : `TTL ${formatDuration(batch.batchTTL)}`;
    if (dilute && topup > 0n) {
      return { ...base, action: 'topup-and-dilute', topupAmount: topup, newDepth, costPlur, reason: `${fill} (immutable): dilute to depth ${newDepth} (halves the TTL), then top up ${formatBzzExact(topup)}/chunk to last ${formatDuration(targetSeconds)}` };
    }
    if (dilute) return { ...base, action: 'dilute', newDepth, costPlur: 0n, reason: `${fill} (immutable): dilute to depth ${newDepth}; ${ttlText} halved still covers ${formatDuration(targetSeconds)}` };
    if (topup > 0n) return { ...base, action: 'topup', topupAmount: topup, costPlur, reason: `${ttlText} is short of ${formatDuration(targetSeconds)}: top up ${formatBzzExact(topup)}/chunk` };
    return { ...base, action: 'none', costPlur: 0n, reason: `${ttlText}, ${fill}: nothing to do for ${formatDuration(targetSeconds)}` };
  });
  return { batches: planned, totalCostPlur: planned.reduce((sum, b) => sum + b.costPlur, 0n) };
}
