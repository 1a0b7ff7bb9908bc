/**
 * What an operator reads off Bee's storage price (GET /chainstate `currentPrice`, PLUR per chunk per block):
 * the price per chunk per day, the cost of keeping 1 GiB (2^18 chunks of 4 KiB, theoretical) for 30 days, and
 * the minimum per-chunk amount Bee accepts for a purchase (minimumValidityBlocks x price, 24 h at 5 s blocks).
 * Block time is Bee's default for Gnosis, 5 s (Bee computes batchTTL with it too; the API does not report it).
 */
import { DEFAULT_BLOCK_TIME_SECONDS, formatPlurAsBzz, MINIMUM_VALIDITY_BLOCKS } from '../swarm/stamp-math.js';

export const GIB_CHUNKS = 2n ** 18n;
export const MONTH_SECONDS = 30n * 86_400n;

export interface PriceFacts {
  pricePerChunkPerBlock: bigint;
  blockTimeSeconds: number;
  pricePerChunkPerDay: bigint;
  gibPerMonthPlur: bigint;
  gibPerMonthBzz: string;
  minimumValidityBlocks: number;
  minimumAmount: bigint;
}

export function priceFacts(pricePerBlock: bigint, minimumValidityBlocks?: number, blockTimeSeconds = DEFAULT_BLOCK_TIME_SECONDS): PriceFacts {
  const blocksPerDay = 86_400n / BigInt(blockTimeSeconds);
  const blocksPerMonth = MONTH_SECONDS / BigInt(blockTimeSeconds);
  const gibPerMonthPlur = pricePerBlock * blocksPerMonth * GIB_CHUNKS;
  const validity = minimumValidityBlocks ?? Number(MINIMUM_VALIDITY_BLOCKS);
  return {
    pricePerChunkPerBlock: pricePerBlock,
    blockTimeSeconds,
    pricePerChunkPerDay: pricePerBlock * blocksPerDay,
    gibPerMonthPlur,
    gibPerMonthBzz: formatPlurAsBzz(gibPerMonthPlur),
    minimumValidityBlocks: validity,
    minimumAmount: BigInt(validity) * pricePerBlock,
  };
}

/** Bee's `minimumGasFunds` is 15 transactions x 250 000 gas x its suggested gas price (storageincentives). */
export const MINIMUM_GAS_FUNDS_GAS = 15n * 250_000n;

export function gasPriceFromMinimumGasFunds(minimumGasFunds: bigint): bigint {
  return minimumGasFunds / MINIMUM_GAS_FUNDS_GAS;
}

/** wei -> gwei text with up to 9 decimals, trailing zeros dropped: 1500000000 -> "1.5". */
export function formatGwei(wei: bigint): string {
  const whole = wei / 1_000_000_000n;
  const fraction = (wei % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
