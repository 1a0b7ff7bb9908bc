/**
 * `--once depth-table [min-depth] [max-depth]`: what a postage batch of each depth holds (default 17..34).
 * Per depth: chunks (2^depth), slots per bucket (2^(depth-16): Bee refuses a chunk once its bucket is full on
 * an immutable batch), theoretical bytes (chunks x 4096) and effective bytes: what bee-js
 * `getStampEffectiveBytes` expects to fit before the fullest bucket fills (its measured breakpoints, then 90 %
 * of theoretical). Pure: no node. Text: one row per depth.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { parseDepthArgument } from '../../../core/cockpit/verb-inputs.js';
import { BUCKET_DEPTH, bucketUpperBound, depthTable } from '../../../core/swarm/stamp-math.js';
import { argument, checkArity } from './node.js';
import { OnceUsageError, type OnceRun } from './verb.js';

export const details = `Arguments:
  [min-depth]  first depth (default 17, Bee's minimum)
  [max-depth]  last depth (default 34; at most 40)`;

export const run: OnceRun = async (args) => {
  checkArity('depth-table', args, { min: 0, max: 2, usage: '[min-depth] [max-depth]' });
  const min = args[0] === undefined ? 17 : argument(() => parseDepthArgument(args[0]!, 'min-depth'));
  const max = args[1] === undefined ? Math.max(min, 34) : argument(() => parseDepthArgument(args[1]!, 'max-depth'));
  if (max < min) throw new OnceUsageError(`max-depth ${max} is below min-depth ${min}`);
  const rows = depthTable(min, max).map((row) => ({
    depth: row.depth,
    chunks: row.chunks,
    bucketSlots: bucketUpperBound(row.depth),
    theoreticalBytes: row.theoreticalBytes,
    effectiveBytes: row.effectiveBytes,
    effectiveRatio: Number((row.effectiveBytes / row.theoreticalBytes).toFixed(4)),
  }));
  const data: OnceData<'depth-table'> = { bucketDepth: BUCKET_DEPTH, chunkPayloadBytes: 4096, rows };
  return { verb: 'depth-table', status: 'ok', data };
};
