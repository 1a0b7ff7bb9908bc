/**
 * The cockpit engine's root machine: one actor system that every face runs on (terminal, desktop window,
 * `--serve`, `--serve-metrics`). It owns no I/O; it runs named children and routes requests between them.
 *
 * `running` is parallel, one region per child it owns, so the diagram and the Stately visualizer name each
 * (docs/cockpit.md lists them; cockpit.children.test.ts keeps that list equal to this chart):
 * - fixed children are invoked by their region: `session` (first: the others' first banners go to it),
 *   `alerts`, `watchlist`, `supervisor` (only when the cockpit runs the node), `fleetPrometheus` (instead of
 *   per-node pollers when the fleet comes from Prometheus) and `logPane`;
 * - dynamic children are spawned by named actions: `fleet:<node>` (`spawnFleetPollers`, or only the active
 *   node's, `spawnActiveNodePoller`, with a Prometheus fleet; pollers run across switches), `watch:<reference>`
 *   (`restoreWatches`, `startWatch`; `stopWatch`), `screen:<generation>:<screen>` (`spawnScreens`; a switch
 *   stops them and spawns fresh ones under a new generation, so a stopping actor's id is never reused) and
 *   `verb:<n>` (`runVerb`; `finishVerb` banners its answer and stops it).
 * The supervisor's capture file, once known (`supervisor.captureKnown`), is its node's log source, above all.
 * Events: EngineRequests (core/cockpit/interaction/commands.ts) from the engine handle and the screen actors
 * (`sendParent`), `fleet.transitions` from the fleet pollers (into the alerts ring), the verbs' done/error
 * events. Tokens never enter this machine: children reach nodes through clients the engine holds.
 */
import { assign, enqueueActions, type AnyStateMachine, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { resolveSwitchTarget } from '../../core/cockpit/interaction/switch-target.js';
import { ALERT_RING_SIZE } from '../../core/cockpit/gate-transitions.js';
import { SCREEN_IDS } from '../../core/cockpit/view/screens.js';
import { formatCount, formatDuration, shortId } from '../../core/cockpit/format.js';
import { alertRecords } from '../../core/cockpit/alerts.js';
import { errorText } from '../../core/error-text.js';
import { alertsMachine } from './alerts.machine.js';
import { initialCockpitContext } from './cockpit.context.js';
import { FLEET_STAGGER_MS, fleetActorId, logInput, pollingChange, PROMETHEUS_FLEET_ID, screenActorId, screenInput, screenSrc, watchActorId, watchlistEvent, type CockpitContext, type CockpitEvent, type CockpitMachineInput, type ScreenSrc, type VerbInput, type VerbOutcome } from './cockpit.contracts.js';
import { gatesMachine, selectLatestTransitions } from './gates.machine.js';
import { logPaneMachine } from './log-pane.machine.js';
import { prometheusFleetMachine } from './prometheus-fleet.machine.js';
import { SCREEN_REGISTRY } from './screens/index.js';
import { supervisorMachine } from './supervisor.machine.js';
import { uiSessionMachine } from './ui-session.machine.js';
import { watchlistMachine } from './watchlist.machine.js';
import { watchRefMachine } from './watch-ref.machine.js';
import { supervisorVerbEffect, supervisorVerbSends } from './supervisor-verbs.js';
export * from './cockpit.contracts.js';

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

const screenActors = Object.fromEntries(SCREEN_IDS.map((id) => [screenSrc(id), SCREEN_REGISTRY[id].machine])) as Record<ScreenSrc, AnyStateMachine>;

export const cockpitMachine = setup({
  types: {} as { context: CockpitContext; input: CockpitMachineInput; events: CockpitEvent },
  actors: { uiSession: uiSessionMachine, alerts: alertsMachine, watchlist: watchlistMachine, watchRef: watchRefMachine, fleetNode: fleetNodeMachine, prometheusFleet: prometheusFleetMachine, activeNodePoller: gatesMachine, logPane: logPaneMachine, supervisor: supervisorMachine, oneShot: runVerbNotProvided, ...screenActors },
  guards: {
    runsTheNode: ({ context }) => context.start.supervisor !== undefined,
    fleetFromPrometheus: ({ context }) => context.prometheusFleet,
  },
  actions: {
    spawnFleetPollers: enqueueActions(({ context, enqueue }) => {
      // First polls are staggered over up to FLEET_STAGGER_MS per node (5 s for 200 nodes, never more than one
      // interval): a large fleet is not asked nine questions per node in the same instant, and stays spread out.
      const step = Math.min(FLEET_STAGGER_MS, context.fleetPollIntervalMs / Math.max(1, context.nodes.length));
      context.nodes.forEach((node, i) => {
        const firstPollDelayMs = Math.round(i * step);
        enqueue.spawnChild('fleetNode', { id: fleetActorId(node.name), input: { node, pollIntervalMs: context.fleetPollIntervalMs, firstPollDelayMs } });
      });
    }),
    spawnActiveNodePoller: enqueueActions(({ context, enqueue }) => {
      const active = context.nodes.find((n) => n.name === context.activeNode)!;
      enqueue.spawnChild('activeNodePoller', { id: fleetActorId(active.name), input: { node: active, pollIntervalMs: context.fleetPollIntervalMs } });
    }),
    resolveActiveLog: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('logPane', { type: 'node.switched', input: logInput(context, context.activeNode) });
    }),
    restoreWatches: enqueueActions(({ context, enqueue }) => {
      const watches: Record<string, number> = {};
      for (const entry of context.start.restoreWatches ? (context.start.watchlist ?? []) : []) {
        if (entry.intervalSeconds === null) continue;
        enqueue.spawnChild('watchRef', { id: watchActorId(entry.reference), input: { reference: entry.reference, intervalSeconds: entry.intervalSeconds, autoReseedAfter: context.start.autoReseedAfter ?? 0 } });
        watches[entry.reference] = entry.intervalSeconds;
      }
      enqueue.assign({ watches });
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
        enqueue.spawnChild(screenSrc(id), { id: screenActorId(context.generation, id), input: screenInput(context, id, node) });
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
        enqueue.spawnChild(screenSrc(id), { id: screenActorId(next.generation, id), input: screenInput(context, id, node) });
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
    supervisorVerb: enqueueActions(({ context, event, self, enqueue }) => {
      if (event.type !== 'engine.supervisor') return;
      const effect = supervisorVerbEffect(event.action, context.start.supervisor !== undefined, (self.getSnapshot() as Partial<CockpitSnapshot> | undefined)?.children?.supervisor?.getSnapshot());
      for (const [to, sent] of supervisorVerbSends(effect)) enqueue.sendTo(to, sent);
    }),
    applyPolling: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.polling') return;
      const change = pollingChange(context, event.preset);
      enqueue.assign(change.assign);
      for (const { id, event: sent } of change.sends) enqueue.sendTo(id, sent);
    }),
    startWatch: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'engine.watchStart') return;
      const { reference, intervalSeconds } = event;
      // A new interval for a watched reference replaces its watch.
      if (context.watches[reference] !== undefined) enqueue.stopChild(watchActorId(reference));
      enqueue.spawnChild('watchRef', { id: watchActorId(reference), input: { reference, intervalSeconds, autoReseedAfter: context.start.autoReseedAfter ?? 0 } });
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
      if (event.type === 'watch.reseed') enqueue.sendTo('session', { type: 'banner.show', text: event.text, tone: event.tone });
    }),
    forwardToWatchlist: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'engine.watchlist') enqueue.sendTo('watchlist', watchlistEvent(event.request));
    }),
  },
}).createMachine({
  id: 'cockpit',
  description: 'The cockpit engine: the UI session, alerts, watchlist and watch-refs, the supervised node, the fleet pollers, the log pane, the active node’s screens and one-shot verbs, each in its own region.',
  context: ({ input }) => initialCockpitContext(input),
  initial: 'running',
  states: {
    running: {
      type: 'parallel',
      description: 'Each region owns one child (or one kind of dynamic child); requests are routed between them.',
      on: {
        'engine.switchNode': { actions: 'switchNode' },
        'engine.screen': { actions: 'forwardToScreen' },
        'engine.repollFleet': { actions: 'repollFleet' },
        'engine.oneShot': { actions: 'runVerb' },
        'engine.alertsSeen': { actions: 'markAlertsSeen' },
        'engine.polling': { actions: 'applyPolling' },
        'engine.supervisor': { actions: 'supervisorVerb' },
        'engine.watchStart': { actions: 'startWatch' },
        'engine.watchStop': { actions: 'stopWatch' },
        'engine.watchlist': { actions: 'forwardToWatchlist' },
        'watch.result': { actions: 'forwardWatchResult' },
        'watch.reseed': { actions: 'forwardWatchResult' },
        'fleet.transitions': { actions: 'recordTransitions' },
        'supervisor.captureKnown': { actions: 'adoptCapture' },
        'xstate.done.actor.*': { actions: 'finishVerb' },
        'xstate.error.actor.*': { actions: 'finishVerb' },
      },
      states: {
        session: {
          description: 'session: the UI session (screen, overlays, selection, log pane layout, banner).',
          invoke: { id: 'session', src: 'uiSession', input: ({ context }) => context.start.session },
        },
        alerts: {
          description: 'alerts: the alert sinks (webhooks, fleet aggregate, Alertmanager, toasts, bell, OS notifications).',
          invoke: { id: 'alerts', src: 'alerts', input: ({ context }) => context.start.alerts },
        },
        watchlist: {
          description: 'watchlist: S12’s watched references and their check history.',
          invoke: { id: 'watchlist', src: 'watchlist', input: ({ context }) => ({ entries: context.start.watchlist ?? [], availability: context.start.watchAvailability ?? {} }) },
        },
        watches: {
          description: 'watch:<reference>, one per :watch-ref: restoreWatches, startWatch spawn them, stopWatch stops them.',
          entry: 'restoreWatches',
        },
        supervisor: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'runsTheNode', target: 'supervising' }, { target: 'notRunningTheNode' }] },
            supervising: {
              description: 'supervisor: runs the node (--node-bin / [store]); its capture file is that node’s log source.',
              invoke: { id: 'supervisor', src: 'supervisor', input: ({ context }) => context.start.supervisor! },
            },
            notRunningTheNode: { description: 'The cockpit watches nodes it does not run.' },
          },
        },
        fleet: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'fleetFromPrometheus', target: 'fromPrometheus' }, { target: 'perNode' }] },
            perNode: {
              description: 'fleet:<node>, one gates poller per node (spawnFleetPollers), running across switches.',
              entry: 'spawnFleetPollers',
            },
            fromPrometheus: {
              description: 'fleetPrometheus: one PromQL round per interval; fleet:<active> polls the active node (spawnActiveNodePoller).',
              entry: 'spawnActiveNodePoller',
              invoke: { id: PROMETHEUS_FLEET_ID, src: 'prometheusFleet', input: ({ context }) => ({ names: context.start.prometheusFleet?.names ?? [], pollIntervalMs: context.start.prometheusFleet?.queryIntervalMs ?? context.fleetPollIntervalMs }) },
            },
          },
        },
        logPane: {
          description: 'logPane: the active node’s log (source resolution, follower, per-tab rings).',
          invoke: { id: 'logPane', src: 'logPane', input: {} },
          initial: 'following',
          states: { following: { description: 'Follows the active node’s source (resolveActiveLog; a switch re-resolves it).', entry: 'resolveActiveLog' } },
        },
        screens: {
          description: 'screen:<generation>:<screen>, the fifteen screen actors of the active node (spawnScreens; a switch respawns them).',
          entry: 'spawnScreens',
        },
      },
    },
  },
});
export type CockpitSnapshot = SnapshotFrom<typeof cockpitMachine>;
