/** `topup-preview`: what a top-up costs and the TTL it adds. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBzzExact, formatDuration } from '../format.js';
import { batchShort, PREVIEW_ONLY, refusal } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'topup-preview'>> = (_status, data) => ({
  message: `topping up ${batchShort(data.batchId)} by ${formatBzzExact(data.topupAmount)}/chunk costs ${formatBzzExact(data.costPlur)} and adds ${formatDuration(data.addedTtlSeconds)} (TTL ${formatDuration(data.currentTtlSeconds)} -> ${formatDuration(data.newTtlSeconds)})${refusal(data.warnings)}${PREVIEW_ONLY}`,
});
