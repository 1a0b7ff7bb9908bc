/**
 * startDevnet: several simulated Bee nodes in this process, each a real HTTP server on 127.0.0.1, sharing
 * one simulated chain and one simulated network, plus optional loopback gateways. Every node starts with
 * one usable postage batch (bought at genesis, 10 blocks mined), so uploads work at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { amountForSeconds, minimumAmount } from './chain/batch-math.js';
import { NodeChain } from './chain/node-chain.js';
import { chainTimeMs } from './chain/node-postage.js';
import { chunkPrice, charge } from './chain/swap-ledger.js';
import { seedSwapHistory } from './chain/swap-history.js';
import { seedBackgroundAccounts } from './chain/background-accounts.js';
import { hexToBytes } from '../core/swarm/bytes.js';
import { beeProximity } from '../core/swarm/proximity.js';
import { ManualScheduler, timerScheduler } from './chain/scheduler.js';
import { SimChain } from './chain/sim-chain.js';
import { PinRegistry } from './content/pins.js';
import { TagRegistry } from './content/tags.js';
import { controlHandler } from './control/control-http.js';
import { DevnetControl } from './control/devnet-control.js';
import { healthyFaults } from './faults.js';
import { MAX_DEVNET_NODES } from './limits.js';
import { GatewayServer } from './gateway/gateway-server.js';
import { NodeServer } from './http/node-server.js';
import { Router, type RouteDef } from './http/router.js';
import { deriveIdentity } from './identity.js';
import { NodeLog, type LogSink } from './log/node-log.js';
import { SimNetwork } from './network/sim-network.js';
import type { DevnetNode } from './node.js';
import { allRoutes } from './routes/index.js';
import { ChunkStore } from './store/chunk-store.js';

export interface DevnetOptions {
  /** Number of nodes (default 4). */
  nodes?: number;
  /** First API port; node i listens on port + i, gateways after the nodes. 0 (default) = free ports. */
  port?: number;
  /** Seed for deterministic keys and overlays (default "devnet"). */
  seed?: string;
  /** CORS allow-list (Bee's cors-allowed-origins); `*` allows any origin. Default: none. */
  corsOrigins?: string[];
  /** When set, every API route requires `Authorization: Bearer <token>`. */
  token?: string;
  /** Simulated block time (default 1000 ms). */
  blockTimeMs?: number;
  /** False: blocks are only mined through control.advanceBlocks (deterministic tests). Default true. */
  mineBlocks?: boolean;
  /** Delay before deferred uploads are pushed (default 500 ms). */
  pushDelayMs?: number;
  /**
   * Deferred chunks pushed per second once `pushDelayMs` is over (default: all at once). The `devnet` command
   * uses 100, so an upload's tag visibly moves through split → stored → sent → synced as a poll watches it.
   */
  pushRatePerSecond?: number;
  /** How many closest nodes store each pushed chunk (default 2). */
  replication?: number;
  /** Number of loopback gateways (default 0). */
  gateways?: number;
  /** Directory for the node logs; default a fresh temp dir, removed by stop() unless `keepLogs`. */
  logDir?: string;
  /** Keep the temp log directory after stop() (a `logDir` the caller gave is never removed). */
  keepLogs?: boolean;
  /** Where node log lines go instead of `<logDir>/node-<i>.log` (`devnet start` prints them to stdout, as Bee does). */
  logSink?: LogSink;
  /** Depth of the batch each node gets at start (default 22); 0 = no batch. */
  batchDepth?: number;
  /**
   * Bee's `--swap-enable` (default true). False answers like a Bee started with swap off, e.g. the
   * bee-cluster nodes: /node swapEnabled false, settlements and cheque routes 403, no chequebook.
   */
  swapEnable?: boolean;
  /** Bee's `--storage-incentives-enable` (default true). False: /redistributionstate answers 403. */
  storageIncentivesEnable?: boolean;
}

export interface DevnetNodeInfo {
  index: number;
  url: string;
  overlay: string;
  ethAddress: string;
  logFile: string;
  /** The usable postage batch the node was given at start (absent when batchDepth is 0). */
  batchId?: string;
}

export interface StartedDevnet {
  nodes: DevnetNodeInfo[];
  gateways: { url: string }[];
  logDir: string;
  control: DevnetControl;
  stop(): Promise<void>;
}

export async function startDevnet(options: DevnetOptions = {}): Promise<StartedDevnet> {
  const count = options.nodes ?? 4;
  if (!Number.isInteger(count) || count < 1 || count > MAX_DEVNET_NODES) throw new RangeError(`nodes must be 1..${MAX_DEVNET_NODES}, got ${count}`);
  const seed = options.seed ?? 'devnet';
  const logDir = options.logDir ?? (await mkdtemp(join(tmpdir(), 'devnet-')));
  // A temp dir is ours to clean up; a directory the caller named is theirs.
  const removeLogsOnStop = options.logDir === undefined && options.keepLogs !== true;
  const blockTimeMs = options.blockTimeMs ?? 1000;
  const chain = new SimChain({
    blockTimeMs,
    // Chain time follows the wall clock from the start (after the 10 blocks every node's batch waits for), so
    // timestamps the nodes report, like a pending transaction's `created`, read as Bee's would.
    genesisMs: Date.now() - 10 * blockTimeMs,
    scheduler: options.mineBlocks === false ? new ManualScheduler() : timerScheduler,
  });
  const network = new SimNetwork({
    ...(options.replication !== undefined ? { replication: options.replication } : {}),
    ...(options.pushDelayMs !== undefined ? { pushDelayMs: options.pushDelayMs } : {}),
    ...(options.pushRatePerSecond !== undefined ? { pushRatePerSecond: options.pushRatePerSecond } : {}),
  });
  const router = new Router(allRoutes as RouteDef[]);
  const nodes: DevnetNode[] = [];
  const servers: NodeServer[] = [];
  const logFiles: string[] = [];
  const gateways: GatewayServer[] = [];

  for (let index = 0; index < count; index++) {
    const identity = deriveIdentity(seed, index);
    const faults = { ...healthyFaults(), authToken: options.token ?? null, corsOrigins: options.corsOrigins ?? [] };
    const logFile = join(logDir, `node-${index}.log`);
    logFiles.push(logFile);
    const store = new ChunkStore();
    const node: DevnetNode = {
      index,
      overlay: identity.overlay,
      overlayHex: identity.overlayHex,
      privateKey: identity.privateKey,
      ethAddress: identity.ethAddress,
      publicKeyHex: identity.publicKeyHex,
      apiUrl: '',
      store,
      faults,
      log: new NodeLog(logFile, undefined, options.logSink),
      network,
      tags: new TagRegistry(),
      pins: new PinRegistry(),
      features: { swap: options.swapEnable ?? true, storageIncentives: options.storageIncentivesEnable ?? true },
      chain: new NodeChain({
        chain,
        index,
        overlayHex: identity.overlayHex,
        ethAddress: identity.ethAddress,
        publicKeyHex: identity.publicKeyHex,
        sharedFaults: faults,
        peers: () => network.nodes.filter((peer) => peer.index !== index && network.isReachable(peer)).map((peer) => ({ overlayHex: peer.overlayHex, fullNode: true, chain: peer.chain })),
        isolated: () => faults.isolated,
        storedChunks: () => store.size,
        swapEnabled: () => options.swapEnable ?? true,
      }),
    };
    network.register(node);
    nodes.push(node);
  }

  // Bandwidth accounting: whoever pushes a chunk to a peer, or retrieves one from it, owes that peer its price.
  network.onServe = (debtor, creditor, addressHex) => {
    charge(debtor.chain, creditor.chain, chunkPrice(beeProximity(creditor.overlay, hexToBytes(addressHex))), chainTimeMs(chain));
  };
  seedSwapHistory(
    nodes.map((n) => n.chain),
    chainTimeMs(chain),
  );

  const control = new DevnetControl(nodes, servers, gateways, chain, { authToken: options.token ?? null, corsOrigins: options.corsOrigins ?? [] });
  const onControl = controlHandler(control, { logFiles });
  const basePort = options.port ?? 0;
  for (const node of nodes) {
    const server = new NodeServer(node, router, onControl);
    const port = await server.listen(basePort === 0 ? 0 : basePort + node.index);
    node.apiUrl = `http://127.0.0.1:${port}`;
    servers.push(server);
    node.log.info('node', 'bee version', { version: DEVNET_BEE_VERSION });
    node.log.info('node', 'using overlay address', { address: node.overlayHex });
    node.log.info('node', 'using ethereum address', { address: node.ethAddress });
    node.log.info('node/api', 'starting api server', { address: node.apiUrl });
  }
  for (let i = 0; i < (options.gateways ?? 0); i++) {
    const gateway = new GatewayServer(i, network);
    await gateway.listen(basePort === 0 ? 0 : basePort + count + i);
    gateways.push(gateway);
  }

  const batchIds = giveEveryNodeABatch(nodes, chain, options.batchDepth ?? 22);
  // After the batches: they set the storage radius, which lays out the background peers.
  for (const node of nodes) seedBackgroundAccounts(node.chain, chainTimeMs(chain));
  chain.start();

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    chain.stop();
    network.stop();
    await Promise.all([...servers.map((s) => s.close()), ...gateways.map((g) => g.close())]);
    for (const node of nodes) node.log.info('node', 'shutting down');
    await Promise.all(nodes.map((n) => n.log.close()));
    if (removeLogsOnStop) await rm(logDir, { recursive: true, force: true });
  };

  return {
    nodes: nodes.map((node) => ({
      index: node.index,
      url: node.apiUrl,
      overlay: node.overlayHex,
      ethAddress: node.ethAddress,
      logFile: logFiles[node.index]!,
      ...(batchIds[node.index] !== undefined ? { batchId: batchIds[node.index]! } : {}),
    })),
    gateways: gateways.map((g) => ({ url: g.url })),
    logDir,
    control,
    stop,
  };
}

/** The version string the devnet's /health reports, shaped like Bee's. */
export const DEVNET_BEE_VERSION = '2.8.1-devnet';

/** Days of life the batch each node starts with has (on the devnet's block time). */
export const STARTING_BATCH_DAYS = 30;

/** Buys one batch per node at the current block and mines the 10 blocks Bee waits before a batch is usable. */
function giveEveryNodeABatch(nodes: DevnetNode[], chain: SimChain, depth: number): (string | undefined)[] {
  if (depth === 0) return nodes.map(() => undefined);
  // 30 days of life on the devnet's own block time: comfortably past the 24 h stamp-TTL gate and the 7-day
  // planning horizon of the cockpit's Stamps screen, as a node in use would have bought.
  // (minimumValidityBlocks is a day of 5 s Gnosis blocks: at the devnet's 1 s blocks it is under 5 h.)
  // A fast chain (block-time under 1 s, to watch lottery rounds go by) gets the batch of a 1 s chain: 30 days of
  // 0.05 s blocks would cost more than a node's starting funds, and the node would not start at all.
  const lifetime = amountForSeconds(STARTING_BATCH_DAYS * 24 * 3600, chain.price, Math.max(chain.blockTimeMs, 1000));
  const minimum = minimumAmount(chain.price, chain.minimumValidityBlocks);
  const amount = lifetime > minimum ? lifetime : minimum;
  const ids = nodes.map((node) => {
    const bought = node.chain.postage.buy(amount, depth, true, 'devnet');
    if (!bought.ok) throw new Error(`devnet: node ${node.index} could not buy its batch: ${bought.message}`);
    node.log.info('node/postage', 'batch bought', { batchID: bought.value.batchID, depth });
    return bought.value.batchID;
  });
  chain.advance(10);
  return ids;
}
