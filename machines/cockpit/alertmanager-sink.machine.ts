/**
 * One Alertmanager (`[alerts] alertmanager_url`; an HA pair is two of these): the gate alerts the cockpit holds
 * (core/cockpit/alertmanager.ts), posted to `POST /api/v2/alerts` whenever they change and again every
 * `resendInterval` while any is active, as Prometheus does. Grouping, inhibition, silences and routes are
 * Alertmanager's. It runs beside the pollers, never in their way: an Alertmanager that refuses or hangs slows
 * only this sink.
 *
 * States
 * - idle: everything held was delivered; at `resendInterval` the active alerts go again.
 * - posting: `postAlerts` sends every active alert and every ended one not yet delivered (the provided actor
 *   knows the URL and its own timeout).
 * - retrying: the post failed; after the named delay `retryBackoff` (1, 2, 4 … 60 s) the set, as it is then,
 *   goes again. Nothing is lost meanwhile: transitions keep updating the set, ended alerts wait (at most
 *   `maxEnded`; past that the oldest are dropped, counted and logged).
 *
 * Events: `am.record` (transitions; from the alerts machine). Every failure, retry and drop is a line in the
 * Cockpit log tab through the `logLine` action (the engine provides it).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '../../core/error-text.js';
import { applyTransitions, EMPTY_ALERT_SET, markDelivered, type AmAlertSet } from '../../core/cockpit/alertmanager.js';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import { retryDelayMs } from './webhook-sink.machine.js';

export interface AlertmanagerSinkInput {
  /** The Alertmanager's URL, for log lines (it carries no secret: Alertmanager has no tokens in its URL). */
  readonly label: string;
  /** Resend while active (default 60 s, Prometheus's resend delay). */
  readonly resendIntervalMs?: number;
  readonly maxEnded?: number;
}

export interface AlertmanagerSinkContext {
  readonly label: string;
  readonly resendIntervalMs: number;
  readonly maxEnded: number;
  readonly set: AmAlertSet;
  /** The set changed since the last post began. */
  readonly dirty: boolean;
  /** Ended alerts in the post under way. */
  readonly endedInFlight: number;
  readonly attempt: number;
  readonly delivered: number;
  readonly dropped: number;
  /** Ended alerts dropped by the last `am.record` (for its log line). */
  readonly justDropped: number;
  readonly lastError: string | null;
}

export interface LogLine {
  readonly level: 'info' | 'warning';
  readonly message: string | null;
}

export type AlertmanagerSinkEvent = { readonly type: 'am.record'; readonly records: readonly AlertRecord[] };

/** The actor writes the body (core alertsBody) with its clock: active alerts valid `validForMs` from now. */
export interface PostAlertsInput {
  /** The Alertmanager's base URL (the sink's label). */
  readonly url: string;
  readonly set: AmAlertSet;
  readonly validForMs: number;
}

/** How long an active alert stays valid without a resend: four resends, as Prometheus sets endsAt. */
export const VALID_RESENDS = 4;

const postNotProvided = fromPromise<void, PostAlertsInput>(async () => {
  throw new Error('postAlerts actor not provided: the engine binds it to the Alertmanager URL');
});

export const alertmanagerSinkMachine = setup({
  types: {} as { context: AlertmanagerSinkContext; input: AlertmanagerSinkInput; events: AlertmanagerSinkEvent },
  actors: { postAlerts: postNotProvided },
  delays: {
    resendInterval: ({ context }) => context.resendIntervalMs,
    retryBackoff: ({ context }) => retryDelayMs(context.attempt),
  },
  guards: {
    hasNews: ({ context }) => context.dirty,
    hasActive: ({ context }) => Object.keys(context.set.active).length > 0,
  },
  actions: {
    record: assign(({ context, event }) => {
      const { set, dropped, changed } = applyTransitions(context.set, event.records, context.maxEnded);
      return { set, dirty: context.dirty || changed, dropped: context.dropped + dropped, justDropped: dropped };
    }),
    startPost: assign(({ context }) => ({ dirty: false, endedInFlight: context.set.ended.length })),
    recordDelivery: assign(({ context }) => ({ set: markDelivered(context.set, context.endedInFlight), endedInFlight: 0, attempt: 0, delivered: context.delivered + 1, lastError: null })),
    // Nothing sent is known delivered: the whole set goes again.
    recordFailure: assign(({ context }, params: { message: string }) => ({ attempt: context.attempt + 1, lastError: params.message, endedInFlight: 0, dirty: true })),
    // The engine writes these to the Cockpit log tab; a null message is nothing to say.
    logLine: (_args, _params: LogLine) => {},
  },
}).createMachine({
  id: 'cockpitAlertmanagerSink',
  description: 'One Alertmanager: the gate alerts held, posted on change and resent while active; retried with back-off.',
  context: ({ input }) => ({
    label: input.label,
    resendIntervalMs: input.resendIntervalMs ?? 60_000,
    maxEnded: input.maxEnded ?? 1000,
    set: EMPTY_ALERT_SET,
    dirty: false,
    endedInFlight: 0,
    attempt: 0,
    delivered: 0,
    dropped: 0,
    justDropped: 0,
    lastError: null,
  }),
  on: {
    'am.record': {
      actions: [
        'record',
        {
          type: 'logLine',
          params: ({ context }): LogLine => ({
            level: 'warning',
            message: context.justDropped ? `alertmanager ${context.label}: ${context.justDropped} ended alert${context.justDropped === 1 ? '' : 's'} dropped undelivered (more than ${context.maxEnded} waiting)` : null,
          }),
        },
      ],
    },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Everything held was delivered; the active alerts go again at resendInterval.',
      always: { guard: 'hasNews', target: 'posting' },
      after: { resendInterval: { guard: 'hasActive', target: 'posting', reenter: true } },
    },
    posting: {
      description: 'Posting every active alert and every ended one not yet delivered.',
      entry: 'startPost',
      invoke: {
        id: 'postAlerts',
        src: 'postAlerts',
        input: ({ context }) => ({ url: context.label, set: context.set, validForMs: VALID_RESENDS * context.resendIntervalMs }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'logLine', params: ({ context }): LogLine => ({ level: 'info', message: context.attempt > 0 ? `alertmanager ${context.label}: delivered after ${context.attempt} failed post${context.attempt === 1 ? '' : 's'}` : null }) },
            'recordDelivery',
          ],
        },
        onError: { target: 'retrying', actions: { type: 'recordFailure', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    retrying: {
      description: 'The post failed; the set as it is then goes again after retryBackoff.',
      entry: { type: 'logLine', params: ({ context }): LogLine => ({ level: 'warning', message: `alertmanager ${context.label}: post failed (${context.lastError ?? 'failed'}); retrying in ${retryDelayMs(context.attempt) / 1000} s` }) },
      after: { retryBackoff: 'posting' },
    },
  },
});

export type AlertmanagerSinkSnapshot = SnapshotFrom<typeof alertmanagerSinkMachine>;

/** `alertmanager http://am:9093: retrying (connect ECONNREFUSED), 3 dropped`, or null when it is well. */
export function selectAlertmanagerProblem(snapshot: AlertmanagerSinkSnapshot): string | null {
  const { label, dropped, lastError } = snapshot.context;
  const parts = [snapshot.matches('retrying') ? `retrying (${lastError ?? 'failed'})` : null, dropped ? `${dropped} dropped` : null].filter(Boolean);
  return parts.length ? `alertmanager ${label}: ${parts.join(', ')}` : null;
}
