/**
 * S8 API Health: polls the chain state and the pending transactions, and reads the cockpit's own call
 * statistics (2-cockpit.md §1 "S8").
 *
 * States: `polling` (actor `fetchApiHealth`: /chainstate and /transactions in parallel, then the node
 * client's statistics; failures stay inside the poll, onError is for the unexpected), `waiting` until the
 * named delay `pollInterval`, `hidden` while the engine shows another screen (`screen.visible`), polling at
 * once when shown again. Context: the latest poll and the chain-lag streak (polls in a row over the warn
 * line: "sustained" lag needs history); the view is derived (selectApiHealthContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { nextLagStreak } from '../../../core/cockpit/rules/chain-lag.js';
import { renderApiHealth, type ApiHealthPoll } from '../../../core/cockpit/screens/api-health.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

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

/** Provided by the engine: apiHealthScreenActors(client) from actors/cockpit/screens/api-health.ts. */
const fetchApiHealthNotProvided = fromPromise<ApiHealthPoll>(async () => {
  throw new Error('fetchApiHealth actor not provided');
});

export const apiHealthScreenMachine = setup({
  types: {} as { context: ApiHealthScreenContext; input: ApiHealthScreenInput; events: ScreenEvent },
  actors: { fetchApiHealth: fetchApiHealthNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    recordPoll: assign(({ context }, poll: ApiHealthPoll) => ({
      poll,
      pollError: null,
      lagStreak: poll.chainstate.ok ? nextLagStreak(context.lagStreak, poll.chainstate.value.chainTip, poll.chainstate.value.block) : context.lagStreak,
    })),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
  },
}).createMachine({
  id: 'apiHealthScreen',
  description: 'S8: chain state, pending transactions and the cockpit’s own call statistics.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? API_HEALTH_POLL_INTERVAL_MS, poll: null, lagStreak: 0, pollError: null }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Asking /chainstate and /transactions, then reading the call statistics.',
      invoke: {
        id: 'fetchApiHealth',
        src: 'fetchApiHealth',
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

export type ApiHealthScreenSnapshot = SnapshotFrom<typeof apiHealthScreenMachine>;

const contentCache = new WeakMap<object, ScreenContent>();

export function selectApiHealthContent(state: ApiHealthScreenSnapshot): ScreenContent {
  let content = contentCache.get(state);
  if (!content) {
    const rendered = renderApiHealth(state.context.poll, state.context.lagStreak);
    content = state.context.pollError === null ? rendered : { ...rendered, subtitle: `poll failed unexpectedly: ${state.context.pollError}` };
    contentCache.set(state, content);
  }
  return content;
}
