/**
 * `cockpit --serve-metrics <host:port> [--config PATH] [launch flags] [urls...]`: the cockpit engine headless
 * (no window, no terminal UI) with every launch flag of the interactive cockpit (`--node-bin` included: the
 * node is supervised), serving `GET /metrics` for Prometheus. SIGTERM or SIGINT stops it as closing the window
 * would: the supervised node is stopped (SIGTERM to its group, up to 5 s, then SIGKILL) and the final status
 * printed.
 */
import type { CockpitEngine } from '../../../actors/cockpit/engine.js';
import type { CockpitStateStore } from '../../../actors/cockpit/state-store.js';
import { startFailure, startHeadlessEngine } from './headless-engine.js';
import { startMetricsServer } from '../../../actors/cockpit/metrics-server.js';
import { LatencyHistogram, renderMetrics } from '../../../core/cockpit/metrics.js';
import { renderWatchMetrics } from '../../../core/cockpit/watch-metrics.js';
import { renderRuntimeMetrics } from '../../../core/cockpit/runtime-metrics.js';
import { callOutcome } from '../../../core/cockpit/call-outcome.js';
import { readProcessFacts } from '../../../actors/cockpit/process-facts.js';
import type { ListenAddress } from '../../../core/cockpit/listen-address.js';
import type { CockpitLaunchArgs } from '../../../core/cockpit/config/resolved-config.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { stopOnSignals } from '../../../actors/supervisor/stop-on-signals.js';
import { renderSupervisorMetrics } from '../../../machines/cockpit/supervisor.view.js';
import type { OnceFrontEnd } from './once.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';

export interface ServeMetricsOptions {
  readonly listen: ListenAddress;
  readonly launch: CockpitLaunchArgs;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
  /** Where the engine keeps its state; default the resolved data directory. */
  readonly stateStore?: CockpitStateStore;
  /** Fleet poll interval override (tests); default the terminal's 10 s (the `[ui] polling` preset applied). */
  readonly fleetPollIntervalMs?: number;
  /** Told the cockpit's story as it happens (the supervisor, the state file); the bin prints it on stderr. */
  readonly story?: (line: string) => void;
  /** `--inspect`: the engine's actor system goes to the inspector (docs/cockpit.md "Live inspection"). */
  readonly inspect?: InspectTarget;
}

export interface ServingMetrics {
  readonly url: string;
  readonly engine: CockpitEngine;
  /** Stops the metrics server and the engine (and the supervised node); the final status, or null. */
  stop(): Promise<string | null>;
}

/**
 * Feeds every call the engine makes into the histogram, by node and endpoint template; a call the cockpit
 * cancelled itself is counted apart (core/cockpit/call-outcome.ts). Returns the unsubscribe function.
 */
export function recordCallsInto(latency: LatencyHistogram, engine: Pick<CockpitEngine, 'onCall'>): () => void {
  return engine.onCall((record, node) => latency.record(node, `${record.method} ${record.template}`, record.ms, callOutcome(record)));
}

function watchMetrics(engine: CockpitEngine): string {
  const { entries, availability } = engine.watchlist();
  return renderWatchMetrics(entries, availability);
}

/** Resolves the config (throws CockpitConfigError with every problem), starts the engine and the server. */
export async function serveMetrics(options: ServeMetricsOptions): Promise<ServingMetrics> {
  // A shard polls its nodes at the terminal's fleet cadence (10 s; `--polling live` 5 s, `slow` 30 s), not the
  // window's 15 s: a fault then reaches the shard's /metrics within 10 s, and Prometheus's next scrape (15 s)
  // carries it, so the whole chain to a reading cockpit stays under two scrape intervals. 10 s is the cadence
  // bench:cockpit-fleet holds to its CPU target (200 nodes under 5 % of one core), so no node costs more than a
  // polling cockpit's.
  const { engine } = await startHeadlessEngine({
    ...options,
    fleetCadenceOf: 'terminal',
    // Headless, it keeps the persisted :watch-refs running, so their series move (docs/cockpit.md "Prometheus").
    engineOptions: { restoreWatches: true, ...(options.fleetPollIntervalMs === undefined ? {} : { fleetPollIntervalMs: options.fleetPollIntervalMs }) },
  });
  const latency = new LatencyHistogram();
  const offCalls = recordCallsInto(latency, engine);
  const build = { version: options.version, nodejsVersion: process.versions.node };
  let server;
  try {
    server = await startMetricsServer(options.listen, () => renderMetrics(engine.fleet(), latency) + watchMetrics(engine) + renderSupervisorMetrics(engine.supervisor()) + renderRuntimeMetrics(build, readProcessFacts()));
  } catch (error) {
    offCalls();
    await engine.stop();
    throw error;
  }
  let stopping: Promise<string | null> | undefined;
  return {
    url: server.url,
    engine,
    stop: () =>
      (stopping ??= (async () => {
        offCalls();
        await server.close();
        return (await engine.stop()).finalStatus;
      })()),
  };
}

export interface ServeMetricsMainOptions extends ServeMetricsOptions {
  readonly stderr: (text: string) => void;
  /** Default: the process; tests pass an emitter. */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}

/**
 * The bin's `--serve-metrics` mode: serve until SIGTERM or SIGINT, then stop (the supervised node as the state
 * table says), print the final status and return 0. A bad configuration is the usage code when it is a
 * command-line mistake, the error code otherwise; an address in use is the error code.
 */
export async function serveMetricsMain(options: ServeMetricsMainOptions, frontEnd: OnceFrontEnd): Promise<number> {
  const say = (line: string) => options.stderr(`${frontEnd.name}: ${showControlCharacters(line)}\n`);
  let serving: ServingMetrics;
  try {
    serving = await serveMetrics({ ...options, story: (line) => say(line) });
  } catch (error) {
    const code = startFailure(error, options.listen, say, frontEnd.exit);
    if (code === null) throw error;
    return code;
  }
  say(`serving Prometheus metrics at ${serving.url}/metrics (SIGTERM or Ctrl-C stops)`);
  return new Promise<number>((resolve) => {
    const off = stopOnSignals({
      stop: async () => (await serving.stop()) ?? 'stopped',
      print: (line) => say(line),
      exit: (code) => {
        off();
        resolve(code);
      },
      ...(options.signals ? { target: options.signals } : {}),
    });
  });
}
