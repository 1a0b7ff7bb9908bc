/**
 * Parallel chunk-tree hashing of one file: the calling thread and `threads - 1` worker threads hash
 * 512 KiB runs (complete level-1 subtrees, see subtree-plan.ts) taken from one queue in file order, and
 * the calling thread appends their roots, strictly in file order, to one ChunkTreeWriter at level 1.
 * The calling thread hashes too, so a worker's start-up (a new isolate, module loading: ~50-100 ms of
 * CPU) is paid once fewer and is hidden behind useful work. Each worker keeps two runs queued so it
 * never waits for the calling thread. Memory stays bounded: every hashing thread holds two 1 MiB read
 * buffers; the calling thread also holds the 32-byte roots that arrived ahead of their turn.
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

export async function hashFileParallel(path: string, size: number, options: ParallelHashOptions): Promise<RangeHash> {
  const total = subtreeCount(size);
  const workerCount = Math.max(1, Math.min(options.threads, total) - 1);
  const workers = Array.from({ length: workerCount }, () => new Worker(options.workerUrl));
  const exited = new Set<Worker>();
  for (const worker of workers) worker.once('exit', () => exited.add(worker));
  const writer = new ChunkTreeWriter({ bmt: options.bmt });
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
      options.signal?.addEventListener('abort', () => fail(new Error('hashing cancelled')), { once: true });
      if (options.signal?.aborted) return fail(new Error('hashing cancelled'));

      const claim = (): number | undefined => (nextToClaim < total && !failed ? nextToClaim++ : undefined);
      const deliver = (index: number, result: RangeHash) => {
        arrived.set(index, result);
        // Roots must reach the writer in file order; later ones wait in `arrived`.
        for (let ready = arrived.get(nextToAppend); ready; ready = arrived.get(nextToAppend)) {
          arrived.delete(nextToAppend++);
          writer.appendSubtree(ready.reference, ready.span, SUBTREE_HEIGHT);
        }
        if (nextToAppend === total) resolve();
      };
      const send = (worker: Worker) => {
        const index = claim();
        if (index === undefined) return;
        const task: WorkerTask = { path, ...subtreeTask(size, index) };
        worker.postMessage(task);
      };

      for (const worker of workers) {
        worker.on('error', fail);
        worker.on('exit', (code) => {
          if (nextToAppend < total) fail(new Error(`hash worker exited early (code ${code})`));
        });
        worker.on('message', (reply: WorkerReply) => {
          if (reply.error !== undefined) return fail(new Error(reply.error));
          deliver(reply.index, { reference: reply.reference, span: reply.span });
          send(worker);
        });
        for (let i = 0; i < RUNS_QUEUED_PER_WORKER; i++) send(worker);
      }

      // This thread's share: whatever run is next in the queue, until the queue is empty.
      const hashRange = createRangeHasher(options.bmt);
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
    await Promise.all(workers.filter((worker) => !exited.has(worker)).map((worker) => stop(worker)));
    await file.close();
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
