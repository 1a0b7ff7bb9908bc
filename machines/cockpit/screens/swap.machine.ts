/**
 * S3 Swap: the chequebook, the last cheques and both settlement lists (2-cockpit.md §1 "S3").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchSwap`: six endpoints in parallel, each failure kept inside the poll, so a node with swap off still shows
 * its time settlements); this machine forwards `screen.visible` to it and keeps the latest answer (`poll.done`) and
 * the unexpected failure (`poll.failed`). One state, `showing`; the view is derived (selectSwapContent).
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { renderSwap, type SwapPoll } from '../../../core/cockpit/screens/swap.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface SwapScreenInput {
  /** Between polls (default 30 s: cheques and settlements move with traffic, not by the second). */
  readonly pollIntervalMs?: number;
}

export interface SwapScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: SwapPoll | null;
  readonly pollError: string | null;
}

export const SWAP_POLL_INTERVAL_MS = 30_000;

export const swapScreenMachine = setup({
  types: {} as { context: SwapScreenContext; input: SwapScreenInput; events: ScreenEvent | PollReport<SwapPoll> },
  /** Provided by the engine: swapScreenActors(client) from actors/cockpit/screens/swap.ts. */
  actors: { poller: pollingScreenMachine },
  actions: {
    ...pollerActions<SwapScreenContext, ScreenEvent | PollReport<SwapPoll>>(),
    recordPoll: assign((_, poll: SwapPoll) => ({ poll, pollError: null })),
  },
}).createMachine({
  id: 'swapScreen',
  description: 'S3: chequebook, last cheques per peer, settlements and time settlements.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? SWAP_POLL_INTERVAL_MS, poll: null, pollError: null }),
  invoke: pollerInvoke,
  on: pollerTransitions<SwapPoll>(),
  initial: 'showing',
  states: {
    showing: { description: 'The chequebook, cheques and settlements of the latest answer of /node, the chequebook, /chequebook/cheque, /settlements and /timesettlements.' },
  },
});

export type SwapScreenSnapshot = SnapshotFrom<typeof swapScreenMachine>;

export const selectSwapContent = selectPerSnapshot((state: SwapScreenSnapshot) => withPollFailure(renderSwap(state.context.poll), state.context.pollError));
