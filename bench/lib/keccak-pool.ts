/**
 * cpu.keccak.parallel for the Node.js runners: worker threads (one per core, started before timing) hash
 * every 4 KiB block of a shared copy of the fixture with the runner's own keccak256, each taking an equal
 * slice. `engine` picks the implementation the worker loads: this project's core (ts) or bee-js's (js). A worker
 * reports ready only after it has warmed its engine (keccak-worker.ts), so no timed hash pays for that.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type KeccakEngine = 'core' | 'bee-js';

export interface KeccakPool {
  readonly threads: number;
  /** Hashes every block of the shared data; resolves with the number of blocks hashed. */
  hashBlocks(shared: SharedArrayBuffer, blockBytes: number): Promise<number>;
  close(): Promise<void>;
}

export function toShared(data: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(data.length);
  new Uint8Array(shared).set(data);
  return shared;
}

export async function startKeccakPool(engine: KeccakEngine, threads = availableParallelism()): Promise<KeccakPool> {
  const url = new URL('./keccak-worker.js', import.meta.url);
  const workers = Array.from({ length: threads }, () => new Worker(url, { workerData: { engine } }));
  await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
    w.once('message', () => resolve());
    w.once('error', reject);
  })));
  const ask = (w: Worker, msg: unknown) =>
    new Promise<number>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      w.once('error', onError);
      w.once('message', (n: number) => {
        w.off('error', onError);
        resolve(n);
      });
      w.postMessage(msg);
    });
  return {
    threads,
    async hashBlocks(shared, blockBytes) {
      const blocks = Math.ceil(shared.byteLength / blockBytes);
      const per = Math.ceil(blocks / threads);
      const counts = await Promise.all(
        workers.map((w, i) => ask(w, { shared, blockBytes, from: i * per, to: Math.min(blocks, (i + 1) * per) })),
      );
      return counts.reduce((a, b) => a + b, 0);
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
