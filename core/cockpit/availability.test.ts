import { describe, expect, it } from 'vitest';
import { AVAILABILITY_RECENT, consecutiveFailures, newestResults, recordIn, recordResult, resultStrip, share, trend, type AvailabilityBook, type AvailabilityRecord } from './availability.js';
import { availabilityCells } from './screens/watchlist-availability.js';
import { renderWatchMetrics } from './watch-metrics.js';

const REF = 'ab'.repeat(32);
const MIN = 60_000;
const check = (minute: number, retrievable: boolean | null) => ({ reference: REF, node: 'n1', checkedAtMs: minute * MIN, elapsedMs: 10, retrievable });
const fold = (pattern: readonly (boolean | null)[]): AvailabilityRecord => pattern.reduce<AvailabilityRecord | undefined>((r, ok, i) => recordResult(r, check(i, ok)), undefined)!;

describe('availability of a watched reference', () => {
  it('counts the share of the checks that could run, the first failure and the longest outage', () => {
    // minute: 0 ok, 1 x, 2 ?, 3 x, 4 ok, 5 x, 6 ok  → outages 1..4 (3 min) and 5..6 (1 min)
    const record = fold([true, false, null, false, true, false, true]);
    expect(record).toMatchObject({ checks: 7, retrievable: 3, notRetrievable: 3, unknown: 1, firstFailureMs: 1 * MIN, longestOutageMs: 3 * MIN, outageSinceMs: null });
    expect(share(record)).toBe(0.5);
    expect(availabilityCells(record).map((c) => c.text)).toEqual(['50 % of 6, 1 could not run', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), '3 min', '+x?x+x+']);
  });

  it('an outage still open lasts until its latest check; a check that could not run does not end it', () => {
    const record = fold([true, false, null, false]);
    expect(record).toMatchObject({ outageSinceMs: 1 * MIN, longestOutageMs: 2 * MIN });
    expect(consecutiveFailures(record)).toBe(2);
    expect(availabilityCells(record)[2]!.text).toBe('2 min (ongoing)');
    expect(consecutiveFailures(recordResult(record, check(4, true)))).toBe(0);
  });

  it('never-judged and never-failed references say so, not 0 % or none', () => {
    expect(availabilityCells(undefined).map((c) => c.text)).toEqual(['–', '–', '–', '–']);
    expect(availabilityCells(fold([null, null])).map((c) => c.text)).toEqual(['unknown: 2 checks could not run', '–', '–', '??']);
    expect(availabilityCells(fold([true, true])).map((c) => c.text)).toEqual(['100 % of 2', 'never failed', 'no outage', '++']);
  });

  it('the trend compares the newest ten checks with the whole record', () => {
    expect(trend(fold(Array.from({ length: 10 }, () => true)))).toBeNull(); // too few to compare
    expect(trend(fold(Array.from({ length: 30 }, () => true)))).toBe('steady');
    expect(trend(fold([...Array.from({ length: 20 }, () => true), ...Array.from({ length: 10 }, (_, i) => i % 2 === 0)]))).toBe('worse');
    expect(trend(fold([...Array.from({ length: 20 }, () => false), ...Array.from({ length: 10 }, () => true)]))).toBe('better');
    expect(resultStrip(fold([...Array.from({ length: 20 }, () => false), ...Array.from({ length: 10 }, () => true)]))).toBe('++++++++++');
  });

  it('keeps the newest results only, while the totals count every check', () => {
    const record = fold(Array.from({ length: AVAILABILITY_RECENT + 50 }, () => true));
    expect(record.recent).toHaveLength(AVAILABILITY_RECENT);
    expect(record.checks).toBe(AVAILABILITY_RECENT + 50);
    const other = 'cd'.repeat(32);
    const book: AvailabilityBook = recordIn(recordIn({}, check(1, true)), { ...check(2, false), reference: other });
    expect(newestResults(book, 50).map((r) => r.reference)).toEqual([other, REF]);
  });

  it('exports each watched reference’s last result and its checks by result', () => {
    const book = { [REF]: fold([true, false, null]) };
    const text = renderWatchMetrics([{ reference: REF, intervalSeconds: 60 }, { reference: 'cd'.repeat(32), intervalSeconds: null }], book);
    expect(text).toContain(`cockpit_watch_retrievable{reference="${REF}"} -1`);
    expect(text).toContain(`cockpit_watch_checks_total{reference="${REF}",result="retrievable"} 1`);
    expect(text).toContain(`cockpit_watch_checks_total{reference="${REF}",result="not_retrievable"} 1`);
    expect(text).toContain(`cockpit_watch_checks_total{reference="${REF}",result="unknown"} 1`);
    expect(text).toContain(`cockpit_watch_last_check_timestamp_seconds{reference="${REF}"} 120`);
    expect(text).toContain(`cockpit_watch_interval_seconds{reference="${REF}"} 60`);
    expect(text).not.toContain('cdcd'); // never checked: no series, not a 0
  });
});
