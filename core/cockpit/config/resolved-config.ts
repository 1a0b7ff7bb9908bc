/**
 * The configuration every cockpit mode runs on, after the file, the command line and the environment have been
 * merged (resolve-config.ts). camelCase, every default filled in, paths absolute, `@env:` tokens read.
 * `token` and the webhook URLs are secrets: print `tokenFrom`, never the value.
 */
import type { ScreenId } from '../view/screens.js';
import type { PollingPreset } from '../interaction/polling-presets.js';
import type { ConfigFileLocation, DataDirLocation } from './config-paths.js';

/** The launch flags of 2-cockpit.md §4 that touch configuration (both front ends take the same ones). */
export interface CockpitLaunchArgs {
  /** `--config <PATH>` */
  config?: string;
  /** `--node <URL>`: the active node. */
  node?: string;
  /** `--token <bearer>`: the active node's token (and every node given on the command line). */
  token?: string;
  /** Positional URLs: an ad-hoc fleet replacing the config's nodes for this session; the first is active. */
  urls?: readonly string[];
  /** `--node-bin <PATH>` and `--node-config <PATH>`: supervise a node (both or neither). */
  nodeBin?: string;
  nodeConfig?: string;
  /** `--node-log <PATH>` / `--node-log-cmd <CMD>`: the active node's log source. */
  nodeLog?: string;
  nodeLogCmd?: string;
  /** `--theme <auto|light|dark>` */
  theme?: string;
  /** `--fleet-prometheus <URL>`: the fleet roll-up from this Prometheus (beats `[fleet] prometheus_url`). */
  fleetPrometheus?: string;
  /** `--ascii` (terminal) */
  ascii?: boolean;
  /** `--screen <name>`: the screen to open on (beats `[ui] start_screen` and `restore_last_screen`). */
  screen?: string;
  /** `--polling <live|default|slow>` (beats `[ui] polling`). */
  polling?: string;
}

export type FrontEnd = 'desktop' | 'terminal';

/** Where a node's token came from; `name` is a flag or variable name, never the token. */
export type TokenSource =
  | { kind: 'flag'; name: '--token' }
  | { kind: 'env'; name: 'NODE_TOKEN' }
  | { kind: 'config' }
  | { kind: 'config-env'; name: string }
  | { kind: 'none' };

export interface LogChoices {
  logFile?: string;
  logCommand?: string;
}

export interface ResolvedNode {
  name: string;
  /** Normalised: http(s), no credentials, no trailing slash. */
  url: string;
  /** Secret. */
  token?: string;
  tokenFrom: TokenSource;
  /**
   * `config`: a `[[nodes]]` entry; `positional`/`flag`/`env`/`default`: from the URL list, `--node`, NODE_URL, or
   * http://localhost:1633; `supervised`: the node the cockpit runs, at the URL its YAML's api-addr gives.
   */
  origin: 'config' | 'positional' | 'flag' | 'env' | 'default' | 'supervised';
  /** Log-source choices by tier (the log-source machine's `cli` and `config` inputs). */
  log: { cli?: LogChoices; config?: LogChoices };
}

export interface ResolvedStore {
  bin: string;
  config: string;
  origin: 'flag' | 'config';
  /** The fleet node that is the supervised node, once its YAML was read (core/cockpit/config/supervised-node.ts). */
  node?: string;
  /** Where that node's API answers, from its api-addr (or BEE_API_ADDR). */
  apiUrl?: string;
}

export interface ResolvedCockpitConfig {
  frontEnd: FrontEnd;
  configFile: ConfigFileLocation & { loaded: boolean };
  dataDir: DataDirLocation;
  /** Never empty: without a config or URLs it is the one node from NODE_URL or http://localhost:1633. */
  nodes: ResolvedNode[];
  /** Name of the node active at start. */
  activeNode: string;
  /** Node supervision: null unless `[store]` or `--node-bin`/`--node-config` name a binary and its config. */
  store: ResolvedStore | null;
  storeLogs: { rotateSizeMb: number; keepFiles: number };
  supervisor: { autoRestart: boolean; maxRestartsPerHour: number; drainSecs: number };
  /** `webhookEnv`: the variable an `@env:` webhook URL was read from (for config-doctor; the URL is a secret). */
  /** `alertmanagerUrls`: `[alerts] alertmanager_url`, one or more (an HA pair), normalised; empty without. */
  alerts: { webhookUrl?: string; webhookEnv?: string; debounceSecs: number; alertmanagerUrls: string[] };
  /** `prometheusUrl`: `--fleet-prometheus` or `[fleet] prometheus_url`: the fleet comes from PromQL. */
  fleet: { aggregateWebhookUrl?: string; aggregateWebhookEnv?: string; aggregateWindowSecs: number; prometheusUrl?: string };
  /** `[watchlist] auto_reseed_after` / `auto_reseed_batch` (absent: no `[watchlist]` section). */
  watchlist?: { autoReseedAfter: number; autoReseedBatch?: string };
  notifications: { desktop: boolean; toastEnabled: boolean; toastSeconds: number; bell: 'warn' | 'fail' | 'off' };
  pubsub: { historyFile?: string; rotateSizeMb: number; keepFiles: number };
  /** `[serve]`: quotas of `cockpit --serve` drops. */
  serve: { dropMaxBytes: number; dropTotalBytes: number; dropMaxFiles: number };
  /**
   * `startScreen`: `--screen`, else `[ui] start_screen`, else Health. `restoreLastScreen`: open on the last screen
   * shown instead (`[ui] restore_last_screen`), false when `--screen` was given. `polling`: `--polling`, else
   * `[ui] polling` (core/cockpit/interaction/polling-presets.ts has the intervals). `logPane`: `[ui] log_pane`
   * (absent: the face decides, the terminal by its rows).
   */
  ui: { theme: 'auto' | 'light' | 'dark'; asciiFallback: boolean; noColor: boolean; startScreen: ScreenId; restoreLastScreen: boolean; polling: PollingPreset; logPane?: 'open' | 'closed' };
}

/** Where a setting came from, for config-doctor and the pane headers. */
export interface SettingSource {
  origin: 'flag' | 'positional' | 'env' | 'file' | 'default';
  /** `--theme`, `NODE_URL`, `/path/config.toml:12:1`, `default 60`, … */
  detail: string;
}

/** Keyed by setting: `configFile`, `dataDir`, `nodes`, `activeNode`, `store`, and every file key (`alerts.debounce_secs`). */
export type ConfigSources = Record<string, SettingSource>;

export function activeNodeOf(config: ResolvedCockpitConfig): ResolvedNode {
  return config.nodes.find((node) => node.name === config.activeNode) ?? config.nodes[0]!;
}

/** How a token is shown anywhere: its origin, never its value. */
export function describeTokenSource(source: TokenSource): string {
  switch (source.kind) {
    case 'flag':
      return 'token from --token';
    case 'env':
      return 'token from NODE_TOKEN';
    case 'config':
      return 'token written in the config file';
    case 'config-env':
      return `token from @env:${source.name}`;
    case 'none':
      return 'no token';
  }
}
