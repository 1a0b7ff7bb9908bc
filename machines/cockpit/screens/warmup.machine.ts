/**
 * S5 Warmup: the bootstrap checklist's facts (2-cockpit.md §1 "S5"; the checklist is
 * core/cockpit/rules/warmup-checklist.ts).
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchWarmup`: five endpoints in parallel, each failure kept inside the poll, so a starting node that 503s some
 * routes still shows the rest); this machine forwards `screen.visible` to it and keeps the latest answer
 * (`poll.done`) and the unexpected failure (`poll.failed`). One state, `showing`; the view is derived
 * (selectWarmupContent).
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { renderWarmup, type WarmupPoll } from '../../../core/cockpit/screens/warmup.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { nextRadiusTrack, type RadiusTrack } from '../../../core/cockpit/radius-facts.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshotWith } from './screen-definition.js';
import { sameRadiusTrack } from '../../../core/cockpit/radius-ring.js';

export interface WarmupScreenInput {
  /** Between polls (default 5 s: progress bars of a starting node should move). */
  readonly pollIntervalMs?: number;
}

export interface WarmupScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: WarmupPoll | null;
  readonly pollError: string | null;
  /**
   * radius-doctor's "time since the last change" (issue 29 item 3): when this screen's polls first read the current
   * storage radius and committed depth, and what they were before. History, so it cannot be derived from one poll.
   */
  readonly radiusTrack: RadiusTrack | null;
}

export const WARMUP_POLL_INTERVAL_MS = 5_000;

export const warmupScreenMachine = setup({
  types: {} as { context: WarmupScreenContext; input: WarmupScreenInput; events: ScreenEvent | PollReport<WarmupPoll> },
  /** Provided by the engine: warmupScreenActors(client) from actors/cockpit/screens/warmup.ts. */
  actors: { poller: pollingScreenMachine },
  actions: {
    ...pollerActions<WarmupScreenContext, ScreenEvent | PollReport<WarmupPoll>>(),
    recordPoll: assign(({ context }, poll: WarmupPoll) => ({ poll, pollError: null, radiusTrack: nextRadiusTrack(context.radiusTrack, radiusReading(poll), poll.takenAtMs) })),
  },
}).createMachine({
  id: 'warmupScreen',
  description: 'S5: the bootstrap checklist with progress bars.',
  context: ({ input }) => ({ pollIntervalMs: input.pollIntervalMs ?? WARMUP_POLL_INTERVAL_MS, poll: null, pollError: null, radiusTrack: null }),
  invoke: pollerInvoke,
  on: pollerTransitions<WarmupPoll>(),
  initial: 'showing',
  states: {
    showing: { description: 'The checklist of the latest answer of /readiness, /status, /topology, /chainstate and /reservestate, and radius-doctor’s section.' },
  },
});

/** The storage radius and committed depth a poll read, or null when /status did not answer. */
function radiusReading(poll: WarmupPoll): { storageRadius: number; committedDepth: number | null } | null {
  const status = poll.radius?.status;
  return status?.ok ? { storageRadius: status.value.storageRadius, committedDepth: status.value.committedDepth ?? null } : null;
}

export type WarmupScreenSnapshot = SnapshotFrom<typeof warmupScreenMachine>;

/** `ring`: the active node's radius history from the engine's trend ring (radius-ring.ts), null without one. */
export const selectWarmupContent = selectPerSnapshotWith((state: WarmupScreenSnapshot, ring: RadiusTrack | null) => withPollFailure(renderWarmup(state.context.poll, state.context.radiusTrack, ring), state.context.pollError), sameRadiusTrack);
