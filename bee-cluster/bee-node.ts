/**
 * One real Bee full node on loopback: its own data dir, its own clean HOME (so no ~/.bee.yaml
 * leaks in), no BEE_* variables from our environment, API and p2p on 127.0.0.1 only.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pollUntil, spawnManaged, StopPolling, type ManagedProcess } from './processes.js';

export interface ChainConfig {
  rpcUrl: string;
  networkId: number;
  blockTimeSeconds: number;
  postageStamp: string;
  postageStartBlock: number;
  staking: string;
  redistribution: string;
  bzzToken: string;
  /** Swap on: the chequebook factory, the swap price oracle and the PLUR each node deposits into its new chequebook. */
  swap?: { factory: string; priceOracle: string; initialDeposit: bigint };
  /** Bee's --storage-incentives-enable (default false here: no redistribution agent). */
  storageIncentives?: boolean;
}

export interface BeeNodeOptions {
  binary: string;
  name: string;
  workDir: string;
  apiPort: number;
  p2pPort: number;
  password: string;
  chain: ChainConfig;
  verbosity?: string;
}

export interface BeeNode {
  name: string;
  url: string;
  apiPort: number;
  p2pPort: number;
  dataDir: string;
  process: ManagedProcess;
}

export class BeeHttpError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${url} -> ${status}: ${body.slice(0, 300)}`);
    this.name = 'BeeHttpError';
  }
}

/** JSON request to a Bee API; non-2xx responses throw BeeHttpError with the body excerpt. */
export async function beeJson<T>(base: string, method: string, path: string, init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> | string; timeoutMs?: number } = {}): Promise<T> {
  const url = base + path;
  const res = await fetch(url, { method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
  const text = await res.text();
  if (!res.ok) throw new BeeHttpError(method, url, res.status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function beeStartArgs(o: BeeNodeOptions, dataDir: string): string[] {
  const c = o.chain;
  return [
    'start',
    `--data-dir=${dataDir}`,
    `--password=${o.password}`,
    `--api-addr=127.0.0.1:${o.apiPort}`,
    `--p2p-addr=127.0.0.1:${o.p2pPort}`,
    '--full-node=true',
    '--mainnet=false',
    `--network-id=${c.networkId}`,
    `--blockchain-rpc-endpoint=${c.rpcUrl}`,
    `--block-time=${c.blockTimeSeconds}`,
    // Without swap, pseudosettle alone covers small test traffic and no swap factory is needed; with it, each
    // node deploys a chequebook through the cluster's factory at start-up and deposits into it.
    ...(c.swap
      ? ['--swap-enable=true', `--swap-factory-address=${c.swap.factory}`, `--price-oracle-address=${c.swap.priceOracle}`, `--swap-initial-deposit=${c.swap.initialDeposit}`]
      : ['--swap-enable=false']),
    // Loopback underlays are private addresses; without this they are filtered out of hive and handshakes.
    '--allow-private-cidrs=true',
    '--warmup-time=1s',
    '--skip-postage-snapshot=true',
    `--storage-incentives-enable=${c.storageIncentives === true}`,
    `--postage-stamp-address=${c.postageStamp}`,
    `--postage-stamp-start-block=${c.postageStartBlock}`,
    `--staking-address=${c.staking}`,
    `--redistribution-address=${c.redistribution}`,
    `--bzz-token-address=${c.bzzToken}`,
    '--cors-allowed-origins=*',
    `--verbosity=${o.verbosity ?? 'info'}`,
  ];
}

function cleanEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // viper reads BEE_<FLAG> variables: none of ours may reach the node.
    if (!key.startsWith('BEE_')) env[key] = value;
  }
  env.HOME = home;
  return env;
}

export function startBeeNode(o: BeeNodeOptions): BeeNode {
  const nodeDir = join(o.workDir, o.name);
  const dataDir = join(nodeDir, 'data');
  const home = join(nodeDir, 'home');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const proc = spawnManaged(o.name, o.binary, beeStartArgs(o, dataDir), { env: cleanEnv(home), cwd: nodeDir, logFile: join(nodeDir, 'bee.log') });
  return { name: o.name, url: `http://127.0.0.1:${o.apiPort}`, apiPort: o.apiPort, p2pPort: o.p2pPort, dataDir, process: proc };
}

/**
 * A node that exited while we waited for it. Bee 2.8.1 exits 0 when it cannot build the node (a port taken
 * between our pick and its bind, a chain endpoint refusing): the reason is only in its log, so it is quoted.
 */
export class BeeNodeExited extends StopPolling {
  constructor(
    readonly node: string,
    readonly code: number | string,
    readonly logFile: string,
    readonly reason: string,
  ) {
    super(`${node} exited (${code})${reason ? `: ${reason}` : ''}; see ${logFile}`);
    this.name = 'BeeNodeExited';
  }

  /** Another process took one of the node's ports before Bee bound it: starting again on new ports helps. */
  get portTaken(): boolean {
    return /address already in use/i.test(this.reason);
  }
}

/** The last error line of a Bee log (its logger writes `"level"="error" … "error"="…"`), trimmed. */
export function lastErrorLine(log: string): string {
  const lines = log.split('\n').filter((l) => /"level"="error"|\berror\b/i.test(l));
  return (lines.at(-1) ?? '').trim().slice(0, 400);
}

function assertAlive(node: BeeNode): void {
  const { exitCode, signalCode } = node.process.child;
  if (exitCode === null && signalCode === null) return;
  let reason = '';
  try {
    reason = lastErrorLine(readFileSync(node.process.logFile, 'utf8'));
  } catch {
    // no log to quote: the message still names the file
  }
  throw new BeeNodeExited(node.name, exitCode ?? signalCode ?? '?', node.process.logFile, reason);
}

export interface BeeAddresses {
  overlay: string;
  underlay: string[];
  ethereum: string;
  publicKey: string;
}

/** /addresses is served as soon as the API listener is up, before chain sync and warmup. */
export async function waitForAddresses(node: BeeNode, timeoutMs: number, accept: (a: BeeAddresses) => boolean = () => true): Promise<BeeAddresses> {
  return pollUntil(`${node.name} GET /addresses`, timeoutMs, async () => {
    assertAlive(node);
    const addresses = await beeJson<BeeAddresses>(node.url, 'GET', '/addresses', { timeoutMs: 3000 });
    return accept(addresses) ? addresses : undefined;
  });
}

export async function waitForReadiness(node: BeeNode, timeoutMs: number): Promise<void> {
  await pollUntil(`${node.name} GET /readiness`, timeoutMs, async () => {
    assertAlive(node);
    const body = await beeJson<{ status: string }>(node.url, 'GET', '/readiness', { timeoutMs: 3000 });
    return body.status === 'ready' ? true : undefined;
  });
}
