/**
 * What the cockpit's long-running modes without a terminal share (`--serve`, `--serve-metrics`): the
 * configuration resolved for the desktop front end, the data directory's state store, the engine started with
 * the `--once` verbs behind its palette; and how a failure to start reads (a bad config, an address that
 * cannot be bound) with the desktop bin's exit codes.
 */
import { homedir } from 'node:os';
import { resolveCockpitConfig } from '../../../actors/cockpit/config-loader.js';
import { startCockpitEngine, type CockpitEngine, type StartCockpitEngineOptions } from '../../../actors/cockpit/engine.js';
import type { CockpitStoryLine } from '../../../actors/cockpit/cockpit-story.js';
import { CockpitStateStore, StateFileError } from '../../../actors/cockpit/state-store.js';
import { CockpitConfigError } from '../../../core/cockpit/config/config-problem.js';
import type { CockpitLaunchArgs, ResolvedCockpitConfig } from '../../../core/cockpit/config/resolved-config.js';
import type { ListenAddress } from '../../../core/cockpit/listen-address.js';
import type { InspectTarget } from '../../../core/inspection/inspect-flag.js';
import { fleetIntervalMs } from '../../../core/cockpit/interaction/polling-presets.js';
import type { Face } from '../../../core/cockpit/view/view-model.js';
import { isInspectorUnreachable, startInspection } from '../inspect-option.js';

export interface HeadlessEngineOptions {
  readonly launch: CockpitLaunchArgs;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  readonly platform?: NodeJS.Platform;
  readonly homedir?: string;
  /** Where the engine keeps its state; default the resolved data directory's state.json. */
  readonly stateStore?: StartCockpitEngineOptions['stateStore'];
  /** Engine options for tests (fleet poll interval, request timeout, the one-shot verb runner). */
  readonly engineOptions?: Partial<Pick<StartCockpitEngineOptions, 'fleetPollIntervalMs' | 'requestTimeoutMs' | 'runVerb' | 'restoreWatches'>>;
  /**
   * Told each line of the cockpit's story worth a headless operator's attention, as it happens: everything the
   * supervisor does with the node, and every warning or error (the state file). The modes print it on stderr.
   */
  readonly story?: (line: string) => void;
  /** `--inspect`: the engine's actor system goes to the inspector; where to look is told to `story`. */
  readonly inspect?: InspectTarget;
  /**
   * Whose fleet cadence the engine polls at (the `[ui] polling` preset applied to it); default the desktop's
   * (15 s). `--serve-metrics` shards poll at the terminal's (10 s): see serve-metrics.ts.
   */
  readonly fleetCadenceOf?: Face;
}

/** Resolves the config (throws CockpitConfigError with every problem) and starts the desktop engine. */
export async function startHeadlessEngine(options: HeadlessEngineOptions): Promise<{ engine: CockpitEngine; config: ResolvedCockpitConfig }> {
  const { config } = await resolveCockpitConfig({
    args: options.launch,
    env: options.env,
    platform: options.platform ?? process.platform,
    homedir: options.homedir ?? homedir(),
    frontEnd: 'desktop',
  });
  const inspection = await startInspection(options.inspect, (line) => options.story?.(line));
  let stateStore;
  try {
    stateStore = options.stateStore ?? (await CockpitStateStore.open(config.dataDir.path));
  } catch (error) {
    await inspection?.stop();
    throw error;
  }
  const fleetPollIntervalMs = fleetIntervalMs(config.ui.polling ?? 'default', options.fleetCadenceOf ?? 'desktop');
  const engine = startCockpitEngine({ face: 'desktop', config, stateStore, app: { name: 'cockpit', version: options.version }, fleetPollIntervalMs, ...(inspection ? { inspection } : {}), ...options.engineOptions });
  const story = options.story;
  // The supervisor's last line (`node stopped (…)`) is left out: the modes print the final status themselves.
  const worthSaying = (line: CockpitStoryLine) => (line.logger === 'cockpit::supervisor' ? !line.message.startsWith('node stopped') : line.level === 'warning' || line.level === 'error');
  if (story) engine.onCockpitEvent((line) => worthSaying(line) && story(line.message));
  return { engine, config };
}

/**
 * The exit code for a mode that could not start, after saying why (a command-line mistake is the usage code,
 * a bad config file, a state.json that is not a file, an address that cannot be bound or an `--inspect` address
 * that does not answer the error code); null
 * for an unexpected error.
 */
export function startFailure(error: unknown, listen: ListenAddress, say: (line: string) => void, exit: { readonly error: number; readonly usage: number }): number | null {
  if (error instanceof CockpitConfigError) {
    say(error.message);
    return error.isUsage ? exit.usage : exit.error;
  }
  if (error instanceof StateFileError || isInspectorUnreachable(error)) {
    say(error.message);
    return exit.error;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    say(`cannot listen on ${listen.host}:${listen.port}: ${code === 'EADDRINUSE' ? 'the address is in use' : code === 'EACCES' ? 'permission denied' : 'no such address on this host'}`);
    return exit.error;
  }
  return null;
}
