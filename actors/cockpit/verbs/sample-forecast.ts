/**
 * `--once sample-forecast [--block-time SECS] [node-url]` (issue 29 item 4): runs the S4 rchash benchmark at the
 * storage radius across the node's neighbourhood, reads the reserve and /redistributionstate, and forecasts the
 * reserve sample's time against the round's sample budget (core/cockpit/sample-forecast.ts: 108 of 114 blocks).
 * `ok` (exit 0): it fits with margin; `sad` (exit 1): the margin is thin or the sample misses (now, or the
 * node's own last round sample); `error` (exit 2 desktop, 1 terminal): the benchmark or /status failed.
 * The block time is `--block-time`, else Bee's default 5 s (the API does not report it), and the data says which.
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { anchorRange } from '../../../core/cockpit/rules/rchash.js';
import { DEFAULT_BLOCK_SECONDS, forecastSample, type BlockTime } from '../../../core/cockpit/sample-forecast.js';
import { RCHASH_TIMEOUT_MS } from '../screens/lottery.js';
import { connectNode, nodeFailure } from './node.js';
import { OnceUsageError, timeoutOf, type OnceRun } from './verb.js';

export function parseBlockTime(args: readonly string[]): { blockTime: BlockTime; rest: string[] } {
  const rest: string[] = [];
  let blockTime: BlockTime = { seconds: DEFAULT_BLOCK_SECONDS, source: 'assumed' };
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--block-time') {
      rest.push(args[i]!);
      continue;
    }
    const text = args[++i];
    const seconds = Number(text);
    if (text === undefined || !Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new OnceUsageError(`--block-time must be a number of seconds from 0 to 600, got ${JSON.stringify(text ?? '')}`);
    blockTime = { seconds, source: 'option' };
  }
  return { blockTime, rest };
}

export const run: OnceRun = async (args, context) => {
  const { blockTime, rest } = parseBlockTime(args);
  const { node } = await connectNode('sample-forecast', rest, context, { min: 0, max: 0, usage: '[--block-time SECS] [node-url]' });
  const { client } = node;
  const before = await client.status().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its status', '/status');
  });
  const [reserve, redistribution] = await Promise.all([client.reservestate().catch(() => null), client.redistributionstate().catch((error: unknown) => ({ failed: error }))]);
  const target = anchorRange(before.overlay, before.storageRadius);
  const bench = await client.rchash(target.depth, target.anchor1, target.anchor2, { timeoutMs: Math.max(timeoutOf(context), RCHASH_TIMEOUT_MS) }).catch((error: unknown) => {
    throw nodeFailure(node, error, 'the rchash benchmark', '/rchash (a node without storage incentives has no redistribution agent)');
  });
  const after = await client.status().catch(() => before);
  const r = redistribution && !('failed' in redistribution) ? redistribution : null;
  const forecast = forecastSample({
    benchmark: { durationSeconds: bench.durationSeconds, depth: target.depth },
    reserveAtBenchmark: before.reserveSizeWithinRadius,
    reserveNow: after.reserveSizeWithinRadius,
    reserveCapacityDoubling: reserve?.reserveCapacityDoubling ?? 0,
    lastSampleSeconds: r ? (r.lastSampleDurationSeconds ?? r.lastSampleDuration ?? null) : null,
    block: r?.block ?? null,
    round: r?.round ?? null,
    lastSelectedRound: r?.lastSelectedRound ?? null,
    blockTime,
  });
  const url = node.target.url;
  const data: OnceData<'sample-forecast'> = {
    node: url,
    depth: target.depth,
    benchmarkSeconds: bench.durationSeconds,
    reserveSizeWithinRadius: after.reserveSizeWithinRadius,
    reserveCapacityDoubling: reserve?.reserveCapacityDoubling ?? null,
    redistribution: r ? { phase: r.phase, round: r.round, block: r.block } : null,
    ...forecast,
    warnings: [...forecast.warnings],
  };
  const status = forecast.verdict === 'fits' ? 'ok' : 'sad';
  return { verb: 'sample-forecast', status, data };
};

export const details = `Runs GET /rchash at the storage radius across the node's neighbourhood (the S4 benchmark; it builds a reserve
sample: seconds to minutes), reads /status, /reservestate and /redistributionstate, and forecasts the round's
reserve sample against Bee v2.8.1's sample window: from the claim phase (block 76) to the next round's reveal
(block 38): 114 blocks, less 5 (Bee checks the phase every 5 blocks) and 1 (the commit transaction): 108 blocks.
--block-time SECS sets the chain's block time (default 5 s, Bee's own; the API does not report it).
Shown: the sample now, once the reserve is full, and the node's own last round sample, each with its margin.
Results: ok (exit 0) fits with margin; sad (exit 1) thin margin (under 25 % of the budget) or a miss;
error (exit 2; cockpit-tui 1) /status or the benchmark failed (a node with storage incentives off has no /rchash).`;
