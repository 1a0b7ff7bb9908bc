/**
 * `cockpit --serve-metrics`: the watched references (S12 and `:watch-ref`, issue 29.6) in the Prometheus text
 * format. Pure: the watchlist's entries and availability records in, text out. Counts cover every check kept in
 * the data directory (watch-history.json), so they survive restarts and only grow while a reference is watched.
 *
 * - `cockpit_watch_retrievable{reference}` the last check: 1 retrievable, 0 NOT retrievable, -1 the check could
 *   not run (as `cockpit_gate_state`'s -1: negative, so `== 0` selects real losses only); absent before the first.
 * - `cockpit_watch_checks_total{reference,result="retrievable|not_retrievable|unknown"}` checks by result.
 * - `cockpit_watch_last_check_timestamp_seconds{reference}` when the last check ran (Unix seconds).
 * - `cockpit_watch_longest_outage_seconds{reference}` the longest outage so far (an open one up to its last check).
 * - `cockpit_watch_interval_seconds{reference}` a running `:watch-ref`'s interval; absent for a plain S12 entry.
 * `reference` is the full hex reference (128 characters for an encrypted one).
 */
import type { AvailabilityBook } from './availability.js';
import { labels } from './metrics.js';
import type { WatchlistEntry } from './watchlist.js';

export function renderWatchMetrics(entries: readonly WatchlistEntry[], book: AvailabilityBook): string {
  const records = entries.flatMap((entry) => (book[entry.reference] ? [{ entry, record: book[entry.reference]! }] : []));
  const lines: string[] = [];
  lines.push('# HELP cockpit_watch_retrievable Last durability check of a watched reference: 1 retrievable, 0 not retrievable, -1 the check could not run.', '# TYPE cockpit_watch_retrievable gauge');
  for (const { entry, record } of records) {
    const last = record.recent[0];
    if (last) lines.push(`cockpit_watch_retrievable${labels({ reference: entry.reference })} ${last.retrievable === null ? -1 : last.retrievable ? 1 : 0}`);
  }
  lines.push('# HELP cockpit_watch_checks_total Durability checks of a watched reference by result, kept across restarts.', '# TYPE cockpit_watch_checks_total counter');
  for (const { entry, record } of records) {
    lines.push(
      `cockpit_watch_checks_total${labels({ reference: entry.reference, result: 'retrievable' })} ${record.retrievable}`,
      `cockpit_watch_checks_total${labels({ reference: entry.reference, result: 'not_retrievable' })} ${record.notRetrievable}`,
      `cockpit_watch_checks_total${labels({ reference: entry.reference, result: 'unknown' })} ${record.unknown}`,
    );
  }
  lines.push('# HELP cockpit_watch_last_check_timestamp_seconds When the last durability check of a watched reference ran.', '# TYPE cockpit_watch_last_check_timestamp_seconds gauge');
  for (const { entry, record } of records) {
    const last = record.recent[0];
    if (last) lines.push(`cockpit_watch_last_check_timestamp_seconds${labels({ reference: entry.reference })} ${last.checkedAtMs / 1000}`);
  }
  lines.push('# HELP cockpit_watch_longest_outage_seconds Longest time a watched reference was found not retrievable, an open outage up to its last check.', '# TYPE cockpit_watch_longest_outage_seconds gauge');
  for (const { entry, record } of records) lines.push(`cockpit_watch_longest_outage_seconds${labels({ reference: entry.reference })} ${record.longestOutageMs / 1000}`);
  lines.push('# HELP cockpit_watch_interval_seconds Interval of a running :watch-ref.', '# TYPE cockpit_watch_interval_seconds gauge');
  for (const entry of entries) if (entry.intervalSeconds !== null) lines.push(`cockpit_watch_interval_seconds${labels({ reference: entry.reference })} ${entry.intervalSeconds}`);
  return `${lines.join('\n')}\n`;
}
