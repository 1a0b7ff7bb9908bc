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
import { readFile } from 'node:fs/promises';
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
  /** Injected for tests; default fs.readFile as UTF-8. */
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
  const read = input.readText ?? ((path: string) => readFile(path, 'utf8'));
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
  return resolved.ok ? { ok: true, config: resolved.config, sources: resolved.sources, configPath: configFile.path } : { ok: false, problems: resolved.problems, configPath: configFile.path };
}

function unreadable(code: string | undefined, error: unknown, from: string): string {
  if (code === 'ENOENT') return `no such config file (named by ${from})`;
  if (code === 'EISDIR') return 'is a directory, not a config file';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot read the config file: permission denied';
  return `cannot read the config file: ${error instanceof Error ? error.message : String(error)}`;
}
