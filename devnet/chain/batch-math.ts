/**
 * Postage arithmetic as Bee and the postage contract do it (bee-api.md §6). All money is PLUR as bigint;
 * divisions truncate like the contract's integer math.
 */
import { BUCKET_DEPTH } from './constants.js';

/** Cost of buying (or topping up) `amount` PLUR per chunk for 2^depth chunk slots. */
export function batchCost(amountPerChunk: bigint, depth: number): bigint {
  return amountPerChunk * (1n << BigInt(depth));
}

/**
 * Seconds a batch has left: (value - totalAmount) * blockTime / price, Bee's estimateBatchTTL.
 * Block time is taken in milliseconds so sub-second devnet blocks still give sensible TTLs.
 * Returns -1 when the price is unknown (zero), as Bee does. Rounds toward minus infinity like Go's
 * big.Int Div, so a spent batch reads negative rather than 0.
 */
export function batchTtlSeconds(value: bigint, totalAmount: bigint, price: bigint, blockTimeMs: number): bigint {
  if (price <= 0n) return -1n;
  const numerator = (value - totalAmount) * BigInt(blockTimeMs);
  const denominator = price * 1000n;
  const quotient = numerator / denominator;
  return numerator < 0n && quotient * denominator !== numerator ? quotient - 1n : quotient;
}

/** Normalised balance after diluting from `fromDepth` to `toDepth`: the remaining per-chunk balance halves per +1. */
export function dilutedValue(value: bigint, totalAmount: bigint, fromDepth: number, toDepth: number): bigint {
  const remaining = value - totalAmount;
  return totalAmount + remaining / (1n << BigInt(toDepth - fromDepth));
}

/** Minimum per-chunk amount for a new batch: minimumValidityBlocks blocks at the current price. */
export function minimumAmount(price: bigint, minimumValidityBlocks: number): bigint {
  return price * BigInt(minimumValidityBlocks);
}

/** The collision bucket of a chunk address: its first 16 bits, big-endian. */
export function bucketOf(address: Uint8Array): number {
  return ((address[0] ?? 0) << 8) | (address[1] ?? 0);
}

/** Slots per bucket: 2^(depth - 16). */
export function bucketUpperBound(depth: number): number {
  return 2 ** (depth - BUCKET_DEPTH);
}

/**
 * Per-chunk amount that leaves a batch exactly `seconds` of life at `price`; the inverse of the TTL formula,
 * rounded up so the resulting TTL is not below `seconds`.
 */
export function amountForSeconds(seconds: number, price: bigint, blockTimeMs: number): bigint {
  const numerator = BigInt(Math.ceil(seconds * 1000)) * price;
  const denominator = BigInt(blockTimeMs);
  return (numerator + denominator - 1n) / denominator;
}
