/** `depth-table`: a row per depth, and a one-line summary of the first and last. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatBytes, formatCount, formatPercent } from '../format.js';
import type { VerbTextOf } from './verb-text.js';

const HEADER = 'depth          chunks  slots/bucket  theoretical   effective';

export const verbText: VerbTextOf<OnceData<'depth-table'>> = (_status, { rows }) => {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const lines = rows.map(
    (r) =>
      `${String(r.depth).padStart(5)}  ${formatCount(r.chunks).padStart(14)}  ${formatCount(r.bucketSlots).padStart(12)}  ${formatBytes(r.theoreticalBytes).padEnd(12)}  ${formatBytes(r.effectiveBytes)} (${formatPercent(r.effectiveBytes / r.theoreticalBytes)})`,
  );
  return {
    message: `batch depths ${first.depth}..${last.depth}: depth ${first.depth} holds ${formatBytes(first.effectiveBytes)} effective, depth ${last.depth} ${formatBytes(last.effectiveBytes)}`,
    text: [HEADER, ...lines].join('\n'),
  };
};
