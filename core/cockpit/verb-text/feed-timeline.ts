/** `feed-timeline`: a line per update walked, newest first (found or missing), then the summary. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../format.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import type { VerbTextOf } from './verb-text.js';

type Entry = OnceData<'feed-timeline'>['entries'][number];

export const verbText: VerbTextOf<OnceData<'feed-timeline'>> = (_status, data) => {
  const feed = `feed ${data.owner}/${data.topic.slice(0, 8)}…`;
  if (data.latestIndex === null) return { message: `${feed} has no update on ${data.node} (404)` };
  // The walk went down from the latest index: found and missing updates together, newest first.
  const walked: (Entry | number)[] = [...data.entries, ...data.missing].sort((a, b) => indexOf(b) - indexOf(a));
  const lines = walked.map((item) => {
    if (typeof item === 'number') return `${String(item).padStart(6)}  missing (the node cannot fetch update ${item})`;
    const what = item.version === 'v1' ? `${item.time}  ${item.reference!.slice(0, 16)}…` : `v2 content, ${formatCount(item.payloadBytes)} bytes`;
    return `${String(item.index).padStart(6)}  ${what}`;
  });
  const summary = `${feed}: ${data.entries.length} of the last ${walked.length} updates (latest index ${data.latestIndex})${data.missing.length ? `, ${data.missing.length} missing` : ''}`;
  return { message: summary, text: [...lines, summary].map(showControlCharacters).join('\n') };
};

const indexOf = (item: Entry | number): number => (typeof item === 'number' ? item : item.index);
