/**
 * S6 Peers: polls `/topology` for the bin-saturation strip and the peer table, and runs the six-call peer
 * fan-out when a row is selected (2-cockpit.md §1 "S6").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchTopology`: the answer or the endpoint failure as a value); this machine forwards `screen.visible` to it and
 * keeps the latest good topology (`poll.done`; a failed poll keeps the last good one) and the failure.
 *
 * - drill: `idle`; `screen.select` on a peer row waits `selectDebounce` (`debouncing`: moving through the table
 *   with the arrow keys does not fire six calls per row passed) and then runs the fan-out (`loading`, actor
 *   `fetchPeerDrill`), `ready` when it answered. `screen.activate` (Enter) opens the drill at once and fetches
 *   now (again, when it was already loaded: a refresh); `screen.closeDrill` (Esc) closes it and keeps the data.
 *
 * Context: the latest good topology and when it was taken, the last poll failure, the selected peer, whether
 * the drill is open, its facts and its unexpected failure. Rows and views are derived (selectPeersContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureLine } from '../../../core/cockpit/screens/common.js';
import { peerRows, renderPeers, type PeerDrillFacts, type PeersTopologyFacts, type TopologyPoll } from '../../../core/cockpit/screens/peers.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { pollerActions, pollerInvoke, pollingScreenMachine, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface PeersScreenInput {
  /** Between topology polls (default 15 s). */
  readonly pollIntervalMs?: number;
  /** How long a selection must rest before the fan-out starts (default 400 ms). */
  readonly selectDebounceMs?: number;
}

export interface PeersScreenContext {
  readonly pollIntervalMs: number;
  readonly selectDebounceMs: number;
  readonly topology: PeersTopologyFacts | null;
  readonly lastOkAtMs: number | null;
  readonly pollError: string | null;
  readonly selectedPeer: string | null;
  readonly drillOpen: boolean;
  readonly drillFacts: PeerDrillFacts | null;
  readonly drillError: string | null;
}

export const PEERS_POLL_INTERVAL_MS = 15_000;
export const SELECT_DEBOUNCE_MS = 400;
export const PEER_TABLE = 'peers';

/** Provided by the engine (with the poller's fetch): peersScreenActors(client) from actors/cockpit/screens/peers.ts. */
const fetchPeerDrillNotProvided = fromPromise<PeerDrillFacts, { peer: string }>(async () => {
  throw new Error('fetchPeerDrill actor not provided');
});

type RowEvent = { section: string; index: number };

function peerAt(context: PeersScreenContext, row: RowEvent): string | undefined {
  return row.section === PEER_TABLE ? peerRows(context.topology)[row.index]?.address : undefined;
}

export const peersScreenMachine = setup({
  types: {} as { context: PeersScreenContext; input: PeersScreenInput; events: ScreenEvent | PollReport<TopologyPoll> },
  actors: { poller: pollingScreenMachine, fetchPeerDrill: fetchPeerDrillNotProvided },
  delays: { selectDebounce: ({ context }) => context.selectDebounceMs },
  guards: {
    isPeerRow: ({ context }, params: RowEvent) => peerAt(context, params) !== undefined,
    isTopologyAnswer: (_, poll: TopologyPoll) => poll.topology.ok,
  },
  actions: {
    recordTopology: assign((_, poll: TopologyPoll) => (poll.topology.ok ? { topology: poll.topology.value, lastOkAtMs: poll.takenAtMs, pollError: null } : {})),
    recordTopologyFailure: assign((_, poll: TopologyPoll) => (poll.topology.ok ? {} : { pollError: failureLine('/topology', poll.topology.error) })),
    ...pollerActions<PeersScreenContext, ScreenEvent | PollReport<TopologyPoll>>(),
    selectPeer: assign(({ context }, params: RowEvent) => {
      const peer = peerAt(context, params) ?? null;
      return peer === context.selectedPeer ? {} : { selectedPeer: peer, drillFacts: null, drillError: null };
    }),
    openDrill: assign({ drillOpen: true }),
    closeDrill: assign({ drillOpen: false }),
    recordDrill: assign((_, facts: PeerDrillFacts) => ({ drillFacts: facts, drillError: null })),
    recordDrillError: assign((_, params: { message: string }) => ({ drillError: `the fan-out failed unexpectedly: ${params.message}` })),
  },
}).createMachine({
  id: 'peersScreen',
  description: 'S6: the bin-saturation strip, the connected peers, and the six-call drill of the selected peer.',
  context: ({ input }) => ({
    pollIntervalMs: input.pollIntervalMs ?? PEERS_POLL_INTERVAL_MS,
    selectDebounceMs: input.selectDebounceMs ?? SELECT_DEBOUNCE_MS,
    topology: null,
    lastOkAtMs: null,
    pollError: null,
    selectedPeer: null,
    drillOpen: false,
    drillFacts: null,
    drillError: null,
  }),
  invoke: pollerInvoke,
  on: {
    'screen.visible': { actions: 'forwardVisibility' },
    'screen.pollInterval': { actions: 'forwardPollInterval' },
    'poll.done': [
      { guard: { type: 'isTopologyAnswer', params: ({ event }) => event.poll }, actions: { type: 'recordTopology', params: ({ event }) => event.poll } },
      { actions: { type: 'recordTopologyFailure', params: ({ event }) => event.poll } },
    ],
    'poll.failed': { actions: { type: 'recordPollError', params: ({ event }) => event } },
  },
  initial: 'drill',
  states: {
    drill: {
      description: 'The six-call fan-out of the selected peer: on a resting selection, or at once on Enter.',
      initial: 'idle',
      // Not `reenter`: that would make the whole machine the transition's domain, so every selection would
      // restart the poller (a /topology call per arrow key). A transition to a child still exits and re-enters
      // it, which is what restarts the debounce or the fan-out.
      on: {
        'screen.select': { guard: { type: 'isPeerRow', params: ({ event }) => event }, target: '.debouncing', actions: { type: 'selectPeer', params: ({ event }) => event } },
        'screen.activate': {
          guard: { type: 'isPeerRow', params: ({ event }) => event },
          target: '.loading',
          actions: [{ type: 'selectPeer', params: ({ event }) => event }, 'openDrill'],
        },
        'screen.closeDrill': { actions: 'closeDrill' },
      },
      states: {
        idle: { description: 'No peer selected yet.' },
        debouncing: {
          description: 'A peer row was selected; the fan-out starts when the selection rests for selectDebounce.',
          after: { selectDebounce: 'loading' },
        },
        loading: {
          description: 'The six calls for the selected peer are in flight.',
          invoke: {
            id: 'fetchPeerDrill',
            src: 'fetchPeerDrill',
            input: ({ context }) => ({ peer: context.selectedPeer ?? '' }),
            onDone: { target: 'ready', actions: { type: 'recordDrill', params: ({ event }) => event.output } },
            onError: { target: 'ready', actions: { type: 'recordDrillError', params: ({ event }) => ({ message: errorLine(event.error) }) } },
          },
        },
        ready: { description: 'The selected peer’s drill data is shown (in the drill when open, as a line otherwise).' },
      },
    },
  },
});

export type PeersScreenSnapshot = SnapshotFrom<typeof peersScreenMachine>;

export const selectPeersContent = selectPerSnapshot((state: PeersScreenSnapshot) => {
  const c = state.context;
  return renderPeers({
    topology: c.topology,
    lastOkAtMs: c.lastOkAtMs,
    pollError: c.pollError,
    selectedPeer: c.selectedPeer,
    drill: { open: c.drillOpen, loading: state.matches({ drill: 'loading' }) || state.matches({ drill: 'debouncing' }), facts: c.drillFacts, error: c.drillError },
  });
});
