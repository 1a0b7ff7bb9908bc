/**
 * `watch-history.json` in the data directory (actors/cockpit/watch-history.ts): what the durability checks of
 * each watched reference added up to, kept across restarts (core/cockpit/availability.ts says what each field
 * means). Bounded: AVAILABILITY_RECENT results per reference, for at most WATCHLIST_MAX references (the most
 * recently checked are kept); the totals are counters.
 *
 * A malformed record is dropped alone (its reference starts afresh); unknown fields of a newer release are kept
 * on the file's top level.
 */
import { z } from 'zod';
import { AVAILABILITY_RECENT, type AvailabilityBook, type AvailabilityRecord } from '../core/cockpit/availability.js';
import { WATCHLIST_MAX } from './cockpit-state.js';

export const WATCH_HISTORY_VERSION = 1;

const reference = z.string().regex(/^(?:[0-9a-f]{64}|[0-9a-f]{128})$/);
const count = z.number().int().min(0);
const ms = z.number().finite();

const resultSchema = z.object({
  reference,
  node: z.string().max(2048),
  checkedAtMs: ms,
  elapsedMs: z.number().min(0),
  retrievable: z.boolean().nullable(),
  pinned: z.boolean().optional(),
  error: z.string().max(4096).optional(),
});

export const availabilityRecordSchema = z.object({
  reference,
  checks: count,
  retrievable: count,
  notRetrievable: count,
  unknown: count,
  firstCheckMs: ms,
  firstFailureMs: ms.nullable(),
  longestOutageMs: z.number().min(0),
  outageSinceMs: ms.nullable(),
  recent: z.array(resultSchema).transform((results) => results.slice(0, AVAILABILITY_RECENT)),
});

export const watchHistorySchema = z.looseObject({
  version: z.literal(WATCH_HISTORY_VERSION).catch(WATCH_HISTORY_VERSION),
  references: z
    .record(z.string(), z.unknown())
    .transform((records): AvailabilityBook => boundBook(Object.fromEntries(
      Object.entries(records).flatMap(([key, value]) => {
        const parsed = availabilityRecordSchema.safeParse(value);
        return parsed.success && parsed.data.reference === key ? [[key, parsed.data as AvailabilityRecord]] : [];
      }),
    )))
    .catch({}),
});

export type WatchHistoryFileContent = z.infer<typeof watchHistorySchema>;

const lastChecked = (record: AvailabilityRecord) => record.recent[0]?.checkedAtMs ?? record.firstCheckMs;

/** At most WATCHLIST_MAX references: the most recently checked. */
export function boundBook(book: AvailabilityBook): AvailabilityBook {
  const records = Object.values(book);
  if (records.length <= WATCHLIST_MAX) return book;
  return Object.fromEntries(records.sort((a, b) => lastChecked(b) - lastChecked(a)).slice(0, WATCHLIST_MAX).map((r) => [r.reference, r]));
}
