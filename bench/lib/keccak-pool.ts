/**
 * cpu.keccak.parallel for the Node.js runners: one thread per core hashes every 4 KiB block of a shared copy of
 * the fixture with the runner's own keccak256: the calling thread and (cores − 1) worker threads, started and
 * warmed before timing, each claiming 8 blocks at a time from a shared counter (keccak-share.ts). `engine` picks
 * the implementation: this project's core (ts) or bee-js's (js). The calling thread hashes too, as a Go caller's
 * goroutine or a Rust caller's thread may: it would otherwise sit idle on a core waiting for replies.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hashClaimedBlocks, loadHash, warmHash, type KeccakEngine } from './keccak-share.js';

export type { KeccakEngine } from './keccak-share.js';

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
  const workers = Array.from({ length: Math.max(0, threads - 1) }, () => new Worker(url, { workerData: { engine } }));
  const hash = await loadHash(engine);
  warmHash(hash);
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
    threads: workers.length + 1,
    async hashBlocks(shared, blockBytes) {
      const control = new SharedArrayBuffer(4);
      const replies = workers.map((w) => ask(w, { shared, blockBytes, control }));
      const mine = hashClaimedBlocks(hash, shared, blockBytes, new Int32Array(control));
      const counts = await Promise.all(replies);
      return counts.reduce((a, b) => a + b, mine);
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
