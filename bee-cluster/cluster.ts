/**
 * A real Bee cluster on loopback, no Docker: Anvil with the Swarm contracts, N funded full nodes
 * meshed by POST /connect, and one usable postage batch. This is the final judge for anything the
 * simulated devnet only imitates. Every process runs in its own group; stop() kills them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil, type AnvilInstance } from './anvil.js';
import { BeeNodeExited, startBeeNode, waitForAddresses, waitForReadiness, type BeeAddresses, type BeeNode } from './bee-node.js';
import { ensureBeeBinary } from './bee-binary.js';
import { loadContractArtifacts } from './contract-artifacts.js';
import { deploySwapContracts, deploySwarmContracts, fundWallets, type DeployedContracts, type SwapContracts } from './deploy-contracts.js';
import { freePort, killManagedNow, stopManaged, type ManagedProcess } from './processes.js';
import { buyUsableBatch, meshNodes, waitForBatchOnEveryNode } from './cluster-setup.js';

export interface BeeClusterOptions {
  nodes?: number;
  /** Postage batch depth (>= 17). */
  batchDepth?: number;
  /** Per-chunk batch amount in PLUR; default: 4x the contract's 24h minimum at the set price. */
  batchAmount?: bigint;
  /** Where data dirs and logs go; default a fresh directory under the OS temp dir. */
  workDir?: string;
  /** Keep workDir after stop() (logs, data). Default false. */
  keepWorkDir?: boolean;
  beeBinary?: string;
  verbosity?: string;
  /** Progress lines (stderr in the bin); default silent. */
  log?: (line: string) => void;
  /** Aborting during startup kills every process started so far and rejects. */
  signal?: AbortSignal;
  /**
   * Bee's --swap-enable (default false): with it the cluster deploys a chequebook factory and a swap price
   * oracle, and every node deploys a chequebook holding SWAP_INITIAL_DEPOSIT, so cheques flow with traffic.
   */
  swapEnable?: boolean;
  /** Bee's --storage-incentives-enable (default false): the redistribution agent runs (/redistributionstate, /rchash). */
  storageIncentivesEnable?: boolean;
}

export interface BeeClusterNodeInfo {
  url: string;
  overlay: string;
}

export interface BeeClusterInfo {
  nodes: BeeClusterNodeInfo[];
  batchId: string;
  anvilUrl: string;
}

export interface BeeCluster extends BeeClusterInfo {
  workDir: string;
  /** Process-group leaders (anvil, bee-0, …) so callers can verify listen addresses and teardown. */
  processes: Array<{ name: string; pid: number }>;
  /** Contract addresses on the Anvil chain, price and start block. */
  contracts: DeployedContracts;
  /** The chequebook factory and swap price oracle, when swap is on. */
  swapContracts: SwapContracts | null;
  stop(): Promise<void>;
}

export const CLUSTER_CHAIN_ID = 1337;
const BLOCK_TIME_SECONDS = 1;
const STORAGE_PRICE = 24_000;
const MINIMUM_BUCKET_DEPTH = 16;
const NODE_WEI = 10n ** 20n; // 100 ETH of gas money
const NODE_PLUR = 10n ** 22n; // 1,000,000 BZZ (16 decimals)
/** What each node deposits into its chequebook with swap on: 10 xBZZ, as the devnet does. */
export const SWAP_INITIAL_DEPOSIT = 10n ** 17n;

export async function startBeeCluster(options: BeeClusterOptions = {}): Promise<BeeCluster> {
  const count = options.nodes ?? 3;
  if (!Number.isInteger(count) || count < 1) throw new Error(`nodes must be a positive integer, got ${count}`);
  const log = options.log ?? (() => {});
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'bee-cluster-'));
  const started: ManagedProcess[] = [];
  // If the caller never gets to stop() (crash, worker exit), still leave no process behind.
  const onExit = () => started.forEach(killManagedNow);
  process.on('exit', onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Nodes first (they hold RPC connections to Anvil), in parallel; then the chain.
    await Promise.all(started.filter((p) => p.name !== 'anvil').map((p) => stopManaged(p)));
    await Promise.all(started.filter((p) => p.name === 'anvil').map((p) => stopManaged(p)));
    process.off('exit', onExit);
    options.signal?.removeEventListener('abort', onAbort);
    if (!options.keepWorkDir) rmSync(workDir, { recursive: true, force: true });
  };

  // Killing the processes makes every pending wait fail fast (the nodes' liveness is checked in each poll).
  const onAbort = () => started.forEach(killManagedNow);
  options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    options.signal?.throwIfAborted();
    const t0 = Date.now();
    const since = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
    // Each progress line is also a checkpoint: an abort stops the sequence there.
    const step = (line: string) => {
      options.signal?.throwIfAborted();
      log(`[${since()}] ${line}`);
    };
    const [binary, artifacts] = await Promise.all([options.beeBinary ?? ensureBeeBinary(log), loadContractArtifacts()]);
    step(`bee binary ${binary}; contract artifacts loaded`);

    const anvil: AnvilInstance = await startAnvil({ workDir, chainId: CLUSTER_CHAIN_ID, blockTimeSeconds: BLOCK_TIME_SECONDS });
    started.push(anvil.process);
    step(`anvil at ${anvil.url}`);

    const contracts = await deploySwarmContracts(anvil.rpc, artifacts, { networkId: CLUSTER_CHAIN_ID, price: STORAGE_PRICE, minimumBucketDepth: MINIMUM_BUCKET_DEPTH });
    step(`contracts deployed: postage ${contracts.postageStamp} at block ${contracts.postageStartBlock}, price ${contracts.price}`);
    const swapContracts = options.swapEnable ? await deploySwapContracts(anvil.rpc, artifacts, contracts) : null;
    if (swapContracts) step(`swap contracts deployed: factory ${swapContracts.factory}, price oracle ${swapContracts.priceOracle}`);

    const chain = {
      rpcUrl: anvil.url,
      networkId: CLUSTER_CHAIN_ID,
      blockTimeSeconds: BLOCK_TIME_SECONDS,
      postageStamp: contracts.postageStamp,
      postageStartBlock: contracts.postageStartBlock,
      staking: contracts.staking,
      redistribution: contracts.redistribution,
      bzzToken: contracts.bzzToken,
      ...(swapContracts ? { swap: { ...swapContracts, initialDeposit: SWAP_INITIAL_DEPOSIT } } : {}),
      storageIncentives: options.storageIncentivesEnable === true,
    };
    // freePort() closes its probe before Bee binds, so a port can be taken in between by another process (tests
    // run in parallel); Bee then exits saying so, and the node is started again on new ports.
    const launch = async (i: number): Promise<{ node: BeeNode; addresses: BeeAddresses }> => {
      for (let attempt = 1; ; attempt++) {
        const [apiPort, p2pPort] = [await freePort(), await freePort()];
        const node = startBeeNode({ binary, name: `bee-${i}`, workDir, apiPort, p2pPort, password: 'bee-cluster-password', verbosity: options.verbosity, chain });
        started.push(node.process);
        try {
          // The API listener comes up before chain sync, so the wallet address is known early enough to fund.
          return { node, addresses: await waitForAddresses(node, 120_000) };
        } catch (err) {
          if (!(err instanceof BeeNodeExited && err.portTaken && attempt < 3)) throw err;
          log(`[${since()}] ${err.message}: starting bee-${i} again on new ports`);
        }
      }
    };
    const launched = await Promise.all(Array.from({ length: count }, (_, i) => launch(i)));
    const nodes = launched.map((l) => l.node);
    const addresses = launched.map((l) => l.addresses);
    await fundWallets(anvil.rpc, artifacts, contracts, addresses.map((a) => a.ethereum), { wei: NODE_WEI, plur: NODE_PLUR });
    step(`${count} nodes up and funded`);

    await Promise.all(nodes.map((n) => waitForReadiness(n, 180_000)));
    // Read again: before p2p is listening, /addresses can list no underlay at all.
    const ready = await Promise.all(nodes.map((n) => waitForAddresses(n, 30_000, (a) => a.underlay.length > 0)));
    step(`all nodes ready`);

    await meshNodes(nodes, ready, log);
    step(`nodes connected`);

    const amount = options.batchAmount ?? contracts.price * contracts.minimumValidityBlocks * 4n;
    const batchId = await buyUsableBatch(nodes[0]!, amount, options.batchDepth ?? 20);
    await waitForBatchOnEveryNode(nodes, batchId);
    step(`batch ${batchId} usable, and known to every node`);

    return {
      nodes: nodes.map((n, i) => ({ url: n.url, overlay: ready[i]!.overlay })),
      batchId,
      anvilUrl: anvil.url,
      workDir,
      processes: started.map((p) => ({ name: p.name, pid: p.child.pid ?? -1 })),
      contracts,
      swapContracts,
      stop,
    };
  } catch (err) {
    const aborted = options.signal?.aborted ?? false;
    // Keep the logs that explain a failure; an abort is not a failure.
    if (!aborted) options.keepWorkDir = true;
    await stop();
    throw new Error(aborted ? (err as Error).message : `${(err as Error).message} (logs in ${workDir})`, { cause: err });
  }
}
