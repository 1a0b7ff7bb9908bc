/**
 * S2 Stamps: polls /stamps and runs the per-batch bucket-histogram drill (2-cockpit.md §1 "S2").
 *
 * Two parallel regions:
 * - data: `polling` asks /stamps (actor `fetchStamps`; endpoint failures come back inside the poll, onError
 *   is for the unexpected), `waiting` shows the table until the named delay `pollInterval`, `hidden` stops
 *   polling while the engine shows another screen (`screen.visible` false) and polls at once when shown
 *   again. The actor starts polling; the engine hides it when another screen is on show.
 * - drill: `closed`; `screen.activate` on a batch row opens its histogram: `open` at once when that batch's
 *   summary is cached, else `loading` (actor `fetchBuckets`, once per batch) then `open`, or `failed` with
 *   a one-line reason (not cached: reopening retries). `screen.closeDrill` (Esc) closes it.
 *
 * Context: the latest poll, when each pending batch was first seen pending (a batch pending over 10 min
 * suggests the wallet is out of gas: that needs history), the bucket summaries per batch (the cache), the
 * batch the drill shows and the drill's failure. The table rows are derived (selectStampsContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BucketSummary } from '../../../core/cockpit/rules/bucket-histogram.js';
import { BATCH_TABLE, buildStampsModel, nextPendingSince, renderStamps, type BucketDrill, type StampsPoll } from '../../../core/cockpit/screens/stamps.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

export interface StampsScreenInput {
  /** Between polls (default 30 s: batches change slowly; the TTL column is Bee's own estimate). */
  readonly pollIntervalMs?: number;
}

export interface StampsScreenContext {
  readonly pollIntervalMs: number;
  readonly poll: StampsPoll | null;
  readonly pendingSince: Readonly<Record<string, number>>;
  readonly pollError: string | null;
  readonly buckets: Readonly<Record<string, BucketSummary>>;
  readonly drillBatchId: string | null;
  readonly drillError: string | null;
}

export const STAMPS_POLL_INTERVAL_MS = 30_000;

/** Provided by the engine: stampsScreenActors(client) from actors/cockpit/screens/stamps.ts. */
const fetchStampsNotProvided = fromPromise<StampsPoll>(async () => {
  throw new Error('fetchStamps actor not provided');
});
const fetchBucketsNotProvided = fromPromise<BucketSummary, { batchID: string }>(async () => {
  throw new Error('fetchBuckets actor not provided');
});

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

type RowRef = { section: string; index: number; key?: string | undefined; inDrill?: boolean | undefined };

/** The batch ID behind a row of the batch table: the row's key (the batch ID), else its index as rendered now. */
function batchAt(context: StampsScreenContext, row: RowRef): string | undefined {
  if (row.section !== BATCH_TABLE || row.inDrill === true) return undefined;
  const model = buildStampsModel(context.poll, context.pendingSince);
  if (model.kind !== 'ready') return undefined;
  if (row.key !== undefined) return model.rows.find((r) => r.batchID === row.key)?.batchID;
  return model.rows[row.index]?.batchID;
}

export const stampsScreenMachine = setup({
  types: {} as { context: StampsScreenContext; input: StampsScreenInput; events: ScreenEvent },
  actors: {
    fetchStamps: fetchStampsNotProvided,
    fetchBuckets: fetchBucketsNotProvided,
  },
  delays: { pollInterval: ({ context }) => context.pollIntervalMs },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
    isCachedBatchRow: ({ context }, params: RowRef) => {
      const id = batchAt(context, params);
      return id !== undefined && context.buckets[id] !== undefined;
    },
    isBatchRow: ({ context }, params: RowRef) => batchAt(context, params) !== undefined,
  },
  actions: {
    recordPoll: assign(({ context }, poll: StampsPoll) => ({ poll, pendingSince: nextPendingSince(context.pendingSince, poll), pollError: null })),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: params.message })),
    openDrill: assign(({ context }, params: RowRef) => ({
      drillBatchId: batchAt(context, params) ?? null,
      drillError: null,
    })),
    cacheBuckets: assign(({ context }, summary: BucketSummary) =>
      context.drillBatchId === null ? {} : { buckets: { ...context.buckets, [context.drillBatchId]: summary } },
    ),
    recordDrillError: assign((_, params: { message: string }) => ({ drillError: params.message })),
    closeDrill: assign({ drillBatchId: null, drillError: null }),
  },
}).createMachine({
  id: 'stampsScreen',
  description: 'S2: the postage batch table and the per-batch bucket-histogram drill.',
  type: 'parallel',
  context: ({ input }) => ({
    pollIntervalMs: input.pollIntervalMs ?? STAMPS_POLL_INTERVAL_MS,
    poll: null,
    pendingSince: {},
    pollError: null,
    buckets: {},
    drillBatchId: null,
    drillError: null,
  }),
  states: {
    data: {
      initial: 'polling',
      states: {
        polling: {
          description: 'Asking /stamps.',
          invoke: {
            id: 'fetchStamps',
            src: 'fetchStamps',
            onDone: { target: 'waiting', actions: { type: 'recordPoll', params: ({ event }) => event.output } },
            onError: { target: 'waiting', actions: { type: 'recordPollError', params: ({ event }) => ({ message: message(event.error) }) } },
          },
          on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
        },
        waiting: {
          description: 'The table is shown; the next poll starts after pollInterval.',
          after: { pollInterval: 'polling' },
          on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
        },
        hidden: {
          description: 'Another screen is shown: no polling until this one is shown again.',
          on: { 'screen.visible': { guard: { type: 'isShown', params: ({ event }) => event }, target: 'polling' } },
        },
      },
    },
    drill: {
      initial: 'closed',
      states: {
        closed: {
          description: 'No drill; Enter on a batch row opens its bucket histogram.',
          on: {
            'screen.activate': [
              { guard: { type: 'isCachedBatchRow', params: ({ event }) => event }, target: 'open', actions: { type: 'openDrill', params: ({ event }) => event } },
              { guard: { type: 'isBatchRow', params: ({ event }) => event }, target: 'loading', actions: { type: 'openDrill', params: ({ event }) => event } },
            ],
          },
        },
        loading: {
          description: 'Loading the 65,536 buckets of the batch (once per batch).',
          invoke: {
            id: 'fetchBuckets',
            src: 'fetchBuckets',
            input: ({ context }) => ({ batchID: context.drillBatchId ?? '' }),
            onDone: { target: 'open', actions: { type: 'cacheBuckets', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'recordDrillError', params: ({ event }) => ({ message: message(event.error) }) } },
          },
          on: { 'screen.closeDrill': { target: 'closed', actions: 'closeDrill' } },
        },
        open: {
          description: 'The histogram of the batch, from the cache; Esc closes.',
          on: { 'screen.closeDrill': { target: 'closed', actions: 'closeDrill' } },
        },
        failed: {
          description: 'The buckets could not be had; the drill says why in one line; Esc closes.',
          on: { 'screen.closeDrill': { target: 'closed', actions: 'closeDrill' } },
        },
      },
    },
  },
});

export type StampsScreenSnapshot = SnapshotFrom<typeof stampsScreenMachine>;

function drillOf(state: StampsScreenSnapshot): BucketDrill | null {
  const { drillBatchId: batchID, buckets, drillError } = state.context;
  if (batchID === null) return null;
  if (state.matches({ drill: 'loading' })) return { batchID, kind: 'loading' };
  if (state.matches({ drill: 'failed' })) return { batchID, kind: 'error', message: drillError ?? 'unknown failure' };
  const summary = buckets[batchID];
  return summary ? { batchID, kind: 'ready', summary } : null;
}

const contentCache = new WeakMap<object, ScreenContent>();

/** The screen content of a snapshot (memoised per snapshot, so selectors do not re-render needlessly). */
export function selectStampsContent(state: StampsScreenSnapshot): ScreenContent {
  const cached = contentCache.get(state);
  if (cached) return cached;
  const { poll, pendingSince, pollError } = state.context;
  const content = renderStamps(buildStampsModel(poll, pendingSince), drillOf(state));
  const withError = pollError === null ? content : { ...content, subtitle: `poll failed unexpectedly: ${pollError}` };
  contentCache.set(state, withError);
  return withError;
}
