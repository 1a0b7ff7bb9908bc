/**
 * `startCockpitEngine`: the composition root of the cockpit. It creates the one root actor
 * (machines/cockpit/cockpit.machine.ts), binds every child's side effects (node clients, health polls, log
 * discovery, screen fetches, one-shot verbs) with `.provide()`, and hands faces the small
 * CockpitEngineHandle of core/cockpit/view/engine.ts: views out, UI events in.
 *
 * ```ts
 * const engine = startCockpitEngine({ face: 'terminal', config, stateStore, runVerb });
 * const off = engine.subscribe((view) => draw(view));   // at most 20 views a second
 * engine.send({ type: 'ui.key', key: 'Tab' });
 * await engine.stop();
 * ```
 *
 * The view is composed (core/cockpit/engine/compose-view.ts) only when some actor's snapshot changed since the
 * last one (an inspector marks it dirty), so `getView()` is cheap to call as often as a face likes, and
 * `subscribe` coalesces floods (a 200-node fleet answering at once, a log burst) into one view per 50 ms.
 * Tokens stay in the node clients held here; no snapshot, view or log line carries one.
 */
import { createActor, fromPromise, waitFor, type ActorOptions, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { createCallStats, createNodeClient, createRawHttpWire, undiciWire, type CallRecord, type CallStats, type NodeClient } from '../node-client/index.js';
import { createNodeHttpWire } from '../node-client/node-http-wire.js';
import { logPaneActors } from '../log-pane/index.js';
import { disposeCapture, supervisorActors } from '../supervisor/index.js';
import { createFleetPollWire } from './fleet-poll-wire.js';
import { healthPollerLogic } from './health-snapshot.js';
import { SCREEN_ACTORS, type ScreenDeps } from './screens/index.js';
import type { CockpitEngineHandle } from '../../core/cockpit/view/engine.js';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import type { Face, ThemeView } from '../../core/cockpit/view/view-model.js';
import { SCREEN_IDS, type ScreenId } from '../../core/cockpit/view/screens.js';
import { interpretUiEvent } from '../../core/cockpit/engine/interpret.js';
import { clockTime } from '../../core/cockpit/format.js';
import { composeView } from '../../core/cockpit/engine/compose-view.js';
import { fleetPollIntervalMs, memoryStateStore, type CockpitEngineConfig, type EngineStateStore } from '../../core/cockpit/engine/config.js';
import type { EngineNodeRef, FleetNodeFacts } from '../../core/cockpit/engine/screen-env.js';
import { cockpitMachine, fleetActorId, fleetNodeMachine, screenSrc, type CockpitSnapshot, type VerbInput, type VerbOutcome } from '../../machines/cockpit/cockpit.machine.js';
import { gatesMachine } from '../../machines/cockpit/gates.machine.js';
import { prometheusFleetMachine } from '../../machines/cockpit/prometheus-fleet.machine.js';
import { queryFleetLogic, staleAfterMs } from './prometheus-fleet.js';
import { SCREEN_REGISTRY } from '../../machines/cockpit/screens/index.js';
import { logPaneMachine, type LogPaneSnapshot } from '../../machines/cockpit/log-pane.machine.js';
import { supervisorMachine } from '../../machines/cockpit/supervisor.machine.js';
import type { SupervisorSnapshotLike } from '../../machines/cockpit/supervisor.view.js';
import { selectFleet, selectViewParts } from '../../machines/cockpit/cockpit.view.js';
import { createViewPublisher, FLEET_VIEW_NOTIFY_MS } from './view-publisher.js';
import { callLogWriterLogic } from './call-log-writer.js';
import { persistenceLogic } from './persistence.js';
import { supervisorGlueLogic } from './supervisor-glue.js';
import { createCockpitStory, type CockpitStoryLine } from './cockpit-story.js';
import { runOneShotVerb, type OnceVerbLike, type OneShotDeps } from './one-shot-verbs.js';
import type { DiagnoseInputs } from './diagnose.js';
import { LOG_TABS } from '../../core/log/log-book.js';
import { postWebhookLogic } from './webhook.js';
import { durabilityCheckLogic } from './durability.js';
import { watchlistMachine } from '../../machines/cockpit/watchlist.machine.js';
import { watchRefMachine } from '../../machines/cockpit/watch-ref.machine.js';
import { alertsMachine } from '../../machines/cockpit/alerts.machine.js';
import { alertmanagerSinkMachine, type LogLine } from '../../machines/cockpit/alertmanager-sink.machine.js';
import { postAlertsLogic } from './alertmanager-post.js';
import { RETRY_CAP_MS, webhookSinkMachine } from '../../machines/cockpit/webhook-sink.machine.js';

export type EngineClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface StartCockpitEngineOptions {
  readonly face: Face;
  /** The resolved configuration (ResolvedCockpitConfig fits). */
  readonly config: CockpitEngineConfig;
  /** The data-directory state store (CockpitStateStore fits); default: memory. */
  readonly stateStore?: EngineStateStore;
  /** Drives every machine delay (polls, banners); tests pass xstate's SimulatedClock. */
  readonly clock?: EngineClock;
  /** Wall clock for snapshot times; default Date.now (or the SimulatedClock's now). */
  readonly now?: () => number;
  readonly app?: { readonly name: string; readonly version: string };
  /** Fleet poll interval; default 15 s desktop, 10 s terminal (2-cockpit.md §8). */
  readonly fleetPollIntervalMs?: number;
  /**
   * Per-request timeout of every node call, the whole transfer included (default 8 s): a hanging node, or one
   * dripping a byte a second, fails its own row within one poll instead of holding it forever.
   */
  readonly requestTimeoutMs?: number;
  /**
   * The `--once` verbs (the bins pass theirs): the palette's one-shot verbs run through them
   * (actors/cockpit/one-shot-verbs.ts), so a palette verb and its `--once` twin never differ.
   */
  readonly onceVerbs?: readonly OnceVerbLike[];
  /** Replaces the one-shot verb runner entirely (tests). */
  readonly runVerb?: (input: VerbInput & { readonly token?: string }, signal: AbortSignal) => Promise<VerbOutcome>;
  /** The OS colour scheme, when the face knows it (Electron's nativeTheme); `[ui].theme = auto` follows it. */
  readonly systemScheme?: 'light' | 'dark';
  readonly platform?: string;
  /** The connection pool of every node client (an undici Agent); default the node client's own. */
  readonly dispatcher?: import('undici').Dispatcher;
  /** How long a webhook post may take before it counts as failed (default 10 s). */
  readonly webhookTimeoutMs?: number;
  /** First retry delay of a failed webhook post, doubling up to 60 s (default 1 s). */
  readonly webhookRetryBaseMs?: number;
  /** Alertmanager resend interval (tests); default 60 s, Prometheus's resend delay. */
  readonly alertmanagerResendMs?: number;
  /** Replaces the log pane's or the supervisor's actors (tests). */
  readonly overrides?: { readonly logPaneActors?: Record<string, AnyActorLogic>; readonly supervisorActors?: Record<string, AnyActorLogic> };
}

export interface CockpitEngine extends CockpitEngineHandle {
  /** The root actor, for tests and bridges that need more than views (never for faces). */
  readonly root: AnyActorRef;
  /** The cockpit's own outbound call statistics (S8, `--serve-metrics`). */
  readonly callStats: CallStats;
  /** Every fleet node's latest facts (headless modes: `--serve-metrics`). */
  fleet(): FleetNodeFacts[];
  /**
   * Called after every node call the cockpit makes (success or failure), with the name of the node it went to;
   * returns the unsubscribe function.
   */
  onCall(listener: (record: CallRecord, node: string) => void): () => void;
  /**
   * Settles when the desktop window may open (2-cockpit.md §3: "the cockpit window opens" once the supervised
   * node's /health answers 200): at once without supervision; else when the node runs, or cannot be waited for
   * any longer (no 200 within 60 s, an exit, a refused start-up check), where the window's red chip says why.
   */
  whenNodeAnswers(): Promise<void>;
  /**
   * The Cockpit tab's story (the supervisor's changes, the state store's problems) as it is told, the lines so
   * far first: the headless modes print it on stderr. Returns the unsubscribe function.
   */
  onCockpitEvent(listener: (line: CockpitStoryLine) => void): () => void;
  /** The supervisor's snapshot (`--node-bin`), or null when the cockpit does not run the node. */
  supervisor(): SupervisorSnapshotLike | null;
}

export { FLEET_VIEW_NOTIFY_MS, VIEW_NOTIFY_MS } from './view-publisher.js';
export const DEFAULT_REQUEST_TIMEOUT_MS = 8_000;
/** How long a node's idle sockets are kept: under Bee's 30 s idle timeout, over the 10 and 15 s poll cycles. */
const IDLE_SOCKET_MS = 25_000;

export function startCockpitEngine(options: StartCockpitEngineOptions): CockpitEngine {
  const { face, config } = options;
  const clock = options.clock;
  const now = options.now ?? (clock && 'now' in clock && typeof clock.now === 'function' ? () => (clock as { now(): number }).now() : Date.now);
  /** `[fleet] prometheus_url`: the fleet roll-up comes from PromQL, not a poller per node. */
  const prometheusUrl = config.fleet.prometheusUrl;
  const stateStore = options.stateStore ?? memoryStateStore();
  const persisted = stateStore.get();
  const callStats = createCallStats();
  const callListeners = new Set<(record: CallRecord, node: string) => void>();
  /** Writes the calls still waiting for the log pane's book (set once the book is known; see writeCalls). */
  let flushCallLog = () => {};
  const clients = new Map<string, NodeClient>();
  const tokens = new Map(config.nodes.map((node) => [node.name, node.token]));
  // The node clients share two raw wires (the screens' and the fleet polls', below). A fleet poll is nine small
  // JSON answers per node per cycle (1,800 per 10 s for 200 nodes): a raw wire reads each whole off its socket,
  // without the stream and parser objects node:http builds per call, which were most of the engine's CPU. Streams,
  // uploads and https go to the fallback. Sockets stay open between polls: Bee keeps an idle API connection 30 s
  // (pkg/node/node.go IdleTimeout), longer than a 10 or 15 s cycle, so a poll reuses the last one's.
  const fallbackWire = options.dispatcher ? undiciWire(options.dispatcher) : createNodeHttpWire();
  const wire = createRawHttpWire({ fallback: fallbackWire, idleMs: IDLE_SOCKET_MS });
  // The fleet polls have a wire of their own, pipelining each poll's nine requests on the node's poll socket
  // (fleet-poll-wire.ts). Screens keep the shared wire: a screen's call never queues behind a poll's answers.
  const pollWire = createFleetPollWire(fallbackWire, IDLE_SOCKET_MS);
  const pollClients = new Map<string, NodeClient>();

  const onCall = (record: CallRecord, node: string) => callListeners.forEach((listener) => listener(record, node));
  const subscribeCalls = (listener: (record: CallRecord, node: string) => void) => {
    callListeners.add(listener);
    return () => void callListeners.delete(listener);
  };
  const clientIn = (cache: Map<string, NodeClient>, clientWire: typeof wire, node: EngineNodeRef): NodeClient => {
    let client = cache.get(node.name);
    if (!client || client.baseUrl !== node.url) {
      const token = tokens.get(node.name);
      client = createNodeClient({
        baseUrl: node.url,
        timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        stats: callStats,
        onCall: (record) => onCall(record, node.name),
        ...(token ? { token } : {}),
        wire: clientWire,
      });
      cache.set(node.name, client);
    }
    return client;
  };
  const clientFor = (node: EngineNodeRef): NodeClient => clientIn(clients, wire, node);
  /** The node's client for fleet polls (same token, statistics and call log; the pipelining wire). */
  const pollClientFor = (node: EngineNodeRef): NodeClient => clientIn(pollClients, pollWire, node);

  // The active node's client, looked up at call time (see actors/cockpit/screens/index.ts for why that is safe).
  const currentNode = (): EngineNodeRef => {
    const ctx = (root.getSnapshot() as CockpitSnapshot).context;
    return ctx.nodes.find((node) => node.name === ctx.activeNode)!;
  };
  const activeClient = new Proxy({} as NodeClient, { get: (_, property) => Reflect.get(clientFor(currentNode()), property) });
  const connection = () => {
    const node = currentNode();
    const token = tokens.get(node.name);
    return token ? { baseUrl: node.url, token } : { baseUrl: node.url };
  };
  const deps: ScreenDeps = { client: activeClient, clientFor, now, face, callStats, connection, pubsub: config.pubsub ?? null };
  // What the cockpit's children (the supervised node, log commands, one-shot verbs) inherit: the environment as
  // the engine started, whatever a face does to process.env later (the terminal face hides CI while Ink loads).
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  const oneShotDeps: OneShotDeps = {
    client: () => clientFor(currentNode()),
    onceVerbs: options.onceVerbs ?? [],
    ...(config.dataDir ? { dataDir: config.dataDir.path } : {}),
    env: childEnv,
    diagnoseInputs: () => diagnoseInputs(),
    logCockpit: (message) => logBook()?.addCockpitEvent('info', message, clockTime(now())),
  };
  const runVerb = options.runVerb ?? ((input: VerbInput & { readonly token?: string }, signal: AbortSignal) => runOneShotVerb(input, signal, oneShotDeps));
  const oneShot = fromPromise<VerbOutcome, VerbInput>(({ input, signal }) => {
    const token = tokens.get(input.node.name);
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
  const screenProvided = Object.fromEntries(
    SCREEN_IDS.map((id) => {
      const bind = SCREEN_ACTORS[id];
      const machine = SCREEN_REGISTRY[id].machine;
      return [screenSrc(id), bind ? machine.provide({ actors: bind(deps) }) : machine];
    }),
  );
  const durabilityCheck = durabilityCheckLogic(() => clientFor(currentNode()), now);
  const retryBase = options.webhookRetryBaseMs;
  const webhookSink = (url: string | undefined) =>
    webhookSinkMachine.provide({
      actors: { postWebhook: postWebhookLogic(url ?? '', options.webhookTimeoutMs) },
      ...(retryBase === undefined ? {} : { delays: { retryBackoff: ({ context }: { context: { attempt: number } }) => Math.min(RETRY_CAP_MS, retryBase * 2 ** Math.max(0, context.attempt - 1)) } }),
    });
  const machine = cockpitMachine.provide({
    actors: {
      fleetNode: fleetNodeMachine.provide({ actors: { healthPoller: healthPollerLogic(pollClientFor, now) } }),
      activeNodePoller: gatesMachine.provide({ actors: { healthPoller: healthPollerLogic(pollClientFor, now) } }),
      prometheusFleet: prometheusFleetMachine.provide({ actors: { queryFleet: queryFleetLogic(prometheusUrl ?? '', staleAfterMs(options.fleetPollIntervalMs ?? fleetPollIntervalMs(face)), now) } }),
      alerts: alertsMachine.provide({
        actors: {
          webhookSink: webhookSink(config.alerts.webhookUrl),
          fleetWebhookSink: webhookSink(config.fleet.aggregateWebhookUrl),
          alertmanagerSink: alertmanagerSinkMachine.provide({
            actors: { postAlerts: postAlertsLogic(now) },
            actions: {
              logLine: (_args: unknown, line: LogLine) => {
                if (line.message !== null) logBook()?.addCockpitEvent(line.level, line.message, clockTime(now()), 'cockpit::alertmanager');
              },
            },
            ...(options.alertmanagerResendMs === undefined ? {} : { delays: { resendInterval: options.alertmanagerResendMs } }),
          }),
        },
      }),
      logPane: logPaneMachine.provide({ actors: options.overrides?.logPaneActors ?? logPaneActors({ env: childEnv }) }),
      supervisor: supervisorMachine.provide({
        actors: options.overrides?.supervisorActors ?? supervisorActors({ env: childEnv, clientFor: (apiUrl) => clientFor({ name: `supervised ${apiUrl}`, url: apiUrl }) }),
      }),
      oneShot,
      watchlist: watchlistMachine.provide({ actors: { durabilityCheck } }),
      watchRef: watchRefMachine.provide({ actors: { durabilityCheck } }),
      ...screenProvided,
    },
  });

  const root = createActor(machine, {
    input: {
      face,
      nodes: config.nodes.map(({ name, url }) => ({ name, url })),
      activeNode: config.activeNode,
      fleetPollIntervalMs: options.fleetPollIntervalMs ?? fleetPollIntervalMs(face),
      ...(prometheusUrl ? { prometheusFleet: { names: config.nodes.filter((node) => node.origin === 'config' || node.origin === 'positional').map((node) => node.name) } } : {}),
      session: {
        face,
        screen: screenFromState(persisted.lastScreen),
        logPaneHeight: persisted.logPaneHeight,
        ...(persisted.logFilter ? { logFilter: persisted.logFilter } : {}),
      },
      watchlist: persisted.watchlist.map((entry) => ({ reference: entry.reference, intervalSeconds: entry.intervalSeconds ?? null })),
      restoreWatches: face === 'terminal',
      alerts: {
        face,
        webhook: Boolean(config.alerts.webhookUrl),
        fleetWebhook: Boolean(config.fleet.aggregateWebhookUrl),
        debounceMs: config.alerts.debounceSecs * 1000,
        aggregateWindowMs: config.fleet.aggregateWindowSecs * 1000,
        toast: { enabled: config.notifications.toastEnabled, ttlMs: config.notifications.toastSeconds * 1000 },
        bell: config.notifications.bell,
        osNotifications: config.notifications.desktop,
        alertmanagers: config.alerts.alertmanagerUrls ?? [],
      },
      log: {
        platform: options.platform ?? process.platform,
        perNode: Object.fromEntries(config.nodes.map((node) => [node.name, node.log ?? {}])),
      },
      ...(config.store
        ? {
            supervisor: {
              binPath: config.store.bin,
              configPath: config.store.config,
              // The desktop never respawns (2-cockpit.md §3).
              autoRestart: face === 'terminal' && (config.supervisor?.autoRestart ?? false),
              ...(config.supervisor ? { maxRestartsPerHour: config.supervisor.maxRestartsPerHour } : {}),
              ...(config.storeLogs ? { rotateSizeMb: config.storeLogs.rotateSizeMb, keepFiles: config.storeLogs.keepFiles } : {}),
            },
          }
        : {}),
    },
    ...(clock ? { clock } : {}),
  });

  // `[ui].theme = auto` follows the face's system scheme, which the face reports (ui.scheme) when it knows it.
  let systemScheme = options.systemScheme;
  let theme = resolveTheme(config, systemScheme);
  const app = options.app ?? { name: face === 'desktop' ? 'cockpit' : 'cockpit-tui', version: '0.0.0' };
  const shownBanners = new Map<ScreenId, number>();
  const FLEET_ID_PREFIX = fleetActorId('');
  const fleetOf = (snapshot: CockpitSnapshot) => selectFleet(snapshot, prometheusUrl ?? null);
  const publisher = createViewPublisher(() => {
    const snapshot = root.getSnapshot();
    const { parts, banner } = selectViewParts(snapshot, { face, app, theme, nowMs: now(), prometheusUrl: prometheusUrl ?? null });
    // A screen's banner is announced once per id, to the session (which shows it in a later view).
    if (banner && shownBanners.get(banner.screen) !== banner.id) {
      shownBanners.set(banner.screen, banner.id);
      queueMicrotask(() => root.getSnapshot().children.session?.send({ type: 'banner.show', text: banner.text, tone: banner.tone }));
    }
    return composeView(parts);
  });
  const unfollow = publisher.follow(root, FLEET_ID_PREFIX);
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
  let stopped = false;

  return {
    root,
    callStats,
    fleet: () => fleetOf(root.getSnapshot()),
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
      let finalStatus: string | null = null;
      let supervised: SupervisorSnapshotLike | null = null;
      if (supervisorRef) {
        // SIGTERM to the node's group, up to 5 s, then SIGKILL: the supervisor's own stop sequence.
        supervisorRef.send({ type: 'supervisor.stop' });
        const done = await waitFor(supervisorRef, (s) => s.status === 'done', { timeout: Infinity });
        finalStatus = (done.output as { finalStatus?: string } | undefined)?.finalStatus ?? 'node stopped';
        supervised = done as SupervisorSnapshotLike;
      }
      stopStory();
      // A watchlist change made just before the stop is written (or its failure reported) before we return.
      await stateStore.flush?.();
      root.stop();
      // Once the tailer is gone: the capture directory goes with a clean stop.
      if (supervised) await disposeCapture(supervised.context).catch(() => undefined);
      wire.close();
      pollWire.close();
      if ('close' in fallbackWire) (fallbackWire as { close(): void }).close();
      return { finalStatus };
    },
  };
}

function screenFromState(lastScreen: string): ScreenId {
  const number = Number(/^S(\d+)$/.exec(lastScreen)?.[1]);
  return SCREEN_IDS[number - 1] ?? 'health';
}

function resolveTheme(config: CockpitEngineConfig, system: 'light' | 'dark' | undefined): ThemeView {
  const scheme = config.ui.noColor ? 'mono' : config.ui.theme === 'auto' ? (system ?? 'dark') : config.ui.theme;
  return { scheme, ascii: config.ui.asciiFallback };
}
