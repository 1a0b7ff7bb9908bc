/** `extend-preview`: the top-up that keeps a batch a duration longer. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBzzExact, formatDuration } from '../format.js';
import { batchShort, PREVIEW_ONLY, refusal } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'extend-preview'>> = (_status, data) => ({
  message: `keeping ${batchShort(data.batchId)} ${formatDuration(data.extraSeconds)} longer takes a top-up of ${formatBzzExact(data.topupAmount)}/chunk: ${formatBzzExact(data.costPlur)} (TTL ${formatDuration(data.currentTtlSeconds)} -> ${formatDuration(data.newTtlSeconds)})${refusal(data.warnings)}${PREVIEW_ONLY}`,
});
