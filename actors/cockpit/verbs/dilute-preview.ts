/**
 * `--once dilute-preview <id> <new-depth> [node-url]` (palette `:batch dilute`): what PATCH /stamps/dilute/{id}/{depth}
 * would do, without sending it: free, capacity doubles per extra depth, and the remaining per-chunk balance is
 * divided by 2^(new - old), so the TTL halves per step. The new depth must be deeper than the current one (Bee
 * refuses otherwise): an error naming both. Never sends a transaction.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { jsonSeconds } from '../../../core/cockpit/verb-inputs.js';
import { parseDepthArgument } from '../../../core/cockpit/verb-inputs.js';
import { dilutePreview, remainingAmountFromTtl } from '../../../core/swarm/stamp-math.js';
import { argument, connectNode } from './node.js';
import { batchByPrefix, previewCommon, readPrice, readWallet } from './stamps.js';
import { OnceError, type OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node, rest } = await connectNode('dilute-preview', args, context, { min: 2, max: 2, usage: '<id> <new-depth>' });
  const newDepth = argument(() => parseDepthArgument(rest[1]!, 'new depth'));
  const [batch, price, wallet] = await Promise.all([batchByPrefix(node, rest[0]!), readPrice(node), readWallet(node)]);
  if (newDepth <= batch.depth) {
    throw new OnceError({ code: 'dilute-not-deeper', batchId: batch.batchID, depth: batch.depth, newDepth }, { node: node.target.url, error: { code: 'depth', detail: `new depth ${newDepth} <= ${batch.depth}` } });
  }
  const remaining = batch.batchTTL > 0 ? remainingAmountFromTtl(BigInt(batch.batchTTL), price.pricePerBlock, price.blockTimeSeconds) : 0n;
  const preview = dilutePreview({ ...price, depth: batch.depth, newDepth, remainingAmount: remaining });
  const data: OnceData<'dilute-preview'> = {
    ...previewCommon(node, price, wallet),
    batchId: batch.batchID,
    depth: batch.depth,
    immutable: batch.immutableFlag,
    newDepth,
    costPlur: '0',
    currentTtlSeconds: jsonSeconds(preview.currentTtlSeconds),
    newTtlSeconds: jsonSeconds(preview.newTtlSeconds),
    theoreticalBytes: preview.theoreticalBytes,
    effectiveBytes: preview.effectiveBytes,
    warnings: preview.warnings,
  };
  return { verb: 'dilute-preview', status: 'ok', data };
};
