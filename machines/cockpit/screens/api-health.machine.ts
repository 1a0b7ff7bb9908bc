/**
 * S8 API Health: the chain state and the pending transactions, and the cockpit's own call statistics
 * (2-cockpit.md §1 "S8").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchApiHealth`: /chainstate and /transactions in parallel, then the node client's statistics; failures stay
 * inside the poll); this machine forwards `screen.visible` to it and keeps the latest answer (`poll.done`), the
 * unexpected failure (`poll.failed`) and the chain-lag streak (polls in a row over the warn line: "sustained" lag
 * needs history). One state, `showing`; the view is derived (selectApiHealthContent).
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { nextLagStreak } from '../../../core/cockpit/rules/chain-lag.js';
import { renderApiHealth, type ApiHealthPoll } from '../../../core/cockpit/screens/api-health.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface ApiHealthScreenInput {
  /** Between polls (default 10 s: two blocks on Gnosis, so lag and new transactions show promptly). */
  readonly pollIntervalMs?: number;
}

export interface ApiHealthScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: ApiHealthPoll | null;
  readonly lagStreak: number;
  readonly pollError: string | null;
}

export const API_HEALTH_POLL_INTERVAL_MS = 10_000;

export const apiHealthScreenMachine = setup({
  types: {} as { context: ApiHealthScreenContext; input: ApiHealthScreenInput; events: ScreenEvent | PollReport<ApiHealthPoll> },
  /** Provided by the engine: apiHealthScreenActors(client) from actors/cockpit/screens/api-health.ts. */
  actors: { poller: pollingScreenMachine },
  actions: {
    ...pollerActions<ApiHealthScreenContext, ScreenEvent | PollReport<ApiHealthPoll>>(),
    recordPoll: assign(({ context }, poll: ApiHealthPoll) => ({
      poll,
      pollError: null,
      lagStreak: poll.chainstate.ok ? nextLagStreak(context.lagStreak, poll.chainstate.value.chainTip, poll.chainstate.value.block) : context.lagStreak,
    })),
  },
}).createMachine({
  id: 'apiHealthScreen',
  description: 'S8: chain state, pending transactions and the cockpit’s own call statistics.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? API_HEALTH_POLL_INTERVAL_MS, poll: null, lagStreak: 0, pollError: null }),
  invoke: pollerInvoke,
  on: pollerTransitions<ApiHealthPoll>(),
  initial: 'showing',
  states: {
    showing: { description: 'The chain state and pending transactions of the latest answer, and the call statistics it read.' },
  },
});

export type ApiHealthScreenSnapshot = SnapshotFrom<typeof apiHealthScreenMachine>;

export const selectApiHealthContent = selectPerSnapshot((state: ApiHealthScreenSnapshot) =>
  withPollFailure(renderApiHealth(state.context.poll, state.context.lagStreak), state.context.pollError),
);
