/**
 * Fixed memory layout of the keccak kernel (one 64 KiB page, never grown, so JavaScript views of it stay
 * valid). The generator bakes these offsets into the code; the driver reads and writes the same places.
 */
export const KERNEL_LAYOUT = {
  /** 24 round constants, 8 bytes each (scalar kernel). */
  roundConstants: 0,
  /** The same constants splatted into both 64-bit lanes, 16 bytes each (SIMD kernel). */
  roundConstantsX2: 256,
  /** Keccak state: 25 lanes of 8 bytes (scalar) or of 16 bytes holding two independent states (SIMD). */
  state: 1024,
  /** Driver area: roots of all-zero BMT subtrees, levels 0..7, 32 bytes each. */
  zeroHashes: 1536,
  /** Driver area: the 8-byte span of the chunk being addressed. */
  span: 2048,
  /** Driver area: the 32-byte chunk address written by hash_span. */
  address: 2080,
  /** Driver area: the 4096-byte BMT buffer, hashed level by level in place. */
  payload: 4096,
  pages: 1,
} as const;

/** Exported names of the kernel functions. */
export const KERNEL_EXPORTS = {
  memory: 'memory',
  /** hash_pairs(ptr, count): keccak256 of each 64-byte pair at ptr+64i written to ptr+32i, in place. */
  hashPairs: 'hash_pairs',
  /** hash_span(spanPtr, rootPtr, outPtr): keccak256(span(8) ‖ root(32)) written to outPtr. */
  hashSpan: 'hash_span',
} as const;

/**
 * Memory layout of the keccak sponge kernel (sponge-program.ts): its own module and page, so a BMT in progress
 * and a sponge never share state. Round constants and state sit where the BMT kernel keeps them (the same
 * permutation code reads them); the rest of the page is the input buffer, a whole number of 136-byte blocks.
 */
export const SPONGE_LAYOUT = {
  roundConstants: KERNEL_LAYOUT.roundConstants,
  /** Round constants in both 64-bit lanes (the two-message kernel). */
  roundConstantsX2: KERNEL_LAYOUT.roundConstantsX2,
  state: KERNEL_LAYOUT.state,
  /** keccak256's rate: 136 bytes (17 lanes) per block. */
  rate: 136,
  /** Input blocks, written by the driver and absorbed in place. */
  input: 2048,
  /** 466 blocks = 63,376 bytes, the most that fits in the page after `input`. */
  inputBlocks: 466,
  pages: 1,
} as const;

/** Exported names of the sponge kernel. */
export const SPONGE_EXPORTS = {
  memory: 'memory',
  /** absorb(ptr, blocks): XORs each 136-byte block at ptr into the state and permutes. */
  absorb: 'absorb',
  /** absorb2(ptrA, ptrB, blocks): the same for two messages at once, one per 64-bit half of each lane. */
  absorbPair: 'absorb2',
} as const;
