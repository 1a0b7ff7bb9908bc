/**
 * One `:watch-ref <ref> [interval-seconds]` (2-cockpit.md §4 terminal extras): a durability check of the
 * reference, again and again, every `interval` seconds (default 60, clamped to 10..86400 by the palette).
 * Spawned by the root machine as `watch:<ref>`; stopped by `:watch-ref-stop` (one, or all).
 *
 * States
 * - checking: `durabilityCheck` runs (through the active node). A failed check is a result too.
 * - waiting: the result went to the root machine (`watch.result`, into S12's history); the next check starts
 *   after the named delay `checkInterval`.
 * - reseeding: `[watchlist] auto_reseed_after = N` (issue 29 item 6): after N not-retrievable results in a row
 *   (a "could not check" result neither counts nor breaks the run) the `reseed` actor re-uploads the reference
 *   under the configured batch, then the reference is checked again at once. The start and the outcome each go
 *   to the Cockpit log (`logLine`) and to a banner (`watch.reseed` to the root machine): never silent. The run
 *   starts again from 0 after a re-seed, whatever its outcome, so a failed re-seed waits for N more failures.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';

export interface WatchRefInput {
  readonly reference: string;
  readonly intervalSeconds: number;
  /** Re-seed after this many not-retrievable results in a row; 0 or absent: never. */
  readonly autoReseedAfter?: number;
}

export interface WatchRefContext extends WatchRefInput {
  readonly checks: number;
  readonly last: DurabilityResult | null;
  /** Not-retrievable results since the last retrievable one (or the last re-seed). */
  readonly failuresInRow: number;
  readonly reseeds: number;
}

/** What a re-seed came to: `ok` false with `detail` the reason (refused batch, node error). */
export interface WatchReseedOutcome {
  readonly ok: boolean;
  readonly detail: string;
}

export type WatchRefEmit =
  | { readonly type: 'watch.result'; readonly result: DurabilityResult }
  | { readonly type: 'watch.reseed'; readonly text: string; readonly tone: 'ok' | 'fail' };

export interface WatchRefLogLine {
  readonly level: 'info' | 'warning' | 'error';
  readonly message: string;
}

const checkNotProvided = fromPromise<DurabilityResult, { reference: string }>(async () => {
  throw new Error('durabilityCheck actor not provided');
});
const reseedNotProvided = fromPromise<WatchReseedOutcome, { reference: string }>(async () => {
  throw new Error('reseed actor not provided');
});

const short = (reference: string) => `${reference.slice(0, 8)}…`;
const startedText = (context: WatchRefContext) =>
  `auto re-seed of ${short(context.reference)} after ${context.failuresInRow} failed checks in a row`;
const outcomeText = (context: WatchRefContext, outcome: WatchReseedOutcome) =>
  outcome.ok ? `auto re-seed of ${short(context.reference)} done (${outcome.detail}); checking again` : `auto re-seed of ${short(context.reference)} failed: ${outcome.detail}; checking again`;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const watchRefMachine = setup({
  types: {} as { context: WatchRefContext; input: WatchRefInput },
  actors: { durabilityCheck: checkNotProvided, reseed: reseedNotProvided },
  delays: { checkInterval: ({ context }) => context.intervalSeconds * 1000 },
  guards: {
    reseedDue: ({ context }) => (context.autoReseedAfter ?? 0) > 0 && context.failuresInRow >= context.autoReseedAfter!,
  },
  actions: {
    record: assign(({ context }, result: DurabilityResult) => ({
      checks: Math.min(context.checks + 1, 1_000_000),
      last: result,
      failuresInRow: result.retrievable === false ? context.failuresInRow + 1 : result.retrievable === true ? 0 : context.failuresInRow,
    })),
    /** The root machine puts every result into S12's history; a model test provides a no-op. */
    report: sendParent(({ context }): WatchRefEmit => ({ type: 'watch.result', result: context.last! })),
    startReseed: assign(({ context }) => ({ reseeds: context.reseeds + 1 })),
    finishReseed: assign({ failuresInRow: 0 }),
    /** The banner: the root machine shows it on the session. */
    announce: sendParent((_, params: { text: string; tone: 'ok' | 'fail' }): WatchRefEmit => ({ type: 'watch.reseed', ...params })),
    /** The Cockpit log line: bound by the engine wiring to the log book (cockpit::watch-ref). */
    logLine: (_, _line: WatchRefLogLine) => undefined,
  },
}).createMachine({
  id: 'cockpitWatchRef',
  description: 'A :watch-ref: a durability check of one reference every interval seconds, each result to S12; optionally a re-seed after N failures in a row.',
  context: ({ input }) => ({ ...input, checks: 0, last: null, failuresInRow: 0, reseeds: 0 }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The node fetches every chunk of the reference from the network (GET /stewardship).',
      invoke: {
        id: 'durabilityCheck',
        src: 'durabilityCheck',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { target: 'checked', actions: [{ type: 'record', params: ({ event }) => event.output }, 'report'] },
        // The check actor turns node failures into results; this is for the unexpected, and it retries too.
        onError: 'waiting',
      },
    },
    checked: {
      description: 'Routes: N not-retrievable results in a row with auto re-seed on → reseeding; otherwise waiting.',
      always: [{ guard: 'reseedDue', target: 'reseeding' }, { target: 'waiting' }],
    },
    reseeding: {
      description: 'PUT /stewardship under [watchlist] auto_reseed_batch (the retcheck re-seed flow, confirmed by itself); logged and bannered.',
      entry: [
        'startReseed',
        { type: 'logLine', params: ({ context }) => ({ level: 'warning', message: startedText(context) }) },
        { type: 'announce', params: ({ context }) => ({ text: `${startedText(context)}…`, tone: 'fail' }) },
      ],
      exit: 'finishReseed',
      invoke: {
        id: 'reseed',
        src: 'reseed',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: {
          target: 'checking',
          actions: [
            { type: 'logLine', params: ({ context, event }) => ({ level: event.output.ok ? 'info' : 'error', message: outcomeText(context, event.output) }) },
            { type: 'announce', params: ({ context, event }) => ({ text: outcomeText(context, event.output), tone: event.output.ok ? 'ok' : 'fail' }) },
          ],
        },
        onError: {
          target: 'checking',
          actions: [
            { type: 'logLine', params: ({ context, event }) => ({ level: 'error', message: outcomeText(context, { ok: false, detail: errorText(event.error) }) }) },
            { type: 'announce', params: ({ context, event }) => ({ text: outcomeText(context, { ok: false, detail: errorText(event.error) }), tone: 'fail' }) },
          ],
        },
      },
    },
    waiting: {
      description: 'Until the next check, after checkInterval.',
      after: { checkInterval: 'checking' },
    },
  },
});
