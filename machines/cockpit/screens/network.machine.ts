/**
 * S7 Network: identity, reachability and underlays from `/addresses` and `/topology` (2-cockpit.md §1 "S7").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchNetwork`: both endpoints in parallel, each failure kept inside the poll); this machine forwards
 * `screen.visible` to it and keeps the latest answer (`poll.done`) and the unexpected failure (`poll.failed`).
 * One state, `showing`; the view is derived (selectNetworkContent).
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { renderNetwork, type NetworkFacts } from '../../../core/cockpit/screens/network.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { nextRadiusTrack, type RadiusTrack } from '../../../core/cockpit/radius-facts.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshotWith } from './screen-definition.js';
import { sameRadiusTrack } from '../../../core/cockpit/radius-ring.js';

export interface NetworkScreenInput {
  /** Between polls (default 30 s: identity never changes, reachability rarely). */
  readonly pollIntervalMs?: number;
}

export interface NetworkScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: NetworkFacts | null;
  readonly pollError: string | null;
  /**
   * radius-doctor's "time since the last change" (issue 29 item 3): when this screen's polls first read the current
   * storage radius and committed depth, and what they were before. History, so it cannot be derived from one poll.
   */
  readonly radiusTrack: RadiusTrack | null;
}

export const NETWORK_POLL_INTERVAL_MS = 30_000;

export const networkScreenMachine = setup({
  types: {} as { context: NetworkScreenContext; input: NetworkScreenInput; events: ScreenEvent | PollReport<NetworkFacts> },
  /** Provided by the engine: networkScreenActors(client) from actors/cockpit/screens/network.ts. */
  actors: { poller: pollingScreenMachine },
  actions: {
    ...pollerActions<NetworkScreenContext, ScreenEvent | PollReport<NetworkFacts>>(),
    recordPoll: assign(({ context }, poll: NetworkFacts) => ({ poll, pollError: null, radiusTrack: nextRadiusTrack(context.radiusTrack, radiusReading(poll), poll.takenAtMs) })),
  },
}).createMachine({
  id: 'networkScreen',
  description: 'S7: identity, reachability Public / Private, underlay addresses.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? NETWORK_POLL_INTERVAL_MS, poll: null, pollError: null, radiusTrack: null }),
  invoke: pollerInvoke,
  on: pollerTransitions<NetworkFacts>(),
  initial: 'showing',
  states: {
    showing: { description: 'Identity, reachability and underlays of the latest answer of /addresses and /topology, and radius-doctor’s section.' },
  },
});

/** The storage radius and committed depth a poll read, or null when /status did not answer. */
function radiusReading(poll: NetworkFacts): { storageRadius: number; committedDepth: number | null } | null {
  const status = poll.radius?.status;
  return status?.ok ? { storageRadius: status.value.storageRadius, committedDepth: status.value.committedDepth ?? null } : null;
}

export type NetworkScreenSnapshot = SnapshotFrom<typeof networkScreenMachine>;

/** `ring`: the active node's radius history from the engine's trend ring (radius-ring.ts), null without one. */
export const selectNetworkContent = selectPerSnapshotWith((state: NetworkScreenSnapshot, ring: RadiusTrack | null) => {
  const { poll, pollError } = state.context;
  const rendered = renderNetwork({ addresses: poll?.addresses ?? null, topology: poll?.topology ?? null, polledAtMs: poll?.takenAtMs ?? null, ...(poll?.radius ? { radius: poll.radius } : {}), radiusTrack: state.context.radiusTrack, radiusRing: ring });
  // Nothing answered at all: the screen is an error, not still loading.
  return withPollFailure(pollError !== null && poll === null ? { ...rendered, status: 'error' } : rendered, pollError);
}, sameRadiusTrack);
