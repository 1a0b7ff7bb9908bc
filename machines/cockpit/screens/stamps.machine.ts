/**
 * S2 Stamps: the postage batch table from /stamps and the per-batch bucket-histogram drill (2-cockpit.md §1 "S2").
 *
 * The child `poller` (polling-screen.machine.ts) fetches every `pollIntervalMs` while the screen is shown (its fetch
 * `fetchStamps`: endpoint failures come back inside the poll); this machine forwards `screen.visible` to it and
 * keeps the latest answer (`poll.done`) and the unexpected failure (`poll.failed`).
 *
 * - drill: `closed`; `screen.activate` on a batch row opens its histogram: `open` at once when that batch's
 *   summary is cached, else `loading` (actor `fetchBuckets`, once per batch) then `open`, or `failed` with
 *   a one-line reason (not cached: reopening retries). `screen.closeDrill` (Esc) closes it.
 *
 * - `screen.select` on a batch row records that batch: the screen shows the selected batch's full ID under the
 *   table (the table shortens it). The engine owns the selection; the screen only needs which batch it is.
 *
 * Context: the latest poll, when each pending batch was first seen pending (a batch pending over 10 min
 * suggests the wallet is out of gas: that needs history), the bucket summaries per batch (the cache), the
 * batch the drill shows and the drill's failure, the selected batch. The table rows are derived (selectStampsContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BucketSummary } from '../../../core/cockpit/rules/bucket-histogram.js';
import { BATCH_TABLE, buildStampsModel, nextPendingSince, renderStamps, type BucketDrill, type StampsPoll } from '../../../core/cockpit/screens/stamps.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { EMPTY_FILL_HISTORY, type StampFillHistory } from '../../../core/cockpit/stamp-fill.js';
import { errorText } from '../../../core/error-text.js';
import { pollerActions, pollerInvoke, pollerTransitions, pollingScreenMachine, withPollFailure, type PollReport } from './polling-screen.machine.js';

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
  readonly selectedBatchId: string | null;
}

export const STAMPS_POLL_INTERVAL_MS = 30_000;

/** Provided by the engine (with the poller's fetch): stampsScreenActors(client) from actors/cockpit/screens/stamps.ts. */
const fetchBucketsNotProvided = fromPromise<BucketSummary, { batchID: string }>(async () => {
  throw new Error('fetchBuckets actor not provided');
});

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
  types: {} as { context: StampsScreenContext; input: StampsScreenInput; events: ScreenEvent | PollReport<StampsPoll> },
  actors: { poller: pollingScreenMachine, fetchBuckets: fetchBucketsNotProvided },
  guards: {
    isCachedBatchRow: ({ context }, params: RowRef) => {
      const id = batchAt(context, params);
      return id !== undefined && context.buckets[id] !== undefined;
    },
    isBatchRow: ({ context }, params: RowRef) => batchAt(context, params) !== undefined,
  },
  actions: {
    recordPoll: assign(({ context }, poll: StampsPoll) => ({ poll, pendingSince: nextPendingSince(context.pendingSince, poll), pollError: null })),
    ...pollerActions<StampsScreenContext, ScreenEvent | PollReport<StampsPoll>>(),
    openDrill: assign(({ context }, params: RowRef) => ({
      drillBatchId: batchAt(context, params) ?? null,
      drillError: null,
    })),
    cacheBuckets: assign(({ context }, summary: BucketSummary) =>
      context.drillBatchId === null ? {} : { buckets: { ...context.buckets, [context.drillBatchId]: summary } },
    ),
    recordDrillError: assign((_, params: { message: string }) => ({ drillError: params.message })),
    closeDrill: assign({ drillBatchId: null, drillError: null }),
    recordSelection: assign(({ context }, params: RowRef) => ({ selectedBatchId: batchAt(context, params) ?? context.selectedBatchId })),
  },
}).createMachine({
  id: 'stampsScreen',
  description: 'S2: the postage batch table and the per-batch bucket-histogram drill.',
  context: ({ input }) => ({
    pollIntervalMs: input.pollIntervalMs ?? STAMPS_POLL_INTERVAL_MS,
    poll: null,
    pendingSince: {},
    pollError: null,
    buckets: {},
    drillBatchId: null,
    drillError: null,
    selectedBatchId: null,
  }),
  invoke: pollerInvoke,
  on: {
    ...pollerTransitions<StampsPoll>(),
    'screen.select': { actions: { type: 'recordSelection', params: ({ event }) => event } },
  },
  initial: 'drill',
  states: {
    drill: {
      description: 'The bucket histogram of one batch, over the table.',
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
            onError: { target: 'failed', actions: { type: 'recordDrillError', params: ({ event }) => ({ message: errorText(event.error) }) } },
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

// One rendering per snapshot, drawing and fill history (the fleet poller's, which moves with its own polls).
const contentCache = new WeakMap<StampsScreenSnapshot, { fill: StampFillHistory; ascii: boolean; content: ScreenContent }>();

/**
 * The screen content of a snapshot (once per snapshot, drawing and fill history, so selectors do not re-render
 * needlessly). `fill`: the active node's utilisation samples from its fleet poller (FleetNodeFacts.stampFill).
 */
export function selectStampsContent(state: StampsScreenSnapshot, ascii = false, fill: StampFillHistory = EMPTY_FILL_HISTORY): ScreenContent {
  const cached = contentCache.get(state);
  if (cached && cached.fill === fill && cached.ascii === ascii) return cached.content;
  const { poll, pendingSince, pollError, selectedBatchId } = state.context;
  const content = withPollFailure(renderStamps(buildStampsModel(poll, pendingSince, fill), drillOf(state), selectedBatchId, ascii), pollError);
  contentCache.set(state, { fill, ascii, content });
  return content;
}
