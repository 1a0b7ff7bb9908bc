/**
 * Parallel chunk-tree hashing: the calling thread and `threads - 1` worker threads hash 512 KiB runs
 * (complete level-1 subtrees, see subtree-plan.ts) taken from one queue in file order, and the calling thread
 * appends their roots, strictly in file order, to one ChunkTreeWriter at level 1. The calling thread hashes
 * too, so one worker start-up fewer is paid. Each worker keeps two runs queued so it never waits for the
 * calling thread. Memory stays bounded: every hashing thread holds two 1 MiB read buffers; the calling
 * thread also holds the 32-byte roots that arrived ahead of their turn.
 *
 * A HashPool keeps its workers between files: a worker's start-up (a new isolate, module loading, the
 * WebAssembly kernel: ~50-100 ms of CPU) is paid once per pool, not once per file. `hashFileParallel`
 * makes a pool for one file (the CLI); a long-running surface keeps one (`createHashPool`).
 */
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { ChunkAddresser } from '../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import { createRangeHasher, type RangeHash } from './hash-range.js';
import { SUBTREE_HEIGHT, subtreeCount, subtreeTask } from './subtree-plan.js';
import type { WorkerReply, WorkerTask } from './worker-protocol.js';

const RUNS_QUEUED_PER_WORKER = 2;

export interface ParallelHashOptions {
  /** Hashing threads including the calling one (so `threads - 1` workers are started). */
  threads: number;
  /** The compiled worker entry (hash-worker.js). */
  workerUrl: URL;
  /** Engine for this thread's runs and the few intermediate chunks above level 1. */
  bmt: ChunkAddresser;
  signal?: AbortSignal;
}

export interface HashPool {
  /** Hashing threads including the calling one. */
  readonly threads: number;
  /** One file at a time; concurrent calls queue. */
  hash(path: string, size: number, bmt: ChunkAddresser, signal?: AbortSignal): Promise<RangeHash>;
  close(): Promise<void>;
}

/** What the pool's permanent worker listeners report to the file being hashed. */
interface JobSink {
  reply(worker: Worker, reply: WorkerReply): void;
  fail(error: Error): void;
}

export function createHashPool(options: { threads: number; workerUrl: URL }): HashPool {
  const workers = Array.from({ length: Math.max(1, options.threads - 1) }, () => new Worker(options.workerUrl));
  const exited = new Set<Worker>();
  let current: JobSink | undefined;
  let closing = false;
  let broken: Error | undefined;
  let jobs = 0;
  let queue: Promise<unknown> = Promise.resolve();

  for (const worker of workers) {
    worker.on('message', (reply: WorkerReply) => current?.reply(worker, reply));
    worker.on('error', (error) => {
      broken ??= error;
      current?.fail(error);
    });
    worker.on('exit', (code) => {
      exited.add(worker);
      if (!closing) {
        broken ??= new Error(`hash worker exited early (code ${code})`);
        current?.fail(broken);
      }
    });
  }

  const hashOne = async (path: string, size: number, bmt: ChunkAddresser, signal?: AbortSignal): Promise<RangeHash> => {
    if (broken) throw broken;
    const job = ++jobs;
    const total = subtreeCount(size);
    const writer = new ChunkTreeWriter({ bmt });
    const arrived = new Map<number, RangeHash>();
    let nextToClaim = 0;
    let nextToAppend = 0;
    let failed: Error | undefined;
    const file = await open(path, 'r');
    try {
      await new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => {
          failed ??= error;
          reject(error);
        };
        const onAbort = () => fail(new Error('hashing cancelled'));
        signal?.addEventListener('abort', onAbort, { once: true });
        if (signal?.aborted) return fail(new Error('hashing cancelled'));

        const claim = (): number | undefined => (nextToClaim < total && !failed ? nextToClaim++ : undefined);
        const deliver = (index: number, result: RangeHash) => {
          arrived.set(index, result);
          // Roots must reach the writer in file order; later ones wait in `arrived`.
          for (let ready = arrived.get(nextToAppend); ready; ready = arrived.get(nextToAppend)) {
            arrived.delete(nextToAppend++);
            writer.appendSubtree(ready.reference, ready.span, SUBTREE_HEIGHT);
          }
          if (nextToAppend === total) {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }
        };
        const send = (worker: Worker) => {
          const index = claim();
          if (index === undefined) return;
          const task: WorkerTask = { job, path, ...subtreeTask(size, index) };
          worker.postMessage(task);
        };
        current = {
          reply: (worker, reply) => {
            if (failed || reply.job !== job) return;
            if (reply.error !== undefined) return fail(new Error(reply.error));
            deliver(reply.index, { reference: reply.reference, span: reply.span });
            send(worker);
          },
          fail,
        };
        for (const worker of workers) for (let i = 0; i < RUNS_QUEUED_PER_WORKER; i++) send(worker);

        // This thread's share: whatever run is next in the queue, until the queue is empty.
        const hashRange = createRangeHasher(bmt);
        void (async () => {
          for (let index = claim(); index !== undefined; index = claim()) {
            const { offset, length } = subtreeTask(size, index);
            deliver(index, await hashRange(file, offset, length));
          }
        })().catch(fail);
      });
      return writer.finish();
    } finally {
      failed ??= new Error('finished');
      current = undefined;
      await file.close();
    }
  };

  return {
    threads: workers.length + 1,
    hash(path, size, bmt, signal) {
      // One file at a time: the workers' queues and the root order belong to one job.
      const result = queue.then(() => hashOne(path, size, bmt, signal));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      closing = true;
      await queue;
      await Promise.all(workers.filter((worker) => !exited.has(worker)).map((worker) => stop(worker)));
    },
  };
}

/** One file on a pool made for it (workers started and stopped around the file). */
export async function hashFileParallel(path: string, size: number, options: ParallelHashOptions): Promise<RangeHash> {
  const pool = createHashPool({ threads: Math.max(2, Math.min(options.threads, subtreeCount(size))), workerUrl: options.workerUrl });
  try {
    return await pool.hash(path, size, options.bmt, options.signal);
  } finally {
    await pool.close();
  }
}

/** Asks a worker to close its file and end; terminates it if it does not end promptly. */
function stop(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate(), 2000);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage(null);
  });
}
