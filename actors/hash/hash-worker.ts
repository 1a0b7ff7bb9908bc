/**
 * Worker-thread entry: hashes the file runs the pool sends, one at a time in arrival order, each with
 * this thread's own BMT engine, and answers with the run's root and span (or an error message). The pool
 * may live long (the cockpit keeps one warm), so the open file is tied to the job, not to the path.
 * A `null` message ends the worker after the queued runs.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { createBmtEngine } from '../../core/swarm/fast-bmt.js';
import { createRangeHasher } from './hash-range.js';
import type { WorkerReply, WorkerTask } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('hash-worker.js runs as a worker thread only');

const hashRange = createRangeHasher(createBmtEngine());
let file: { job: number; handle: FileHandle } | undefined;
let queue: Promise<void> = Promise.resolve();

async function fileFor(job: number, path: string): Promise<FileHandle> {
  if (file?.job !== job) {
    await file?.handle.close();
    file = undefined;
    file = { job, handle: await open(path, 'r') };
  }
  return file.handle;
}

async function run(task: WorkerTask): Promise<WorkerReply> {
  try {
    const { reference, span } = await hashRange(await fileFor(task.job, task.path), task.offset, task.length);
    return { job: task.job, index: task.index, reference, span };
  } catch (error) {
    return { job: task.job, index: task.index, error: error instanceof Error ? error.message : String(error) };
  }
}

// `null` means no more work: close the file and let the thread end on its own.
port.on('message', (task: WorkerTask | null) => {
  queue = queue.then(async () => {
    if (task) return port.postMessage(await run(task));
    await file?.handle.close();
    port.close();
  });
});
