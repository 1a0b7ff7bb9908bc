/**
 * S10 Pins (2-cockpit.md §1): the pinned references (`GET /pins`) and their integrity (`GET /pins/check`,
 * NDJSON streamed, one `{reference, total, missing, invalid}` line per pin, shown as each line arrives).
 * Key `c` checks all pins, Enter checks the selected one, key `s` cycles the sort (rules/pin-integrity.ts).
 * A check that stops half way keeps the lines that arrived and says why in one line.
 */
import { formatCount } from '../format.js';
import { describePinCheck, PIN_SORT_LABELS, pinState, sortPins, type PinCheckCounts, type PinSort, type PinState } from '../rules/pin-integrity.js';
import { shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section, Tone } from '../view/view-model.js';
import { cell, clockTime, pollSubtitle, type Fetched } from './common.js';
import { CHECK_ALL_ACTION, CYCLE_SORT_ACTION } from '../bindings/screen-actions.js';

/** One poll of `/pins`: when it started, and the pinned references or why there are none. */
export interface PinsPoll {
  readonly takenAtMs: number;
  readonly pins: Fetched<readonly string[]>;
}

export interface PinsScreenInput {
  readonly pins: readonly string[] | null;
  readonly lastOkAtMs: number | null;
  readonly pollError: string | null;
  /** Results by reference (lines of the latest checks). */
  readonly checks: Readonly<Record<string, PinCheckCounts>>;
  /** The references the running check still has to report; null when no check runs. `all` for `c`. */
  readonly running: { readonly scope: 'all' | string; readonly pending: readonly string[] } | null;
  readonly checkError: string | null;
  /** When the last check finished (ms), and how it went: a banner once per finished check. */
  readonly lastRun: { readonly id: number; readonly finishedAtMs: number; readonly failed: boolean } | null;
  readonly sort: PinSort;
}

const STATE_TONE: Readonly<Record<PinState, Tone>> = { Unchecked: 'muted', Checking: 'info', OK: 'ok', Damaged: 'fail', Empty: 'warn' };

export interface PinRowModel {
  readonly reference: string;
  readonly check: PinCheckCounts | null;
  readonly state: PinState;
}

/** Rows in display order (selection indices refer to it). */
export function pinRows(input: Pick<PinsScreenInput, 'pins' | 'checks' | 'running' | 'sort'>): PinRowModel[] {
  const checking = new Set(input.running?.pending ?? []);
  const rows = (input.pins ?? []).map((reference) => {
    const check = input.checks[reference] ?? null;
    return { reference, check, state: pinState(check, checking.has(reference)) };
  });
  return sortPins(rows, input.sort);
}

/** Counts over the current results: what the banner and the subtitle say. */
export function pinSummary(rows: readonly PinRowModel[]): { ok: number; damaged: number; empty: number; unchecked: number } {
  const count = (state: PinState) => rows.filter((r) => r.state === state).length;
  return { ok: count('OK'), damaged: count('Damaged'), empty: count('Empty'), unchecked: count('Unchecked') + count('Checking') };
}

export function renderPins(input: PinsScreenInput): ScreenContent {
  if (input.pins === null) return { status: input.pollError ? 'error' : 'loading', subtitle: input.pollError, sections: [], drill: null };
  const rows = pinRows(input);
  const sections: Section[] = [];
  sections.push({
    kind: 'actions',
    id: 'pin-actions',
    title: null,
    actions: [
      { id: CHECK_ALL_ACTION, label: input.running?.scope === 'all' ? 'Checking…' : 'Check all', enabled: input.running === null && rows.length > 0 },
      { id: CYCLE_SORT_ACTION, label: `Sort: ${PIN_SORT_LABELS[input.sort]}`, enabled: true },
    ],
  });
  sections.push({
    kind: 'table',
    id: 'pins',
    title: 'Pinned references',
    columns: [
      { id: 'reference', label: 'Reference', align: 'left', priority: 1, kind: 'id' },
      { id: 'state', label: 'Integrity', align: 'left', priority: 1, kind: 'status' },
      { id: 'total', label: 'Chunks', align: 'right', priority: 2, kind: 'count' },
      { id: 'missing', label: 'Missing', align: 'right', priority: 2, kind: 'count' },
      { id: 'invalid', label: 'Invalid', align: 'right', priority: 3, kind: 'count' },
      { id: 'detail', label: 'Detail', align: 'left', priority: 4, kind: 'text' },
    ],
    rows: rows.map((r) => ({
      key: r.reference,
      cells: [
        cell(shortHex(r.reference), undefined, r.reference),
        cell(r.state, STATE_TONE[r.state]),
        cell(r.check ? formatCount(r.check.total) : '—'),
        cell(r.check ? formatCount(r.check.missing) : '—', r.check && r.check.missing > 0 ? 'fail' : undefined),
        cell(r.check ? formatCount(r.check.invalid) : '—', r.check && r.check.invalid > 0 ? 'fail' : undefined),
        cell(r.check ? describePinCheck(r.check) : r.state === 'Checking' ? 'checking…' : 'press c to check'),
      ],
      ...(r.state === 'Damaged' ? { tone: 'fail' as const } : {}),
      // Out of range: any chunk missing or invalid. The fix is the content's, from wherever it is still whole.
      ...(r.state === 'Damaged' && r.check
        ? { hint: { text: `${formatCount(r.check.missing)} missing, ${formatCount(r.check.invalid)} invalid: re-upload it with swarm-pin, or re-seed it with retcheck --reseed --stamp <batch>`, tone: 'fail' as const } }
        : {}),
    })),
    selectable: true,
    emptyText: 'no pinned references: pin with POST /pins/{ref} or upload with swarm-pin: true',
  });
  const summary = pinSummary(rows);
  const parts: string[] = [];
  if (input.running) parts.push(`checking ${input.running.scope === 'all' ? 'all pins' : shortHex(input.running.scope)}: ${input.running.pending.length} to go`);
  if (input.checkError) parts.push(`pin check stopped: ${input.checkError}`);
  else if (input.lastRun && !input.running) parts.push(`checked at ${clockTime(input.lastRun.finishedAtMs)}: ${summary.ok} OK, ${summary.damaged} damaged${summary.empty ? `, ${summary.empty} empty` : ''}`);
  const poll = pollSubtitle(input.lastOkAtMs, input.pollError);
  const subtitle = [...parts, poll].filter(Boolean).join(' · ') || null;
  const banner = input.lastRun
    ? {
        id: input.lastRun.id,
        text: input.lastRun.failed
          ? `pin check stopped: ${input.checkError ?? 'no answer'}`
          : `pin check: ${summary.ok} OK, ${summary.damaged} damaged${summary.empty ? `, ${summary.empty} empty` : ''}`,
        tone: (input.lastRun.failed || summary.damaged > 0 ? 'fail' : 'ok') as 'ok' | 'fail',
      }
    : null;
  return { status: 'ready', subtitle, sections, drill: null, banner };
}

/** What the check actor sends to its parent. */
export type PinCheckEvent =
  | { readonly type: 'check.line'; readonly line: { readonly reference: string } & PinCheckCounts }
  | { readonly type: 'check.done'; readonly atMs: number }
  | { readonly type: 'check.failed'; readonly error: string; readonly atMs: number };
