/** `price`: the storage price and what it means, or that it is not known yet. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBzzExact } from '../format.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'price'>> = (status, data) =>
  status === 'sad'
    ? { message: `${data.node}: the storage price is not known yet (0: no price event synced)` }
    : {
        message: `price ${formatBzzExact(data.pricePerChunkPerBlock)}/chunk/block: ${formatBzzExact(data.gibPerMonthPlur)} per GiB for 30 days at 5 s blocks; minimum purchase amount ${formatBzzExact(data.minimumAmount)}/chunk`,
      };
