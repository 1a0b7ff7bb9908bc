/** `buy-suggest`: the batch to buy for a size and a duration, and whether the wallet affords it. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBytes, formatBzzApart, formatBzzExact, formatDuration } from '../format.js';
import { PREVIEW_ONLY } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'buy-suggest'>> = (_status, data) => {
  const [cost, held] = formatBzzApart(BigInt(data.costPlur), BigInt(data.walletPlur ?? 0));
  const wallets = data.affordable === null ? ' (wallet unreadable)' : data.affordable ? '' : `; the wallet holds only ${held}`;
  return {
    message: `for ${formatBytes(data.sizeBytes)} over ${formatDuration(data.durationSeconds)}: buy depth ${data.depth} (${formatBytes(data.effectiveBytes)} effective) at ${formatBzzExact(data.amount)}/chunk for ${data.affordable === false ? cost : formatBzzExact(data.costPlur)}${wallets}${PREVIEW_ONLY}`,
  };
};
