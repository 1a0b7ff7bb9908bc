/**
 * The cockpit engine's root machine: one actor system that every face runs on (terminal, desktop window,
 * `--serve`, `--serve-metrics`). It owns no I/O; it spawns named children and routes requests between them.
 *
 * Children (ids)
 * - `session`: the UI session (ui-session.machine.ts): screen, overlays, selection, log pane, banner.
 * - `alerts`: the alert sinks (alerts.machine.ts): webhooks, fleet aggregate, toasts, bell, OS notifications.
 * - `fleet:<node name>`: one health-gate poller per node (gates.machine.ts), all in parallel, named delay
 *   `pollInterval` (15 s desktop, 10 s terminal). They run for the engine's whole life: a node switch leaves
 *   them alone. Each reports its gate transitions here (`fleet.transitions`), into the alerts ring.
 * - `fleetPrometheus`: instead of those pollers when the fleet comes from Prometheus (`prometheusFleet` in
 *   the input; prometheus-fleet.machine.ts): one PromQL round per interval, the same `fleet.transitions`.
 *   The active node keeps a poller of its own (`fleet:<active>`, reporting nothing: Prometheus reports the
 *   fleet), so its screens and chip read the node directly; a switch moves it.
 * - `screen:<generation>:<screen id>`: the fifteen screen actors (machines/cockpit/screens/), for the active
 *   node only. A switch stops them all and spawns fresh ones against the new node (a new generation, so a
 *   stopping actor's id is never reused).
 * - `logPane`: the active node's log (log-pane.machine.ts): source resolution, follower, per-tab rings. A
 *   switch sends it `node.switched`, which re-resolves the source, respawns the follower and clears the
 *   node rings. (The pane's layout, visibility, height, tab and filter, is the UI session's.)
 * - `supervisor`: only when the cockpit runs the node (`--node-bin` / `[store]`, supervisor.machine.ts). Its
 *   capture file, once known (`supervisor.captureKnown` from the engine), is the log source of the node it
 *   serves, above every other tier.
 * - `watchlist`: S12's watched references and check history (watchlist.machine.ts), engine-wide.
 * - `watch:<reference>`: one per `:watch-ref` (watch-ref.machine.ts), each checking every interval; results go
 *   to the watchlist's history. `:watch-ref-stop` stops one or all.
 * - `verb:<n>`: one-shot palette verbs (`:hash`, `:cid`, …) running; each answers with a banner and is stopped.
 *
 * States
 * - running: the only state; everything above happens here until the engine handle stops the actor.
 *
 * Events: EngineRequests (core/cockpit/engine/commands.ts) from the engine handle's interpreter and from the
 * screen actors (`sendParent`), `fleet.transitions` from the fleet pollers, and the done/error events of the
 * verb actors. Tokens never enter this machine: children reach nodes through clients the engine holds.
 */
import { assign, enqueueActions, type AnyStateMachine, fromPromise, sendParent, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { errorText } from '../../core/error-text.js';
import type { EngineRequest } from '../../core/cockpit/engine/commands.js';
import type { EngineLogChoices } from '../../core/cockpit/engine/config.js';
import { alertRecords } from '../../core/cockpit/alerts.js';
import type { AlertRecord } from '../../core/cockpit/engine/compose-view.js';
import type { OneShotVerb } from '../../core/cockpit/engine/palette.js';
import type { EngineNodeRef } from '../../core/cockpit/engine/screen-env.js';
import { resolveSwitchTarget } from '../../core/cockpit/engine/switch-target.js';
import { ALERT_RING_SIZE, type GateTransition } from '../../core/cockpit/gate-transitions.js';
import { SCREEN_IDS, type ScreenId } from '../../core/cockpit/view/screens.js';
import type { Face } from '../../core/cockpit/view/view-model.js';
import type { LogSourceInput } from '../log-source.machine.js';
import { alertsMachine, type AlertsInput } from './alerts.machine.js';
import { watchlistMachine, type WatchlistEvent } from './watchlist.machine.js';
import { watchRefMachine, type WatchRefEmit } from './watch-ref.machine.js';
import type { WatchlistEntry } from '../../core/cockpit/watchlist.js';
import type { WatchlistRequest } from '../../core/cockpit/engine/commands.js';
import { formatCount, formatDuration, shortId } from '../../core/cockpit/format.js';
import { logPaneMachine } from './log-pane.machine.js';
import { supervisorMachine, type SupervisorInput } from './supervisor.machine.js';
import { gatesMachine, selectLatestTransitions } from './gates.machine.js';
import { prometheusFleetMachine } from './prometheus-fleet.machine.js';
import { SCREEN_REGISTRY } from './screens/index.js';
import { uiSessionMachine, type UiSessionInput } from './ui-session.machine.js';

export interface CockpitMachineInput {
  readonly face: Face;
  /** Never empty. */
  readonly nodes: readonly EngineNodeRef[];
  readonly activeNode: string;
  readonly fleetPollIntervalMs: number;
  readonly session: UiSessionInput;
  /** What the log-source resolution needs besides the node URL. */
  readonly log: {
    readonly platform: string;
    readonly perNode: Readonly<Record<string, { readonly cli?: EngineLogChoices; readonly config?: EngineLogChoices }>>;
  };
  /** Run the node (`--node-bin` + `--node-config`, or `[store]`). */
  readonly supervisor?: SupervisorInput;
  /** The fleet comes from Prometheus: these node names (empty: every node Prometheus knows). */
  readonly prometheusFleet?: { readonly names: readonly string[] };
  readonly alerts: AlertsInput;
  /** The persisted watchlist; entries with an interval are running watch-refs. */
  readonly watchlist?: readonly WatchlistEntry[];
  /** Restart persisted watch-refs (the terminal; the desktop has no `:watch-ref`). */
  readonly restoreWatches?: boolean;
}

export interface CockpitContext {
  readonly face: Face;
  readonly nodes: readonly EngineNodeRef[];
  readonly activeNode: string;
  readonly fleetPollIntervalMs: number;
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

/** The gates machine as a fleet row: it tells the root machine about every transition it records. */
export const fleetNodeMachine = gatesMachine.provide({
  actions: {
    // Most polls change no gate: only the ones that do are an event for the root (200 nodes poll 20 times a second).
    reportTransitions: enqueueActions(({ context, enqueue }) => {
      const transitions = selectLatestTransitions({ context } as SnapshotFrom<typeof gatesMachine>);
      if (transitions.length) enqueue.sendParent({ type: 'fleet.transitions' as const, node: context.node?.name ?? '', transitions });
    }),
  },
});

const runVerbNotProvided = fromPromise<VerbOutcome, VerbInput>(async () => {
  throw new Error('oneShot actor not provided: the engine binds the verbs');
});

export const fleetActorId = (node: string) => `fleet:${node}`;
export const PROMETHEUS_FLEET_ID = 'fleetPrometheus';
/** Delay between the first polls of consecutive fleet nodes. */
export const FLEET_STAGGER_MS = 25;
export const screenActorId = (generation: number, screen: ScreenId) => `screen:${generation}:${screen}`;
export type ScreenSrc = `screen.${ScreenId}`;
export const screenSrc = (screen: ScreenId): ScreenSrc => `screen.${screen}`;
export const watchActorId = (reference: string) => `watch:${reference}`;

function watchlistEvent(request: WatchlistRequest): WatchlistEvent {
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

const screenActors = Object.fromEntries(SCREEN_IDS.map((id) => [screenSrc(id), SCREEN_REGISTRY[id].machine])) as Record<ScreenSrc, AnyStateMachine>;

function logInput(context: Pick<CockpitContext, 'nodes' | 'log' | 'capture'>, name: string): LogSourceInput {
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

export const cockpitMachine = setup({
  types: {} as { context: CockpitContext; input: CockpitMachineInput; events: CockpitEvent },
  actors: { uiSession: uiSessionMachine, alerts: alertsMachine, watchlist: watchlistMachine, watchRef: watchRefMachine, fleetNode: fleetNodeMachine, prometheusFleet: prometheusFleetMachine, activeNodePoller: gatesMachine, logPane: logPaneMachine, supervisor: supervisorMachine, oneShot: runVerbNotProvided, ...screenActors },
  actions: {
    startChildren: enqueueActions(({ context, enqueue }) => {
      // First polls are staggered over up to FLEET_STAGGER_MS per node (5 s for 200 nodes, never more than one
      // interval): a large fleet is not asked nine questions per node in the same instant, and stays spread out.
      const step = Math.min(FLEET_STAGGER_MS, context.fleetPollIntervalMs / Math.max(1, context.nodes.length));
      if (context.prometheusFleet) {
        const active = context.nodes.find((n) => n.name === context.activeNode)!;
        enqueue.spawnChild('activeNodePoller', { id: fleetActorId(active.name), input: { node: active, pollIntervalMs: context.fleetPollIntervalMs } });
      }
      if (!context.prometheusFleet) context.nodes.forEach((node, i) => {
        const firstPollDelayMs = Math.round(i * step);
        enqueue.spawnChild('fleetNode', { id: fleetActorId(node.name), input: { node, pollIntervalMs: context.fleetPollIntervalMs, firstPollDelayMs } });
      });
      enqueue.spawnChild('logPane', { id: 'logPane', input: {} });
      enqueue.sendTo('logPane', { type: 'node.switched', input: logInput(context, context.activeNode) });
    }),
    adoptCapture: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'supervisor.captureKnown') return;
      // The supervised node is the one the config named (its YAML's api-addr reaches it), else the fleet node at
      // the supervisor's API URL, else the node active at start.
      const named = event.node !== undefined && context.nodes.some((n) => n.name === event.node) ? event.node : undefined;
      const node = named ?? context.nodes.find((n) => n.url === event.apiUrl)?.name ?? context.activeNode;
      const next = { ...context, capture: { file: event.file, node } };
      enqueue.assign({ capture: next.capture });
      if (node === context.activeNode) enqueue.sendTo('logPane', { type: 'node.switched', input: logInput(next, node) });
    }),
    spawnScreens: enqueueActions(({ context, enqueue }) => {
      const node = context.nodes.find((n) => n.name === context.activeNode)!;
      for (const id of SCREEN_IDS) {
        enqueue.spawnChild(screenSrc(id), { id: screenActorId(context.generation, id), input: { node, face: context.face, visible: id === context.shownScreen } });
      }
      // Screens start polling; only the shown one should (the others poll when shown).
      for (const id of SCREEN_IDS) if (id !== context.shownScreen) enqueue.sendTo(screenActorId(context.generation, id), { type: 'screen.visible', visible: false });
    }),
    switchNode: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.switchNode') return;
      const target = resolveSwitchTarget(context.nodes, event.target);
      const banner = (text: string, tone: 'ok' | 'fail') => enqueue.sendTo('session', { type: 'banner.show', text, tone });
      if (target.kind === 'unknown') return banner(target.message, 'fail');
      const name = target.kind === 'node' ? target.name : target.node.name;
      if (name === context.activeNode) return banner(`${name} is already the active node`, 'ok');
      const nodes = target.kind === 'newNode' ? [...context.nodes, target.node] : context.nodes;
      if (context.prometheusFleet) {
        // Only the active node is polled directly: the poller moves with it.
        enqueue.stopChild(fleetActorId(context.activeNode));
        enqueue.spawnChild('activeNodePoller', { id: fleetActorId(name), input: { node: target.kind === 'newNode' ? target.node : nodes.find((n) => n.name === name)!, pollIntervalMs: context.fleetPollIntervalMs } });
      } else if (target.kind === 'newNode') {
        enqueue.spawnChild('fleetNode', { id: fleetActorId(name), input: { node: target.node, pollIntervalMs: context.fleetPollIntervalMs } });
      }
      for (const id of SCREEN_IDS) enqueue.stopChild(screenActorId(context.generation, id));
      const next = { ...context, nodes, activeNode: name, generation: context.generation + 1 };
      enqueue.assign({ nodes, activeNode: name, generation: next.generation });
      const node = nodes.find((n) => n.name === name)!;
      for (const id of SCREEN_IDS) {
        enqueue.spawnChild(screenSrc(id), { id: screenActorId(next.generation, id), input: { node, face: context.face, visible: id === context.shownScreen } });
      }
      for (const id of SCREEN_IDS) if (id !== context.shownScreen) enqueue.sendTo(screenActorId(next.generation, id), { type: 'screen.visible', visible: false });
      enqueue.sendTo('logPane', { type: 'node.switched', input: logInput(next, name) });
      enqueue.sendTo('session', { type: 'node.switched' });
      banner(`switched to ${name === node.url ? name : `${name} (${node.url})`}`, 'ok');
    }),
    forwardToScreen: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.screen') return;
      if (event.event.type === 'screen.visible' && event.event.visible) enqueue.assign({ shownScreen: event.screen });
      enqueue.sendTo(screenActorId(context.generation, event.screen), event.event);
    }),
    repollFleet: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.repollFleet') return;
      if (context.prometheusFleet) {
        enqueue.sendTo(PROMETHEUS_FLEET_ID, { type: 'poll.now' });
        enqueue.sendTo(fleetActorId(context.activeNode), { type: 'poll.now' });
        return;
      }
      for (const node of context.nodes) if (!event.node || event.node === node.name) enqueue.sendTo(fleetActorId(node.name), { type: 'poll.now' });
    }),
    runVerb: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.oneShot') return;
      const node = context.nodes.find((n) => n.name === context.activeNode)!;
      enqueue.spawnChild('oneShot', { id: `verb:${context.verbSeq + 1}`, input: { verb: event.verb, args: event.args, node } });
      enqueue.assign({ verbSeq: context.verbSeq + 1 });
      enqueue.sendTo('session', { type: 'banner.show', text: `running :${event.verb}${event.args.length ? ` ${event.args.join(' ')}` : ''}…`, tone: 'ok' });
    }),
    finishVerb: enqueueActions(({ event, enqueue }) => {
      const done = /^xstate\.(done|error)\.actor\.(verb:\d+)$/.exec(event.type);
      if (!done) return;
      const outcome: VerbOutcome = done[1] === 'done' ? (event as DoneActorEvent<VerbOutcome>).output : { ok: false, text: errorText((event as ErrorActorEvent).error) };
      enqueue.sendTo('session', { type: 'banner.show', text: outcome.text, tone: outcome.ok ? 'ok' : 'fail' });
      enqueue.stopChild(done[2]!);
    }),
    recordTransitions: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'fleet.transitions' || event.transitions.length === 0) return;
      // One cause, one alert: the transitions recorded under another ride in its record (core/cockpit/alerts.ts).
      const records = alertRecords(event.node, event.transitions, context.alertSeq);
      enqueue.assign({ alerts: [...[...records].reverse(), ...context.alerts].slice(0, ALERT_RING_SIZE), alertSeq: context.alertSeq + records.length });
      enqueue.sendTo('alerts', { type: 'alerts.record', records });
    }),
    markAlertsSeen: assign(({ context }) => ({ alertsSeenAtMs: Math.max(context.alertsSeenAtMs, context.alerts[0]?.atMs ?? 0) })),
    startWatch: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.watchStart') return;
      const { reference, intervalSeconds } = event;
      // A new interval for a watched reference replaces its watch.
      if (context.watches[reference] !== undefined) enqueue.stopChild(watchActorId(reference));
      enqueue.spawnChild('watchRef', { id: watchActorId(reference), input: { reference, intervalSeconds } });
      enqueue.assign({ watches: { ...context.watches, [reference]: intervalSeconds } });
      enqueue.sendTo('watchlist', { type: 'watchlist.watch', reference, intervalSeconds });
      const clamped = event.clampedFrom === null ? '' : ` (${formatCount(event.clampedFrom)} s is outside 10..86,400 s)`;
      enqueue.sendTo('session', { type: 'banner.show', text: `watching ${shortId(reference)} every ${formatDuration(intervalSeconds)}${clamped}`, tone: 'ok' });
    }),
    stopWatch: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.watchStop') return;
      const banner = (text: string, tone: 'ok' | 'fail') => enqueue.sendTo('session', { type: 'banner.show', text, tone });
      const stopping = event.reference === null ? Object.keys(context.watches) : context.watches[event.reference] === undefined ? [] : [event.reference];
      if (stopping.length === 0) return banner(event.reference === null ? 'no watch-ref is running' : `${shortId(event.reference)} is not watched`, 'fail');
      const watches = { ...context.watches };
      for (const reference of stopping) {
        enqueue.stopChild(watchActorId(reference));
        delete watches[reference];
        enqueue.sendTo('watchlist', { type: 'watchlist.watch', reference, intervalSeconds: null });
      }
      enqueue.assign({ watches });
      banner(stopping.length === 1 ? `stopped watching ${shortId(stopping[0]!)}` : `stopped ${stopping.length} watches`, 'ok');
    }),
    forwardWatchResult: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'watch.result') enqueue.sendTo('watchlist', { type: 'watchlist.record', result: event.result });
    }),
    forwardToWatchlist: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'engine.watchlist') enqueue.sendTo('watchlist', watchlistEvent(event.request));
    }),
  },
}).createMachine({
  id: 'cockpit',
  description: 'The cockpit engine: fleet pollers, the active node’s screens, the UI session, the log pane, the supervised node and one-shot verbs.',
  context: ({ input, spawn }) => {
    // The session first: the other children's first events (banners) go to it.
    spawn('uiSession', { id: 'session', input: input.session });
    spawn('alerts', { id: 'alerts', input: input.alerts });
    spawn('watchlist', { id: 'watchlist', input: { entries: input.watchlist ?? [] } });
    const watches: Record<string, number> = {};
    for (const entry of input.restoreWatches ? (input.watchlist ?? []) : []) {
      if (entry.intervalSeconds === null) continue;
      spawn('watchRef', { id: watchActorId(entry.reference), input: { reference: entry.reference, intervalSeconds: entry.intervalSeconds } });
      watches[entry.reference] = entry.intervalSeconds;
    }
    if (input.supervisor) spawn('supervisor', { id: 'supervisor', input: input.supervisor });
    if (input.prometheusFleet) spawn('prometheusFleet', { id: PROMETHEUS_FLEET_ID, input: { names: input.prometheusFleet.names, pollIntervalMs: input.fleetPollIntervalMs } });
    return {
    face: input.face,
    nodes: input.nodes,
    activeNode: input.nodes.some((n) => n.name === input.activeNode) ? input.activeNode : input.nodes[0]!.name,
    fleetPollIntervalMs: input.fleetPollIntervalMs,
    prometheusFleet: input.prometheusFleet !== undefined,
    generation: 0,
    shownScreen: input.session.screen ?? 'health',
    log: input.log,
    capture: null,
    alerts: [],
    alertSeq: 0,
    alertsSeenAtMs: 0,
    verbSeq: 0,
    watches,
    };
  },
  entry: ['startChildren', 'spawnScreens'],
  initial: 'running',
  states: {
    running: {
      description: 'Fleet pollers run for every node; screen actors for the active node; requests are routed.',
      on: {
        'engine.switchNode': { actions: 'switchNode' },
        'engine.screen': { actions: 'forwardToScreen' },
        'engine.repollFleet': { actions: 'repollFleet' },
        'engine.oneShot': { actions: 'runVerb' },
        'engine.alertsSeen': { actions: 'markAlertsSeen' },
        'engine.watchStart': { actions: 'startWatch' },
        'engine.watchStop': { actions: 'stopWatch' },
        'engine.watchlist': { actions: 'forwardToWatchlist' },
        'watch.result': { actions: 'forwardWatchResult' },
        'fleet.transitions': { actions: 'recordTransitions' },
        'supervisor.captureKnown': { actions: 'adoptCapture' },
        'xstate.done.actor.*': { actions: 'finishVerb' },
        'xstate.error.actor.*': { actions: 'finishVerb' },
      },
    },
  },
});

export type CockpitSnapshot = SnapshotFrom<typeof cockpitMachine>;
