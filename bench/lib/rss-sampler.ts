/**
 * Peak RSS sampled in-process every 100 ms (spec §4), from a worker thread: a timer on the main thread would
 * never fire while a CPU case keeps it busy. The worker reads the process-wide RSS and keeps the maximum (KiB)
 * in shared memory; the main thread resets it at the start of each iteration and reads it at the end.
 */
import { Worker } from 'node:worker_threads';

export const RSS_SAMPLE_MS = 100;

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const peak = new Int32Array(workerData.buffer);
const sample = () => {
  const kib = Math.floor(process.memoryUsage.rss() / 1024);
  for (;;) {
    const current = Atomics.load(peak, 0);
    if (kib <= current || Atomics.compareExchange(peak, 0, current, kib) === current) break;
  }
};
sample();
setInterval(sample, workerData.intervalMs);
`;

export interface RssSampler {
  /** Starts a new window at the current RSS. */
  reset(): void;
  /** Maximum RSS (MB, 10^6 bytes) seen since the last reset, including now. */
  peakMb(): number;
  stop(): Promise<void>;
}

export function startRssSampler(intervalMs = RSS_SAMPLE_MS): RssSampler {
  const buffer = new SharedArrayBuffer(4);
  const peak = new Int32Array(buffer);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { buffer, intervalMs } });
  worker.unref();
  const now = () => Math.floor(process.memoryUsage.rss() / 1024);
  const raise = (kib: number) => {
    if (kib > Atomics.load(peak, 0)) Atomics.store(peak, 0, kib);
  };
  return {
    reset: () => Atomics.store(peak, 0, now()),
    peakMb: () => {
      raise(now());
      return (Atomics.load(peak, 0) * 1024) / 1e6;
    },
    stop: async () => {
      await worker.terminate();
    },
  };
}
