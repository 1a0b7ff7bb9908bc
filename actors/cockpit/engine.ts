/**
 * `startCockpitEngine`: the composition root of the cockpit. It creates the one root actor
 * (machines/cockpit/cockpit.machine.ts) with every child's side effects bound (engine-wiring.ts), and hands
 * faces the small CockpitEngineHandle of core/cockpit/view/engine.ts: views out, UI events in.
 *
 * ```ts
 * const engine = startCockpitEngine({ face: 'terminal', config, stateStore, runVerb });
 * const off = engine.subscribe((view) => draw(view));   // at most 20 views a second
 * engine.send({ type: 'ui.key', key: 'Tab' });
 * await engine.stop();
 * ```
 *
 * Beside it: the node clients and their wires (engine-clients.ts); the pure reading of snapshots into the
 * view (machines/cockpit/cockpit.view.ts) and its publishing in batching windows (view-publisher.ts); and the
 * engine's own side effects as actors with cleanup: the call log (call-log-writer.ts), what is kept for next
 * time (persistence.ts) and what the supervised node's changes mean (supervisor-glue.ts).
 * Tokens stay in the node clients; no snapshot, view or log line carries one.
 */
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { NodeClient } from '../node-client/index.js';
import { disposeCapture } from '../supervisor/index.js';
import type { ScreenDeps } from './screens/index.js';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import type { ThemeView } from '../../core/cockpit/view/view-model.js';
import type { ScreenId } from '../../core/cockpit/view/screens.js';
import { interpretUiEvent } from '../../core/cockpit/interaction/interpret.js';
import { clockTime } from '../../core/cockpit/format.js';
import { composeView } from '../../core/cockpit/interaction/compose-view.js';
import { memoryStateStore, type CockpitEngineConfig } from '../../core/cockpit/interaction/config.js';
import type { EngineNodeRef } from '../../core/cockpit/interaction/screen-env.js';
import { fleetActorId, type CockpitSnapshot, type VerbInput, type VerbOutcome } from '../../machines/cockpit/cockpit.machine.js';
import { PROMETHEUS_FLEET_ID } from '../../machines/cockpit/cockpit.contracts.js';
import type { LogPaneSnapshot } from '../../machines/cockpit/log-pane.machine.js';
import { logPaneShowsNothingNew } from '../../machines/cockpit/log-pane.view.js';
import type { SupervisorSnapshotLike } from '../../machines/cockpit/supervisor.view.js';
import { selectFleet, selectViewParts, selectWatchlist } from '../../machines/cockpit/cockpit.view.js';
import type { GatesSnapshot } from '../../machines/cockpit/gates.machine.js';
import { FleetTrends } from '../../core/cockpit/node-trends.js';
import { radiusTrackFromTrend } from '../../core/cockpit/radius-ring.js';
import { LOG_TABS } from '../../core/log/log-book.js';
import { createEngineClients } from './engine-clients.js';
import type { CockpitEngine, StartCockpitEngineOptions } from './engine-options.js';
import { cockpitInput, provideCockpitMachine } from './engine-wiring.js';
import { createViewPublisher, FLEET_VIEW_NOTIFY_MS } from './view-publisher.js';
import { callLogWriterLogic } from './call-log-writer.js';
import { persistenceLogic } from './persistence.js';
import { supervisorGlueLogic } from './supervisor-glue.js';
import { createCockpitStory } from './cockpit-story.js';
import { runOneShotVerb, type OneShotDeps } from './one-shot-verbs.js';
import type { DiagnoseInputs } from './diagnose.js';

export type { CockpitEngine, EngineClock, StartCockpitEngineOptions } from './engine-options.js';
export { FLEET_VIEW_NOTIFY_MS, VIEW_NOTIFY_MS } from './view-publisher.js';
export { DEFAULT_REQUEST_TIMEOUT_MS } from './engine-clients.js';

export function startCockpitEngine(options: StartCockpitEngineOptions): CockpitEngine {
  const { face, config } = options;
  const clock = options.clock;
  const now = options.now ?? (clock && 'now' in clock && typeof clock.now === 'function' ? () => (clock as { now(): number }).now() : Date.now);
  /** `[fleet] prometheus_url`: the fleet roll-up comes from PromQL, not a poller per node. */
  const prometheusUrl = config.fleet.prometheusUrl;
  const stateStore = options.stateStore ?? memoryStateStore();
  const persisted = stateStore.get();
  const clients = createEngineClients({ nodes: config.nodes, requestTimeoutMs: options.requestTimeoutMs, dispatcher: options.dispatcher });
  /** Writes the calls still waiting for the log pane's book (the call-log actor, once the book is known). */
  let flushCallLog = () => {};
  const { callStats, clientFor, pollClientFor, subscribeCalls, tokenOf } = clients;

  // The active node's client, looked up at call time (see actors/cockpit/screens/index.ts for why that is safe).
  const currentNode = (): EngineNodeRef => {
    const ctx = (root.getSnapshot() as CockpitSnapshot).context;
    return ctx.nodes.find((node) => node.name === ctx.activeNode)!;
  };
  const activeClient = new Proxy({} as NodeClient, { get: (_, property) => Reflect.get(clientFor(currentNode()), property) });
  const connection = () => {
    const node = currentNode();
    const token = tokenOf(node.name);
    return token ? { baseUrl: node.url, token } : { baseUrl: node.url };
  };
  const deps: ScreenDeps = { client: activeClient, clientFor, now, face, callStats, connection, pubsub: config.pubsub ?? null };
  // What the cockpit's children (the supervised node, log commands, one-shot verbs) inherit: the environment as
  // the engine started, whatever a face does to process.env later (the terminal face hides CI while Ink loads).
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  const oneShotDeps: OneShotDeps = {
    client: () => clientFor(currentNode()),
    ...(config.dataDir ? { dataDir: config.dataDir.path } : {}),
    env: childEnv,
    diagnoseInputs: () => diagnoseInputs(),
    logCockpit: (message) => logBook()?.addCockpitEvent('info', message, clockTime(now())),
    fleet: () => (root.getSnapshot() as CockpitSnapshot).context.nodes.map((node) => ({ name: node.name, url: node.url, client: clientFor(node) })),
    radiusHistory: (node) => radiusTrackFromTrend(trends.reader(node)),
    now,
  };
  const runVerb = options.runVerb ?? ((input: VerbInput & { readonly token?: string }, signal: AbortSignal) => runOneShotVerb(input, signal, oneShotDeps));
  const oneShot = fromPromise<VerbOutcome, VerbInput>(({ input, signal }) => {
    const token = tokenOf(input.node.name);
    return runVerb(token ? { ...input, token } : input, signal);
  });
  const logBook = () => ((root.getSnapshot().children as Record<string, AnyActorRef | undefined>).logPane?.getSnapshot() as LogPaneSnapshot | undefined)?.context.book;
  /** What `:diagnose` bundles: secrets are passed so the bundle writer can scrub them, never written. */
  const diagnoseInputs = (): DiagnoseInputs => {
    const fleet = fleetOf(root.getSnapshot());
    const active = fleet.find((node) => node.active);
    flushCallLog();
    const book = logBook();
    const health = active?.snapshot?.health;
    return {
      versions: { cockpit: app.version, ...(health?.ok ? { node: `Bee ${health.value.version} (API ${health.value.apiVersion})` } : {}) },
      config,
      secrets: [...config.nodes.flatMap((node) => (node.token ? [node.token] : [])), ...[config.alerts.webhookUrl, config.fleet.aggregateWebhookUrl].filter((u): u is string => Boolean(u))],
      gates: Object.fromEntries(fleet.map((node) => [node.name, node.gates])),
      callStats: callStats.snapshot(),
      logs: book ? Object.fromEntries(LOG_TABS.map((tab) => [tab, book.view(tab, 200).entries.map((entry) => entry.line)])) : {},
    };
  };
  const machine = provideCockpitMachine({ options, now, deps, clientFor, pollClientFor, activeClient: () => clientFor(currentNode()), oneShot, logBook, childEnv });

  const root = createActor(machine, { input: cockpitInput(options, persisted), ...(clock ? { clock } : {}), ...(options.inspection ? { inspect: options.inspection.inspect } : {}) });

  // `[ui].theme = auto` follows the face's system scheme, which the face reports (ui.scheme) when it knows it.
  let systemScheme = options.systemScheme;
  let theme = resolveTheme(config, systemScheme);
  const app = options.app ?? { name: face === 'desktop' ? 'cockpit' : 'cockpit-tui', version: '0.0.0' };
  const shownBanners = new Map<ScreenId, number>();
  const FLEET_ID_PREFIX = fleetActorId('');
  // Each node's key figures over the last hour (issue 28 item 3), from the fleet polls and calls already made.
  const trends = new FleetTrends(root.getSnapshot().context.fleetPollIntervalMs);
  const trendOf = (node: string) => trends.reader(node);
  const recordPoll = (snapshot: unknown) => {
    const { node, snapshot: poll } = (snapshot as GatesSnapshot).context;
    if (node && poll) trends.record(node.name, poll);
  };
  const unnoteCalls = subscribeCalls((record, node) => trends.noteCall(node, record.ms, record.status));
  const fleetOf = (snapshot: CockpitSnapshot) => selectFleet(snapshot, prometheusUrl ?? null, trendOf);
  const publisher = createViewPublisher(() => {
    const snapshot = root.getSnapshot();
    const { parts, banner } = selectViewParts(snapshot, { face, app, theme, nowMs: now(), prometheusUrl: prometheusUrl ?? null, trends: trendOf });
    // A screen's banner is announced once per id, to the session (which shows it in a later view).
    if (banner && shownBanners.get(banner.screen) !== banner.id) {
      shownBanners.set(banner.screen, banner.id);
      queueMicrotask(() => root.getSnapshot().children.session?.send({ type: 'banner.show', text: banner.text, tone: banner.tone }));
    }
    return composeView(parts);
  });
  // The Prometheus fleet's round starting changes its state, not its reading (the view reads its context alone).
  const unfollow = publisher.follow(root, FLEET_ID_PREFIX, recordPoll, { logPane: logPaneShowsNothingNew, [PROMETHEUS_FLEET_ID]: sameContext });
  root.start();
  const children = root.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  const session = children.session!;
  const supervisorRef = children.supervisor;
  const book = (children.logPane?.getSnapshot() as LogPaneSnapshot | undefined)?.context.book;
  // The engine's own side effects, each an actor that cleans up when stopped: the call log, what is kept for
  // next time, and what the supervised node's changes mean for the rest.
  const callLog = book ? createActor(callLogWriterLogic, { input: { book, now, batchMs: FLEET_VIEW_NOTIFY_MS, onCall: subscribeCalls } }).start() : null;
  flushCallLog = () => callLog?.send({ type: 'calls.flush' });
  const persistence = createActor(persistenceLogic, { input: { stateStore, persisted, session, watchlist: children.watchlist } }).start();
  const supervisorGlue = supervisorRef
    ? createActor(supervisorGlueLogic, { input: { supervisor: supervisorRef, node: config.store?.node, send: (event) => root.send(event), tick: publisher.markDirty } }).start()
    : null;
  const story = createCockpitStory((line) => book?.addCockpitEvent(line.level, line.message, clockTime(now()), line.logger));
  const stopStory = story.follow({ supervisor: supervisorRef as Parameters<typeof story.follow>[0]['supervisor'], stateStore });
  if (options.inspection) story.tell({ level: 'info', message: `inspector: ${options.inspection.where}`, logger: 'cockpit::inspect' });
  const stopInspectionNotes = options.inspection?.notes((note) => story.tell({ ...note, logger: 'cockpit::inspect' }));
  let stopped = false;

  return {
    root,
    callStats,
    fleet: () => fleetOf(root.getSnapshot()),
    watchlist: () => selectWatchlist(root.getSnapshot()),
    trendBytes: () => trends.bytes,
    onCall: subscribeCalls,
    getView: publisher.getView,
    onCockpitEvent: (listener) => story.listen(listener),
    supervisor: () => (supervisorRef?.getSnapshot() as SupervisorSnapshotLike | undefined) ?? null,
    async whenNodeAnswers() {
      if (!supervisorRef) return;
      await waitFor(supervisorRef, (s: SupervisorSnapshotLike & { status: string }) => {
        const is = (path: string) => (s.matches as (path: string) => boolean)(path);
        return s.status === 'done' || !(is('checking') || (is('supervising.starting') && !is('supervising.starting.deadline.overdue')));
      }, { timeout: Infinity });
    },
    subscribe: publisher.subscribe,
    send(event: CockpitUiEvent) {
      if (stopped) return;
      if (event.type === 'ui.scheme') {
        if (event.scheme === systemScheme) return;
        systemScheme = event.scheme;
        theme = resolveTheme(config, systemScheme);
        publisher.markDirty();
        return;
      }
      const commands = interpretUiEvent(event, publisher.getView());
      for (const command of commands) {
        if (command.to === 'session') session.send(command.event);
        else root.send(command.event);
      }
      if (commands.length > 0) publisher.notifySoon();
    },
    async stop() {
      if (stopped) return { finalStatus: null };
      stopped = true;
      publisher.stop();
      flushCallLog();
      callLog?.stop();
      supervisorGlue?.stop();
      persistence.stop();
      unfollow();
      unnoteCalls();
      let finalStatus: string | null = null;
      let supervised: SupervisorSnapshotLike | null = null;
      if (supervisorRef) {
        // SIGTERM to the node's group, up to 5 s, then SIGKILL: the supervisor's own stop sequence.
        // Unless `:stop` already ended it (its actor is done): then its final status is there to read.
        if (supervisorRef.getSnapshot().status !== 'done') supervisorRef.send({ type: 'supervisor.stop' });
        const done = await waitFor(supervisorRef, (s) => s.status === 'done', { timeout: Infinity });
        finalStatus = (done.output as { finalStatus?: string } | undefined)?.finalStatus ?? 'node stopped';
        supervised = done as SupervisorSnapshotLike;
      }
      stopStory();
      stopInspectionNotes?.();
      // A watchlist change made just before the stop is written (or its failure reported) before we return.
      await stateStore.flush?.();
      root.stop();
      // After the root: its children's last snapshots (stopped) reach the inspector.
      await options.inspection?.stop();
      // Once the tailer is gone: the capture directory goes with a clean stop.
      if (supervised) await disposeCapture(supervised.context).catch(() => undefined);
      clients.close();
      return { finalStatus };
    },
  };
}

const sameContext = (previous: unknown, next: unknown) => (previous as { context?: unknown }).context === (next as { context?: unknown }).context;

function resolveTheme(config: CockpitEngineConfig, system: 'light' | 'dark' | undefined): ThemeView {
  const scheme = config.ui.noColor ? 'mono' : config.ui.theme === 'auto' ? (system ?? 'dark') : config.ui.theme;
  return { scheme, ascii: config.ui.asciiFallback };
}
