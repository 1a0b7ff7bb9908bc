/**
 * How one cockpit's change to the persisted state (state.json) lands on what another cockpit sharing the data
 * directory wrote since: a three-way merge of this cockpit's patch against what it last knew (`base`) and what
 * is on disk now (`theirs`). Only what this cockpit changed is applied, so neither cockpit loses the other's work.
 *
 * - A field whose patched value equals `base` was not changed here: the disk's value stays (their change wins).
 * - The watchlist merges by reference: entries removed here are removed, entries added or edited here are
 *   added or replace theirs, and every entry only the disk has stays, in the disk's order.
 * Pure; actors/cockpit/state-store.ts runs it under the data directory's lock.
 */
interface Referenced {
  readonly reference: string;
}

type Mergeable = { readonly watchlist: readonly Referenced[] } & Record<string, unknown>;

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function mergeWatchlist<E extends Referenced>(base: readonly E[], mine: readonly E[], theirs: readonly E[]): E[] {
  const baseByRef = new Map(base.map((entry) => [entry.reference, entry]));
  const mineByRef = new Map(mine.map((entry) => [entry.reference, entry]));
  const removed = new Set(base.filter((entry) => !mineByRef.has(entry.reference)).map((entry) => entry.reference));
  const edited = new Map(mine.filter((entry) => !sameValue(baseByRef.get(entry.reference), entry)).map((entry) => [entry.reference, entry]));
  const merged = theirs.filter((entry) => !removed.has(entry.reference)).map((entry) => edited.get(entry.reference) ?? entry);
  const present = new Set(merged.map((entry) => entry.reference));
  for (const entry of edited.values()) if (!present.has(entry.reference)) merged.push(entry);
  return merged;
}

/** `theirs` with the fields of `patch` that differ from `base` applied (the watchlist merged by reference). */
export function mergeStatePatch<S extends Mergeable>(base: S, patch: Partial<S>, theirs: S): S {
  const merged: Record<string, unknown> = { ...theirs };
  for (const key of Object.keys(patch) as (keyof S & string)[]) {
    if (key === 'watchlist') {
      merged.watchlist = mergeWatchlist(base.watchlist, patch.watchlist as S['watchlist'], theirs.watchlist);
    } else if (!sameValue(patch[key], base[key])) {
      merged[key] = patch[key];
    }
  }
  return merged as S;
}
