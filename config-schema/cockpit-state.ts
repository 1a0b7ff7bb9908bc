/**
 * What the cockpit remembers between runs (state.json in the data directory; actors/cockpit/state-store.ts).
 * Never the user's config.toml: that file is read, never written.
 *
 * Every field falls back to its default on its own when it is missing or malformed (`.catch`), so one bad field
 * from an older or newer release never throws away the rest. Unknown fields are kept, so a newer cockpit's
 * state survives a run of an older one.
 */
import { z } from 'zod';

export const STATE_VERSION = 1;
export const LOG_PANE_MIN = 4;
export const LOG_PANE_MAX = 24;
export const LOG_PANE_DEFAULT = 8;
/** S12 keeps 50 results per reference; the watchlist itself is bounded so a runaway script cannot grow it forever. */
export const WATCHLIST_MAX = 500;

const reference = z.string().regex(/^(?:[0-9a-f]{64}|[0-9a-f]{128})$/);

export const watchlistEntrySchema = z.looseObject({
  reference,
  /** `:watch-ref <ref> [interval-seconds]`, clamped 10..86400; absent for S12 entries without a watch. */
  intervalSeconds: z.number().int().min(10).max(86_400).optional(),
  /** ISO 8601 time the entry was added. */
  addedAt: z.string().optional(),
});

export const screenIdSchema = z.enum(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11', 'S12', 'S13', 'S14', 'S15']);

export const cockpitStateSchema = z.looseObject({
  version: z.literal(STATE_VERSION).catch(STATE_VERSION),
  /** Terminal log pane height in lines (`+` / `-`), 4..24. */
  logPaneHeight: z.number().int().min(LOG_PANE_MIN).max(LOG_PANE_MAX).catch(LOG_PANE_DEFAULT),
  /** Screen shown at the last exit; the next start opens it. */
  lastScreen: screenIdSchema.catch('S1'),
  /** S12 watchlist and `:watch-ref` entries. */
  watchlist: z
    .array(z.unknown())
    .transform((entries) => entries.flatMap((entry) => {
      // One malformed entry is dropped alone; the newest WATCHLIST_MAX are kept.
      const parsed = watchlistEntrySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }).slice(-WATCHLIST_MAX))
    .catch([]),
  /** Last committed log filter (`/`). */
  logFilter: z.string().max(200).optional().catch(undefined),
});

export type CockpitState = z.infer<typeof cockpitStateSchema>;
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;
export type ScreenId = z.infer<typeof screenIdSchema>;

export function defaultCockpitState(): CockpitState {
  return cockpitStateSchema.parse({});
}
