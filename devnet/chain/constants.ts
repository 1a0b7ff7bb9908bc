/**
 * Protocol constants the simulated chain mirrors from Bee and the storage-incentives contracts
 * (see shared/reference/bee-api.md §6 and §8). Kept in one place so tests and routes agree.
 */

/** Postage bucket depth: 2^16 buckets, a chunk's bucket is the first 16 bits of its address. */
export const BUCKET_DEPTH = 16;
export const BUCKET_COUNT = 1 << BUCKET_DEPTH;
/** The API refuses shallower batches (the contract needs depth > bucket depth). */
export const MIN_BATCH_DEPTH = 17;
/** A batch becomes usable this many blocks after the block that created it. */
export const USABLE_AFTER_BLOCKS = 10;

/** Redistribution round and phase boundaries (block % ROUND_LENGTH). */
export const ROUND_LENGTH = 152;
export const REVEAL_START = 38;
export const CLAIM_START = 76;

/** Bee's default reserve capacity (chunks) before capacity doubling. */
export const RESERVE_CAPACITY = 2 ** 22;
/** Minimum stake: 10 BZZ in PLUR. */
export const MIN_STAKE = 10n ** 17n;
/** 1 BZZ = 10^16 PLUR. */
export const PLUR_PER_BZZ = 10n ** 16n;
/** Gas budget Bee wants for a round: 15 transactions of 250 000 gas. */
export const REDISTRIBUTION_GAS_UNITS = 15n * 250_000n;
/** Max proximity order Bee computes (PO of an address with itself). */
export const MAX_PO = 31;
/** Kademlia's nearest-neighbour low watermark used for the depth calculation. */
export const NN_LOW_WATERMARK = 3;
/** Bins nearer than the depth want at least this many connected peers ("saturated"). */
export const SATURATION_PEERS = 8;
