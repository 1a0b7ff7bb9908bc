/**
 * What the cockpit engine runs on: the part of the resolved configuration it reads (nodes, active node,
 * alert sinks, notifications, UI), and the persisted UI state it restores and saves. Structural on purpose:
 * `ResolvedCockpitConfig` (core/cockpit/config/) and the data-directory `CockpitStateStore` fit these
 * interfaces as they are, and tests build small literal configs with `engineConfigForUrls`.
 */
import type { AvailabilityBook } from '../availability.js';
import type { DurabilityResult } from '../watchlist.js';
import type { ScreenId } from '../view/screens.js';
import { fleetIntervalMs, type PollingPreset } from './polling-presets.js';
import type { Face } from '../view/view-model.js';

export interface EngineLogChoices {
  readonly logFile?: string;
  readonly logCommand?: string;
}

export interface EngineNodeConfig {
  readonly name: string;
  /** Where the node came from (a `[[nodes]]` entry, the URL list, …): the fleet from Prometheus lists the configured ones. */
  readonly origin?: string;
  /** Normalised base URL (http(s), no trailing slash). */
  readonly url: string;
  /** Secret: sent to this node only, never shown. */
  readonly token?: string;
  /** Log-source choices by tier (the log-source machine's `cli` and `config` inputs). */
  readonly log?: { readonly cli?: EngineLogChoices; readonly config?: EngineLogChoices };
}

export interface CockpitEngineConfig {
  /** Never empty. */
  readonly nodes: readonly EngineNodeConfig[];
  /** Name of the node active at start. */
  readonly activeNode: string;
  /** `alertmanagerUrls`: `[alerts] alertmanager_url` (absent or empty: no Alertmanager sink). */
  readonly alerts: { readonly webhookUrl?: string; readonly debounceSecs: number; readonly alertmanagerUrls?: readonly string[] };
  /** `prometheusUrl`: the fleet roll-up from Prometheus (`[fleet] prometheus_url`) instead of a poller per node. */
  readonly fleet: { readonly aggregateWebhookUrl?: string; readonly aggregateWindowSecs: number; readonly prometheusUrl?: string };
  /** `[watchlist]`: watch-refs re-seed under `autoReseedBatch` after `autoReseedAfter` failures in a row (absent/0: never). */
  readonly watchlist?: { readonly autoReseedAfter: number; readonly autoReseedBatch?: string };
  readonly notifications: {
    readonly desktop: boolean;
    readonly toastEnabled: boolean;
    readonly toastSeconds: number;
    readonly bell: 'warn' | 'fail' | 'off';
  };
  /**
   * `startScreen`: the screen to open on (absent: Health); `restoreLastScreen`: open on the persisted last screen
   * instead (`[ui] restore_last_screen`, opt-in).
   */
  readonly ui: {
    readonly theme: 'auto' | 'light' | 'dark';
    readonly asciiFallback: boolean;
    readonly noColor: boolean;
    readonly startScreen?: ScreenId;
    readonly restoreLastScreen?: boolean;
    /** How often the fleet and the screens poll (absent: `default`, the spec's cadence). */
    readonly polling?: PollingPreset;
    /** `[ui] log_pane`: the log pane open or closed at start (absent: the face's default, StartCockpitEngineOptions.logPaneOpen). */
    readonly logPane?: 'open' | 'closed';
  };
  /** Node supervision (`--node-bin`/`[store]`); null or absent when the cockpit does not run the node. */
  readonly store?: { readonly bin: string; readonly config: string; readonly node?: string } | null;
  /** `[pubsub]`: the S14 message history (absent: no history file). */
  readonly pubsub?: { readonly historyFile?: string; readonly rotateSizeMb: number; readonly keepFiles: number };
  readonly supervisor?: { readonly autoRestart: boolean; readonly maxRestartsPerHour: number; readonly drainSecs?: number };
  readonly storeLogs?: { readonly rotateSizeMb: number; readonly keepFiles: number };
  /** The data directory (COCKPIT_DATA, …): `:pins-check` writes its file there. */
  readonly dataDir?: { readonly path: string };
}

/** How the state file names a screen. */
export type PersistedScreen = 'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'S7' | 'S8' | 'S9' | 'S10' | 'S11' | 'S12' | 'S13' | 'S14' | 'S15';

/** The cockpit's persisted UI state (config-schema/cockpit-state.ts is the file's schema). */
export interface EnginePersistedState {
  /** Log pane height in lines, 4..24. */
  readonly logPaneHeight: number;
  readonly lastScreen: PersistedScreen;
  readonly watchlist: { reference: string; intervalSeconds?: number; addedAt?: string }[];
  readonly logFilter?: string;
}

/** Where the engine keeps EnginePersistedState: `CockpitStateStore` in the data directory, or memory in tests. */
export interface EngineStateStore {
  get(): EnginePersistedState;
  update(patch: Partial<EnginePersistedState>): Promise<unknown>;
  /** What loading found wrong (a state file moved aside), for the Cockpit log tab. */
  readonly warnings?: readonly string[];
  /** Problems from now on (a write that failed): the engine shows each in the Cockpit log tab. */
  onProblem?(listener: (message: string) => void): () => void;
  /** Settles once every update asked for so far is written or reported; the engine waits for it when it stops. */
  flush?(): Promise<void>;
  /** The watched references' availability over days (watch-history.json); absent: kept for the session only. */
  readonly watchHistory?: WatchHistoryPort;
}

/** Where S12's check results are kept across restarts (actors/cockpit/watch-history.ts). */
export interface WatchHistoryPort {
  get(): AvailabilityBook;
  record(result: DurabilityResult): void;
  forget(reference: string): void;
}

export const LOG_PANE_MIN_HEIGHT = 4;
export const LOG_PANE_MAX_HEIGHT = 24;
export const LOG_PANE_DEFAULT_HEIGHT = 8;
/**
 * From this many text rows on, the log pane opens below the screen by default, as bee-tui's does (issue 28
 * item 1): the terminal's rows at start, the window's rows as its renderer reports them (`ui.viewport`).
 * `[ui] log_pane` decides otherwise, and the operator's own toggle wins afterwards.
 */
export const LOG_PANE_OPEN_ROWS = 40;

/** Fleet poll interval (2-cockpit.md §1 S15, §8): 15 s on the desktop, 10 s in the terminal (the `default` preset). */
export function fleetPollIntervalMs(face: Face): number {
  return fleetIntervalMs('default', face);
}

/** A state store in memory (tests, and modes without a data directory). */
export function memoryStateStore(initial: Partial<EnginePersistedState> = {}): EngineStateStore {
  let state: EnginePersistedState = { logPaneHeight: LOG_PANE_DEFAULT_HEIGHT, lastScreen: 'S1', watchlist: [], ...initial };
  return {
    get: () => state,
    update: async (patch) => {
      state = { ...state, ...patch };
      return state;
    },
  };
}

/** A config with every default, for an ad-hoc fleet of URLs (named by their URL, the first active). */
export function engineConfigForUrls(urls: readonly string[], overrides: Partial<CockpitEngineConfig> = {}): CockpitEngineConfig {
  const nodes = urls.map((url) => ({ name: url, url }));
  return {
    nodes,
    activeNode: nodes[0]?.name ?? '',
    alerts: { debounceSecs: 60 },
    fleet: { aggregateWindowSecs: 60 },
    notifications: { desktop: false, toastEnabled: true, toastSeconds: 8, bell: 'off' },
    ui: { theme: 'auto', asciiFallback: false, noColor: false },
    store: null,
    ...overrides,
  };
}
