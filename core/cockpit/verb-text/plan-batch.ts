/** `plan-batch`: a line per batch with its action and cost, then the total. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBzzApart, formatBzzExact, formatDuration } from '../format.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { batchShort, PREVIEW_ONLY } from './preview.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'plan-batch'>> = (_status, data) => {
  const lines = data.batches.map((b) => `${batchShort(b.batchId)}  depth ${b.depth}  ${b.action.padEnd(16)}  ${formatBzzExact(b.costPlur).padStart(20)}  ${b.reason}`);
  const [cost, held] = formatBzzApart(BigInt(data.totalCostPlur), BigInt(data.walletPlur ?? 0));
  const summary = data.batches.length
    ? `plan for ${formatDuration(data.targetSeconds)}: ${data.batches.filter((b) => b.action !== 'none').length} of ${data.batches.length} batches need action, total ${data.affordable === false ? `${cost} (the wallet holds ${held}: not enough)` : formatBzzExact(data.totalCostPlur)}${PREVIEW_ONLY}`
    : `${data.node} has no postage batches: nothing to plan (buy-suggest proposes one)`;
  return { message: summary, text: [...lines, summary].map(showControlCharacters).join('\n') };
};
