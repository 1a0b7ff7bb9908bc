/**
 * Worker side of keccak-pool.ts: warms its engine before it says ready (keccak-share.ts), then for each job
 * hashes the blocks it claims from the shared counter and replies with how many it hashed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { hashClaimedBlocks, loadHash, warmHash, type KeccakEngine } from './keccak-share.js';

const hash = await loadHash((workerData as { engine: KeccakEngine }).engine);
warmHash(hash);
parentPort!.on('message', (msg: { shared: SharedArrayBuffer; blockBytes: number; control: SharedArrayBuffer }) => {
  parentPort!.postMessage(hashClaimedBlocks(hash, msg.shared, msg.blockBytes, new Int32Array(msg.control)));
});
parentPort!.postMessage('ready');
