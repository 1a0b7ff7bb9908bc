/**
 * Reads a Bee node's YAML config (`bee start --config <yaml>`) the way Bee v2.8.1 does, for the two
 * programs that start a node from one: the cockpit's supervisor (it needs the API address to poll
 * /health, and checks the file before spawning) and `devnet start` (a simulated node with Bee's own
 * command line). Pure: text in, values out.
 *
 * Bee reads the file with viper: keys are the `start` flag names (`api-addr`, `data-dir`, …); nested
 * maps become dotted keys, and only the `blockchain-rpc.*` ones are accepted in that form. Any other
 * key makes Bee refuse to start ("unknown parameters"), so it is an error here too, with the same list.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';

/** The flags of `bee start` in Bee v2.8.1 (`bee start --help`), plus the global `config`. */
export const BEE_START_FLAGS: ReadonlySet<string> = new Set(
  (
    'allow-private-cidrs api-addr autotls-ca-endpoint autotls-domain autotls-registration-endpoint block-sync-interval ' +
    'block-time blockchain-rpc-dial-timeout blockchain-rpc-endpoint blockchain-rpc-idle-timeout blockchain-rpc-keepalive ' +
    'blockchain-rpc-tls-timeout bootnode bootnode-mode bzz-token-address cache-capacity cache-retrieval chequebook-enable ' +
    'chequebook-min-balance chequebook-verification cors-allowed-origins data-dir db-block-cache-capacity ' +
    'db-disable-seeks-compaction db-open-files-limit db-write-buffer-size full-node gas-limit-fallback help mainnet ' +
    'minimum-gas-tip-cap minimum-storage-radius nat-addr nat-wss-addr neighborhood-suggester network-id p2p-addr ' +
    'p2p-ws-enable p2p-wss-addr p2p-wss-enable password password-file payment-early-percent payment-threshold ' +
    'payment-tolerance-percent postage-stamp-address postage-stamp-start-block pprof-mutex pprof-profile ' +
    'price-oracle-address redistribution-address reserve-capacity-doubling resolver-options resync skip-postage-snapshot ' +
    'staking-address statestore-cache-capacity static-nodes storage-incentives-enable swap-enable swap-factory-address ' +
    'swap-initial-deposit target-neighborhood tracing-enable tracing-endpoint tracing-host tracing-port ' +
    'tracing-service-name transaction-debug-mode use-simd-hashing verbosity warmup-time welcome-message ' +
    'withdrawal-addresses-whitelist config'
  ).split(' '),
);

/** Nested keys Bee accepts besides the flat flag names. */
const NESTED_KEYS: ReadonlySet<string> = new Set(['endpoint', 'dial-timeout', 'tls-timeout', 'idle-timeout', 'keepalive'].map((k) => `blockchain-rpc.${k}`));

/** Bee v2.8.1's default `--api-addr`. */
export const BEE_DEFAULT_API_ADDR = '127.0.0.1:1633';

export interface ListenAddress {
  /** As written; '' for `:1633` (every interface). */
  host: string;
  port: number;
}

export interface BeeNodeConfig {
  /** Every key as viper sees it (nested maps flattened to dotted keys), lowercased. */
  keys: Readonly<Record<string, unknown>>;
  apiAddr: ListenAddress;
  /** Where a client on this host reaches the API: the wildcard hosts become loopback. */
  apiUrl: string;
  /** `data-dir`, when the file sets it (Bee's default is ~/.bee). */
  dataDir?: string;
  /** `verbosity`, normalised to Bee's names (silent, error, warn, info, debug, trace). */
  verbosity: BeeVerbosity;
}

export type BeeVerbosity = 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export type BeeYamlResult = { ok: true; config: BeeNodeConfig } | { ok: false; message: string };

const VERBOSITY_BY_VALUE: Readonly<Record<string, BeeVerbosity>> = {
  '0': 'silent', silent: 'silent', '1': 'error', error: 'error', '2': 'warn', warn: 'warn',
  '3': 'info', info: 'info', '4': 'debug', debug: 'debug', '5': 'trace', trace: 'trace',
};

function flatten(value: unknown, prefix: string, into: Record<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) flatten(inner, prefix ? `${prefix}.${key.toLowerCase()}` : key.toLowerCase(), into);
    return;
  }
  into[prefix] = value;
}

/** Go's net.SplitHostPort for a listen address: `host:port`, `:port`, `[v6]:port`. */
export function parseListenAddress(text: string): ListenAddress | { error: string } {
  const match = /^(?:\[([^\]]*)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  if (!match) return { error: `"${text}" is not host:port` };
  const port = Number(match[3]);
  if (port > 65535) return { error: `port ${port} in "${text}" is out of range` };
  return { host: match[1] ?? match[2] ?? '', port };
}

/** The URL a local client uses for a listen address (wildcards answer on loopback). */
export function localUrlOf(address: ListenAddress): string {
  const host = address.host;
  if (host === '' || host === '0.0.0.0') return `http://127.0.0.1:${address.port}`;
  if (host === '::') return `http://[::1]:${address.port}`;
  return host.includes(':') ? `http://[${host}]:${address.port}` : `http://${host}:${address.port}`;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function readBeeYaml(text: string): BeeYamlResult {
  let document: unknown;
  try {
    document = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split('\n')[0] : String(error);
    return { ok: false, message: `not valid YAML: ${detail}` };
  }
  if (document === null || document === undefined) document = {};
  if (typeof document !== 'object' || Array.isArray(document)) return { ok: false, message: 'not a YAML mapping of Bee options (key: value lines)' };
  const keys: Record<string, unknown> = {};
  flatten(document, '', keys);
  const unknown = Object.keys(keys).filter((key) => !BEE_START_FLAGS.has(key) && !NESTED_KEYS.has(key));
  if (unknown.length) return { ok: false, message: `unknown parameters (Bee refuses to start): ${unknown.sort().join(', ')}` };

  const apiText = keys['api-addr'] === undefined ? BEE_DEFAULT_API_ADDR : scalarText(keys['api-addr']);
  if (apiText === undefined) return { ok: false, message: 'api-addr must be a host:port string' };
  const apiAddr = parseListenAddress(apiText);
  if ('error' in apiAddr) return { ok: false, message: `api-addr: ${apiAddr.error}` };

  const verbosityText = keys.verbosity === undefined ? 'info' : scalarText(keys.verbosity);
  const verbosity = verbosityText === undefined ? undefined : VERBOSITY_BY_VALUE[verbosityText.toLowerCase()];
  if (!verbosity) return { ok: false, message: `verbosity: unknown level ${JSON.stringify(keys.verbosity)} (0-5 or silent, error, warn, info, debug, trace)` };

  const dataDir = keys['data-dir'] === undefined ? undefined : scalarText(keys['data-dir']);
  if (keys['data-dir'] !== undefined && !dataDir) return { ok: false, message: 'data-dir must be a path' };

  return { ok: true, config: { keys, apiAddr, apiUrl: localUrlOf(apiAddr), verbosity, ...(dataDir ? { dataDir } : {}) } };
}

/**
 * Where the node's API will listen: `BEE_API_ADDR` when set (Bee's viper prefers the environment to the file),
 * else the file's `api-addr`, else Bee's default. `from` says which, for messages.
 */
export function effectiveApiAddr(config: BeeNodeConfig, env: Readonly<Record<string, string | undefined>>): { address: ListenAddress; from: 'BEE_API_ADDR' | 'api-addr' | 'default' } | { error: string } {
  if (env.BEE_API_ADDR) {
    const fromEnv = parseListenAddress(env.BEE_API_ADDR);
    return 'error' in fromEnv ? { error: `BEE_API_ADDR: ${fromEnv.error}` } : { address: fromEnv, from: 'BEE_API_ADDR' };
  }
  return { address: config.apiAddr, from: config.keys['api-addr'] === undefined ? 'default' : 'api-addr' };
}

/** A boolean option as viper casts it (true/false, yes/no are YAML booleans already; "1"/"0" strings too). */
export function booleanOption(config: BeeNodeConfig, key: string, fallback: boolean): boolean {
  const value = config.keys[key];
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|1|t)$/i.test(value)) return true;
  if (typeof value === 'string' && /^(false|0|f)$/i.test(value)) return false;
  return fallback;
}

/** A list option: YAML sequence, or viper's comma-separated string. */
export function listOption(config: BeeNodeConfig, key: string): string[] {
  const value = config.keys[key];
  if (Array.isArray(value)) return value.map(String).map((s) => s.trim()).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}
