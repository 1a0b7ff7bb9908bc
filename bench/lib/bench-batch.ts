/** Depth of the batch the run buys: 2^24 chunks (64 GiB), 256 per bucket: a full run never fills one. */
export const BENCH_BATCH_DEPTH = 24;
/** PLUR per chunk: 4 × price 24000 × 17280 blocks, as bee-cluster buys (enough for Bee's 24 h minimum). */
export const BENCH_BATCH_AMOUNT = 1_658_880_000n;
