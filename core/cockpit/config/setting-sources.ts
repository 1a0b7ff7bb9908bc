/** Where each resolved setting came from (`cockpit config` prints it): flag, environment, file line or default. */
import { defaultCockpitConfigFile, defaultStoreSection } from '../../../config-schema/cockpit-config-defaults.js';
import type { ConfigSources, ResolvedCockpitConfig, SettingSource } from './resolved-config.js';
import type { ResolveInput } from './resolve-input.js';

/** What resolveConfig decided that the sources describe. */
export interface SourceFacts {
  input: ResolveInput;
  /** The file position of a key, when the file sets it. */
  fromFile: (path: readonly (string | number)[]) => SettingSource | undefined;
  nodes: SettingSource;
  activeNode: SettingSource;
  store: ResolvedCockpitConfig['store'];
  /** The launch flags that override file settings, as given (undefined: not given). */
  flags: { theme: string | undefined; polling: string | undefined; screen: string | undefined; prometheus: string | undefined };
}

export function settingSources(facts: SourceFacts): ConfigSources {
  const { input, fromFile, store } = facts;
  const sources: ConfigSources = {
    configFile: { origin: originOf(input.configFile.origin), detail: `${input.configFile.from}${input.parsed ? '' : ' (no file: defaults)'}` },
    dataDir: { origin: input.dataDir.origin === 'xdg' ? 'env' : originOf(input.dataDir.origin), detail: input.dataDir.from },
    nodes: facts.nodes,
    activeNode: facts.activeNode,
    store: store ? (store.origin === 'flag' ? { origin: 'flag', detail: '--node-bin, --node-config' } : fromFile(['store', 'bin'])!) : { origin: 'default', detail: 'no supervision' },
  };
  for (const [path, fallback] of defaultLeaves()) sources[path.join('.')] = fromFile(path) ?? { origin: 'default', detail: `default ${JSON.stringify(fallback)}` };
  if (facts.flags.theme !== undefined) sources['ui.theme'] = { origin: 'flag', detail: '--theme' };
  if (input.args.ascii === true) sources['ui.ascii_fallback'] = { origin: 'flag', detail: '--ascii' };
  if (facts.flags.polling !== undefined) sources['ui.polling'] = { origin: 'flag', detail: '--polling' };
  if (facts.flags.screen !== undefined) sources['ui.start_screen'] = { origin: 'flag', detail: '--screen' };
  else sources['ui.start_screen'] = fromFile(['ui', 'start_screen']) ?? { origin: 'default', detail: 'default "health"' };
  if (facts.flags.prometheus !== undefined) sources['fleet.prometheus_url'] = { origin: 'flag', detail: '--fleet-prometheus' };
  if (input.frontEnd === 'desktop') sources['store.supervisor.auto_restart'] = { origin: 'default', detail: 'the desktop never auto-restarts' };
  return sources;
}

function originOf(origin: 'flag' | 'env' | 'default' | 'xdg'): SettingSource['origin'] {
  return origin === 'flag' ? 'flag' : origin === 'default' ? 'default' : 'env';
}

/** Every key that has a default, with it (`alerts.debounce_secs` 60, `store.logs.keep_files` 5, …). */
function defaultLeaves(): [string[], unknown][] {
  const defaults = { ...defaultCockpitConfigFile(), store: defaultStoreSection() };
  const walk = (value: unknown, prefix: string[]): [string[], unknown][] =>
    Array.isArray(value) ? [] : value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, child]) => walk(child, [...prefix, key])) : [[prefix, value]];
  return walk(defaults, []);
}
