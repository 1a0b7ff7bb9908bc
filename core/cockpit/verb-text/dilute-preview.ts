/** `dilute-preview`: a dilute is free; what it does to capacity and TTL. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBytes, formatDuration } from '../format.js';
import { batchShort, PREVIEW_ONLY } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'dilute-preview'>> = (_status, data) => ({
  message: `diluting ${batchShort(data.batchId)} from depth ${data.depth} to ${data.newDepth} is free: ${formatBytes(data.effectiveBytes.current)} -> ${formatBytes(data.effectiveBytes.next)} effective, TTL ${formatDuration(data.currentTtlSeconds)} -> ${formatDuration(data.newTtlSeconds)}${PREVIEW_ONLY}`,
});
