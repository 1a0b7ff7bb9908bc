/**
 * S12 Watchlist and `:watch-ref` (2-cockpit.md §1 S12, §4 terminal extras, §8): the references an operator
 * keeps an eye on, and the history of their durability checks. A durability check asks the node to fetch
 * every chunk of the content from the network (GET /stewardship/{ref}, not its own store): the same check as
 * `cockpit --once durability-check`. Pure: entries and results in, entries and history out.
 */
export const WATCHLIST_HISTORY = 50;

export interface DurabilityResult {
  readonly reference: string;
  /** The node that ran the check (its URL). */
  readonly node: string;
  readonly checkedAtMs: number;
  readonly elapsedMs: number;
  /** null when the check could not run (the node failed or timed out): `error` says why. */
  readonly retrievable: boolean | null;
  /** Whether the node pins it; absent when that could not be asked. */
  readonly pinned?: boolean;
  readonly error?: string;
}

export interface WatchlistEntry {
  readonly reference: string;
  /** Set while a `:watch-ref` keeps checking it every so many seconds. */
  readonly intervalSeconds: number | null;
}

/** Newest first, at most WATCHLIST_HISTORY. */
export function appendHistory(history: readonly DurabilityResult[], result: DurabilityResult): DurabilityResult[] {
  return [result, ...history].slice(0, WATCHLIST_HISTORY);
}

/** Adds a reference once (at the end); an existing entry keeps its place and takes the new interval if one is given. */
export function addEntry(entries: readonly WatchlistEntry[], reference: string, intervalSeconds?: number | null): WatchlistEntry[] {
  const existing = entries.find((entry) => entry.reference === reference);
  if (!existing) return [...entries, { reference, intervalSeconds: intervalSeconds ?? null }];
  if (intervalSeconds === undefined) return [...entries];
  return entries.map((entry) => (entry.reference === reference ? { ...entry, intervalSeconds } : entry));
}

export function latestResult(history: readonly DurabilityResult[], reference: string): DurabilityResult | undefined {
  return history.find((result) => result.reference === reference);
}

/** `retrievable`, `NOT retrievable`, `check failed: …`. */
export function describeResult(result: DurabilityResult): string {
  if (result.retrievable === null) return `check failed: ${result.error ?? 'unknown error'}`;
  return result.retrievable ? 'retrievable' : 'NOT retrievable';
}
