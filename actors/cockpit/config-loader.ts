/**
 * The cockpit's configuration at start-up: finds and reads config.toml (the only I/O), then hands the text to
 * the pure parser and resolver in core/cockpit/config/. Every mode calls this once: `--once` verbs, the
 * terminal and desktop cockpits, `--serve` and `--serve-metrics`.
 *
 * ```ts
 * const { config, sources } = await resolveCockpitConfig({ args: { config: flags.config, node: flags.node, urls },
 *   env: process.env, platform: process.platform, homedir: os.homedir(), frontEnd: 'terminal' });
 * ```
 * A missing file at the default path means "no config" (defaults); a missing `--config` / COCKPIT_CONFIG file,
 * an unreadable one or any invalid content throws CockpitConfigError with every problem (file:line:column).
 * The config file is only ever read: what the cockpit remembers goes to the state store in the data directory.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { configFileLocation, dataDirLocation, type Env } from '../../core/cockpit/config/config-paths.js';
import { CockpitConfigError, type ConfigProblem } from '../../core/cockpit/config/config-problem.js';
import type { ParsedConfigFile } from '../../core/cockpit/config/parse-config.js';
import { resolveConfig } from '../../core/cockpit/config/resolve-config.js';
import type { CockpitLaunchArgs, ConfigSources, FrontEnd, ResolvedCockpitConfig } from '../../core/cockpit/config/resolved-config.js';

export interface ResolveCockpitConfigInput {
  args: CockpitLaunchArgs;
  env: Env;
  platform: NodeJS.Platform;
  homedir: string;
  /** Default: process.cwd(). */
  cwd?: string;
  /** Default: terminal. The desktop ignores `auto_restart`. */
  frontEnd?: FrontEnd;
  /** Injected for tests; default readConfigText (a regular file of at most 1 MiB, as UTF-8). */
  readText?: (path: string) => Promise<string>;
}

export interface CockpitConfigResolution {
  config: ResolvedCockpitConfig;
  sources: ConfigSources;
}

/** Resolves or throws CockpitConfigError (its `isUsage` tells a command-line mistake from a bad file or env). */
export async function resolveCockpitConfig(input: ResolveCockpitConfigInput): Promise<CockpitConfigResolution> {
  const result = await diagnoseCockpitConfig(input);
  if (!result.ok) throw new CockpitConfigError(result.problems);
  return { config: result.config, sources: result.sources };
}

export type CockpitConfigDiagnosis =
  | ({ ok: true } & CockpitConfigResolution & { configPath: string })
  | { ok: false; problems: ConfigProblem[]; configPath: string };

/** The same resolution, returning every problem as a value (config-doctor reports them instead of failing). */
export async function diagnoseCockpitConfig(input: ResolveCockpitConfigInput): Promise<CockpitConfigDiagnosis> {
  const cwd = input.cwd ?? process.cwd();
  const paths = { platform: input.platform, env: input.env, homedir: input.homedir, cwd };
  const configFile = configFileLocation({ ...paths, flag: input.args.config });
  const read = input.readText ?? readConfigText;
  let parsed: ParsedConfigFile | null = null;
  try {
    const text = await read(configFile.path);
    // The TOML parser loads only when there is a file to parse: a one-shot verb without one starts faster.
    const { parseCockpitConfig } = await import('../../core/cockpit/config/parse-config.js');
    const result = parseCockpitConfig(text, configFile.path);
    if (!result.ok) return { ok: false, problems: result.problems, configPath: configFile.path };
    parsed = result.parsed;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No file where the platform keeps it: the cockpit runs on defaults. A file someone named must exist.
    if (!(code === 'ENOENT' && configFile.origin === 'default')) {
      return { ok: false, problems: [{ kind: configFile.origin === 'flag' ? 'usage' : 'config', file: configFile.path, message: unreadable(code, error, configFile.from) }], configPath: configFile.path };
    }
  }
  const resolved = resolveConfig({ ...paths, args: input.args, frontEnd: input.frontEnd ?? 'terminal', configFile, dataDir: dataDirLocation(paths), parsed });
  if (!resolved.ok) return { ok: false, problems: resolved.problems, configPath: configFile.path };
  const adopted = await withSupervisedNode(resolved, input);
  return { ok: true, config: adopted.config, sources: adopted.sources, configPath: configFile.path };
}

/**
 * With supervision, the fleet node the supervised node is, at the URL its YAML (or BEE_API_ADDR) gives
 * (core/cockpit/config/supervised-node.ts). A YAML that cannot be read or that Bee would refuse changes
 * nothing here: the supervisor's start-up check refuses it, with the reason, as soon as the cockpit starts.
 */
async function withSupervisedNode(resolution: CockpitConfigResolution, input: ResolveCockpitConfigInput): Promise<CockpitConfigResolution> {
  const store = resolution.config.store;
  if (!store) return resolution;
  let text: string;
  try {
    text = await readConfigText(store.config);
  } catch {
    return resolution;
  }
  const { effectiveApiAddr, localUrlOf, readBeeYaml, BEE_DEFAULT_API_ADDR } = await import('../../core/node-config/bee-yaml.js');
  const parsed = readBeeYaml(text);
  if (!parsed.ok) return resolution;
  const effective = effectiveApiAddr(parsed.config, input.env);
  if ('error' in effective || effective.address.port === 0) return resolution;
  const from = effective.from === 'BEE_API_ADDR' ? 'BEE_API_ADDR' : effective.from === 'api-addr' ? `api-addr in ${store.config}` : `default api-addr ${BEE_DEFAULT_API_ADDR} (${store.config} sets none)`;
  const { adoptSupervisedNode } = await import('../../core/cockpit/config/supervised-node.js');
  const token = nonEmptyText(input.args.token);
  const envToken = nonEmptyText(input.env.NODE_TOKEN);
  const commandLineToken =
    token !== undefined ? { token, tokenFrom: { kind: 'flag', name: '--token' } as const } : envToken !== undefined ? { token: envToken, tokenFrom: { kind: 'env', name: 'NODE_TOKEN' } as const } : { tokenFrom: { kind: 'none' } as const };
  const listener = { apiUrl: localUrlOf(effective.address), listenHost: effective.address.host, port: effective.address.port, from };
  return adoptSupervisedNode(resolution.config, resolution.sources, listener, commandLineToken);
}

function nonEmptyText(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** Thrown by readConfigText for a file that is not one to read: a FIFO or device, or one past the size limit. */
class NotAConfigFile extends Error {
  readonly code = 'ENOTCONFIG';
}

/**
 * Reads the config as UTF-8, refusing what would hang or balloon the cockpit: a named pipe or socket (opened
 * non-blocking, so even the open cannot wait for a writer) and a file over MAX_CONFIG_BYTES, before reading a
 * byte; a device is read without waiting and up to the limit (`/dev/null` is an empty config, `/dev/zero` too big).
 */
export async function readConfigText(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    const { configSizeProblem, MAX_CONFIG_BYTES } = await import('../../core/cockpit/config/parse-config.js');
    // `--config /dev/null` (no config) keeps working: a device is read up to the size limit, never waited on.
    const device = stats.isCharacterDevice();
    if (!stats.isFile() && !device) throw new NotAConfigFile('is not a regular file (a named pipe or socket); the cockpit reads its config from a file');
    const tooBig = configSizeProblem(stats.size);
    if (tooBig) throw new NotAConfigFile(tooBig);
    // One byte more than the size stat gave: a file that grows while it is read is noticed, and stays bounded.
    const buffer = Buffer.alloc((device ? MAX_CONFIG_BYTES : stats.size) + 1);
    let length = 0;
    try {
      for (let read = -1; read !== 0 && length < buffer.length; length += read) {
        ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, device ? null : length));
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') throw new NotAConfigFile('is a device with nothing to read now (a terminal?); the cockpit reads its config from a file');
      throw error;
    }
    if (length === buffer.length) {
      throw new NotAConfigFile(device ? `is a device giving more than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB; the cockpit reads its config from a file` : 'changed while it was being read; run the cockpit again once it is written');
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

function unreadable(code: string | undefined, error: unknown, from: string): string {
  if (code === 'ENOENT') return `no such config file (named by ${from})`;
  if (code === 'EISDIR') return 'is a directory, not a config file';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot read the config file: permission denied';
  if (error instanceof NotAConfigFile) return error.message;
  return `cannot read the config file: ${error instanceof Error ? error.message : String(error)}`;
}
