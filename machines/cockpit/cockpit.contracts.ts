/**
 * What the root machine (cockpit.machine.ts) shares with the engine and its tests: its input, context and
 * events, the ids of its children, and the pure helpers its actions use. The chart itself stays in
 * cockpit.machine.ts so that file reads as the system's shape.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { AvailabilityBook } from '../../core/cockpit/availability.js';
import type { EngineRequest, WatchlistRequest } from '../../core/cockpit/interaction/commands.js';
import type { EngineLogChoices } from '../../core/cockpit/interaction/config.js';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import type { OneShotVerb } from '../../core/cockpit/interaction/palette.js';
import type { EngineNodeRef } from '../../core/cockpit/interaction/screen-env.js';
import type { GateTransition } from '../../core/cockpit/gate-transitions.js';
import type { SupervisorInput } from '../../core/cockpit/supervisor-rules.js';
import type { ScreenId } from '../../core/cockpit/view/screens.js';
import type { ScreenInput } from './screens/screen-definition.js';
import { fleetIntervalMs, screenIntervalsMs, type PollingPreset } from '../../core/cockpit/interaction/polling-presets.js';
import type { Face } from '../../core/cockpit/view/view-model.js';
import type { WatchlistEntry } from '../../core/cockpit/watchlist.js';
import type { LogSourceInput } from '../log-source.machine.js';
import type { AlertsInput } from './alerts.machine.js';
import type { UiSessionInput } from './ui-session.machine.js';
import type { WatchlistEvent } from './watchlist.machine.js';
import type { WatchRefEmit } from './watch-ref.machine.js';

export interface CockpitMachineInput {
  readonly face: Face;
  /** Never empty. */
  readonly nodes: readonly EngineNodeRef[];
  readonly activeNode: string;
  readonly fleetPollIntervalMs: number;
  /** Each timed screen's poll interval (the polling preset's, core/cockpit/interaction/polling-presets.ts); absent: the screen's own. */
  readonly screenPollIntervalsMs?: Readonly<Partial<Record<ScreenId, number>>>;
  readonly session: UiSessionInput;
  /** What the log-source resolution needs besides the node URL. */
  readonly log: {
    readonly platform: string;
    readonly perNode: Readonly<Record<string, { readonly cli?: EngineLogChoices; readonly config?: EngineLogChoices }>>;
  };
  /** Run the node (`--node-bin` + `--node-config`, or `[store]`). */
  readonly supervisor?: SupervisorInput;
  /**
   * The fleet comes from Prometheus: these node names (empty: every node Prometheus knows), asked every
   * `queryIntervalMs` (default the fleet poll interval).
   */
  readonly prometheusFleet?: { readonly names: readonly string[]; readonly queryIntervalMs?: number };
  readonly alerts: AlertsInput;
  /** The persisted watchlist; entries with an interval are running watch-refs. */
  readonly watchlist?: readonly WatchlistEntry[];
  /** The watched references' availability records, restored from the data directory (watch-history.json). */
  readonly watchAvailability?: AvailabilityBook;
  /** Restart persisted watch-refs (the terminal; the desktop has no `:watch-ref`). */
  readonly restoreWatches?: boolean;
  /** `[watchlist] auto_reseed_after`: every watch-ref re-seeds after this many failures in a row (0/absent: never). */
  readonly autoReseedAfter?: number;
}

export interface CockpitContext {
  readonly face: Face;
  readonly nodes: readonly EngineNodeRef[];
  readonly activeNode: string;
  /** The node active at start (the configured default): S15 marks it; a switch does not move it. */
  readonly defaultNode: string;
  readonly fleetPollIntervalMs: number;
  readonly screenPollIntervalsMs: Readonly<Partial<Record<ScreenId, number>>>;
  /** The fleet comes from Prometheus (`fleetPrometheus`), not from a poller per node. */
  readonly prometheusFleet: boolean;
  /** Increases with every node switch; part of the screen actors' ids. */
  readonly generation: number;
  /** The screen the session shows (screen actors spawn visible or not by it). */
  readonly shownScreen: ScreenId;
  readonly log: CockpitMachineInput['log'];
  /** The supervisor's capture file and the node it belongs to, once the supervisor knows them. */
  readonly capture: { readonly file: string; readonly node: string } | null;
  /** Alerts of every node (each with the transitions recorded under it), newest first, at most ALERT_RING_SIZE. */
  readonly alerts: readonly AlertRecord[];
  readonly alertSeq: number;
  /** Transitions up to this time count as seen (the alerts list was opened). */
  readonly alertsSeenAtMs: number;
  readonly verbSeq: number;
  /** Running `:watch-ref`s: reference → interval in seconds. */
  readonly watches: Readonly<Record<string, number>>;
  /** The input the fixed children are invoked with (kept: invoke reads it from the context). */
  readonly start: Pick<CockpitMachineInput, 'session' | 'alerts' | 'supervisor' | 'prometheusFleet' | 'watchlist' | 'watchAvailability' | 'restoreWatches' | 'autoReseedAfter'>;
}

export interface VerbInput {
  readonly verb: OneShotVerb;
  readonly args: readonly string[];
  readonly node: EngineNodeRef;
}

/** A one-shot verb's answer: the banner line and its colour. */
export interface VerbOutcome {
  readonly ok: boolean;
  readonly text: string;
}

export type CockpitEvent =
  | EngineRequest
  /** From the engine, when the supervisor's start-up check named the capture file and the node's API URL. */
  | { readonly type: 'supervisor.captureKnown'; readonly file: string; readonly apiUrl: string | null; readonly node?: string }
  | { readonly type: 'fleet.transitions'; readonly node: string; readonly transitions: readonly GateTransition[] }
  | WatchRefEmit
  | DoneActorEvent<VerbOutcome>
  | ErrorActorEvent;

export const fleetActorId = (node: string) => `fleet:${node}`;
export const PROMETHEUS_FLEET_ID = 'fleetPrometheus';
/** Delay between the first polls of consecutive fleet nodes. */
export const FLEET_STAGGER_MS = 25;
export const screenActorId = (generation: number, screen: ScreenId) => `screen:${generation}:${screen}`;
export type ScreenSrc = `screen.${ScreenId}`;
export const screenSrc = (screen: ScreenId): ScreenSrc => `screen.${screen}`;
/** A screen actor's input: the node, the face, whether it is shown, and its poll interval when the preset sets one. */
export const screenInput = (context: CockpitContext, id: ScreenId, node: EngineNodeRef): ScreenInput => {
  const pollIntervalMs = context.screenPollIntervalsMs[id];
  return { node, face: context.face, visible: id === context.shownScreen, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }) };
};
export const watchActorId = (reference: string) => `watch:${reference}`;

/**
 * What `:polling <preset>` changes (engine.polling): the intervals kept for later spawns, the events for the
 * running pollers (each fleet node's gates, or the active node's under a Prometheus fleet, whose own PromQL round
 * keeps its launch cadence) and timed screens, and the session's banner that says the new cadence.
 */
export function pollingChange(context: CockpitContext, preset: PollingPreset) {
  const fleetMs = fleetIntervalMs(preset, context.face);
  const screens = screenIntervalsMs(preset);
  const polled = context.prometheusFleet ? [context.activeNode] : context.nodes.map((node) => node.name);
  const banner = `polling ${preset}: the fleet and S1 Health every ${formatSeconds(fleetMs)}, S2 Stamps every ${formatSeconds(screens.stamps ?? 0)}`;
  return {
    assign: { fleetPollIntervalMs: fleetMs, screenPollIntervalsMs: screens },
    sends: [
      ...polled.map((name) => ({ id: fleetActorId(name), event: { type: 'poll.interval' as const, intervalMs: fleetMs } })),
      ...Object.entries(screens).map(([id, intervalMs]) => ({ id: screenActorId(context.generation, id as ScreenId), event: { type: 'screen.pollInterval' as const, intervalMs } })),
      { id: 'session', event: { type: 'banner.show' as const, text: banner, tone: 'ok' as const } },
    ],
  };
}

const formatSeconds = (ms: number) => `${ms / 1000} s`;

export function watchlistEvent(request: WatchlistRequest): WatchlistEvent {
  switch (request.kind) {
    case 'add':
      return { type: 'watchlist.add', reference: request.reference };
    case 'check':
      return { type: 'watchlist.check', reference: request.reference };
    case 'remove':
      return { type: 'watchlist.remove', reference: request.reference };
    case 'recheckAll':
      return { type: 'watchlist.recheckAll' };
  }
}

/** The log pane's source input for one node: its URL, the capture file when the supervisor serves it, its choices. */
export function logInput(context: Pick<CockpitContext, 'nodes' | 'log' | 'capture'>, name: string): LogSourceInput {
  const node = context.nodes.find((n) => n.name === name);
  const choices = context.log.perNode[name] ?? {};
  return {
    nodeUrl: node?.url ?? '',
    platform: context.log.platform,
    ...(context.capture?.node === name ? { supervisedCaptureFile: context.capture.file } : {}),
    ...(choices.cli ? { cli: choices.cli } : {}),
    ...(choices.config ? { config: choices.config } : {}),
  };
}
