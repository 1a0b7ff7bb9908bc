/**
 * The health-gate poller behind S1 (and the fleet row of one node): polls the node, keeps the latest
 * snapshot, and records every gate transition into a bounded alerts ring (2-cockpit.md §3, §6).
 *
 * States
 * - starting: the first poll waits `firstPollDelay` (a large fleet staggers its pollers; 0 by default).
 * - polling: the machine asks its `healthPoller` (`poll.start`), which asks the node's nine endpoints and
 *   answers `poll.done` with the snapshot. Endpoint failures come back inside the snapshot (they are gate
 *   facts); `poll.failed` is only for the unexpected and keeps the previous snapshot, noting the error.
 * - waiting: the gates are on screen; after the named delay `pollInterval` the next poll starts.
 *   `poll.now` (a re-poll key) starts it at once.
 * - paused: no polling (the node is not the active one, or the screen is closed) until `poll.resume`.
 *
 * The poller is one actor invoked for the machine's whole life (`healthPoller`, a callback actor the surface
 * provides), not a promise actor per poll: a fleet of 200 nodes polls 20 times a second, and an actor's
 * creation, start and stop per poll (xstate's stop scans every scheduled delay of the system) was about a
 * tenth of the cockpit's CPU in bench:cockpit-fleet. Leaving `polling` early (`poll.pause`) sends it
 * `poll.cancel`, which aborts the poll in flight; a cancelled poll never answers.
 *
 * Events: `poll.now`, `poll.pause`, `poll.resume` from the surface; `poll.done`, `poll.failed` from the
 * poller. The machine emits one
 * `gate.transition` per recorded transition, for alert sinks (webhook, notifications, toasts, bell) to
 * subscribe to with `actor.on('gate.transition', …)`, and then runs the named action `reportTransitions`
 * (a no-op here; the cockpit engine provides `sendParent`, so the root machine's alerts hear every node).
 *
 * Context keeps only what cannot be derived: the latest snapshot, the chain-lag streak (how many polls in
 * a row lagged; "sustained" lag needs history), the ring, and what the sinks last heard of each gate (one
 * cause, one alert: a transition under an inhibiting upstream gate is recorded with `causedBy`, see
 * core/cockpit/gate-dependencies.ts). The gates themselves are derived
 * (`selectGates`), so they can never disagree with the snapshot.
 */
import { assign, enqueueActions, fromCallback, sendTo, setup, type SnapshotFrom } from 'xstate';
import { computeGates, nextChainLagStreak, summarizeGates, type Gate, type GateSummary } from '../../core/cockpit/gates.js';
import { ALERT_RING_SIZE, appendBounded, gateTransitions, type AnnouncedStates, type GateTransition } from '../../core/cockpit/gate-transitions.js';
import type { NodeHealthSnapshot } from '../../core/cockpit/health-snapshot.js';
import { EMPTY_FILL_HISTORY, recordStampFill, type StampFillHistory } from '../../core/cockpit/stamp-fill.js';

/** The node a poller watches, when it runs inside the cockpit engine (one poller per fleet node). */
export interface GatesNode {
  readonly name: string;
  readonly url: string;
}

export interface GatesInput {
  /** Passed to `healthPoller` as its input, so one provided actor logic serves every node of a fleet. */
  readonly node?: GatesNode;
  /** Delay between the end of one poll and the start of the next (default 15 s, the desktop's fleet poll). */
  readonly pollIntervalMs?: number;
  /** Bound of the alerts ring (default ALERT_RING_SIZE). */
  readonly alertLimit?: number;
  /**
   * Wait this long before the first poll (default 0). A large fleet staggers its pollers' first polls, so 200
   * nodes are not asked 1,800 questions in the same instant, and stay spread out afterwards.
   */
  readonly firstPollDelayMs?: number;
}

export interface GatesContext {
  readonly node: GatesNode | null;
  readonly firstPollDelayMs: number;
  readonly pollIntervalMs: number;
  readonly alertLimit: number;
  readonly snapshot: NodeHealthSnapshot | null;
  /** Consecutive polls whose chain lag was over the warn threshold (capped where it stops mattering). */
  readonly chainLagStreak: number;
  /** Each batch's fullest-bucket count over the last hour (stamp-fill.ts): when it will be full. */
  readonly stampFill: StampFillHistory;
  /** Oldest first; at most alertLimit entries. */
  readonly alerts: readonly GateTransition[];
  /**
   * What the alert sinks last heard of each gate (gate-transitions.ts): a gate inhibited by an upstream gate is
   * recorded under it and keeps what was announced, so it alerts on its own once the cause recovers.
   */
  readonly announced: AnnouncedStates;
  /** The last unexpected poll failure, cleared by the next snapshot. */
  readonly pollError: string | null;
}

export type GatesEvent =
  | { type: 'poll.now' }
  | { type: 'poll.pause' }
  | { type: 'poll.resume' }
  | { type: 'poll.done'; snapshot: NodeHealthSnapshot }
  | { type: 'poll.failed'; message: string }
  /** The polling preset changed (`:polling`): the next wait is `intervalMs`. */
  | { type: 'poll.interval'; intervalMs: number };
/** What the machine sends its `healthPoller`: start a poll, or abort the one in flight (it then never answers). */
export type HealthPollerEvent = { type: 'poll.start' } | { type: 'poll.cancel' };
/** What a `healthPoller` answers, one event per started poll that was not cancelled. */
export type HealthPollerAnswer = Extract<GatesEvent, { type: 'poll.done' | 'poll.failed' }>;
export type GatesEmitted = { type: 'gate.transition'; transition: GateTransition };

export const DEFAULT_POLL_INTERVAL_MS = 15_000;

/** Provided by the surface: `healthPollerLogic(...)` from actors/cockpit/health-snapshot.ts. */
const healthPollerNotProvided = fromCallback<HealthPollerEvent, GatesNode | null | undefined>(({ sendBack, receive }) => {
  receive((event) => {
    if (event.type === 'poll.start') sendBack({ type: 'poll.failed', message: 'healthPoller actor not provided' } satisfies HealthPollerAnswer);
  });
});

// One ladder per snapshot and streak: the selectors return the same array for the same snapshot object (so
// useSelector does not re-render needlessly), and recordSnapshot compares the ladders the views already read.
// The arrays are shared: nobody may change them.
const gateCache = new WeakMap<NodeHealthSnapshot, Map<number, Gate[]>>();

// The fill history is the one recorded with that snapshot (each snapshot is recorded once), so the cache key holds.
function gatesOf(snapshot: NodeHealthSnapshot, chainLagStreak: number, stampFill: StampFillHistory): Gate[] {
  let byStreak = gateCache.get(snapshot);
  if (!byStreak) gateCache.set(snapshot, (byStreak = new Map()));
  let gates = byStreak.get(chainLagStreak);
  if (!gates) byStreak.set(chainLagStreak, (gates = computeGates(snapshot, { chainLagStreak, stampFill })));
  return gates;
}

export const gatesMachine = setup({
  types: {} as { context: GatesContext; input: GatesInput; events: GatesEvent; emitted: GatesEmitted },
  actors: { healthPoller: healthPollerNotProvided },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs, firstPollDelay: ({ context }) => context.firstPollDelayMs },
  actions: {
    recordSnapshot: enqueueActions(({ context, enqueue }, snapshot: NodeHealthSnapshot) => {
      const streak = nextChainLagStreak(context.chainLagStreak, snapshot);
      // Both ladders come from the cache selectGates reads: the one before is what the last poll's view showed,
      // the new one is what the next view shows. One ladder computed per poll, not three.
      const before = context.snapshot ? gatesOf(context.snapshot, context.chainLagStreak, context.stampFill) : null;
      const stampFill = recordStampFill(context.stampFill, snapshot);
      const { transitions, announced } = gateTransitions(before, gatesOf(snapshot, streak, stampFill), snapshot.takenAtMs, context.announced);
      enqueue.assign({ snapshot, chainLagStreak: streak, stampFill, alerts: appendBounded(context.alerts, transitions, context.alertLimit), announced, pollError: null });
      for (const transition of transitions) enqueue.emit({ type: 'gate.transition', transition });
    }),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
    setPollInterval: assign((_, params: { intervalMs: number }) => ({ pollIntervalMs: params.intervalMs })),
    startPoll: sendTo('healthPoller', { type: 'poll.start' } satisfies HealthPollerEvent),
    cancelPoll: sendTo('healthPoller', { type: 'poll.cancel' } satisfies HealthPollerEvent),
    /**
     * Nothing by default. The cockpit engine provides a `sendParent` of `selectLatestTransitions`, so the root
     * machine's alerts hear every node's transitions as they happen.
     */
    reportTransitions: (_args, _params: undefined) => undefined,
  },
}).createMachine({
  id: 'cockpitGates',
  description: 'Polls one node, derives the health gates, records gate transitions into the alerts ring.',
  context: ({ input }) => ({
    node: input.node ?? null,
    firstPollDelayMs: input.firstPollDelayMs ?? 0,
    pollIntervalMs: input.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    alertLimit: input.alertLimit ?? ALERT_RING_SIZE,
    snapshot: null,
    chainLagStreak: 0,
    stampFill: EMPTY_FILL_HISTORY,
    alerts: [],
    announced: {},
    pollError: null,
  }),
  invoke: { id: 'healthPoller', src: 'healthPoller', input: ({ context }) => context.node },
  on: { 'poll.interval': { actions: { type: 'setPollInterval', params: ({ event }) => event } } },
  initial: 'starting',
  states: {
    starting: {
      description: 'Before the first poll, firstPollDelay (0 by default: the next tick; a large fleet staggers its pollers).',
      after: { firstPollDelay: 'polling' },
      on: { 'poll.now': 'polling', 'poll.pause': 'paused' },
    },
    polling: {
      description: 'The healthPoller asks the node for a health snapshot (nine endpoints at once).',
      entry: 'startPoll',
      on: {
        'poll.done': { target: 'waiting', actions: [{ type: 'recordSnapshot', params: ({ event }) => event.snapshot }, 'reportTransitions'] },
        'poll.failed': { target: 'waiting', actions: { type: 'recordPollError', params: ({ event }) => ({ message: event.message }) } },
        'poll.pause': { target: 'paused', actions: 'cancelPoll' },
      },
    },
    waiting: {
      description: 'Gates shown; the next poll starts after pollInterval, or at once on poll.now.',
      after: { pollInterval: 'polling' },
      on: { 'poll.now': 'polling', 'poll.pause': 'paused' },
    },
    paused: {
      description: 'Not polling (inactive node or closed screen) until poll.resume.',
      on: { 'poll.resume': 'polling' },
    },
  },
});

export type GatesSnapshot = SnapshotFrom<typeof gatesMachine>;

/** The gate ladder selectGates reads; null before the first poll finished. */
export function selectGates(state: GatesSnapshot): Gate[] | null {
  const { snapshot, chainLagStreak, stampFill } = state.context;
  return snapshot ? gatesOf(snapshot, chainLagStreak, stampFill) : null;
}

export function selectGateSummary(state: GatesSnapshot): GateSummary | null {
  const gates = selectGates(state);
  return gates ? summarizeGates(gates) : null;
}

/** The transitions the latest poll recorded (they carry its takenAtMs; a poll records at most 11). */
export function selectLatestTransitions(state: GatesSnapshot): GateTransition[] {
  const at = state.context.snapshot?.takenAtMs;
  return at === undefined ? [] : state.context.alerts.filter((alert) => alert.atMs === at);
}

/** The alerts popup lists newest first. */
export function selectAlertsNewestFirst(state: GatesSnapshot): GateTransition[] {
  return [...state.context.alerts].reverse();
}

export function selectLastPollAtMs(state: GatesSnapshot): number | null {
  return state.context.snapshot?.takenAtMs ?? null;
}

export function selectIsPolling(state: GatesSnapshot): boolean {
  return state.matches('polling');
}
