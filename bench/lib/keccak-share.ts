/**
 * The work both sides of keccak-pool.ts do: load a runner's keccak256 and warm it, then hash blocks of a shared
 * buffer, claiming a few blocks at a time from a shared counter (Atomics.add) until none are left. Claiming in
 * small steps instead of cutting equal slices up front keeps every thread busy to the end even when the OS
 * runs one of them late (a shared machine), and lets the calling thread hash alongside the workers.
 */
export type KeccakEngine = 'core' | 'bee-js';
/** keccak256 of each block given (a runner's own: ours takes many at once, bee-js's one at a time). */
export type Hash = (blocks: Uint8Array[]) => unknown;

/** Blocks claimed per Atomics.add: 8 × 4 KiB, about 80 µs of hashing, so claims cost nothing measurable. */
export const CLAIM_BLOCKS = 8;
const WARM_BLOCKS = 64;

export async function loadHash(engine: KeccakEngine): Promise<Hash> {
  if (engine === 'bee-js') {
    const { Bytes } = await import('@ethersphere/bee-js');
    return (blocks) => blocks.map((b) => Bytes.keccak256(b));
  }
  const { keccak256Each } = await import('../../core/swarm/keccak.js');
  return (blocks) => keccak256Each(blocks);
}

/** Hashes a few 4 KiB blocks, so the engine is picked, its WebAssembly compiled and its code warm. */
export function warmHash(hash: Hash): void {
  const warm = Array.from({ length: WARM_BLOCKS }, (_, i) => new Uint8Array(4096).fill(i));
  for (let i = 0; i < WARM_BLOCKS; i += CLAIM_BLOCKS) hash(warm.slice(i, i + CLAIM_BLOCKS));
}

/** Hashes the blocks this thread claims from `next` (control[0]); returns how many it hashed. */
export function hashClaimedBlocks(hash: Hash, shared: SharedArrayBuffer, blockBytes: number, control: Int32Array): number {
  const data = new Uint8Array(shared);
  const blocks = Math.ceil(data.length / blockBytes);
  let n = 0;
  for (;;) {
    const from = Atomics.add(control, 0, CLAIM_BLOCKS);
    if (from >= blocks) return n;
    const to = Math.min(blocks, from + CLAIM_BLOCKS);
    const claimed: Uint8Array[] = [];
    for (let b = from; b < to; b++) claimed.push(data.subarray(b * blockBytes, Math.min(data.length, (b + 1) * blockBytes)));
    hash(claimed);
    n += to - from;
  }
}
