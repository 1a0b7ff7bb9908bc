/**
 * The parsed config file (or none), the launch flags and the environment -> one ResolvedCockpitConfig plus where
 * each setting came from. Pure; actors/cockpit/config-loader.ts reads the file and calls this.
 *
 * Precedence (2-cockpit.md §4, §5; decisions where it is silent are marked *):
 * - Node list: positional URLs replace the config's `[[nodes]]` for the session, the first active. A positional
 *   URL equal to a configured node's URL keeps that node's name, token and log settings (*); any other is named
 *   by its URL. Without positionals the list is the config's nodes.
 * - Active node: `--node`, else NODE_URL, else the node with `default = true`, else the first. A `--node` /
 *   NODE_URL equal to a configured node's URL selects that node; another URL joins the front of the list,
 *   named by its URL (*). With positionals, `--node` must be one of them (*). With no nodes at all:
 *   `--node`, NODE_URL, http://localhost:1633.
 * - Token: for the active node `--token`, else NODE_TOKEN, else its `token` key (spec §5 order); for nodes from
 *   the command line or the environment `--token`, else NODE_TOKEN (*); other configured nodes their own key.
 *   `@env:VAR` reads VAR; unset or empty is an error naming VAR and the key's line.
 * - Supervision: `--node-bin` + `--node-config` (both or neither, usage error) beat `[store]`.
 * - `--theme` beats `[ui] theme`, `--ascii` beats `[ui] ascii_fallback`. The desktop never auto-restarts.
 * - `--polling` beats `[ui] polling`.
 * - Start screen (*): `--screen`, else the last screen shown when `[ui] restore_last_screen` is true, else
 *   `[ui] start_screen`, else Health.
 */
import { defaultCockpitConfigFile, defaultStoreSection, ENV_NAME, ENV_REFERENCE } from '../../../config-schema/cockpit-config-defaults.js';
import { configRelativePath, expandHome, nonEmpty, pathApi } from './config-paths.js';
import type { ConfigProblem } from './config-problem.js';
import { normaliseUrl, normaliseWebhook } from './config-urls.js';
import type { ResolveInput, ResolveResult } from './resolve-input.js';
import type { LogChoices, ResolvedCockpitConfig, ResolvedNode, SettingSource, TokenSource } from './resolved-config.js';
import { settingSources } from './setting-sources.js';
import { tokenFault, tokenRefusal } from './token-text.js';
import { SCREENS, screenByName, type ScreenId } from '../view/screens.js';
import { isPollingPreset, POLLING_PRESETS, type PollingPreset } from '../interaction/polling-presets.js';

export const DEFAULT_NODE_URL = 'http://localhost:1633';
const MIB = 1024 * 1024;
const THEMES = ['auto', 'light', 'dark'] as const;

// Moved out to keep this module small; re-exported so their import path stays this one.
export type { ResolveInput, ResolveResult } from './resolve-input.js';
export { normaliseUrl } from './config-urls.js';

export function resolveConfig(input: ResolveInput): ResolveResult {
  const problems: ConfigProblem[] = [];
  const file = input.parsed?.config ?? defaultCockpitConfigFile();
  // Rotation and restart budget have defaults even without a [store] table (--node-bin supervises too).
  const storeSettings = file.store ?? defaultStoreSection();
  const fileName = input.parsed?.file;
  const fromFile = (path: readonly (string | number)[]): SettingSource | undefined => {
    const at = input.parsed?.positions.exact(path);
    return at && fileName ? { origin: 'file', detail: `${fileName}:${at.line}:${at.column}` } : undefined;
  };
  const fileProblem = (path: readonly (string | number)[], message: string): ConfigProblem => ({
    kind: 'config',
    ...(fileName ? { file: fileName, ...input.parsed!.positions.locate(path) } : {}),
    message,
  });
  const usage = (message: string): ConfigProblem => ({ kind: 'usage', message });
  const envProblem = (message: string): ConfigProblem => ({ kind: 'config', message });

  /** `@env:VAR` -> VAR's value; anything else as written. */
  const secret = (value: string | undefined, path: readonly (string | number)[]): { value?: string; env?: string } => {
    if (value === undefined) return {};
    const match = ENV_REFERENCE.exec(value);
    if (!match) return { value };
    const name = match[1]!;
    if (!ENV_NAME.test(name)) {
      problems.push(fileProblem(path, `${keyText(path)}: "@env:${name}" is not a valid environment variable name`));
      return { env: name };
    }
    const resolved = input.env[name];
    if (resolved === undefined) problems.push(fileProblem(path, `${keyText(path)}: environment variable ${name} (from "@env:${name}") is not set`));
    else if (resolved === '') problems.push(fileProblem(path, `${keyText(path)}: environment variable ${name} (from "@env:${name}") is empty`));
    return resolved ? { value: resolved, env: name } : { env: name };
  };

  // Node URLs from the command line and the environment.
  const cliUrl = (raw: string, what: string, kind: ConfigProblem['kind']): string | undefined => {
    const url = normaliseUrl(raw);
    if (url === undefined) problems.push({ kind, message: `${what}: invalid node URL "${raw}": expected an absolute http:// or https:// URL without user:password@, query or fragment, e.g. http://localhost:1633` });
    return url;
  };
  const positional = (input.args.urls ?? []).map((raw) => cliUrl(raw, 'node URL', 'usage'));
  const flagNode = nonEmpty(input.args.node) === undefined ? undefined : cliUrl(input.args.node!, '--node', 'usage');
  const envNode = nonEmpty(input.env.NODE_URL) === undefined ? undefined : cliUrl(input.env.NODE_URL!, 'NODE_URL', 'config');
  const cliToken = nonEmpty(input.args.token);
  const envToken = nonEmpty(input.env.NODE_TOKEN);
  const adHocToken = (): { token?: string; tokenFrom: TokenSource } =>
    cliToken !== undefined ? { token: cliToken, tokenFrom: { kind: 'flag', name: '--token' } } : envToken !== undefined ? { token: envToken, tokenFrom: { kind: 'env', name: 'NODE_TOKEN' } } : { tokenFrom: { kind: 'none' } };

  // Configured nodes, URLs checked and tokens read lazily (an overridden @env token need not be set).
  const configured = file.nodes.map((entry, i) => {
    const url = normaliseUrl(entry.url);
    if (url === undefined) problems.push(fileProblem(['nodes', i, 'url'], `nodes[${i}].url: invalid node URL "${entry.url}": expected an absolute http(s) URL without user:password@, query or fragment`));
    const log: LogChoices = {};
    if (entry.log_file !== undefined) log.logFile = configRelativePath(entry.log_file, fileName!, input);
    if (entry.log_command !== undefined) log.logCommand = entry.log_command;
    return { index: i, entry, url: url ?? entry.url, log };
  });
  const configuredToken = (node: (typeof configured)[number]): { token?: string; tokenFrom: TokenSource } => {
    const read = secret(node.entry.token, ['nodes', node.index, 'token']);
    if (read.env !== undefined) return read.value === undefined ? { tokenFrom: { kind: 'config-env', name: read.env } } : { token: read.value, tokenFrom: { kind: 'config-env', name: read.env } };
    return read.value === undefined ? { tokenFrom: { kind: 'none' } } : { token: read.value, tokenFrom: { kind: 'config' } };
  };
  const fromConfig = (node: (typeof configured)[number], active: boolean): ResolvedNode => {
    const token = active && (cliToken !== undefined || envToken !== undefined) ? adHocToken() : configuredToken(node);
    return { name: node.entry.name, url: node.url, ...token, origin: 'config', log: Object.keys(node.log).length ? { config: node.log } : {} };
  };
  const adHoc = (url: string, origin: ResolvedNode['origin']): ResolvedNode => ({ name: url, url, ...adHocToken(), origin, log: {} });
  const findConfigured = (url: string) => configured.find((node) => node.url === url);

  let nodes: ResolvedNode[] = [];
  let active: ResolvedNode | undefined;
  let nodesSource: SettingSource;
  let activeSource: SettingSource;
  if (positional.length > 0) {
    nodesSource = { origin: 'positional', detail: `${positional.length} URL${positional.length === 1 ? '' : 's'} on the command line (config nodes not used)` };
    const seen = new Set<string>();
    const urls = positional.filter((url): url is string => url !== undefined);
    for (const url of urls) {
      if (seen.has(url)) problems.push(usage(`node URL ${url} is given twice`));
      seen.add(url);
    }
    const activeUrl = flagNode ?? urls[0];
    if (flagNode !== undefined && !urls.includes(flagNode)) {
      problems.push(usage(`--node ${flagNode} is not one of the node URLs given (${urls.join(', ')}); the first URL is the active node, or pass --node one of them`));
    }
    nodes = [...seen].map((url) => {
      const known = findConfigured(url);
      return known ? fromConfig(known, url === activeUrl) : adHoc(url, 'positional');
    });
    active = nodes.find((node) => node.url === activeUrl);
    activeSource = flagNode !== undefined ? { origin: 'flag', detail: '--node' } : { origin: 'positional', detail: 'first node URL on the command line' };
  } else {
    const chosenUrl = flagNode ?? envNode;
    const chosenOrigin = flagNode !== undefined ? 'flag' : 'env';
    const defaults = configured.filter((node) => node.entry.default === true);
    const defaultNode = chosenUrl !== undefined ? findConfigured(chosenUrl) : (defaults[0] ?? configured[0]);
    nodes = configured.map((node) => fromConfig(node, node === defaultNode));
    nodesSource = configured.length ? { origin: 'file', detail: `${configured.length} [[nodes]] in ${fileName}` } : { origin: 'default', detail: 'no [[nodes]] configured' };
    if (chosenUrl !== undefined && defaultNode === undefined) {
      active = adHoc(chosenUrl, chosenOrigin);
      nodes.unshift(active);
      activeSource = { origin: chosenOrigin, detail: chosenOrigin === 'flag' ? '--node' : 'NODE_URL' };
    } else if (defaultNode !== undefined) {
      active = nodes[configured.indexOf(defaultNode)];
      activeSource =
        chosenUrl !== undefined
          ? { origin: chosenOrigin, detail: `${chosenOrigin === 'flag' ? '--node' : 'NODE_URL'} matches node "${defaultNode.entry.name}"` }
          : defaultNode.entry.default === true
            ? { origin: 'file', detail: fromFile(['nodes', defaultNode.index, 'default'])?.detail ?? 'default = true' }
            : { origin: 'file', detail: 'first [[nodes]] entry (none sets default = true)' };
    } else {
      active = adHoc(DEFAULT_NODE_URL, 'default');
      nodes = [active];
      activeSource = { origin: 'default', detail: `${DEFAULT_NODE_URL} (no --node, NODE_URL or [[nodes]])` };
    }
  }

  // Tokens go into a header of every call: one that would break the header is refused here, once per source.
  const refusedTokens = new Set<string>();
  for (const node of nodes) {
    const fault = node.token === undefined ? undefined : tokenFault(node.token);
    if (fault === undefined) continue;
    const from = node.tokenFrom;
    const configIndex = configured.find((c) => c.entry.name === node.name && c.url === node.url)?.index;
    const path = ['nodes', configIndex ?? 0, 'token'];
    const where = from.kind === 'flag' ? '--token' : from.kind === 'env' ? 'NODE_TOKEN' : from.kind === 'config-env' ? `environment variable ${from.name} (from "@env:${from.name}" in ${keyText(path)})` : keyText(path);
    if (refusedTokens.has(where)) continue;
    refusedTokens.add(where);
    const message = tokenRefusal(where, fault);
    problems.push(from.kind === 'flag' ? usage(message) : from.kind === 'env' ? envProblem(message) : fileProblem(path, message));
  }

  // The command line's log flags belong to the node active at start.
  const cliLog: LogChoices = {};
  if (nonEmpty(input.args.nodeLog) !== undefined) cliLog.logFile = pathApi(input.platform).resolve(input.cwd, expandHome(input.args.nodeLog!, input));
  if (nonEmpty(input.args.nodeLogCmd) !== undefined) cliLog.logCommand = input.args.nodeLogCmd!;
  if (active && Object.keys(cliLog).length) active.log = { ...active.log, cli: cliLog };

  // Supervision.
  let store: ResolvedCockpitConfig['store'] = null;
  const bin = nonEmpty(input.args.nodeBin);
  const yaml = nonEmpty(input.args.nodeConfig);
  if ((bin === undefined) !== (yaml === undefined)) {
    problems.push(usage(bin === undefined ? '--node-config needs --node-bin (the node binary to spawn)' : '--node-bin needs --node-config (the node\'s YAML config)'));
  } else if (bin !== undefined && yaml !== undefined) {
    const resolve = (p: string) => pathApi(input.platform).resolve(input.cwd, expandHome(p, input));
    store = { bin: resolve(bin), config: resolve(yaml), origin: 'flag' };
  } else if (file.store?.bin !== undefined && file.store.config !== undefined) {
    store = { bin: configRelativePath(file.store.bin, fileName!, input), config: configRelativePath(file.store.config, fileName!, input), origin: 'config' };
  }

  // Appearance.
  let theme = file.ui.theme;
  const themeFlag = nonEmpty(input.args.theme);
  if (themeFlag !== undefined) {
    if ((THEMES as readonly string[]).includes(themeFlag)) theme = themeFlag as (typeof THEMES)[number];
    else problems.push(usage(`--theme: expected one of ${THEMES.join(', ')}, got "${themeFlag}"`));
  }
  const screenFlag = nonEmpty(input.args.screen);
  let startScreen: ScreenId = file.ui.start_screen === undefined ? 'health' : (screenByName(file.ui.start_screen) ?? 'health');
  if (screenFlag !== undefined) {
    const named = screenByName(screenFlag);
    if (named) startScreen = named;
    else problems.push(usage(`--screen: unknown screen ${JSON.stringify(screenFlag)}; one of ${SCREENS.map((screen) => screen.aliases[0]).join(', ')} (or its number, 1..15)`));
  }
  let polling: PollingPreset = file.ui.polling;
  const pollingFlag = nonEmpty(input.args.polling);
  if (pollingFlag !== undefined) {
    if (isPollingPreset(pollingFlag)) polling = pollingFlag;
    else problems.push(usage(`--polling: expected one of ${POLLING_PRESETS.join(', ')}, got "${pollingFlag}"`));
  }

  const webhookUrl = secret(file.alerts.webhook_url, ['alerts', 'webhook_url']);
  const aggregateUrl = secret(file.fleet.aggregate_webhook_url, ['fleet', 'aggregate_webhook_url']);
  for (const [read, path] of [[webhookUrl, ['alerts', 'webhook_url']], [aggregateUrl, ['fleet', 'aggregate_webhook_url']]] as const) {
    if (read.value !== undefined && normaliseWebhook(read.value) === undefined) {
      problems.push(fileProblem(path, `${keyText(path)}: expected an http:// or https:// URL${read.env ? ` in ${read.env}` : ''}`));
    }
  }

  const alertmanagerUrls: string[] = [];
  const alertmanagerFile = file.alerts.alertmanager_url;
  for (const [i, raw] of (alertmanagerFile === undefined ? [] : Array.isArray(alertmanagerFile) ? alertmanagerFile : [alertmanagerFile]).entries()) {
    const url = normaliseUrl(raw);
    const path = Array.isArray(alertmanagerFile) ? ['alerts', 'alertmanager_url', i] : ['alerts', 'alertmanager_url'];
    if (url === undefined) problems.push(fileProblem(path, `${keyText(path)}: expected an http:// or https:// URL without credentials or query, got ${JSON.stringify(raw)}`));
    else if (alertmanagerUrls.includes(url)) problems.push(fileProblem(path, `${keyText(path)}: ${url} is given twice`));
    else alertmanagerUrls.push(url);
  }
  const prometheusFlag = nonEmpty(input.args.fleetPrometheus);
  let prometheusUrl: string | undefined;
  if (prometheusFlag !== undefined) {
    prometheusUrl = normaliseUrl(prometheusFlag);
    if (prometheusUrl === undefined) problems.push(usage(`--fleet-prometheus: expected an http:// or https:// URL without credentials or query, got ${JSON.stringify(prometheusFlag)}`));
  } else if (file.fleet.prometheus_url !== undefined) {
    prometheusUrl = normaliseUrl(file.fleet.prometheus_url);
    if (prometheusUrl === undefined) problems.push(fileProblem(['fleet', 'prometheus_url'], `fleet.prometheus_url: expected an http:// or https:// URL without credentials or query, got ${JSON.stringify(file.fleet.prometheus_url)}`));
  }

  if (problems.length || !active) return { ok: false, problems: problems.length ? problems : [envProblem('no node to connect to')] };

  const config: ResolvedCockpitConfig = {
    frontEnd: input.frontEnd,
    configFile: { ...input.configFile, loaded: input.parsed !== null },
    dataDir: input.dataDir,
    nodes,
    activeNode: active.name,
    store,
    storeLogs: { rotateSizeMb: storeSettings.logs.rotate_size_mb, keepFiles: storeSettings.logs.keep_files },
    supervisor: {
      // The desktop never respawns (spec §3): it behaves as if auto_restart were false.
      autoRestart: input.frontEnd === 'terminal' && storeSettings.supervisor.auto_restart,
      maxRestartsPerHour: storeSettings.supervisor.max_restarts_per_hour,
      drainSecs: storeSettings.supervisor.drain_secs,
    },
    alerts: { ...(webhookUrl.value ? { webhookUrl: webhookUrl.value } : {}), ...(webhookUrl.env ? { webhookEnv: webhookUrl.env } : {}), debounceSecs: file.alerts.debounce_secs, alertmanagerUrls },
    fleet: {
      ...(aggregateUrl.value ? { aggregateWebhookUrl: aggregateUrl.value } : {}),
      ...(aggregateUrl.env ? { aggregateWebhookEnv: aggregateUrl.env } : {}),
      aggregateWindowSecs: file.fleet.aggregate_window_secs,
      ...(prometheusUrl ? { prometheusUrl } : {}),
    },
    ...(file.watchlist ? { watchlist: { autoReseedAfter: file.watchlist.auto_reseed_after, ...(file.watchlist.auto_reseed_batch ? { autoReseedBatch: file.watchlist.auto_reseed_batch } : {}) } } : {}),
    notifications: {
      desktop: file.notifications.desktop,
      toastEnabled: file.notifications.toast_enabled,
      toastSeconds: file.notifications.toast_seconds,
      bell: file.notifications.bell ?? 'off',
    },
    serve: { dropMaxBytes: file.serve.drop_max_mb * MIB, dropTotalBytes: file.serve.drop_total_mb * MIB, dropMaxFiles: file.serve.drop_max_files },
    pubsub: {
      ...(file.pubsub.history_file ? { historyFile: configRelativePath(file.pubsub.history_file, fileName!, input) } : {}),
      rotateSizeMb: file.pubsub.rotate_size_mb,
      keepFiles: file.pubsub.keep_files,
    },
    ui: {
      theme,
      asciiFallback: input.args.ascii === true || file.ui.ascii_fallback,
      noColor: nonEmpty(input.env.NO_COLOR) !== undefined,
      startScreen,
      restoreLastScreen: screenFlag === undefined && file.ui.restore_last_screen,
      polling,
      ...(file.ui.log_pane === undefined ? {} : { logPane: file.ui.log_pane }),
    },
  };

  const sources = settingSources({ input, fromFile, nodes: nodesSource, activeNode: activeSource!, store, flags: { theme: themeFlag, polling: pollingFlag, screen: screenFlag, prometheus: prometheusFlag } });
  return { ok: true, config, sources };
}

function keyText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
