/**
 * Which fleet node the supervised node is (`--node-bin` + `--node-config`, or `[store]`), and at which URL the
 * cockpit reaches it. The node listens where its YAML's `api-addr` says (or `BEE_API_ADDR`, which Bee's viper
 * prefers), read as Bee reads it (core/node-config/bee-yaml.ts): `:1633`, `0.0.0.0:1633`, `127.0.0.1:18633`,
 * `[::1]:1633`, `localhost:1633`. Pure; actors/cockpit/config-loader.ts reads the YAML and calls this.
 *
 * Decisions (the spec is silent):
 * - A fleet node whose URL reaches that listener (http, the same port, and the same host, or a loopback host
 *   when the node listens on loopback or on every interface) is the supervised node; its name, token and
 *   logs are kept.
 * - Otherwise, when no node was named at all (the default http://localhost:1633), the supervised node takes
 *   its place: named by its URL, active.
 * - Otherwise it joins the front of the fleet, named by its URL; the node chosen as active (`--node`,
 *   NODE_URL, `default = true`, the first URL) stays active.
 * A node this adds takes the command line's token (`--token`, else NODE_TOKEN), as every node from the command
 * line does.
 */
import type { ConfigSources, ResolvedCockpitConfig, ResolvedNode } from './resolved-config.js';

export interface SupervisedListener {
  /** Where a client on this host reaches the API (wildcard listeners answer on loopback). */
  readonly apiUrl: string;
  /** The listen host as written: '' (`:1633`), `0.0.0.0`, `::`, `127.0.0.1`, … */
  readonly listenHost: string;
  readonly port: number;
  /** Where the address came from: `api-addr in /etc/bee.yaml`, `BEE_API_ADDR`, `Bee's default api-addr`. */
  readonly from: string;
}

const WILDCARD = new Set(['', '0.0.0.0', '::']);

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** True when a client using `nodeUrl` talks to the node listening on `listener`. */
export function reachesListener(nodeUrl: string, listener: SupervisedListener): boolean {
  let url: URL;
  try {
    url = new URL(nodeUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  if (Number(url.port || '80') !== listener.port) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const listen = listener.listenHost.toLowerCase();
  if (host === listen) return true;
  if (WILDCARD.has(listen) || isLoopbackHost(listen)) return isLoopbackHost(host);
  return false;
}

/** The config with the supervised node named (`store.node`) and in the fleet at the URL it listens on. */
export function adoptSupervisedNode(
  config: ResolvedCockpitConfig,
  sources: ConfigSources,
  listener: SupervisedListener,
  commandLineToken: Pick<ResolvedNode, 'token' | 'tokenFrom'> = { tokenFrom: { kind: 'none' } },
): { config: ResolvedCockpitConfig; sources: ConfigSources } {
  if (!config.store) return { config, sources };
  const store = (node: string) => ({ ...config.store!, node, apiUrl: listener.apiUrl });
  const known = config.nodes.find((node) => reachesListener(node.url, listener));
  if (known) return { config: { ...config, store: store(known.name) }, sources };

  const active = config.nodes.find((node) => node.name === config.activeNode);
  const taken = new Set(config.nodes.map((node) => node.name));
  const supervised: ResolvedNode = {
    name: taken.has(listener.apiUrl) ? `${listener.apiUrl} (supervised)` : listener.apiUrl,
    url: listener.apiUrl,
    ...(commandLineToken.token !== undefined ? { token: commandLineToken.token } : {}),
    tokenFrom: commandLineToken.tokenFrom,
    origin: 'supervised',
    log: {},
  };
  const detail = `the supervised node's ${listener.from}`;
  if (active?.origin === 'default') {
    // Nobody named a node: the one the cockpit runs is the one to watch (its log flags come with it).
    const replaced = { ...supervised, log: active.log };
    return {
      config: { ...config, nodes: config.nodes.map((node) => (node === active ? replaced : node)), activeNode: replaced.name, store: store(replaced.name) },
      sources: { ...sources, nodes: { origin: 'default', detail }, activeNode: { origin: 'default', detail } },
    };
  }
  return { config: { ...config, nodes: [supervised, ...config.nodes], store: store(supervised.name) }, sources };
}
