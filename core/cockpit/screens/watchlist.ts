/**
 * S12 Watchlist (2-cockpit.md §1): add references one at a time, each checked for durability (can the network
 * still serve every chunk?); a table of the references with their latest result and watch interval, the
 * `Re-check all` button, and the history of the last 50 checks, newest first. Per reference, its availability
 * over days (kept across restarts): the share of checks that found it retrievable, the first failure, the
 * longest outage and a trend (watchlist-availability.ts). Pure.
 */
import { clockTime, formatDuration, formatMs, shortId } from '../format.js';
import { describeResult, latestResult, WATCHLIST_HISTORY, type DurabilityResult } from '../watchlist.js';
import { availabilityCells } from './watchlist-availability.js';
import type { WatchlistFacts } from '../interaction/screen-env.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { CellView, Tone } from '../view/view-model.js';

export const WATCHLIST_FORM = 'add';
export const WATCHLIST_FIELD = 'reference';
export const WATCHLIST_TABLE = 'references';
import { RECHECK_ALL_ACTION, REMOVE_ACTION } from '../bindings/screen-actions.js';
// The screen's action ids are the binding table's (keys and buttons name the same action).
export { RECHECK_ALL_ACTION, REMOVE_ACTION };

export interface WatchlistDraft {
  readonly value: string;
  readonly error: string | null;
}

const encrypted = (reference: string) => (reference.length > 64 ? ' (encrypted)' : '');
const shortRef = (reference: string) => `${shortId(reference)}${encrypted(reference)}`;
/** The same text unshortened (a face with room shows it: cell-text.ts). */
const fullRef = (reference: string) => `${reference}${encrypted(reference)}`;

function resultTone(result: DurabilityResult | undefined): Tone {
  if (!result) return 'muted';
  if (result.retrievable === null) return 'warn';
  return result.retrievable ? 'ok' : 'fail';
}

function resultCell(reference: string, facts: WatchlistFacts): CellView {
  if (facts.checking && facts.queue[0] === reference) return { text: 'checking…', tone: 'info' };
  const result = latestResult(facts.history, reference);
  if (!result) return { text: facts.queue.includes(reference) ? 'queued' : 'not checked', tone: 'muted' };
  return { text: describeResult(result), tone: resultTone(result) };
}

export function watchlistScreen(facts: WatchlistFacts, draft: WatchlistDraft): ScreenContent {
  const bad = facts.entries.filter((entry) => latestResult(facts.history, entry.reference)?.retrievable === false).length;
  const watched = facts.entries.filter((entry) => entry.intervalSeconds !== null).length;
  const subtitle = facts.entries.length
    ? `${facts.entries.length} reference${facts.entries.length === 1 ? '' : 's'}${bad ? `, ${bad} NOT retrievable` : ''}${watched ? `, ${watched} watched` : ''}${facts.checking ? ' · checking…' : ''}`
    : 'add a reference to check whether the network can still serve all of it';
  return {
    status: 'ready',
    subtitle,
    sections: [
      {
        kind: 'form',
        id: WATCHLIST_FORM,
        title: null,
        fields: [{ id: WATCHLIST_FIELD, label: 'Reference', value: draft.value, placeholder: '64 or 128 hex characters', ...(draft.error ? { error: draft.error } : {}) }],
        submitLabel: 'Add',
      },
      {
        kind: 'table',
        id: WATCHLIST_TABLE,
        title: 'Watched references',
        columns: [
          { id: 'reference', label: 'Reference', align: 'left', priority: 1, kind: 'id' },
          { id: 'result', label: 'Durability', align: 'left', priority: 1, kind: 'status' },
          { id: 'checked', label: 'Checked', align: 'right', priority: 2, kind: 'time' },
          { id: 'watch', label: 'Watch', align: 'right', priority: 3, kind: 'duration' },
          { id: 'pinned', label: 'Pinned', align: 'left', priority: 4, kind: 'status' },
          { id: 'share', label: 'Retrievable', align: 'right', priority: 2, kind: 'status' },
          { id: 'firstFailure', label: 'First failure', align: 'left', priority: 3, kind: 'status' },
          { id: 'outage', label: 'Longest outage', align: 'left', priority: 3, kind: 'status' },
          { id: 'trend', label: 'Trend', align: 'left', priority: 2, kind: 'text' },
        ],
        rows: facts.entries.map((entry) => {
          const result = latestResult(facts.history, entry.reference);
          const cell = resultCell(entry.reference, facts);
          // Out of range: a reference the network cannot serve whole says what would bring it back.
          const hint = result?.retrievable === false ? { hint: { text: 'not all of it is retrievable: re-seed it from a node that has it (retcheck <ref> --reseed --stamp <batch>), or upload it again', tone: 'fail' as const } } : {};
          return {
            key: entry.reference,
            ...(cell.tone ? { tone: cell.tone } : {}),
            ...hint,
            cells: [
              { text: shortRef(entry.reference), full: fullRef(entry.reference) },
              cell,
              { text: result ? clockTime(result.checkedAtMs) : '–', tone: result ? undefined : 'muted' } as CellView,
              { text: entry.intervalSeconds === null ? '–' : `every ${formatDuration(entry.intervalSeconds)}` },
              { text: result?.pinned === undefined ? '–' : result.pinned ? 'yes' : 'no' },
              ...availabilityCells(facts.availability[entry.reference]),
            ],
          };
        }),
        selectable: true,
        emptyText: 'no references yet: type one above, or :durability <ref>',
      },
      {
        kind: 'actions',
        id: 'actions',
        title: null,
        actions: [
          { id: RECHECK_ALL_ACTION, label: 'Re-check all', enabled: facts.entries.length > 0 },
          { id: REMOVE_ACTION, label: 'Remove', enabled: facts.entries.length > 0 },
        ],
      },
      {
        kind: 'table',
        id: 'history',
        title: `History (last ${WATCHLIST_HISTORY})`,
        columns: [
          { id: 'time', label: 'Time', align: 'left', priority: 1, kind: 'time' },
          { id: 'reference', label: 'Reference', align: 'left', priority: 1, kind: 'id' },
          { id: 'result', label: 'Result', align: 'left', priority: 1, kind: 'status' },
          { id: 'took', label: 'Took', align: 'right', priority: 2, kind: 'latency' },
          { id: 'node', label: 'Node', align: 'left', priority: 3, kind: 'name' },
        ],
        rows: facts.history.map((result, i) => ({
          key: `${result.checkedAtMs}:${i}`,
          tone: resultTone(result),
          cells: [
            { text: clockTime(result.checkedAtMs) },
            { text: shortRef(result.reference), full: fullRef(result.reference) },
            { text: describeResult(result), tone: resultTone(result) },
            { text: formatMs(result.elapsedMs) },
            { text: result.node },
          ],
        })),
        selectable: false,
        emptyText: 'no checks yet',
      },
    ],
    drill: null,
  };
}
