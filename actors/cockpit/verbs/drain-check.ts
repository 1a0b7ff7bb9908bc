/**
 * `--once drain-check [node-url]` (issue 29 item 2): is it safe to stop the node now, and when next will it be.
 * One GET /redistributionstate, judged by core/cockpit/drain.ts as the supervisor's drain judges it (a commit or
 * reveal phase of a round the node plays is not safe; Bee v2.8.1's 152-block round arithmetic gives when it ends).
 * `ok` (exit 0): safe now; `sad` (exit 1): not safe now (data.safeAtBlock, data.blocksUntilSafe), or unknown
 * because Bee has not read the chain's block yet (data.safe null); `error` (exit 2; cockpit-tui 1): the state
 * cannot be read (not a full node: 400, storage incentives off: 403, unreachable).
 */
import type { OnceData } from '../../../config-schema/once-results.js';
import { assessDrain, BLOCKS_PER_ROUND } from '../../../core/cockpit/drain.js';
import { connectNode, nodeFailure } from './node.js';
import type { OnceRun } from './verb.js';

export const run: OnceRun = async (args, context) => {
  const { node } = await connectNode('drain-check', args, context, { min: 0, max: 0, usage: '[node-url]' });
  const state = await node.client.redistributionstate().catch((error: unknown) => {
    throw nodeFailure(node, error, 'its redistribution state', '/redistributionstate (full nodes with storage incentives only), so whether a stop is safe cannot be told');
  });
  const verdict = assessDrain(state);
  const data: OnceData<'drain-check'> = {
    node: node.target.url,
    safe: verdict.safe,
    reason: verdict.reason,
    explanation: verdict.explanation,
    phase: state.phase,
    round: state.round,
    block: state.block,
    blocksPerRound: BLOCKS_PER_ROUND,
    selected: verdict.selected,
    committed: verdict.committed,
    lastSelectedRound: state.lastSelectedRound,
    lastPlayedRound: state.lastPlayedRound,
    isFrozen: state.isFrozen,
    safeAtBlock: verdict.safeAtBlock,
    blocksUntilSafe: verdict.blocksUntilSafe,
    safeUntilBlock: verdict.safeUntilBlock,
  };
  return { verb: 'drain-check', status: verdict.safe === true ? 'ok' : 'sad', data };
};

export const details = `Reads GET /redistributionstate. Not safe: the commit phase of a round the node is selected for or
committed in, or the reveal phase of a round it committed in (stopping then can leave a commit unrevealed);
safe from the claim phase of that round on (round = block / 152; commit 0-37, reveal 38-75, claim 76-151).
Results: ok (exit 0) safe now, with the block it stays safe until when already selected for the next round;
sad (exit 1) not safe now, with the block and the number of blocks until it is, or unknown (Bee has not read
the chain yet: data.safe null); error (exit 2; cockpit-tui 1) /redistributionstate cannot be read (light node
400, storage incentives off 403, unreachable). [store.supervisor] drain_secs makes a supervised stop wait for it.`;
