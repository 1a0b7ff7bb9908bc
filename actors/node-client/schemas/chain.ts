/**
 * Schemas for chain, reserve, redistribution, wallet, stake and transaction endpoints (bee-api.md §2.1, §2.2, §8).
 */
import * as z from 'zod/mini';
import { builtOnFirstUse, bigDecimal, blockNumber, count, depth, list, nonNegative, nullableBigDecimal } from './common.js';

export const chainStateSchema = z.lazy(() => z.object({
  chainTip: blockNumber(),
  block: blockNumber(),
  totalAmount: bigDecimal(),
  currentPrice: bigDecimal(),
  /** New in v2.8.1, omitted when zero. */
  minimumValidityBlocks: z.optional(count()),
}));
export type ChainState = z.output<typeof chainStateSchema>;

export const reserveStateSchema = z.lazy(() => z.object({
  radius: depth(),
  storageRadius: depth(),
  commitment: count(),
  /** Since v2.7. */
  reserveCapacityDoubling: z.optional(depth()),
}));
export type ReserveState = z.output<typeof reserveStateSchema>;

export const redistributionStateSchema = z.lazy(() => z.object({
  minimumGasFunds: nullableBigDecimal(),
  hasSufficientFunds: z.boolean(),
  isFrozen: z.boolean(),
  isFullySynced: z.boolean(),
  isHealthy: z.optional(z.boolean()),
  phase: z.string(),
  round: count(),
  lastWonRound: count(),
  lastPlayedRound: count(),
  lastFrozenRound: count(),
  lastSelectedRound: count(),
  /** Named `lastSampleDuration` in v2.0; both are optional so either release validates. */
  lastSampleDurationSeconds: z.optional(nonNegative()),
  lastSampleDuration: z.optional(nonNegative()),
  block: blockNumber(),
  reward: nullableBigDecimal(),
  fees: nullableBigDecimal(),
}));
export type RedistributionState = z.output<typeof redistributionStateSchema>;

const postageProofSchema = builtOnFirstUse(() => z.object({
  signature: z.string(),
  postageId: z.string(),
  index: z.string(),
  timeStamp: z.string(),
}));

const socProofSchema = builtOnFirstUse(() => z.object({
  signer: z.string(),
  signature: z.string(),
  identifier: z.string(),
  chunkAddr: z.string(),
}));

const rchashProofSchema = builtOnFirstUse(() => z.object({
  chunkSpan: count(),
  proofSegments: list(z.string()),
  proveSegment: z.string(),
  proofSegments2: list(z.string()),
  proveSegment2: z.string(),
  proofSegments3: list(z.string()),
  postageProof: postageProofSchema(),
  socProof: list(socProofSchema()),
}));

export const rchashSchema = z.lazy(() => z.object({
  hash: z.string(),
  durationSeconds: nonNegative(),
  proofs: z.optional(z.object({ proof1: rchashProofSchema(), proof2: rchashProofSchema(), proofLast: rchashProofSchema() })),
}));
export type RcHash = z.output<typeof rchashSchema>;

export const walletSchema = z.lazy(() => z.object({
  bzzBalance: nullableBigDecimal(),
  nativeTokenBalance: nullableBigDecimal(),
  chainID: count(),
  chequebookContractAddress: z.string(),
  walletAddress: z.string(),
}));
export type Wallet = z.output<typeof walletSchema>;

export const stakeSchema = z.lazy(() => z.object({ stakedAmount: nullableBigDecimal() }));
export type Stake = z.output<typeof stakeSchema>;

export const stakeWithdrawableSchema = z.lazy(() => z.object({ withdrawableAmount: nullableBigDecimal() }));
export type StakeWithdrawable = z.output<typeof stakeWithdrawableSchema>;

export const transactionInfoSchema = z.lazy(() => z.object({
  transactionHash: z.string(),
  to: z.string(),
  nonce: count(),
  gasPrice: nullableBigDecimal(),
  gasLimit: count(),
  gasTipBoost: z.optional(count()),
  gasTipCap: z.optional(nullableBigDecimal()),
  gasFeeCap: z.optional(nullableBigDecimal()),
  data: z.string(),
  created: z.string(),
  description: z.string(),
  value: nullableBigDecimal(),
}));
export type TransactionInfo = z.output<typeof transactionInfoSchema>;

export const pendingTransactionsSchema = z.lazy(() => z.object({ pendingTransactions: list(transactionInfoSchema) }));
