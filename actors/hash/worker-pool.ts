/**
 * Parallel chunk-tree hashing of one file: worker threads hash 512 KiB runs (complete level-1 subtrees,
 * see subtree-plan.ts) and the calling thread appends their roots, strictly in file order, to one
 * ChunkTreeWriter at level 1. Each worker keeps two runs queued so it never waits for the main thread.
 * Memory stays bounded: a worker holds two 1 MiB read buffers; the main thread holds only the 32-byte
 * roots that arrived ahead of their turn.
 */
import { Worker } from 'node:worker_threads';
import type { ChunkAddresser } from '../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import type { RangeHash } from './hash-range.js';
import { SUBTREE_HEIGHT, subtreeCount, subtreeTask } from './subtree-plan.js';
import type { WorkerReply, WorkerTask } from './worker-protocol.js';

const RUNS_QUEUED_PER_WORKER = 2;

export interface ParallelHashOptions {
  threads: number;
  /** The compiled worker entry (hash-worker.js). */
  workerUrl: URL;
  /** Engine for the few intermediate chunks above level 1, hashed on this thread. */
  bmt: ChunkAddresser;
  signal?: AbortSignal;
}

export async function hashFileParallel(path: string, size: number, options: ParallelHashOptions): Promise<RangeHash> {
  const total = subtreeCount(size);
  const threads = Math.max(1, Math.min(options.threads, total));
  const workers = Array.from({ length: threads }, () => new Worker(options.workerUrl));
  const exited = new Set<Worker>();
  for (const worker of workers) worker.once('exit', () => exited.add(worker));
  const writer = new ChunkTreeWriter({ bmt: options.bmt });
  const arrived = new Map<number, RangeHash>();
  let nextToSend = 0;
  let nextToAppend = 0;

  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      options.signal?.addEventListener('abort', () => fail(new Error('hashing cancelled')), { once: true });
      if (options.signal?.aborted) return fail(new Error('hashing cancelled'));

      const send = (worker: Worker) => {
        if (nextToSend >= total) return;
        const task: WorkerTask = { path, ...subtreeTask(size, nextToSend++) };
        worker.postMessage(task);
      };

      for (const worker of workers) {
        worker.on('error', fail);
        worker.on('exit', (code) => {
          if (nextToAppend < total) fail(new Error(`hash worker exited early (code ${code})`));
        });
        worker.on('message', (reply: WorkerReply) => {
          if (reply.error !== undefined) return fail(new Error(reply.error));
          arrived.set(reply.index, { reference: reply.reference, span: reply.span });
          // Roots must reach the writer in file order; later ones wait in `arrived`.
          for (let ready = arrived.get(nextToAppend); ready; ready = arrived.get(nextToAppend)) {
            arrived.delete(nextToAppend++);
            writer.appendSubtree(ready.reference, ready.span, SUBTREE_HEIGHT);
          }
          if (nextToAppend === total) return resolve();
          send(worker);
        });
        for (let i = 0; i < RUNS_QUEUED_PER_WORKER; i++) send(worker);
      }
    });
    return writer.finish();
  } finally {
    await Promise.all(workers.filter((worker) => !exited.has(worker)).map((worker) => stop(worker)));
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
