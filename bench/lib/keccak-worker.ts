/**
 * Worker side of keccak-pool.ts: hashes blocks [from, to) of the shared data, replies with the count. Before it
 * says ready it hashes a few 4 KiB blocks itself, so the engine is picked, its WebAssembly compiled and its code
 * warm before the first timed hash (both engines alike: ours and bee-js's).
 */
import { parentPort, workerData } from 'node:worker_threads';

type Hash = (data: Uint8Array) => unknown;

async function loadHash(engine: string): Promise<Hash> {
  if (engine === 'bee-js') {
    const { Bytes } = await import('@ethersphere/bee-js');
    return (data) => Bytes.keccak256(data);
  }
  const { keccak256 } = await import('../../core/swarm/keccak.js');
  return (data) => keccak256(data);
}

const hash = await loadHash((workerData as { engine: string }).engine);
const WARM_BLOCKS = 64;
const warm = new Uint8Array(4096);
for (let i = 0; i < WARM_BLOCKS; i++) {
  warm[0] = i;
  hash(warm);
}
parentPort!.on('message', (msg: { shared: SharedArrayBuffer; blockBytes: number; from: number; to: number }) => {
  const data = new Uint8Array(msg.shared);
  let n = 0;
  for (let b = msg.from; b < msg.to; b++) {
    hash(data.subarray(b * msg.blockBytes, Math.min(data.length, (b + 1) * msg.blockBytes)));
    n++;
  }
  parentPort!.postMessage(n);
});
parentPort!.postMessage('ready');
