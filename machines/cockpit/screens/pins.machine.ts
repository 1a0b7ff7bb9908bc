/**
 * S10 Pins: polls `/pins` and runs the pin integrity check, streamed (2-cockpit.md §1 "S10").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchPins`: the references or the failure as a value); this machine forwards `screen.visible` to it and keeps
 * the latest good list (`poll.done`) and the failure.
 *
 * - check: `idle`; the check-all action (the Check all button or its key) checks every pin, activating a row checks that pin:
 *   `checking` runs the callback actor `checkPins`, which sends `check.line` for each NDJSON line as it arrives,
 *   then `check.done`, or `check.failed` with the reason (the lines that arrived stay). Back to `idle`.
 * The sort action (the Sort button or its key) cycles the sort in any state.
 *
 * Context: the latest good pin list, the results by reference, the running check's scope and the pins it has
 * still to report, the last check's outcome (its banner id alternates 1/2 so the engine shows each once and the
 * graph stays finite), and the sort. Rows are derived (selectPinsContent).
 */
import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import { failureLine } from '../../../core/cockpit/screens/common.js';
import { pinRows, renderPins, type PinCheckEvent, type PinsPoll } from '../../../core/cockpit/screens/pins.js';
import { nextPinSort, type PinCheckCounts, type PinSort } from '../../../core/cockpit/rules/pin-integrity.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { CHECK_ALL_ACTION, CYCLE_SORT_ACTION } from '../../../core/cockpit/bindings/screen-actions.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface PinsScreenInput {
  /** Between `/pins` polls (default 30 s). */
  readonly pollIntervalMs?: number;
}

export interface PinsScreenContext {
  readonly pollIntervalMs: number;
  readonly pins: readonly string[] | null;
  readonly lastOkAtMs: number | null;
  readonly pollError: string | null;
  readonly checks: Readonly<Record<string, PinCheckCounts>>;
  /** `all` or the one reference being checked; null when no check has started. */
  readonly checkScope: 'all' | string | null;
  readonly pending: readonly string[];
  readonly checkError: string | null;
  readonly lastRun: { readonly id: number; readonly finishedAtMs: number } | null;
  readonly sort: PinSort;
}

export const PINS_POLL_INTERVAL_MS = 30_000;
export const PIN_TABLE = 'pins';

type Events = ScreenEvent | PinCheckEvent | PollReport<PinsPoll>;

/** Provided by the engine (with the poller's fetch): pinsScreenActors(client) from actors/cockpit/screens/pins.ts. */
const checkPinsNotProvided = fromCallback<{ type: 'noop' }, { reference?: string }, PinCheckEvent>(() => {
  throw new Error('checkPins actor not provided');
});

function referenceAt(context: PinsScreenContext, section: string, index: number): string | undefined {
  if (section !== PIN_TABLE) return undefined;
  return pinRows({ pins: context.pins, checks: context.checks, running: null, sort: context.sort })[index]?.reference;
}

const nextRunId = (run: PinsScreenContext['lastRun']): number => (run?.id === 1 ? 2 : 1);

export const pinsScreenMachine = setup({
  types: {} as { context: PinsScreenContext; input: PinsScreenInput; events: Events },
  actors: { poller: pollingScreenMachine, checkPins: checkPinsNotProvided },
  guards: {
    isCheckAll: ({ context }, params: { id: string }) => params.id === CHECK_ALL_ACTION && (context.pins?.length ?? 0) > 0,
    isSortRequest: (_, params: { id: string }) => params.id === CYCLE_SORT_ACTION,
    isPinRow: ({ context }, params: { section: string; index: number }) => referenceAt(context, params.section, params.index) !== undefined,
  },
  actions: {
    recordPoll: assign((_, poll: PinsPoll) =>
      poll.pins.ok ? { pins: poll.pins.value, lastOkAtMs: poll.takenAtMs, pollError: null } : { pollError: failureLine('/pins', poll.pins.error) },
    ),
    ...pollerActions<PinsScreenContext, Events>(),
    cycleSort: assign(({ context }) => ({ sort: nextPinSort(context.sort) })),
    startCheckAll: assign(({ context }) => ({ checkScope: 'all', pending: context.pins ?? [], checkError: null })),
    startCheckOne: assign(({ context }, params: { section: string; index: number }) => {
      const reference = referenceAt(context, params.section, params.index)!;
      return { checkScope: reference, pending: [reference], checkError: null };
    }),
    recordLine: assign(({ context }, line: { reference: string } & PinCheckCounts) => ({
      checks: { ...context.checks, [line.reference]: { total: line.total, missing: line.missing, invalid: line.invalid } },
      pending: context.pending.filter((r) => r !== line.reference),
    })),
    finishCheck: assign(({ context }, params: { atMs: number; error: string | null }) => ({
      pending: [],
      checkError: params.error,
      lastRun: { id: nextRunId(context.lastRun), finishedAtMs: params.atMs },
    })),
  },
}).createMachine({
  id: 'pinsScreen',
  description: 'S10: pinned references and their streamed integrity check, with sort orders.',
  context: ({ input }) => ({
    pollIntervalMs: input.pollIntervalMs ?? PINS_POLL_INTERVAL_MS,
    pins: null,
    lastOkAtMs: null,
    pollError: null,
    checks: {},
    checkScope: null,
    pending: [],
    checkError: null,
    lastRun: null,
    sort: 'reference',
  }),
  invoke: pollerInvoke,
  on: {
    ...pollerTransitions<PinsPoll>(),
    'screen.action': { guard: { type: 'isSortRequest', params: ({ event }) => event }, actions: 'cycleSort' },
  },
  initial: 'check',
  states: {
    check: {
      description: 'The pin integrity check: the check-all action checks every pin, activating a row the selected one.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No check running; the check-all action checks every pin, activating a row checks that one.',
          on: {
            'screen.action': { guard: { type: 'isCheckAll', params: ({ event }) => event }, target: 'checking', actions: 'startCheckAll' },
            'screen.activate': { guard: { type: 'isPinRow', params: ({ event }) => event }, target: 'checking', actions: { type: 'startCheckOne', params: ({ event }) => event } },
          },
        },
        checking: {
          description: 'GET /pins/check streams one line per pin; each fills its row as it arrives.',
          invoke: {
            id: 'checkPins',
            src: 'checkPins',
            input: ({ context }) => (context.checkScope === 'all' || context.checkScope === null ? {} : { reference: context.checkScope }),
          },
          on: {
            'check.line': { actions: { type: 'recordLine', params: ({ event }) => event.line } },
            'check.done': { target: 'idle', actions: { type: 'finishCheck', params: ({ event }) => ({ atMs: event.atMs, error: null }) } },
            'check.failed': { target: 'idle', actions: { type: 'finishCheck', params: ({ event }) => ({ atMs: event.atMs, error: event.error }) } },
          },
        },
      },
    },
  },
});

export type PinsScreenSnapshot = SnapshotFrom<typeof pinsScreenMachine>;

export const selectPinsContent = selectPerSnapshot((state: PinsScreenSnapshot) => {
  const c = state.context;
  const checking = state.matches({ check: 'checking' });
  return renderPins({
    pins: c.pins,
    lastOkAtMs: c.lastOkAtMs,
    pollError: c.pollError,
    checks: c.checks,
    running: checking ? { scope: c.checkScope ?? 'all', pending: c.pending } : null,
    checkError: c.checkError,
    lastRun: c.lastRun && { ...c.lastRun, failed: c.checkError !== null },
    sort: c.sort,
  });
});
