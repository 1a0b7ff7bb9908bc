/**
 * The node a run measures against:
 * - `devnet` (the embedded default): a one-node devnet on a free loopback port, with a batch bought through
 *   the node API (POST /stamps, then the simulated chain is advanced until the node says usable). run-all
 *   starts a fresh one per runner, each in a child process of its own: the devnet keeps every chunk in memory,
 *   and a full run uploads a few GB per runner, so each runner gets the same empty node (and the same memory
 *   ceiling) instead of the leftovers of the runners before it (devnet-target-child.ts has the figures).
 * - `bee`: the real Bee v2.8.1 loopback cluster (bee-cluster/, 2 full nodes, Anvil), with a depth-24 batch so a
 *   full run's uploads never fill a bucket; also started fresh for each runner (about 30 s). Bee pushes deferred
 *   uploads to its peer in the background, and that backlog slows every later direct upload (POST /chunks, /soc,
 *   and so the chunk-by-chunk rows): on this cluster 50 chunks one at a time took 2.7 s on a fresh node and 380 s
 *   after 220 MB of deferred uploads. One cluster for the whole run handed each runner the backlog of the runners
 *   before it.
 * - `external`: NODE_URL and NODE_BATCH_ID as given (a node you run yourself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_BATCH_DEPTH } from './bench-batch.js';
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

export { BENCH_BATCH_AMOUNT, BENCH_BATCH_DEPTH } from './bench-batch.js';

/** How long a devnet child may take to start and have its batch usable before the run gives up. */
const DEVNET_START_MS = 60_000;

/**
 * A one-node devnet in a child process of its own (bench/lib/devnet-target-child.ts says why), with a usable
 * depth-24 batch. Its stderr is passed through; stop() ends it with SIGTERM and waits for it to exit.
 */
export async function startDevnetTarget(log: (line: string) => void): Promise<Target> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./devnet-target-child.js', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const { url, batchId } = await firstJsonLine(child, DEVNET_START_MS);
    log(`devnet node ${url} (pid ${child.pid}), batch ${batchId.slice(0, 8)}… (depth ${BENCH_BATCH_DEPTH}) bought and usable`);
    return {
      kind: 'devnet',
      url,
      batchId,
      token: undefined,
      description: 'embedded devnet (1 simulated Bee node in a fresh child process per runner, chunks in memory, deferred uploads pushed after 500 ms)',
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The child's ready line, or why it never came (it exited, or the deadline passed). */
function firstJsonLine(child: ChildProcess, timeoutMs: number): Promise<{ url: string; batchId: string }> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => finish(new Error(`the devnet target did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (data: Buffer) => {
      buffered += data.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      try {
        const ready = JSON.parse(buffered.slice(0, newline)) as { url: string; batchId: string };
        finish(undefined, ready);
      } catch {
        finish(new Error(`the devnet target printed ${JSON.stringify(buffered.slice(0, newline))}, not its ready line`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => finish(new Error(`the devnet target exited (${signal ?? code}) before it was ready`));
    function finish(error: Error | undefined, ready?: { url: string; batchId: string }) {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(ready!);
    }
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
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
