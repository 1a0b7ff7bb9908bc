/**
 * S4 Lottery: polls the redistribution round, stake and radius, and runs the rchash benchmark on its action
 * (2-cockpit.md §1 "S4"; rules in core/cockpit/rules/round-phase.ts, stake-card.ts, rchash.ts).
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchLottery`: five endpoints in parallel, failures kept inside the poll); this machine forwards
 * `screen.visible` to it and keeps the latest answer (`poll.done`) and the unexpected failure (`poll.failed`).
 *
 * - rchash: `idle` until the `rchash` action (`screen.action`: the button, or its key in the binding table) starts `running`
 *   (actor `runRchash` at the storage radius across the neighbourhood's anchor range, from the latest poll);
 *   then `done` with the node's durationSeconds and the 95 s verdict, or `failed` with why. Another request
 *   runs it again. A press before the radius and overlay are known is refused with a banner.
 *   The benchmark keeps running while the screen is hidden; stopping the actor (node switch) aborts it.
 *
 * Context: the latest poll, the benchmark's target and result or error, and the banner the engine shows
 * once per id (the outcome of each run or refusal).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AnchorRange } from '../../../core/cockpit/rules/rchash.js';
import { benchmarkTarget, rchashBanner, renderLottery, type LotteryPoll, type RchashRun } from '../../../core/cockpit/screens/lottery.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { RCHASH_ACTION } from '../../../core/cockpit/bindings/screen-actions.js';
import { errorText } from '../../../core/error-text.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface LotteryScreenInput {
  /** Between polls (default 10 s: two Gnosis blocks, so the block-in-round moves visibly). */
  readonly pollIntervalMs?: number;
}

/** What the benchmark actor returns (actors/cockpit/screens/lottery.ts). */
export interface RchashOutcome {
  readonly durationSeconds: number;
  readonly hash: string;
  readonly requestMs: number;
}

export interface Banner {
  readonly id: number;
  readonly text: string;
  readonly tone: 'ok' | 'fail';
}

export interface LotteryScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: LotteryPoll | null;
  readonly pollError: string | null;
  readonly rchashTarget: AnchorRange | null;
  readonly rchashResult: RchashOutcome | null;
  readonly rchashError: string | null;
  readonly banner: Banner | null;
}

export const LOTTERY_POLL_INTERVAL_MS = 10_000;

/** Provided by the engine (with the poller's fetch): lotteryScreenActors(client) from actors/cockpit/screens/lottery.ts. */
const runRchashNotProvided = fromPromise<RchashOutcome, AnchorRange>(async () => {
  throw new Error('runRchash actor not provided');
});

/**
 * Banner ids alternate 1, 2, 1, …: each new outcome gets an id different from the one before, which is what
 * the engine compares to show a banner once; a bounded id also keeps the machine's graph finite.
 */
const nextBannerId = (banner: Banner | null): number => (banner?.id === 1 ? 2 : 1);

/** The run as core renders it, from the rchash region's state and the context. */
export function rchashRunOf(state: LotteryScreenSnapshot): RchashRun {
  const { rchashTarget: target, rchashResult, rchashError } = state.context;
  if (target === null) return { kind: 'idle' };
  if (state.matches({ rchash: 'running' })) return { kind: 'running', target };
  if (state.matches({ rchash: 'done' }) && rchashResult) return { kind: 'done', target, ...rchashResult };
  if (state.matches({ rchash: 'failed' })) return { kind: 'failed', target, message: rchashError ?? 'unknown failure' };
  return { kind: 'idle' };
}

export const lotteryScreenMachine = setup({
  types: {} as { context: LotteryScreenContext; input: LotteryScreenInput; events: ScreenEvent | PollReport<LotteryPoll> },
  actors: { poller: pollingScreenMachine, runRchash: runRchashNotProvided },
  guards: {
    isRchashRequest: (_, params: ScreenEvent) => params.type === 'screen.action' && params.id === RCHASH_ACTION,
    isRchashRequestWithTarget: ({ context }, params: ScreenEvent) =>
      params.type === 'screen.action' && params.id === RCHASH_ACTION && !('error' in benchmarkTarget(context.poll)),
  },
  actions: {
    recordPoll: assign((_, poll: LotteryPoll) => ({ poll, pollError: null })),
    ...pollerActions<LotteryScreenContext, ScreenEvent | PollReport<LotteryPoll>>(),
    aimBenchmark: assign(({ context }) => {
      const target = benchmarkTarget(context.poll);
      return 'error' in target ? {} : { rchashTarget: target, rchashResult: null, rchashError: null };
    }),
    refuseBenchmark: assign(({ context }) => {
      const target = benchmarkTarget(context.poll);
      const why = 'error' in target ? target.error : 'unknown';
      return { banner: { id: nextBannerId(context.banner), text: `cannot run rchash yet: ${why}`, tone: 'fail' as const } };
    }),
    recordResult: assign(({ context }, result: RchashOutcome) => {
      const target = context.rchashTarget!;
      const banner = rchashBanner({ kind: 'done', target, ...result })!;
      return { rchashResult: result, banner: { id: nextBannerId(context.banner), ...banner } };
    }),
    recordFailure: assign(({ context }, params: { message: string }) => {
      const banner = rchashBanner({ kind: 'failed', target: context.rchashTarget!, message: params.message })!;
      return { rchashError: params.message, banner: { id: nextBannerId(context.banner), ...banner } };
    }),
  },
}).createMachine({
  id: 'lotteryScreen',
  description: 'S4: round phase, anchors, stake card and the rchash benchmark.',
  context: ({ input }) => ({
    pollIntervalMs: input.pollIntervalMs ?? LOTTERY_POLL_INTERVAL_MS,
    poll: null,
    pollError: null,
    rchashTarget: null,
    rchashResult: null,
    rchashError: null,
    banner: null,
  }),
  invoke: pollerInvoke,
  on: pollerTransitions<LotteryPoll>(),
  initial: 'rchash',
  states: {
    rchash: {
      description: 'The rchash benchmark: the rchash action (its key or the button) runs it at the storage radius.',
      initial: 'idle',
      on: {
        'screen.action': [
          { guard: { type: 'isRchashRequestWithTarget', params: ({ event }) => event }, target: '.running', actions: 'aimBenchmark' },
          { guard: { type: 'isRchashRequest', params: ({ event }) => event }, actions: 'refuseBenchmark' },
        ],
      },
      states: {
        idle: { description: 'Not run yet; the rchash action runs the benchmark.' },
        running: {
          description: 'The node builds a reserve sample (GET /rchash/{depth}/{anchor1}/{anchor2}); another request is ignored.',
          invoke: {
            id: 'runRchash',
            src: 'runRchash',
            input: ({ context }) => context.rchashTarget!,
            onDone: { target: 'done', actions: { type: 'recordResult', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ message: errorText(event.error) }) } },
          },
          on: { 'screen.action': {} },
        },
        done: { description: 'The duration and the verdict: green under the 95 s reveal deadline, red from it.' },
        failed: { description: 'The benchmark failed (no answer, incentives off, not a full node); the line says why.' },
      },
    },
  },
});

export type LotteryScreenSnapshot = SnapshotFrom<typeof lotteryScreenMachine>;

export const selectLotteryContent = selectPerSnapshot((state: LotteryScreenSnapshot) =>
  withPollFailure(renderLottery(state.context.poll, rchashRunOf(state), state.context.banner), state.context.pollError),
);
