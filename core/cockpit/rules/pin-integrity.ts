/**
 * Pin integrity for S10 (2-cockpit.md §1: "runs a pin integrity check per reference; key `s` cycles sort by
 * reference, bad first, total chunks"), read from Bee's `GET /pins/check` lines `{reference, total, missing,
 * invalid}`. Bee counts over the pin's collection (every chunk address recorded when it was pinned): `missing`
 * chunks are gone from the store, `invalid` ones are there but unreadable or do not hash to their address.
 * `total` 0 means Bee has no collection for the reference (not pinned here, or the pin index lost it).
 */
import { formatCount } from '../format.js';

export type PinState = 'Unchecked' | 'Checking' | 'OK' | 'Damaged' | 'Empty';

export interface PinCheckCounts {
  readonly total: number;
  readonly missing: number;
  readonly invalid: number;
}

export function pinState(check: PinCheckCounts | null, checking = false): PinState {
  if (checking) return 'Checking';
  if (check === null) return 'Unchecked';
  if (check.missing > 0 || check.invalid > 0) return 'Damaged';
  if (check.total === 0) return 'Empty';
  return 'OK';
}

export function describePinCheck(check: PinCheckCounts): string {
  if (check.total === 0) return 'no pinned chunks recorded for this reference';
  const bad = check.missing + check.invalid;
  if (bad === 0) return `all ${formatCount(check.total)} chunks present and valid`;
  const parts = [check.missing > 0 ? `${formatCount(check.missing)} missing` : '', check.invalid > 0 ? `${formatCount(check.invalid)} invalid` : ''].filter(Boolean);
  return `${parts.join(', ')} of ${formatCount(check.total)} chunks: re-pin or re-upload to repair`;
}

export const PIN_SORTS = ['reference', 'badFirst', 'totalChunks'] as const;
export type PinSort = (typeof PIN_SORTS)[number];

export const PIN_SORT_LABELS: Readonly<Record<PinSort, string>> = {
  reference: 'by reference',
  badFirst: 'bad first',
  totalChunks: 'by total chunks',
};

/** `s` cycles reference → bad first → total chunks → reference. */
export function nextPinSort(sort: PinSort): PinSort {
  return PIN_SORTS[(PIN_SORTS.indexOf(sort) + 1) % PIN_SORTS.length]!;
}

export interface PinRow {
  readonly reference: string;
  readonly check: PinCheckCounts | null;
}

/** How bad a row is, for `badFirst`: damaged (most bad chunks first), empty, unchecked, then healthy. */
function badness(row: PinRow): number {
  const c = row.check;
  if (c === null) return 1;
  if (c.missing + c.invalid > 0) return 3 + c.missing + c.invalid;
  return c.total === 0 ? 2 : 0;
}

/** A new array in the order of `sort`; ties broken by reference so the order is stable across polls. */
export function sortPins<T extends PinRow>(rows: readonly T[], sort: PinSort): T[] {
  const byRef = (a: T, b: T) => (a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0);
  const copy = [...rows];
  if (sort === 'reference') return copy.sort(byRef);
  if (sort === 'badFirst') return copy.sort((a, b) => badness(b) - badness(a) || byRef(a, b));
  return copy.sort((a, b) => (b.check?.total ?? -1) - (a.check?.total ?? -1) || byRef(a, b));
}
