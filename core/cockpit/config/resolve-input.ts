/** What resolveConfig (resolve-config.ts) takes and gives. */
import type { ConfigFileLocation, DataDirLocation, Env } from './config-paths.js';
import type { ConfigProblem } from './config-problem.js';
import type { ParsedConfigFile } from './parse-config.js';
import type { CockpitLaunchArgs, ConfigSources, FrontEnd, ResolvedCockpitConfig } from './resolved-config.js';

export interface ResolveInput {
  args: CockpitLaunchArgs;
  env: Env;
  platform: NodeJS.Platform;
  homedir: string;
  cwd: string;
  frontEnd: FrontEnd;
  configFile: ConfigFileLocation;
  dataDir: DataDirLocation;
  /** null when no file exists at the default path (defaults apply). */
  parsed: ParsedConfigFile | null;
}

export type ResolveResult = { ok: true; config: ResolvedCockpitConfig; sources: ConfigSources } | { ok: false; problems: ConfigProblem[] };
