/** `feed-probe`: the latest update of a feed, or that it has none. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../format.js';
import type { VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'feed-probe'>> = (_status, data) => {
  const feed = `feed ${data.owner}/${data.topic.slice(0, 8)}…`;
  if (!data.found) return { message: `${feed} has no update on ${data.node} (404)` };
  const points = data.reference ? `, points at ${data.reference} (${data.time})` : '';
  return { message: `${feed}: latest index ${data.index} (next ${data.nextIndex}), payload ${formatCount(data.payloadBytes!)} bytes (${data.resolvedVersion})${points}` };
};
