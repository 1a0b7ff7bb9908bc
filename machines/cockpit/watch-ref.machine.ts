/**
 * One `:watch-ref <ref> [interval-seconds]` (2-cockpit.md §4 terminal extras): a durability check of the
 * reference, again and again, every `interval` seconds (default 60, clamped to 10..86400 by the palette).
 * Spawned by the root machine as `watch:<ref>`; stopped by `:watch-ref-stop` (one, or all).
 *
 * States
 * - checking: `durabilityCheck` runs (through the active node). A failed check is a result too.
 * - waiting: the result went to the root machine (`watch.result`, into S12's history); the next check starts
 *   after the named delay `checkInterval`.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';

export interface WatchRefInput {
  readonly reference: string;
  readonly intervalSeconds: number;
}

export interface WatchRefContext extends WatchRefInput {
  readonly checks: number;
  readonly last: DurabilityResult | null;
}

export type WatchRefEmit = { readonly type: 'watch.result'; readonly result: DurabilityResult };

const checkNotProvided = fromPromise<DurabilityResult, { reference: string }>(async () => {
  throw new Error('durabilityCheck actor not provided');
});

export const watchRefMachine = setup({
  types: {} as { context: WatchRefContext; input: WatchRefInput },
  actors: { durabilityCheck: checkNotProvided },
  delays: { checkInterval: ({ context }) => context.intervalSeconds * 1000 },
  actions: {
    record: assign(({ context }, result: DurabilityResult) => ({ checks: Math.min(context.checks + 1, 1_000_000), last: result })),
    /** The root machine puts every result into S12's history; a model test provides a no-op. */
    report: sendParent(({ context }): WatchRefEmit => ({ type: 'watch.result', result: context.last! })),
  },
}).createMachine({
  id: 'cockpitWatchRef',
  description: 'A :watch-ref: a durability check of one reference every interval seconds, each result to S12.',
  context: ({ input }) => ({ ...input, checks: 0, last: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The node fetches every chunk of the reference from the network (GET /stewardship).',
      invoke: {
        id: 'durabilityCheck',
        src: 'durabilityCheck',
        input: ({ context }) => ({ reference: context.reference }),
        onDone: { target: 'waiting', actions: [{ type: 'record', params: ({ event }) => event.output }, 'report'] },
        // The check actor turns node failures into results; this is for the unexpected, and it retries too.
        onError: 'waiting',
      },
    },
    waiting: {
      description: 'Until the next check, after checkInterval.',
      after: { checkInterval: 'checking' },
    },
  },
});
