/**
 * Schemas for postage batches (bee-api.md §2.4, §6).
 */
import * as z from 'zod/mini';
import { bigDecimal, blockNumber, count, depth, hexString, list, nullableBigDecimal, ratio, ttlSeconds, txHash } from './common.js';

export const postageBatchSchema = z.lazy(() => z.object({
  batchID: hexString(64),
  /** Peak bucket fill (not an average). */
  utilization: count(),
  /** v2.8.1+: utilization / 2^(depth-16). */
  utilizationRatio: z.optional(ratio()),
  usable: z.boolean(),
  label: z.string(),
  depth: depth(),
  amount: nullableBigDecimal(),
  bucketDepth: depth(),
  blockNumber: blockNumber(),
  immutableFlag: z.boolean(),
  exists: z.optional(z.boolean()),
  /** Seconds; -1 when Bee cannot estimate it. */
  batchTTL: ttlSeconds(),
}));
export type PostageBatch = z.output<typeof postageBatchSchema>;

export const stampsSchema = z.lazy(() => z.object({ stamps: list(postageBatchSchema) }));

export const stampBucketsSchema = z.lazy(() => z.object({
  depth: depth(),
  bucketDepth: depth(),
  bucketUpperBound: count(),
  buckets: list(z.object({ bucketID: count(), collisions: count() })),
}));
export type StampBuckets = z.output<typeof stampBucketsSchema>;

/** POST /stamps, PATCH topup and dilute. */
export const batchTransactionSchema = z.lazy(() => z.object({ batchID: hexString(64), txHash: txHash() }));
export type BatchTransaction = z.output<typeof batchTransactionSchema>;

export const chainBatchSchema = z.lazy(() => z.object({
  batchID: hexString(64),
  value: bigDecimal(),
  start: blockNumber(),
  owner: z.string(),
  depth: depth(),
  bucketDepth: depth(),
  immutable: z.boolean(),
  batchTTL: ttlSeconds(),
}));
export type ChainBatch = z.output<typeof chainBatchSchema>;

export const batchesSchema = z.lazy(() => z.object({ batches: list(chainBatchSchema) }));
