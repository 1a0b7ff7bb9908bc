/** `basefee`: the chain's fees through its RPC, or the gas price Bee suggests. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount, formatUnits } from '../format.js';
import { MINIMUM_GAS_FUNDS_GAS } from '../price-facts.js';
import type { VerbTextOf } from './verb-text.js';

const gwei = (wei: string): string => `${formatUnits(BigInt(wei), 9, 9)} gwei`;

export const verbText: VerbTextOf<OnceData<'basefee'>> = (_status, data) => {
  if (data.source === 'rpc') {
    const base = data.baseFeeWei === undefined ? 'no base fee (pre-EIP-1559 chain)' : `base fee ${gwei(data.baseFeeWei)}`;
    return { message: `${base}, gas price ${gwei(data.gasPriceWei)} at block ${data.block} (chain RPC ${data.rpc})` };
  }
  return { message: `gas price ${gwei(data.gasPriceWei)} as Bee suggests it (minimumGasFunds ${formatCount(BigInt(data.minimumGasFundsWei!))} wei / ${formatCount(MINIMUM_GAS_FUNDS_GAS)} gas)` };
};
