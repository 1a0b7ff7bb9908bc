/** `buy-preview`: what a purchase costs, how long it lasts, what it holds. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBytes, formatBzzExact, formatDuration } from '../format.js';
import { PREVIEW_ONLY, refusal } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'buy-preview'>> = (_status, data) => ({
  message: `buying depth ${data.depth} at ${formatBzzExact(data.amount)}/chunk costs ${formatBzzExact(data.costPlur)} and lasts ${formatDuration(data.ttlSeconds)} (${formatBytes(data.effectiveBytes)} effective)${refusal(data.warnings)}${PREVIEW_ONLY}`,
});
