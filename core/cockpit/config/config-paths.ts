/**
 * Where the cockpit's config file and data directory live (2-cockpit.md §2), per OS, as pure functions of the
 * platform, the environment and the home directory, so every OS is testable on any machine.
 *
 * | | config file | data directory |
 * |---|---|---|
 * | Linux (and other Unix) | `$XDG_CONFIG_HOME/cockpit/config.toml`, else `~/.config/cockpit/config.toml` | `$XDG_DATA_HOME/cockpit`, else `~/.local/share/cockpit` |
 * | macOS | `~/Library/Application Support/cockpit/config.toml` | `~/Library/Application Support/cockpit` |
 * | Windows | `%APPDATA%\cockpit\config.toml` | `%LOCALAPPDATA%\cockpit` |
 *
 * Overrides: `--config` beats `COCKPIT_CONFIG`; `COCKPIT_DATA` beats the platform default. An empty variable
 * counts as unset; a relative XDG variable is ignored, as the XDG spec says.
 */
import { posix, win32 } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export interface PathInput {
  platform: NodeJS.Platform;
  env: Env;
  homedir: string;
  /** For relative `--config` / `COCKPIT_CONFIG` / `COCKPIT_DATA` values. */
  cwd: string;
}

export type ConfigFileOrigin = 'flag' | 'env' | 'default';
export type DataDirOrigin = 'env' | 'xdg' | 'default';

export interface ConfigFileLocation {
  path: string;
  origin: ConfigFileOrigin;
  /** `--config`, `COCKPIT_CONFIG`, or the platform default's description. */
  from: string;
}

export interface DataDirLocation {
  path: string;
  origin: DataDirOrigin;
  from: string;
}

export const APP_DIR = 'cockpit';
export const CONFIG_FILE = 'config.toml';

export function pathApi(platform: NodeJS.Platform): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function defaultConfigPath(input: Omit<PathInput, 'cwd'>): string {
  const { platform, env, homedir } = input;
  const path = pathApi(platform);
  if (platform === 'win32') return path.join(nonEmpty(env.APPDATA) ?? path.join(homedir, 'AppData', 'Roaming'), APP_DIR, CONFIG_FILE);
  if (platform === 'darwin') return path.join(homedir, 'Library', 'Application Support', APP_DIR, CONFIG_FILE);
  const xdg = absolute(env.XDG_CONFIG_HOME, platform);
  return path.join(xdg ?? path.join(homedir, '.config'), APP_DIR, CONFIG_FILE);
}

export function configFileLocation(input: PathInput & { flag?: string | undefined }): ConfigFileLocation {
  const path = pathApi(input.platform);
  const flag = nonEmpty(input.flag);
  if (flag !== undefined) return { path: path.resolve(input.cwd, expandHome(flag, input)), origin: 'flag', from: '--config' };
  const env = nonEmpty(input.env.COCKPIT_CONFIG);
  if (env !== undefined) return { path: path.resolve(input.cwd, expandHome(env, input)), origin: 'env', from: 'COCKPIT_CONFIG' };
  return { path: defaultConfigPath(input), origin: 'default', from: `${input.platform} default` };
}

export function dataDirLocation(input: PathInput): DataDirLocation {
  const { platform, env, homedir } = input;
  const path = pathApi(platform);
  const override = nonEmpty(env.COCKPIT_DATA);
  if (override !== undefined) return { path: path.resolve(input.cwd, expandHome(override, input)), origin: 'env', from: 'COCKPIT_DATA' };
  if (platform === 'win32') {
    return { path: path.join(nonEmpty(env.LOCALAPPDATA) ?? path.join(homedir, 'AppData', 'Local'), APP_DIR), origin: 'default', from: 'win32 default' };
  }
  if (platform === 'darwin') return { path: path.join(homedir, 'Library', 'Application Support', APP_DIR), origin: 'default', from: 'darwin default' };
  const xdg = absolute(env.XDG_DATA_HOME, platform);
  if (xdg !== undefined) return { path: path.join(xdg, APP_DIR), origin: 'xdg', from: 'XDG_DATA_HOME' };
  return { path: path.join(homedir, '.local', 'share', APP_DIR), origin: 'default', from: `${platform} default` };
}

/** `~` and `~/x` to the home directory; other paths unchanged. */
export function expandHome(value: string, input: { platform: NodeJS.Platform; homedir: string }): string {
  if (value === '~') return input.homedir;
  if (value.startsWith('~/') || (input.platform === 'win32' && value.startsWith('~\\'))) return pathApi(input.platform).join(input.homedir, value.slice(2));
  return value;
}

/** A path from the config file: `~` expanded, relative paths taken from the config file's own directory. */
export function configRelativePath(value: string, configFile: string, input: { platform: NodeJS.Platform; homedir: string }): string {
  const path = pathApi(input.platform);
  return path.resolve(path.dirname(configFile), expandHome(value, input));
}

function absolute(value: string | undefined, platform: NodeJS.Platform): string | undefined {
  const v = nonEmpty(value);
  return v !== undefined && pathApi(platform).isAbsolute(v) ? v : undefined;
}
