/**
 * Schemas for postage batches (bee-api.md §2.4, §6).
 */
import { z } from 'zod';
import { bigDecimal, hexString, list, nullableBigDecimal, txHash } from './common.js';

export const postageBatchSchema = z.lazy(() => z.object({
  batchID: hexString(64),
  /** Peak bucket fill (not an average). */
  utilization: z.number(),
  /** v2.8.1+: utilization / 2^(depth-16). */
  utilizationRatio: z.number().optional(),
  usable: z.boolean(),
  label: z.string(),
  depth: z.number(),
  amount: nullableBigDecimal,
  bucketDepth: z.number(),
  blockNumber: z.number(),
  immutableFlag: z.boolean(),
  exists: z.boolean().optional(),
  /** Seconds; -1 when Bee cannot estimate it. */
  batchTTL: z.number(),
}));
export type PostageBatch = z.output<typeof postageBatchSchema>;

export const stampsSchema = z.lazy(() => z.object({ stamps: list(postageBatchSchema) }));

export const stampBucketsSchema = z.lazy(() => z.object({
  depth: z.number(),
  bucketDepth: z.number(),
  bucketUpperBound: z.number(),
  buckets: list(z.object({ bucketID: z.number(), collisions: z.number() })),
}));
export type StampBuckets = z.output<typeof stampBucketsSchema>;

/** POST /stamps, PATCH topup and dilute. */
export const batchTransactionSchema = z.lazy(() => z.object({ batchID: hexString(64), txHash: txHash }));
export type BatchTransaction = z.output<typeof batchTransactionSchema>;

export const chainBatchSchema = z.lazy(() => z.object({
  batchID: hexString(64),
  value: bigDecimal,
  start: z.number(),
  owner: z.string(),
  depth: z.number(),
  bucketDepth: z.number(),
  immutable: z.boolean(),
  batchTTL: z.number(),
}));
export type ChainBatch = z.output<typeof chainBatchSchema>;

export const batchesSchema = z.lazy(() => z.object({ batches: list(chainBatchSchema) }));
