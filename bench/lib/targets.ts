/**
 * The node a run measures against:
 * - `devnet` (the embedded default): a one-node devnet on a free loopback port, with a batch bought through
 *   the node API (POST /stamps, then the simulated chain is advanced until the node says usable). run-all
 *   starts a fresh one per runner: the devnet keeps every chunk in memory, and a full run uploads a few GB per
 *   runner, so each runner gets the same empty node (and the same memory ceiling) instead of the leftovers of
 *   the runners before it.
 * - `bee`: the real Bee v2.8.1 loopback cluster (bee-cluster/, 2 full nodes, Anvil), with a depth-24 batch so a
 *   full run's uploads never fill a bucket; also started fresh for each runner (about 30 s). Bee pushes deferred
 *   uploads to its peer in the background, and that backlog slows every later direct upload (POST /chunks, /soc,
 *   and so the chunk-by-chunk rows): on this cluster 50 chunks one at a time took 2.7 s on a fresh node and 380 s
 *   after 220 MB of deferred uploads. One cluster for the whole run handed each runner the backlog of the runners
 *   before it.
 * - `external`: NODE_URL and NODE_BATCH_ID as given (a node you run yourself).
 */
import { createNodeClient } from '../../actors/node-client/index.js';
import { startDevnet } from '../../devnet/devnet.js';
import { startBeeCluster } from '../../bee-cluster/cluster.js';

export type TargetKind = 'devnet' | 'bee' | 'external';

export interface Target {
  readonly kind: TargetKind;
  readonly url: string;
  readonly batchId: string;
  readonly token: string | undefined;
  /** Shown in the report's runners table: what this node is. */
  readonly description: string;
  stop(): Promise<void>;
}

/** Depth of the batch the run buys: 2^24 chunks (64 GiB), 256 per bucket: a full run never fills one. */
export const BENCH_BATCH_DEPTH = 24;
/** PLUR per chunk: 4 × price 24000 × 17280 blocks, as bee-cluster buys (enough for Bee's 24 h minimum). */
export const BENCH_BATCH_AMOUNT = 1_658_880_000n;

export async function startDevnetTarget(log: (line: string) => void): Promise<Target> {
  const devnet = await startDevnet({ nodes: 1, port: 0, batchDepth: 0, swapEnable: false, storageIncentivesEnable: false });
  try {
    const url = devnet.nodes[0]!.url;
    const node = createNodeClient({ baseUrl: url });
    const { batchID } = await node.buyStamp(BENCH_BATCH_AMOUNT, BENCH_BATCH_DEPTH, { immutable: true, label: 'bench' });
    for (let i = 0; i < 60; i++) {
      const lookup = await node.stamp(batchID);
      if (lookup.found && lookup.batch.usable) break;
      devnet.control.advanceBlocks(10);
      if (i === 59) throw new Error(`batch ${batchID} never became usable on the devnet`);
    }
    log(`devnet node ${url}, batch ${batchID.slice(0, 8)}… (depth ${BENCH_BATCH_DEPTH}) bought and usable`);
    return {
      kind: 'devnet',
      url,
      batchId: batchID,
      token: undefined,
      description: 'embedded devnet (1 simulated Bee node in the bench process, chunks in memory, deferred uploads pushed after 500 ms)',
      stop: () => devnet.stop(),
    };
  } catch (err) {
    await devnet.stop();
    throw err;
  }
}

export async function startBeeTarget(log: (line: string) => void, signal?: AbortSignal): Promise<Target> {
  log('starting the real Bee cluster (2 full nodes, Anvil); the first run builds Bee (npm run bee:build)');
  const cluster = await startBeeCluster({ nodes: 2, batchDepth: BENCH_BATCH_DEPTH, log: (l) => log(`bee-cluster: ${l}`), ...(signal ? { signal } : {}) });
  const url = cluster.nodes[0]!.url;
  log(`Bee node ${url}, batch ${cluster.batchId.slice(0, 8)}… (depth ${BENCH_BATCH_DEPTH})`);
  return {
    kind: 'bee',
    url,
    batchId: cluster.batchId,
    token: undefined,
    description: 'real Bee v2.8.1 (2 full nodes on loopback, Anvil chain); uploads deferred, chunks stored on disk',
    stop: () => cluster.stop(),
  };
}

export function externalTarget(env: NodeJS.ProcessEnv): Target {
  return {
    kind: 'external',
    url: (env.NODE_URL ?? 'http://localhost:1633').replace(/\/+$/, ''),
    batchId: (env.NODE_BATCH_ID ?? '').trim().toLowerCase(),
    token: env.NODE_TOKEN || undefined,
    description: `external node ${env.NODE_URL ?? 'http://localhost:1633'}`,
    stop: async () => {},
  };
}
