/**
 * S5 Warmup: polls the bootstrap checklist's facts (2-cockpit.md §1 "S5"; the checklist is
 * core/cockpit/rules/warmup-checklist.ts).
 *
 * States: `polling` (actor `fetchWarmup`: five endpoints in parallel, each failure kept inside the poll, so
 * a starting node that 503s some routes still shows the rest; onError is for the unexpected), `waiting` until the
 * named delay `pollInterval`, `hidden` while the engine shows another screen (`screen.visible`), polling
 * at once when shown again. Context: the latest poll; the view is derived (selectWarmupContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { renderWarmup, type WarmupPoll } from '../../../core/cockpit/screens/warmup.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

export interface WarmupScreenInput {
  /** Between polls (default 5 s: progress bars of a starting node should move). */
  readonly pollIntervalMs?: number;
}

export interface WarmupScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: WarmupPoll | null;
  readonly pollError: string | null;
}

export const WARMUP_POLL_INTERVAL_MS = 5_000;

/** Provided by the engine: warmupScreenActors(client) from actors/cockpit/screens/warmup.ts. */
const fetchWarmupNotProvided = fromPromise<WarmupPoll>(async () => {
  throw new Error('fetchWarmup actor not provided');
});

export const warmupScreenMachine = setup({
  types: {} as { context: WarmupScreenContext; input: WarmupScreenInput; events: ScreenEvent },
  actors: { fetchWarmup: fetchWarmupNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    recordPoll: assign((_, poll: WarmupPoll) => ({ poll, pollError: null })),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
  },
}).createMachine({
  id: 'warmupScreen',
  description: 'S5: the bootstrap checklist with progress bars.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? WARMUP_POLL_INTERVAL_MS, poll: null, pollError: null }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Asking /readiness, /status, /topology, /chainstate and /reservestate.',
      invoke: {
        id: 'fetchWarmup',
        src: 'fetchWarmup',
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

export type WarmupScreenSnapshot = SnapshotFrom<typeof warmupScreenMachine>;

const contentCache = new WeakMap<object, ScreenContent>();

export function selectWarmupContent(state: WarmupScreenSnapshot): ScreenContent {
  let content = contentCache.get(state);
  if (!content) {
    const rendered = renderWarmup(state.context.poll);
    content = state.context.pollError === null ? rendered : { ...rendered, subtitle: `poll failed unexpectedly: ${state.context.pollError}` };
    contentCache.set(state, content);
  }
  return content;
}
