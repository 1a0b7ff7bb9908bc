/**
 * S7 Network: polls `/addresses` and `/topology` for identity, reachability and underlays (2-cockpit.md §1 "S7").
 *
 * States: `polling` (actor `fetchNetwork`: both endpoints in parallel, each failure kept inside the poll; onError
 * is for the unexpected), `waiting` until the named delay `pollInterval`, `hidden` while the engine shows another
 * screen (`screen.visible` false), polling at once when shown again. Context: the latest poll; the view is
 * derived (selectNetworkContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { renderNetwork, type NetworkFacts } from '../../../core/cockpit/screens/network.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

export interface NetworkScreenInput {
  /** Between polls (default 30 s: identity never changes, reachability rarely). */
  readonly pollIntervalMs?: number;
}

export interface NetworkScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: NetworkFacts | null;
  readonly pollError: string | null;
}

export const NETWORK_POLL_INTERVAL_MS = 30_000;

/** Provided by the engine: networkScreenActors(client) from actors/cockpit/screens/network.ts. */
const fetchNetworkNotProvided = fromPromise<NetworkFacts>(async () => {
  throw new Error('fetchNetwork actor not provided');
});

export const networkScreenMachine = setup({
  types: {} as { context: NetworkScreenContext; input: NetworkScreenInput; events: ScreenEvent },
  actors: { fetchNetwork: fetchNetworkNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    recordPoll: assign((_, poll: NetworkFacts) => ({ poll, pollError: null })),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
  },
}).createMachine({
  id: 'networkScreen',
  description: 'S7: identity, reachability Public / Private, underlay addresses.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? NETWORK_POLL_INTERVAL_MS, poll: null, pollError: null }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Asking /addresses and /topology.',
      invoke: {
        id: 'fetchNetwork',
        src: 'fetchNetwork',
        onDone: { target: 'waiting', actions: { type: 'recordPoll', params: ({ event }) => event.output } },
        onError: { target: 'waiting', actions: { type: 'recordPollError', params: ({ event }) => ({ message: errorLine(event.error) }) } },
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

export type NetworkScreenSnapshot = SnapshotFrom<typeof networkScreenMachine>;

const contentCache = new WeakMap<object, ScreenContent>();

export function selectNetworkContent(state: NetworkScreenSnapshot): ScreenContent {
  let content = contentCache.get(state);
  if (!content) {
    const { poll, pollError } = state.context;
    const rendered = renderNetwork({ addresses: poll?.addresses ?? null, topology: poll?.topology ?? null, polledAtMs: poll?.takenAtMs ?? null });
    content = pollError === null ? rendered : { ...rendered, status: poll ? rendered.status : 'error', subtitle: `poll failed unexpectedly: ${pollError}` };
    contentCache.set(state, content);
  }
  return content;
}
