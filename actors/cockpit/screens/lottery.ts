/**
 * S4's fetches: the redistribution state, stake, withdrawable stake, /status (overlay, radius) and
 * /reservestate (radius, doubling) in parallel each poll, except that /stake and /stake/withdrawable go one
 * after the other: Bee v2.8.1 lets one staking call in at a time and answers any other, GETs included, 429
 * "simultaneous on-chain operations not supported" (seen on the bee-cluster). And the rchash benchmark on demand, which may
 * take minutes, so it gets its own long timeout (past the 95 s deadline, so a slow node still gets a
 * red verdict with its real duration rather than a timeout).
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { AnchorRange } from '../../../core/cockpit/rules/rchash.js';
import type { LotteryPoll } from '../../../core/cockpit/screens/lottery.js';
import type { NodeEndpoints } from '../../node-client/index.js';
import { settle } from '../health-snapshot.js';

export type LotteryClient = Pick<NodeEndpoints, 'redistributionstate' | 'stake' | 'stakeWithdrawable' | 'status' | 'reservestate' | 'rchash'>;

/** Ten minutes: far past the reveal deadline, short of forever. */
export const RCHASH_TIMEOUT_MS = 10 * 60_000;

export interface RchashResult {
  readonly durationSeconds: number;
  readonly hash: string;
  /** Wall-clock time of the request as the cockpit saw it. */
  readonly requestMs: number;
}

export async function fetchLottery(client: LotteryClient, signal: AbortSignal, now: () => number = Date.now): Promise<LotteryPoll> {
  const takenAtMs = now();
  const o = { signal };
  const stakes = async () => {
    const stake = await settle(client.stake(o), ({ stakedAmount }) => ({ stakedAmount }));
    const withdrawable = await settle(client.stakeWithdrawable(o), ({ withdrawableAmount }) => ({ withdrawableAmount }));
    return { stake, withdrawable };
  };
  const [redistribution, { stake, withdrawable }, status, reserve] = await Promise.all([
    settle(client.redistributionstate(o), (r) => {
      // Bee v2.0 called it lastSampleDuration.
      const sample = r.lastSampleDurationSeconds ?? r.lastSampleDuration;
      return {
        phase: r.phase,
        round: r.round,
        block: r.block,
        isFrozen: r.isFrozen,
        ...(r.isHealthy === undefined ? {} : { isHealthy: r.isHealthy }),
        isFullySynced: r.isFullySynced,
        hasSufficientFunds: r.hasSufficientFunds,
        minimumGasFunds: r.minimumGasFunds,
        lastWonRound: r.lastWonRound,
        lastPlayedRound: r.lastPlayedRound,
        lastFrozenRound: r.lastFrozenRound,
        lastSelectedRound: r.lastSelectedRound,
        ...(sample === undefined ? {} : { lastSampleDurationSeconds: sample }),
        reward: r.reward,
        fees: r.fees,
      };
    }),
    stakes(),
    settle(client.status(o), ({ overlay, storageRadius, beeMode, reserveSizeWithinRadius }) => ({ overlay, storageRadius, beeMode, reserveSizeWithinRadius })),
    settle(client.reservestate(o), ({ storageRadius, reserveCapacityDoubling }) =>
      reserveCapacityDoubling === undefined ? { storageRadius } : { storageRadius, reserveCapacityDoubling },
    ),
  ]);
  signal.throwIfAborted();
  return { takenAtMs, redistribution, stake, withdrawable, status, reserve };
}

export async function runRchash(client: LotteryClient, target: AnchorRange, signal: AbortSignal, now: () => number = Date.now): Promise<RchashResult> {
  const started = now();
  const answer = await client.rchash(target.depth, target.anchor1, target.anchor2, { signal, timeoutMs: RCHASH_TIMEOUT_MS });
  return { durationSeconds: answer.durationSeconds, hash: answer.hash, requestMs: Math.max(0, now() - started) };
}

export function lotteryScreenActors(client: LotteryClient, now?: () => number) {
  return {
    poller: pollingScreenWith(fromPromise<LotteryPoll>(({ signal }) => fetchLottery(client, signal, now))),
    runRchash: fromPromise<RchashResult, AnchorRange>(({ input, signal }) => runRchash(client, input, signal, now)),
  };
}
