/**
 * `--once config-doctor [urls...]`: explains the configuration every other mode would run on, without
 * contacting a node: which file (and why that one), the data directory, each node with where its token
 * comes from (`@env:NAME`, `--token`, NODE_TOKEN, "written in the file"; never the token), the active node,
 * each node's log source by the spec's tiers, supervision, alert sinks (webhook URLs are secrets too: only
 * where they come from), and everything wrong.
 *
 * Status: `ok` (exit 0) when the configuration would start, warnings included; `sad` (exit 1) when it would be
 * refused (every problem with file:line:column) or supervision could not start (binary missing or not
 * executable). Trailing URLs and `--node`/`--token`/`--config` are taken as the other verbs take them, so the
 * doctor explains exactly what they would do.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { OnceData } from '../../../config-schema/once-results.js';
import type { ConfigProblem } from '../../../core/cockpit/config/config-problem.js';
import { type ResolvedCockpitConfig, type ResolvedNode } from '../../../core/cockpit/config/resolved-config.js';
import { diagnoseCockpitConfig } from '../config-loader.js';
import { configInput } from './node-target.js';
import type { OnceRun } from './verb.js';

type Doctor = OnceData<'config-doctor'>;
type LogSource = NonNullable<Doctor['nodes']>[number]['logSource'];

export const details = `Arguments:
  [urls...]   node URLs as the interactive cockpit takes them (they replace the configured nodes)

Never contacts a node and never prints a token or webhook URL: only where each comes from.`;

export const run: OnceRun = async (args, context) => {
  const diagnosis = await diagnoseCockpitConfig(configInput(context, args));
  if (!diagnosis.ok) {
    const { configFileLocation } = await import('../../../core/cockpit/config/config-paths.js');
    const location = configFileLocation({ platform: process.platform, env: context.env, homedir: homedir(), cwd: process.cwd(), flag: context.config });
    const data: Doctor = { configFile: { ...location, loaded: false }, problems: diagnosis.problems, warnings: [] };
    return { verb: 'config-doctor', status: 'sad', data };
  }
  const { config } = diagnosis;
  const problems: ConfigProblem[] = [];
  const warnings = await warningsFor(config);
  const store = config.store ? { ...config.store, binStatus: await binStatus(config.store.bin), configStatus: await fileStatus(config.store.config) } : null;
  if (store && store.binStatus !== 'executable') problems.push({ kind: 'config', message: `supervision cannot start: the node binary ${store.bin} is ${store.binStatus.replace(/-/g, ' ')}` });
  if (store && store.configStatus !== 'readable') problems.push({ kind: 'config', message: `supervision cannot start: the node config ${store.config} is ${store.configStatus.replace(/-/g, ' ')}` });
  const nodes = config.nodes.map((node) => ({
    name: node.name,
    url: node.url,
    origin: node.origin,
    active: node.name === config.activeNode,
    token: tokenText(node),
    logSource: logSourceOf(node, node.name === config.activeNode, config),
  }));
  const secretText = (value: string | undefined, env: string | undefined) => (value === undefined ? 'none' : env ? `set (from @env:${env})` : 'set (written in the config file)');
  const data: Doctor = {
    configFile: config.configFile,
    dataDir: config.dataDir,
    nodes,
    activeNode: config.activeNode,
    store,
    supervisor: config.supervisor,
    alerts: { webhook: secretText(config.alerts.webhookUrl, config.alerts.webhookEnv), debounceSecs: config.alerts.debounceSecs },
    fleet: { aggregateWebhook: secretText(config.fleet.aggregateWebhookUrl, config.fleet.aggregateWebhookEnv), aggregateWindowSecs: config.fleet.aggregateWindowSecs },
    notifications: config.notifications,
    pubsub: { historyFile: config.pubsub.historyFile ?? null, rotateSizeMb: config.pubsub.rotateSizeMb, keepFiles: config.pubsub.keepFiles },
    ui: config.ui,
    problems,
    warnings,
  };
  return { verb: 'config-doctor', status: problems.length ? 'sad' : 'ok', data };
};

function tokenText(node: ResolvedNode): string {
  switch (node.tokenFrom.kind) {
    case 'config-env':
      return `@env:${node.tokenFrom.name}`;
    case 'flag':
      return '--token';
    case 'env':
      return 'NODE_TOKEN';
    case 'config':
      return 'written in the config file';
    case 'none':
      return 'none';
  }
}

/** The spec's log-source tiers (§4 "Bee-log source"), highest first; a command beats a file within a tier. */
function logSourceOf(node: ResolvedNode, active: boolean, config: ResolvedCockpitConfig): LogSource {
  if (active && config.store) return { tier: 'supervised', kind: 'file', note: 'supervisor capture file (the supervised node\'s stdout and stderr)' };
  for (const [tier, choices] of [['cli', node.log.cli], ['config', node.log.config]] as const) {
    if (choices?.logCommand) return { tier, kind: 'command', value: choices.logCommand, note: `${tier === 'cli' ? '--node-log-cmd' : 'log_command'} ${JSON.stringify(choices.logCommand)}` };
    if (choices?.logFile) return { tier, kind: 'file', value: choices.logFile, note: `${tier === 'cli' ? '--node-log' : 'log_file'} ${choices.logFile}` };
  }
  const host = new URL(node.url).hostname;
  const loopback = host === 'localhost' || host === '[::1]' || /^127\./.test(host);
  if (loopback && process.platform === 'linux') return { tier: 'discovery', kind: 'discovery', note: 'auto-discovery (the process listening on the API port)' };
  return { tier: 'none', kind: 'none', note: loopback ? 'none (auto-discovery works on Linux only)' : 'none (auto-discovery needs a loopback node; set log_file or log_command)' };
}

async function warningsFor(config: ResolvedCockpitConfig): Promise<string[]> {
  const warnings: string[] = [];
  const plain = config.nodes.filter((n) => n.tokenFrom.kind === 'config');
  for (const node of plain) warnings.push(`node "${node.name}": its token is written in the config file; prefer token = "@env:VAR"`);
  if (plain.length && config.configFile.loaded && process.platform !== 'win32') {
    const mode = (await stat(config.configFile.path)).mode & 0o777;
    if (mode & 0o044) warnings.push(`${config.configFile.path} holds a token and is readable by other users (mode ${mode.toString(8)}): chmod 600 it`);
  }
  const urls = new Map<string, string>();
  for (const node of config.nodes) {
    const other = urls.get(node.url);
    if (other) warnings.push(`nodes "${other}" and "${node.name}" have the same URL ${node.url}`);
    urls.set(node.url, node.name);
    const file = node.log.config?.logFile;
    if (file && !node.log.config?.logCommand && (await fileStatus(file)) === 'missing') warnings.push(`node "${node.name}": log_file ${file} does not exist yet (the tailer waits for it)`);
  }
  return warnings;
}

async function binStatus(path: string): Promise<string> {
  const status = await fileStatus(path);
  if (status !== 'readable') return status;
  try {
    await access(path, constants.X_OK);
    return 'executable';
  } catch {
    return 'not-executable';
  }
}

async function fileStatus(path: string): Promise<string> {
  try {
    const info = await stat(path);
    return info.isFile() ? 'readable' : 'not-a-file';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable';
  }
}
