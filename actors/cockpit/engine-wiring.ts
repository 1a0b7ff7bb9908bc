/**
 * The composition root's wiring: the root machine with every child's side effects bound (`.provide()`, typed as
 * the machines declare them), and the root machine's input from the configuration and what was kept.
 */
import type { fromPromise } from 'xstate';
import type { NodeClient } from '../node-client/index.js';
import { logPaneActors } from '../log-pane/index.js';
import { supervisorActors } from '../supervisor/index.js';
import { clockTime } from '../../core/cockpit/format.js';
import type { EnginePersistedState } from '../../core/cockpit/interaction/config.js';
import { fleetIntervalMs, screenIntervalsMs } from '../../core/cockpit/interaction/polling-presets.js';
import type { EngineNodeRef } from '../../core/cockpit/interaction/screen-env.js';
import { SCREEN_IDS, type ScreenId } from '../../core/cockpit/view/screens.js';
import type { LogBook } from '../../core/log/log-book.js';
import { alertmanagerSinkMachine, type LogLine } from '../../machines/cockpit/alertmanager-sink.machine.js';
import { alertsMachine } from '../../machines/cockpit/alerts.machine.js';
import { cockpitMachine, fleetNodeMachine, screenSrc, type CockpitMachineInput, type VerbInput, type VerbOutcome } from '../../machines/cockpit/cockpit.machine.js';
import { gatesMachine } from '../../machines/cockpit/gates.machine.js';
import { logPaneMachine } from '../../machines/cockpit/log-pane.machine.js';
import { prometheusFleetMachine } from '../../machines/cockpit/prometheus-fleet.machine.js';
import { prometheusQueryIntervalMs } from '../../core/cockpit/prometheus-fleet.js';
import { SCREEN_REGISTRY } from '../../machines/cockpit/screens/index.js';
import { supervisorMachine } from '../../machines/cockpit/supervisor.machine.js';
import { watchlistMachine } from '../../machines/cockpit/watchlist.machine.js';
import { watchRefMachine, type WatchRefLogLine } from '../../machines/cockpit/watch-ref.machine.js';
import { RETRY_CAP_MS, webhookSinkMachine } from '../../machines/cockpit/webhook-sink.machine.js';
import { postAlertsLogic } from './alertmanager-post.js';
import { autoReseedLogic } from './auto-reseed.js';
import { durabilityCheckLogic } from './durability.js';
import type { StartCockpitEngineOptions } from './engine-options.js';
import { healthPollerLogic } from './health-snapshot.js';
import { queryFleetLogic, staleAfterMs } from './prometheus-fleet.js';
import { SCREEN_ACTORS, type ScreenDeps } from './screens/index.js';
import { postWebhookLogic } from './webhook.js';

export interface CockpitBindings {
  readonly options: StartCockpitEngineOptions;
  readonly now: () => number;
  readonly deps: ScreenDeps;
  readonly clientFor: (node: EngineNodeRef) => NodeClient;
  readonly pollClientFor: (node: EngineNodeRef) => NodeClient;
  /** The active node's client, at call time. */
  readonly activeClient: () => NodeClient;
  readonly oneShot: ReturnType<typeof fromPromise<VerbOutcome, VerbInput>>;
  /** The log pane's book, once the pane runs (the Alertmanager sink writes its lines there). */
  readonly logBook: () => LogBook | undefined;
  /** The environment the cockpit's children inherit (as the engine started). */
  readonly childEnv: NodeJS.ProcessEnv;
}

/** The root machine with every side effect bound. */
export function provideCockpitMachine({ options, now, deps, clientFor, pollClientFor, activeClient, oneShot, logBook, childEnv }: CockpitBindings) {
  const { face, config } = options;
  const prometheusUrl = config.fleet.prometheusUrl;
  const screenProvided = Object.fromEntries(
    SCREEN_IDS.map((id) => {
      const bind = SCREEN_ACTORS[id];
      const machine = SCREEN_REGISTRY[id].machine;
      return [screenSrc(id), bind ? machine.provide({ actors: bind(deps) }) : machine];
    }),
  );
  const durabilityCheck = durabilityCheckLogic(activeClient, now);
  const retryBase = options.webhookRetryBaseMs;
  const webhookSink = (url: string | undefined) =>
    webhookSinkMachine.provide({
      actors: { postWebhook: postWebhookLogic(url ?? '', options.webhookTimeoutMs) },
      ...(retryBase === undefined ? {} : { delays: { retryBackoff: ({ context }: { context: { attempt: number } }) => Math.min(RETRY_CAP_MS, retryBase * 2 ** Math.max(0, context.attempt - 1)) } }),
    });
  return cockpitMachine.provide({
    actors: {
      fleetNode: fleetNodeMachine.provide({ actors: { healthPoller: healthPollerLogic(pollClientFor, now) } }),
      activeNodePoller: gatesMachine.provide({ actors: { healthPoller: healthPollerLogic(pollClientFor, now) } }),
      prometheusFleet: prometheusFleetMachine.provide({ actors: { queryFleet: queryFleetLogic(prometheusUrl ?? '', staleAfterMs(options.fleetPollIntervalMs ?? fleetIntervalMs(options.config.ui.polling ?? 'default', face)), now) } }),
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
      watchRef: watchRefMachine.provide({
        actors: { durabilityCheck, ...(config.watchlist?.autoReseedBatch ? { reseed: autoReseedLogic(activeClient, config.watchlist.autoReseedBatch) } : {}) },
        actions: { logLine: (_args: unknown, line: WatchRefLogLine) => logBook()?.addCockpitEvent(line.level, line.message, clockTime(now()), 'cockpit::watch-ref') },
      }),
      ...screenProvided,
    },
  });
}

/** The root machine's input: the configured nodes, the kept session and watchlist, alerts, logs, the node to run. */
export function cockpitInput(options: StartCockpitEngineOptions, persisted: EnginePersistedState): CockpitMachineInput {
  const { face, config } = options;
  const prometheusUrl = config.fleet.prometheusUrl;
  const fleetPollIntervalMs = options.fleetPollIntervalMs ?? fleetIntervalMs(config.ui.polling ?? 'default', face);
  const names = config.nodes.filter((node) => node.origin === 'config' || node.origin === 'positional').map((node) => node.name);
  return {
    face,
    nodes: config.nodes.map(({ name, url }) => ({ name, url })),
    activeNode: config.activeNode,
    fleetPollIntervalMs,
    screenPollIntervalsMs: screenIntervalsMs(config.ui.polling ?? 'default'),
    ...(prometheusUrl ? { prometheusFleet: { names, queryIntervalMs: prometheusQueryIntervalMs(fleetPollIntervalMs, options.prometheusQueryIntervalMs) } } : {}),
    session: {
      face,
      screen: config.ui.restoreLastScreen ? screenFromState(persisted.lastScreen) : (config.ui.startScreen ?? 'health'),
      logPaneHeight: persisted.logPaneHeight,
      logPaneVisible: config.ui.logPane === undefined ? options.logPaneOpen === true : config.ui.logPane === 'open',
      logPaneChosen: config.ui.logPane !== undefined,
      ...(persisted.logFilter ? { logFilter: persisted.logFilter } : {}),
    },
    watchlist: persisted.watchlist.map((entry) => ({ reference: entry.reference, intervalSeconds: entry.intervalSeconds ?? null })),
    watchAvailability: options.stateStore?.watchHistory?.get() ?? {},
    restoreWatches: options.restoreWatches ?? face === 'terminal',
    ...(config.watchlist?.autoReseedAfter ? { autoReseedAfter: config.watchlist.autoReseedAfter } : {}),
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
            ...(config.supervisor ? { maxRestartsPerHour: config.supervisor.maxRestartsPerHour, drainSecs: config.supervisor.drainSecs ?? 0 } : {}),
            ...(config.storeLogs ? { rotateSizeMb: config.storeLogs.rotateSizeMb, keepFiles: config.storeLogs.keepFiles } : {}),
          },
        }
      : {}),
  };
}

function screenFromState(lastScreen: string): ScreenId {
  const number = Number(/^S(\d+)$/.exec(lastScreen)?.[1]);
  return SCREEN_IDS[number - 1] ?? 'health';
}
