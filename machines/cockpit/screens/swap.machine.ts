/**
 * S3 Swap: polls the chequebook, the last cheques and both settlement lists (2-cockpit.md §1 "S3").
 *
 * States: `polling` (actor `fetchSwap`: six endpoints in parallel, each failure kept inside the poll, so a
 * node with swap off still shows its time settlements; onError is for the unexpected), `waiting` until the
 * named delay `pollInterval`, `hidden` while the engine shows another screen (`screen.visible`), polling
 * at once when shown again. Context: the latest poll; the view is derived (selectSwapContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { renderSwap, type SwapPoll } from '../../../core/cockpit/screens/swap.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

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

/** Provided by the engine: swapScreenActors(client) from actors/cockpit/screens/swap.ts. */
const fetchSwapNotProvided = fromPromise<SwapPoll>(async () => {
  throw new Error('fetchSwap actor not provided');
});

export const swapScreenMachine = setup({
  types: {} as { context: SwapScreenContext; input: SwapScreenInput; events: ScreenEvent },
  actors: { fetchSwap: fetchSwapNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    recordPoll: assign((_, poll: SwapPoll) => ({ poll, pollError: null })),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
  },
}).createMachine({
  id: 'swapScreen',
  description: 'S3: chequebook, last cheques per peer, settlements and time settlements.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? SWAP_POLL_INTERVAL_MS, poll: null, pollError: null }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Asking /node, the chequebook, /chequebook/cheque, /settlements and /timesettlements.',
      invoke: {
        id: 'fetchSwap',
        src: 'fetchSwap',
        onDone: { target: 'waiting', actions: { type: 'recordPoll', params: ({ event }) => event.output } },
        onError: { target: 'waiting', actions: { type: 'recordPollError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
      on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
    },
    waiting: {
      description: 'Shown; the next poll starts after pollInterval.',
      after: { pollInterval: 'polling' },
      on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
    },
    hidden: {
      description: 'Another screen is shown: no polling until this one is shown again.',
      on: { 'screen.visible': { guard: { type: 'isShown', params: ({ event }) => event }, target: 'polling' } },
    },
  },
});

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type SwapScreenSnapshot = SnapshotFrom<typeof swapScreenMachine>;

const contentCache = new WeakMap<object, ScreenContent>();

export function selectSwapContent(state: SwapScreenSnapshot): ScreenContent {
  let content = contentCache.get(state);
  if (!content) {
    const rendered = renderSwap(state.context.poll);
    content = state.context.pollError === null ? rendered : { ...rendered, subtitle: `poll failed unexpectedly: ${state.context.pollError}` };
    contentCache.set(state, content);
  }
  return content;
}
