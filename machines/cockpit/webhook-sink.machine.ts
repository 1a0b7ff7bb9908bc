/**
 * One webhook (the `[alerts]` per-transition webhook, or the `[fleet]` aggregate one): a bounded queue of
 * bodies, posted one at a time, retried with back-off, dropped and counted when they cannot be delivered.
 * It runs beside the pollers, never in their way: a webhook that refuses, hangs or answers 500 slows only
 * this queue.
 *
 * States
 * - idle: nothing queued.
 * - posting: `postWebhook` sends the queue's head (the provided actor knows the URL, which never enters
 *   this machine's context: webhook URLs are secrets; it aborts after its own timeout).
 * - retrying: the post failed; the same body is sent again after the named delay `retryBackoff` (1, 2, 4, 8 s,
 *   …, capped at 60 s). After `maxAttempts` failed posts the body is dropped and counted.
 *
 * Events: `sink.post` (a body to send; from the alerts machine). A full queue drops its oldest body (counted).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { WebhookBody } from '../../core/cockpit/alerts.js';
import { errorText } from '../../core/error-text.js';

export interface WebhookSinkInput {
  /** Which webhook, for messages: `webhook` or `fleet webhook`. */
  readonly label: string;
  /** Queue bound (default 100). */
  readonly maxQueue?: number;
  /** Posts of one body before it is dropped (default 5). */
  readonly maxAttempts?: number;
}

export interface WebhookSinkContext {
  readonly label: string;
  readonly maxQueue: number;
  readonly maxAttempts: number;
  readonly queue: readonly WebhookBody[];
  /** Failed posts of the head so far. */
  readonly attempt: number;
  readonly delivered: number;
  readonly dropped: number;
  /** The last failure (`HTTP 500`, `timed out after 10,000 ms`, `connect ECONNREFUSED`), cleared by a delivery. */
  readonly lastError: string | null;
}

export type WebhookSinkEvent = { readonly type: 'sink.post'; readonly body: WebhookBody };

export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 60_000;

export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

const postNotProvided = fromPromise<void, { body: WebhookBody }>(async () => {
  throw new Error('postWebhook actor not provided: the engine binds it to the configured URL');
});


export const webhookSinkMachine = setup({
  types: {} as { context: WebhookSinkContext; input: WebhookSinkInput; events: WebhookSinkEvent },
  actors: { postWebhook: postNotProvided },
  delays: { retryBackoff: ({ context }) => retryDelayMs(context.attempt) },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    hasAttemptsLeft: ({ context }) => context.attempt + 1 < context.maxAttempts,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      const queue = [...context.queue, event.body];
      const overflow = Math.max(0, queue.length - context.maxQueue);
      return { queue: queue.slice(overflow), dropped: context.dropped + overflow };
    }),
    recordDelivery: assign(({ context }) => ({ queue: context.queue.slice(1), attempt: 0, delivered: context.delivered + 1, lastError: null })),
    recordFailure: assign(({ context }, params: { message: string }) => ({ attempt: context.attempt + 1, lastError: params.message })),
    dropHead: assign(({ context }, params: { message: string }) => ({ queue: context.queue.slice(1), attempt: 0, dropped: context.dropped + 1, lastError: params.message })),
  },
}).createMachine({
  id: 'cockpitWebhookSink',
  description: 'One webhook: a bounded queue posted in order, retried with back-off, dropped and counted when undeliverable.',
  context: ({ input }) => ({
    label: input.label,
    maxQueue: input.maxQueue ?? 100,
    maxAttempts: input.maxAttempts ?? 5,
    queue: [],
    attempt: 0,
    delivered: 0,
    dropped: 0,
    lastError: null,
  }),
  on: { 'sink.post': { actions: 'enqueue' } },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing to send.',
      always: { guard: 'hasQueued', target: 'posting' },
    },
    posting: {
      description: 'Sending the head of the queue.',
      invoke: {
        id: 'postWebhook',
        src: 'postWebhook',
        input: ({ context }) => ({ body: context.queue[0]! }),
        onDone: { target: 'idle', actions: 'recordDelivery' },
        onError: [
          { guard: 'hasAttemptsLeft', target: 'retrying', actions: { type: 'recordFailure', params: ({ event }) => ({ message: errorText(event.error) }) } },
          { target: 'idle', actions: { type: 'dropHead', params: ({ event }) => ({ message: errorText(event.error) }) } },
        ],
      },
    },
    retrying: {
      description: 'The post failed; the same body goes again after retryBackoff.',
      after: { retryBackoff: 'posting' },
    },
  },
});

export type WebhookSinkSnapshot = SnapshotFrom<typeof webhookSinkMachine>;

/** `webhook: 2 dropped, retrying (HTTP 500)`, or null when the sink is well. */
export function selectSinkProblem(snapshot: WebhookSinkSnapshot): string | null {
  const { label, dropped, lastError, queue } = snapshot.context;
  const retrying = snapshot.matches('retrying') ? `retrying (${lastError ?? 'failed'})` : null;
  const parts = [dropped ? `${dropped} dropped${lastError && !retrying ? ` (${lastError})` : ''}` : null, retrying, retrying && queue.length > 1 ? `${queue.length} queued` : null].filter(Boolean);
  return parts.length ? `${label}: ${parts.join(', ')}` : null;
}
