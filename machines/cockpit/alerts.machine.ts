/**
 * The alert sinks of every node's gate transitions (2-cockpit.md §6): the webhook debounced per gate, the
 * fleet aggregate webhook buffered into one message, terminal toasts and bell, desktop OS notifications. The
 * rules (who hears what, the texts and JSON, one cause one alert) are core/cockpit/alerts.ts; this chart keeps
 * the timing. The alerts ring itself (200, newest first) is the root machine's.
 *
 * One poll, one message: each `alerts.record` is one node's alerts of one poll (each with the transitions
 * recorded under it). They go out as one webhook post, one toast, at most one bell and one OS notification,
 * naming them all; a transition kept under a cause that did not change (`causedBy`) reaches no sink.
 *
 * States
 * - quiet: no fleet aggregate is being collected.
 * - buffering: a fleet alert arrived; more are collected until the named delay `aggregateWindow`
 *   (`aggregate_window_secs`) ends, then one `Fleet alert: …` message goes to the `fleetWebhook` child.
 *
 * Children: `webhook` and `fleetWebhook` (webhook-sink.machine.ts), and `alertmanager:<i>` per
 * `[alerts] alertmanager_url` (alertmanager-sink.machine.ts), only when configured. Timers per item are
 * delayed events: `toast.expire` after `toastTtl` (`toast_seconds`), `debounce.expire` after
 * `debounceWindow` (`debounce_secs`) for the gates of one post (per node and gate, ending together).
 *
 * Events: `alerts.record` from the root machine (one node's alerts of one poll).
 */
import { enqueueActions, setup, type SnapshotFrom } from 'xstate';
import {
  debounceKey,
  fleetWebhookBody,
  groupLine,
  groupWebhookBody,
  isNews,
  isOwnAlert,
  raisesOsNotification,
  ringsBell,
  toastLine,
  worstTarget,
  type BellSetting,
} from '../../core/cockpit/alerts.js';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import type { GateState } from '../../core/cockpit/gate-definitions.js';
import { gateTone } from '../../core/cockpit/node-status.js';
import type { Face, OsNotificationView, ToastView } from '../../core/cockpit/view/view-model.js';
import { webhookSinkMachine } from './webhook-sink.machine.js';
import { alertmanagerSinkMachine } from './alertmanager-sink.machine.js';

export interface AlertsInput {
  readonly face: Face;
  /** `[alerts] webhook_url` is set. */
  readonly webhook: boolean;
  /** `[fleet] aggregate_webhook_url` is set. */
  readonly fleetWebhook: boolean;
  readonly debounceMs: number;
  readonly aggregateWindowMs: number;
  readonly toast: { readonly enabled: boolean; readonly ttlMs: number };
  readonly bell: BellSetting;
  /** `[notifications] desktop` (the desktop face only). */
  readonly osNotifications: boolean;
  /** `[alerts] alertmanager_url`: one Alertmanager sink each (absent or empty: none). */
  readonly alertmanagers?: readonly string[];
}

export interface AlertsContext extends AlertsInput {
  /** Newest last; at most MAX_TOASTS. */
  readonly toasts: readonly ToastView[];
  readonly toastSeq: number;
  readonly bellCount: number;
  /** Newest last; at most MAX_OS_NOTIFICATIONS. */
  readonly notifications: readonly OsNotificationView[];
  readonly notificationSeq: number;
  /** Per node and gate in a debounce window: the state last posted, and the latest alert held back. */
  readonly debounce: Readonly<Record<string, { readonly posted: GateState; readonly held: AlertRecord | null }>>;
  /** Fleet alerts collected for the aggregate message. */
  readonly buffer: readonly AlertRecord[];
}

export type AlertsEvent =
  | { readonly type: 'alerts.record'; readonly records: readonly AlertRecord[] }
  | { readonly type: 'toast.expire'; readonly id: number }
  /** The debounce windows of the gates posted together end together. */
  | { readonly type: 'debounce.expire'; readonly keys: readonly string[] };

export const MAX_TOASTS = 3;
export const alertmanagerActorId = (index: number) => `alertmanager:${index}`;
export const MAX_OS_NOTIFICATIONS = 20;

export const alertsMachine = setup({
  types: {} as { context: AlertsContext; input: AlertsInput; events: AlertsEvent; children: { webhook: 'webhookSink'; fleetWebhook: 'fleetWebhookSink' } },
  // Two sources, so the engine can bind each to its own URL.
  actors: { webhookSink: webhookSinkMachine, fleetWebhookSink: webhookSinkMachine, alertmanagerSink: alertmanagerSinkMachine },
  delays: {
    toastTtl: ({ context }) => context.toast.ttlMs,
    debounceWindow: ({ context }) => context.debounceMs,
    aggregateWindow: ({ context }) => context.aggregateWindowMs,
  },
  guards: {
    hasFleetNews: ({ context, event }) => context.fleetWebhook && event.type === 'alerts.record' && event.records.some(isNews),
  },
  actions: {
    deliver: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'alerts.record') return;
      // Alertmanager holds state, not news: every transition (the first poll's too, and those recorded under a
      // cause: Alertmanager inhibits with the shipped rules) updates what fires.
      if (context.alertmanagers?.length) {
        const all = event.records.flatMap((record) => [record, ...record.caused.map((caused) => ({ ...caused, node: record.node, seq: record.seq, caused: [] }))]);
        context.alertmanagers.forEach((_url, i) => enqueue.sendTo(alertmanagerActorId(i), { type: 'am.record', records: all }));
      }
      const own = event.records.filter(isOwnAlert);
      if (own.length === 0) return;
      let { toasts, toastSeq, bellCount, notifications, notificationSeq, debounce, buffer } = context;
      if (context.face === 'terminal' && context.toast.enabled) {
        toastSeq++;
        toasts = [...toasts, { id: toastSeq, text: toastLine(own), tone: gateTone(worstTarget(own)) }].slice(-MAX_TOASTS);
        enqueue.raise({ type: 'toast.expire', id: toastSeq }, { delay: 'toastTtl' });
      }
      if (context.face === 'terminal' && own.some((record) => ringsBell(record, context.bell))) bellCount++;
      const noted = own.filter(raisesOsNotification);
      if (context.face === 'desktop' && context.osNotifications && noted.length) {
        notificationSeq++;
        const first = noted[0]!;
        const title = `${first.node}: ${first.gateName} ${first.to}${noted.length > 1 ? ` (+${noted.length - 1} more)` : ''}`;
        const note = { seq: notificationSeq, title, body: noted.length > 1 ? groupLine(noted) : first.reason, tone: gateTone(worstTarget(noted)) };
        notifications = [...notifications, note].slice(-MAX_OS_NOTIFICATIONS);
      }
      const news = own.filter(isNews);
      if (context.fleetWebhook) buffer = [...buffer, ...news];
      if (context.webhook) {
        const posting: AlertRecord[] = [];
        for (const record of news) {
          const key = debounceKey(record);
          const cooling = debounce[key];
          if (cooling) {
            debounce = { ...debounce, [key]: { ...cooling, held: record } };
          } else {
            posting.push(record);
            debounce = { ...debounce, [key]: { posted: record.to, held: null } };
          }
        }
        if (posting.length) {
          enqueue.sendTo('webhook', { type: 'sink.post', body: groupWebhookBody(posting) });
          enqueue.raise({ type: 'debounce.expire', keys: posting.map(debounceKey) }, { delay: 'debounceWindow' });
        }
      }
      enqueue.assign({ toasts, toastSeq, bellCount, notifications, notificationSeq, debounce, buffer });
    }),
    expireToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'toast.expire') enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== event.id) });
    }),
    endDebounce: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'debounce.expire') return;
      const debounce = { ...context.debounce };
      const reposting: AlertRecord[] = [];
      for (const key of event.keys) {
        const entry = debounce[key];
        if (!entry) continue;
        delete debounce[key];
        // The gate changed again inside the window: post where it is now, and open a new window.
        if (entry.held && entry.held.to !== entry.posted) {
          reposting.push(entry.held);
          debounce[key] = { posted: entry.held.to, held: null };
        }
      }
      if (reposting.length) {
        enqueue.sendTo('webhook', { type: 'sink.post', body: groupWebhookBody(reposting) });
        enqueue.raise({ type: 'debounce.expire', keys: reposting.map(debounceKey) }, { delay: 'debounceWindow' });
      }
      enqueue.assign({ debounce });
    }),
    flushAggregate: enqueueActions(({ context, enqueue }) => {
      if (context.buffer.length) enqueue.sendTo('fleetWebhook', { type: 'sink.post', body: fleetWebhookBody(context.buffer) });
      enqueue.assign({ buffer: [] });
    }),
  },
}).createMachine({
  id: 'cockpitAlerts',
  description: 'Alert sinks of every node’s gate transitions, one message per node and poll: webhook (debounced per gate), fleet aggregate, toasts, bell, OS notifications.',
  context: ({ input, spawn }) => {
    if (input.webhook) spawn('webhookSink', { id: 'webhook', input: { label: 'webhook' } });
    if (input.fleetWebhook) spawn('fleetWebhookSink', { id: 'fleetWebhook', input: { label: 'fleet webhook' } });
    (input.alertmanagers ?? []).forEach((url, i) => spawn('alertmanagerSink', { id: alertmanagerActorId(i), input: { label: url } }));
    return { ...input, toasts: [], toastSeq: 0, bellCount: 0, notifications: [], notificationSeq: 0, debounce: {}, buffer: [] };
  },
  on: {
    'toast.expire': { actions: 'expireToast' },
    'debounce.expire': { actions: 'endDebounce' },
  },
  initial: 'quiet',
  states: {
    quiet: {
      description: 'No fleet aggregate being collected.',
      on: {
        'alerts.record': [
          { guard: 'hasFleetNews', target: 'buffering', actions: 'deliver' },
          { actions: 'deliver' },
        ],
      },
    },
    buffering: {
      description: 'Collecting fleet transitions until aggregateWindow ends; then one Fleet alert message.',
      on: { 'alerts.record': { actions: 'deliver' } },
      after: { aggregateWindow: { target: 'quiet', actions: 'flushAggregate' } },
    },
  },
});

export type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;
