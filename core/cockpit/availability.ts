/**
 * Availability over days (issue 29.6): what the durability checks of one watched reference add up to, kept
 * across restarts. Per reference: running totals (every check ever recorded, the first failure, the longest
 * outage) and the newest AVAILABILITY_RECENT results. Pure: records and results in, records out; the file that
 * keeps them is actors/cockpit/watch-history.ts.
 *
 * Definitions (docs/cockpit.md "Availability over days"):
 * - share: checks that found the reference retrievable, of the checks that could run (a check that could not
 *   run, `retrievable: null`, says nothing about the content and is counted apart, as `unknown`).
 * - first failure: the first check that found it NOT retrievable.
 * - outage: from a check that found it NOT retrievable to the next check that found it retrievable; one still
 *   open lasts until its latest check. Checks that could not run neither start nor end one.
 * - trend: the share of the newest TREND_WINDOW checks that could run, against the share of all of them.
 */
import type { DurabilityResult } from './watchlist.js';

/** Results kept per reference (newest first); the totals count every check ever recorded. */
export const AVAILABILITY_RECENT = 100;
/** The newest checks the trend compares with the whole record. */
export const TREND_WINDOW = 10;
/** A difference of shares below this (in percentage points) is `steady`. */
export const TREND_STEADY_POINTS = 5;

export interface AvailabilityRecord {
  readonly reference: string;
  readonly checks: number;
  readonly retrievable: number;
  readonly notRetrievable: number;
  /** Checks that could not run (the node failed or timed out). */
  readonly unknown: number;
  readonly firstCheckMs: number;
  readonly firstFailureMs: number | null;
  readonly longestOutageMs: number;
  /** When the outage still open began (its first NOT retrievable check), else null. */
  readonly outageSinceMs: number | null;
  /** Newest first, at most AVAILABILITY_RECENT. */
  readonly recent: readonly DurabilityResult[];
}

export type AvailabilityBook = Readonly<Record<string, AvailabilityRecord>>;

export type Trend = 'better' | 'worse' | 'steady';

export function emptyRecord(reference: string, firstCheckMs: number): AvailabilityRecord {
  return { reference, checks: 0, retrievable: 0, notRetrievable: 0, unknown: 0, firstCheckMs, firstFailureMs: null, longestOutageMs: 0, outageSinceMs: null, recent: [] };
}

/** Adds one result to a reference's record (a result older than the newest kept one still counts in the totals). */
export function recordResult(record: AvailabilityRecord | undefined, result: DurabilityResult): AvailabilityRecord {
  const base = record ?? emptyRecord(result.reference, result.checkedAtMs);
  const at = result.checkedAtMs;
  const next = {
    ...base,
    checks: base.checks + 1,
    firstCheckMs: Math.min(base.firstCheckMs, at),
    recent: [result, ...base.recent].sort((a, b) => b.checkedAtMs - a.checkedAtMs).slice(0, AVAILABILITY_RECENT),
  };
  if (result.retrievable === null) return { ...next, unknown: base.unknown + 1, longestOutageMs: openOutage(base, at) };
  if (result.retrievable) {
    return { ...next, retrievable: base.retrievable + 1, longestOutageMs: openOutage(base, at), outageSinceMs: null };
  }
  const since = base.outageSinceMs ?? at;
  return {
    ...next,
    notRetrievable: base.notRetrievable + 1,
    firstFailureMs: base.firstFailureMs === null ? at : Math.min(base.firstFailureMs, at),
    outageSinceMs: since,
    longestOutageMs: Math.max(base.longestOutageMs, at - since),
  };
}

/** The longest outage, counting the open one up to `at`. */
function openOutage(record: AvailabilityRecord, at: number): number {
  return record.outageSinceMs === null ? record.longestOutageMs : Math.max(record.longestOutageMs, at - record.outageSinceMs);
}

export function recordIn(book: AvailabilityBook, result: DurabilityResult): AvailabilityBook {
  return { ...book, [result.reference]: recordResult(book[result.reference], result) };
}

/** Retrievable checks of the checks that could run, 0..1; null before any check could run. */
export function share(record: AvailabilityRecord): number | null {
  const judged = record.retrievable + record.notRetrievable;
  return judged === 0 ? null : record.retrievable / judged;
}

/** The newest TREND_WINDOW judged checks against the whole record; null with too few checks to say. */
export function trend(record: AvailabilityRecord): Trend | null {
  const overall = share(record);
  const window = record.recent.filter((r) => r.retrievable !== null).slice(0, TREND_WINDOW);
  if (overall === null || window.length < TREND_WINDOW || record.retrievable + record.notRetrievable <= TREND_WINDOW) return null;
  const newest = window.filter((r) => r.retrievable).length / window.length;
  const points = (newest - overall) * 100;
  if (Math.abs(points) < TREND_STEADY_POINTS) return 'steady';
  return points > 0 ? 'better' : 'worse';
}

/** The newest `count` results, oldest first: `+` retrievable, `x` NOT retrievable, `?` could not run (ASCII on purpose). */
export function resultStrip(record: AvailabilityRecord, count = TREND_WINDOW): string {
  return record.recent
    .slice(0, count)
    .reverse()
    .map((r) => (r.retrievable === null ? '?' : r.retrievable ? '+' : 'x'))
    .join('');
}

/** NOT retrievable checks in a row, newest first (checks that could not run are skipped, not counted). */
export function consecutiveFailures(record: AvailabilityRecord | undefined): number {
  let count = 0;
  for (const result of record?.recent ?? []) {
    if (result.retrievable === null) continue;
    if (result.retrievable) break;
    count++;
  }
  return count;
}

/** The newest `limit` results across references, newest first (S12's history after a restart). */
export function newestResults(book: AvailabilityBook, limit: number): DurabilityResult[] {
  return Object.values(book)
    .flatMap((record) => record.recent)
    .sort((a, b) => b.checkedAtMs - a.checkedAtMs)
    .slice(0, limit);
}
