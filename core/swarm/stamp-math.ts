/**
 * Postage-batch arithmetic (bee-api.md §6). Units, everywhere in this file:
 * - amounts and prices are PLUR as bigint (1 BZZ = 10^16 PLUR); an `amount` is PLUR *per chunk*,
 *   a `price` is PLUR per chunk per block (Bee's chainstate `currentPrice`);
 * - durations are whole seconds as bigint; block time is whole seconds as a number (Bee's default 5);
 * - capacities are bytes as number (exact: powers of two, or bee-js's integer breakpoints).
 */
import { InputError } from './input-error.js';
// Warning messages are read by people: amounts in them follow the cockpit's number rules (one place for them).
import { formatBzzApart, formatBzzExact, formatDuration } from '../cockpit/format.js';

export const PLUR_PER_BZZ = 10n ** 16n;
export const BUCKET_DEPTH = 16;
/** Bee's API refuses shallower batches (the contract requires depth > bucket depth). */
export const MIN_BATCH_DEPTH = 17;
/** The contract stores depth as uint8. */
export const MAX_BATCH_DEPTH = 255;
export const DEFAULT_BLOCK_TIME_SECONDS = 5;
/** The contract's minimum validity at purchase: 17 280 blocks ≈ 24 h at 5 s. */
export const MINIMUM_VALIDITY_BLOCKS = 17_280n;
const CHUNK_PAYLOAD_BYTES = 4096;

/**
 * bee-js `getStampEffectiveBytes` breakpoints (docs.ethswarm.org effective-utilisation table, tuned for
 * encrypted, medium-redundancy uploads), in bytes. Deeper batches use 90 % of theoretical.
 */
const EFFECTIVE_BYTES_BY_DEPTH: ReadonlyMap<number, number> = new Map([
  [17, 40_890], [18, 6_090_000], [19, 102_490_000], [20, 628_910_000], [21, 2_380_000_000],
  [22, 7_070_000_000], [23, 18_240_000_000], [24, 43_040_000_000], [25, 96_500_000_000],
  [26, 208_520_000_000], [27, 435_980_000_000], [28, 908_810_000_000], [29, 1_870_000_000_000],
  [30, 3_810_000_000_000], [31, 7_730_000_000_000], [32, 15_610_000_000_000], [33, 31_430_000_000_000],
  [34, 63_150_000_000_000],
]);
const MAX_UTILIZATION = 0.9;

/** PLUR moved when buying (amount × 2^depth); also the cost of a top-up by `amount`. */
export function stampCost(depth: number, amount: bigint): bigint {
  assertDepth(depth);
  assertPlur(amount, 'amount');
  return amount << BigInt(depth);
}

/** Seconds a per-chunk balance lasts at `pricePerBlock`, rounded down (bee-js getStampDuration). */
export function ttlSeconds(amount: bigint, pricePerBlock: bigint, blockTimeSeconds: number): bigint {
  assertPlur(amount, 'amount');
  assertPrice(pricePerBlock);
  return (amount * BigInt(assertBlockTime(blockTimeSeconds))) / pricePerBlock;
}

/**
 * Bee's `estimateBatchTTL`: (value − chainstate.totalAmount) × blockTime / price, where `value` is the
 * batch's normalised balance from /batches. Negative once the batch has expired (Go's big.Int Div
 * floors, and so does this). Null where Bee answers −1: the price is not known yet (zero).
 */
export function batchTtlSeconds(state: { value: bigint; totalAmount: bigint; pricePerBlock: bigint; blockTimeSeconds: number }): bigint | null {
  if (state.pricePerBlock === 0n) return null;
  assertPrice(state.pricePerBlock);
  const numerator = (state.value - state.totalAmount) * BigInt(assertBlockTime(state.blockTimeSeconds));
  const quotient = numerator / state.pricePerBlock;
  return numerator < 0n && quotient * state.pricePerBlock !== numerator ? quotient - 1n : quotient;
}

/** Smallest per-chunk amount that lasts at least `seconds` (inverse of ttlSeconds). */
export function amountForSeconds(seconds: bigint, pricePerBlock: bigint, blockTimeSeconds: number): bigint {
  if (typeof seconds !== 'bigint' || seconds < 0n) throw new InputError('duration', String(seconds), 'a non-negative number of seconds');
  assertPrice(pricePerBlock);
  const blockTime = BigInt(assertBlockTime(blockTimeSeconds));
  return ceilDiv(seconds * pricePerBlock, blockTime);
}

/** The per-chunk balance implied by a TTL Bee reported (its batchTTL inverted), rounded down. */
export function remainingAmountFromTtl(ttl: bigint, pricePerBlock: bigint, blockTimeSeconds: number): bigint {
  if (ttl <= 0n) return 0n;
  assertPrice(pricePerBlock);
  return (ttl * pricePerBlock) / BigInt(assertBlockTime(blockTimeSeconds));
}

export function theoreticalCapacityBytes(depth: number): number {
  assertWholeDepth(depth);
  return CHUNK_PAYLOAD_BYTES * 2 ** depth;
}

/** Usable bytes as bee-js estimates them; 0 below depth 17 (Bee would refuse such a batch anyway). */
export function effectiveCapacityBytes(depth: number): number {
  assertWholeDepth(depth);
  if (depth < MIN_BATCH_DEPTH) return 0;
  return EFFECTIVE_BYTES_BY_DEPTH.get(depth) ?? Math.ceil(theoreticalCapacityBytes(depth) * MAX_UTILIZATION);
}

/** Slots per bucket, 2^(depth − 16): a bucket holding this many chunks is full. */
export function bucketUpperBound(depth: number): number {
  assertDepth(depth);
  return 2 ** (depth - BUCKET_DEPTH);
}

/** Fill of the fullest bucket, 0..1: Bee's `utilization` is that bucket's count, not an average. */
export function utilizationRatio(utilization: number, depth: number): number {
  if (!Number.isInteger(utilization) || utilization < 0) throw new InputError('utilization', String(utilization), 'a non-negative integer');
  return utilization / bucketUpperBound(depth);
}

/** Bucket of a chunk address: its first 16 bits. */
export function stampBucket(address: Uint8Array): number {
  if (!(address instanceof Uint8Array) || address.length < 2) throw new InputError('chunk address', String(address?.length), 'at least 2 bytes');
  return (address[0]! << 8) | address[1]!;
}

export interface DepthRow {
  depth: number;
  chunks: number;
  theoreticalBytes: number;
  effectiveBytes: number;
}

export function depthTable(minDepth = MIN_BATCH_DEPTH, maxDepth = 34): DepthRow[] {
  assertDepth(minDepth);
  assertDepth(maxDepth);
  if (maxDepth < minDepth) throw new InputError('depth range', `${minDepth}..${maxDepth}`, 'minDepth ≤ maxDepth');
  const rows: DepthRow[] = [];
  for (let depth = minDepth; depth <= maxDepth; depth++) {
    rows.push({ depth, chunks: 2 ** depth, theoreticalBytes: theoreticalCapacityBytes(depth), effectiveBytes: effectiveCapacityBytes(depth) });
  }
  return rows;
}

/** Exact decimal BZZ text for a PLUR amount, trailing zeros trimmed: 10^16 + 5 → "1.0000000000000005". */
export function formatPlurAsBzz(plur: bigint): string {
  const sign = plur < 0n ? '-' : '';
  const magnitude = plur < 0n ? -plur : plur;
  const whole = magnitude / PLUR_PER_BZZ;
  const fraction = (magnitude % PLUR_PER_BZZ).toString().padStart(16, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export interface PriceContext {
  /** chainstate currentPrice: PLUR per chunk per block */
  pricePerBlock: bigint;
  blockTimeSeconds: number;
}

export type PreviewWarningCode = 'belowMinimumValidity' | 'insufficientFunds' | 'shortTtl';
export interface PreviewWarning {
  code: PreviewWarningCode;
  message: string;
}

const DAY_SECONDS = 86_400n;

export interface BuyPreview {
  costPlur: bigint;
  costBzz: string;
  ttlSeconds: bigint;
  /** amount × price floor Bee enforces at purchase (minimumValidityBlocks × price) */
  minimumAmount: bigint;
  chunks: number;
  theoreticalBytes: number;
  effectiveBytes: number;
  warnings: PreviewWarning[];
}

/** POST /stamps/{amount}/{depth} before sending it: what it costs, lasts and holds, and why Bee might refuse. */
export function buyPreview(input: PriceContext & { depth: number; amount: bigint; walletPlur?: bigint; minimumValidityBlocks?: bigint }): BuyPreview {
  const costPlur = stampCost(input.depth, input.amount);
  const minimumAmount = (input.minimumValidityBlocks ?? MINIMUM_VALIDITY_BLOCKS) * input.pricePerBlock;
  const warnings: PreviewWarning[] = [];
  if (input.amount < minimumAmount) {
    warnings.push({
      code: 'belowMinimumValidity',
      message: `amount ${formatBzzExact(input.amount)}/chunk is below the 24 h minimum validity of ${formatBzzExact(minimumAmount)}/chunk; the node will refuse the purchase`,
    });
  }
  pushFundsWarning(warnings, costPlur, input.walletPlur);
  return {
    costPlur,
    costBzz: formatPlurAsBzz(costPlur),
    ttlSeconds: ttlSeconds(input.amount, input.pricePerBlock, input.blockTimeSeconds),
    minimumAmount,
    chunks: 2 ** input.depth,
    theoreticalBytes: theoreticalCapacityBytes(input.depth),
    effectiveBytes: effectiveCapacityBytes(input.depth),
    warnings,
  };
}

export interface TopupPreview {
  costPlur: bigint;
  costBzz: string;
  currentTtlSeconds: bigint;
  addedTtlSeconds: bigint;
  newTtlSeconds: bigint;
  newRemainingAmount: bigint;
  warnings: PreviewWarning[];
}

/**
 * PATCH /stamps/topup/{id}/{amount}. `remainingAmount` is the batch's unspent PLUR per chunk
 * (/batches value − chainstate totalAmount, or remainingAmountFromTtl of its batchTTL).
 */
export function topupPreview(input: PriceContext & { depth: number; remainingAmount: bigint; topupAmount: bigint; walletPlur?: bigint }): TopupPreview {
  if (typeof input.topupAmount !== 'bigint' || input.topupAmount <= 0n) {
    throw new InputError('top-up amount', String(input.topupAmount), 'a positive PLUR-per-chunk amount');
  }
  const remaining = assertPlur(input.remainingAmount, 'remaining amount');
  const costPlur = stampCost(input.depth, input.topupAmount);
  const warnings: PreviewWarning[] = [];
  pushFundsWarning(warnings, costPlur, input.walletPlur);
  const newRemainingAmount = remaining + input.topupAmount;
  const currentTtlSeconds = ttlSeconds(remaining, input.pricePerBlock, input.blockTimeSeconds);
  const newTtlSeconds = ttlSeconds(newRemainingAmount, input.pricePerBlock, input.blockTimeSeconds);
  return {
    costPlur,
    costBzz: formatPlurAsBzz(costPlur),
    currentTtlSeconds,
    addedTtlSeconds: newTtlSeconds - currentTtlSeconds,
    newTtlSeconds,
    newRemainingAmount,
    warnings,
  };
}

export interface DilutePreview {
  costPlur: bigint;
  currentTtlSeconds: bigint;
  newTtlSeconds: bigint;
  newRemainingAmount: bigint;
  theoreticalBytes: { current: number; next: number };
  effectiveBytes: { current: number; next: number };
  warnings: PreviewWarning[];
}

/**
 * PATCH /stamps/dilute/{id}/{depth}: free, doubles capacity per +1 depth, and the contract divides the
 * remaining per-chunk balance by 2^(newDepth − depth), halving the TTL per step.
 */
export function dilutePreview(input: PriceContext & { depth: number; newDepth: number; remainingAmount: bigint }): DilutePreview {
  assertDepth(input.depth);
  assertDepth(input.newDepth, 'new depth');
  if (input.newDepth <= input.depth) {
    throw new InputError('new depth', String(input.newDepth), `a depth greater than the current ${input.depth}`);
  }
  const remaining = assertPlur(input.remainingAmount, 'remaining amount');
  const newRemainingAmount = remaining >> BigInt(input.newDepth - input.depth);
  const newTtlSeconds = ttlSeconds(newRemainingAmount, input.pricePerBlock, input.blockTimeSeconds);
  const warnings: PreviewWarning[] = [];
  if (newTtlSeconds < DAY_SECONDS) {
    warnings.push({ code: 'shortTtl', message: `after diluting the batch would expire in ${formatDuration(Number(newTtlSeconds))}, under a day` });
  }
  return {
    costPlur: 0n,
    currentTtlSeconds: ttlSeconds(remaining, input.pricePerBlock, input.blockTimeSeconds),
    newTtlSeconds,
    newRemainingAmount,
    theoreticalBytes: { current: theoreticalCapacityBytes(input.depth), next: theoreticalCapacityBytes(input.newDepth) },
    effectiveBytes: { current: effectiveCapacityBytes(input.depth), next: effectiveCapacityBytes(input.newDepth) },
    warnings,
  };
}

export interface ExtendPreview {
  /** the top-up per chunk that buys at least `extraSeconds` */
  amount: bigint;
  costPlur: bigint;
  costBzz: string;
  addedTtlSeconds: bigint;
  warnings: PreviewWarning[];
}

/** "Keep this batch alive N seconds longer": the top-up it takes at today's price. */
export function extendPreview(input: PriceContext & { depth: number; extraSeconds: bigint; walletPlur?: bigint }): ExtendPreview {
  if (typeof input.extraSeconds !== 'bigint' || input.extraSeconds <= 0n) {
    throw new InputError('extension', String(input.extraSeconds), 'a positive number of seconds');
  }
  const amount = amountForSeconds(input.extraSeconds, input.pricePerBlock, input.blockTimeSeconds);
  const costPlur = stampCost(input.depth, amount);
  const warnings: PreviewWarning[] = [];
  pushFundsWarning(warnings, costPlur, input.walletPlur);
  return {
    amount,
    costPlur,
    costBzz: formatPlurAsBzz(costPlur),
    addedTtlSeconds: ttlSeconds(amount, input.pricePerBlock, input.blockTimeSeconds),
    warnings,
  };
}

function pushFundsWarning(warnings: PreviewWarning[], costPlur: bigint, walletPlur: bigint | undefined): void {
  if (walletPlur !== undefined && walletPlur < costPlur) {
    const [cost, held] = formatBzzApart(costPlur, walletPlur);
    warnings.push({ code: 'insufficientFunds', message: `costs ${cost} but the wallet holds ${held}` });
  }
}

export function assertDepth(depth: number, what = 'depth'): number {
  if (!Number.isInteger(depth) || depth < MIN_BATCH_DEPTH || depth > MAX_BATCH_DEPTH) {
    throw new InputError(what, String(depth), `an integer from ${MIN_BATCH_DEPTH} to ${MAX_BATCH_DEPTH}`);
  }
  return depth;
}

function assertWholeDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_BATCH_DEPTH) {
    throw new InputError('depth', String(depth), `an integer from 0 to ${MAX_BATCH_DEPTH}`);
  }
}

export function assertPlur(value: bigint, what: string): bigint {
  if (typeof value !== 'bigint' || value < 0n) throw new InputError(what, String(value), 'a non-negative PLUR amount (bigint)');
  return value;
}

function assertPrice(price: bigint): void {
  if (typeof price !== 'bigint' || price <= 0n) throw new InputError('price', String(price), 'a positive PLUR-per-chunk-per-block price');
}

function assertBlockTime(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds <= 0) throw new InputError('block time', String(seconds), 'a positive whole number of seconds');
  return seconds;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
