/**
 * S12's watchlist (2-cockpit.md §1 S12): the references, and the history of their durability checks (50,
 * newest first), and each reference's availability record (share retrievable, first failure, longest outage,
 * trend: core/cockpit/availability.ts). Engine-wide, not per node: it survives node switches; the entries are
 * persisted in state.json and the records in watch-history.json by the engine (a restart restores both). Checks run one at a time through the active node (gentle on it; a stewardship check walks
 * the whole content).
 *
 * States
 * - idle: no check to run.
 * - checking: `durabilityCheck` runs for the head of the queue; its result goes into the history.
 *
 * Events: `watchlist.add` (S12's form, `:durability <ref>`; the reference is checked at once), `watchlist.check`
 * (Enter on a row), `watchlist.recheckAll` (the `Re-check all` button, `r`), `watchlist.remove`,
 * `watchlist.watch` (a `:watch-ref` started or stopped: the interval shown), `watchlist.record` (a result of a
 * watch-ref, from the root machine). Each reference is queued at most once.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { newestResults, recordIn, type AvailabilityBook } from '../../core/cockpit/availability.js';
import { addEntry, appendHistory, WATCHLIST_HISTORY, type DurabilityResult, type WatchlistEntry } from '../../core/cockpit/watchlist.js';

export interface WatchlistInput {
  /** Restored from the data directory. */
  readonly entries?: readonly WatchlistEntry[];
  /** Restored from watch-history.json: every reference's availability record (S12's history is its newest 50). */
  readonly availability?: AvailabilityBook;
}

export interface WatchlistContext {
  readonly entries: readonly WatchlistEntry[];
  /** Newest first, at most 50. */
  readonly history: readonly DurabilityResult[];
  /** References waiting for a check; the head is being checked while `checking`. */
  readonly queue: readonly string[];
  /** Per reference: totals over every check kept, and its newest results (core/cockpit/availability.ts). */
  readonly availability: AvailabilityBook;
}

export type WatchlistEvent =
  | { readonly type: 'watchlist.add'; readonly reference: string }
  | { readonly type: 'watchlist.check'; readonly reference: string }
  | { readonly type: 'watchlist.recheckAll' }
  | { readonly type: 'watchlist.remove'; readonly reference: string }
  | { readonly type: 'watchlist.watch'; readonly reference: string; readonly intervalSeconds: number | null }
  | { readonly type: 'watchlist.record'; readonly result: DurabilityResult };

const checkNotProvided = fromPromise<DurabilityResult, { reference: string }>(async () => {
  throw new Error('durabilityCheck actor not provided');
});

const queued = (queue: readonly string[], references: readonly string[]) => [...queue, ...references.filter((r) => !queue.includes(r))];

export const watchlistMachine = setup({
  types: {} as { context: WatchlistContext; input: WatchlistInput; events: WatchlistEvent },
  actors: { durabilityCheck: checkNotProvided },
  guards: { hasQueued: ({ context }) => context.queue.length > 0 },
  actions: {
    add: assign(({ context, event }) => (event.type === 'watchlist.add' ? { entries: addEntry(context.entries, event.reference), queue: queued(context.queue, [event.reference]) } : {})),
    queueOne: assign(({ context, event }) =>
      event.type === 'watchlist.check' && context.entries.some((e) => e.reference === event.reference) ? { queue: queued(context.queue, [event.reference]) } : {},
    ),
    queueAll: assign(({ context }) => ({ queue: queued(context.queue, context.entries.map((entry) => entry.reference)) })),
    remove: assign(({ context, event }) =>
      event.type === 'watchlist.remove'
        ? {
            entries: context.entries.filter((e) => e.reference !== event.reference),
            queue: context.queue.filter((r, i) => i === 0 || r !== event.reference),
            // A removed reference's record goes with it (its rows in the history of the last 50 stay).
            availability: Object.fromEntries(Object.entries(context.availability).filter(([reference]) => reference !== event.reference)),
          }
        : {},
    ),
    setWatch: assign(({ context, event }) => (event.type === 'watchlist.watch' ? { entries: addEntry(context.entries, event.reference, event.intervalSeconds) } : {})),
    recordWatchResult: assign(({ context, event }) =>
      event.type === 'watchlist.record' ? { history: appendHistory(context.history, event.result), availability: recordIn(context.availability, event.result) } : {},
    ),
    recordCheck: assign(({ context }, result: DurabilityResult) => ({
      history: appendHistory(context.history, result),
      availability: recordIn(context.availability, result),
      queue: context.queue.slice(1),
    })),
    skipCheck: assign(({ context }) => ({ queue: context.queue.slice(1) })),
  },
}).createMachine({
  id: 'cockpitWatchlist',
  description: 'S12: watched references and the history of their durability checks (50), checked one at a time.',
  context: ({ input }) => ({ entries: input.entries ?? [], history: newestResults(input.availability ?? {}, WATCHLIST_HISTORY), queue: [], availability: input.availability ?? {} }),
  on: {
    'watchlist.add': { target: '.routing', actions: 'add' },
    'watchlist.check': { target: '.routing', actions: 'queueOne' },
    'watchlist.recheckAll': { target: '.routing', actions: 'queueAll' },
    'watchlist.remove': { actions: 'remove' },
    'watchlist.watch': { actions: 'setWatch' },
    'watchlist.record': { actions: 'recordWatchResult' },
  },
  initial: 'idle',
  states: {
    idle: { description: 'No check to run.' },
    routing: {
      description: 'Starts the next check unless one is running.',
      always: [{ guard: 'hasQueued', target: 'checking' }, { target: 'idle' }],
    },
    checking: {
      description: 'A durability check of the queue’s head runs through the active node.',
      // New requests while checking only queue: this state does not re-enter.
      on: { 'watchlist.add': { actions: 'add' }, 'watchlist.check': { actions: 'queueOne' }, 'watchlist.recheckAll': { actions: 'queueAll' } },
      invoke: {
        id: 'durabilityCheck',
        src: 'durabilityCheck',
        input: ({ context }) => ({ reference: context.queue[0]! }),
        onDone: { target: 'routing', actions: { type: 'recordCheck', params: ({ event }) => event.output } },
        onError: { target: 'routing', actions: 'skipCheck' },
      },
    },
  },
});

export type WatchlistSnapshot = SnapshotFrom<typeof watchlistMachine>;
