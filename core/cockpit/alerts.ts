/**
 * What each alert sink does with a gate transition (2-cockpit.md §3 "Gate transitions", §6 Events), as pure
 * rules: the webhook text and JSON body, the fleet aggregate message, who hears a transition (bell, toast,
 * OS notification, webhook), and the per-gate debounce key.
 *
 * Decisions where the spec is silent (also in docs/cockpit.md "Alerts"):
 * - Webhook body: `{"text": …, "content": …, "cockpit": {…}}`. `text` is what Slack, Mattermost and Rocket.Chat
 *   incoming webhooks post; `content` is Discord's field (a Discord webhook URL ending in `/slack` takes the
 *   Slack form too); both carry the same one line, and each service ignores the other's field. `cockpit`
 *   carries the transition as data for generic receivers (n8n, Alertmanager-style relays, scripts).
 * - Which transitions post: every change of a gate's state, recoveries included, debounced per node and gate.
 *   A gate already in Warn or Fail at the first poll (`from: null`) goes to the alerts ring, the notification
 *   history and the toasts, but rings no bell, raises no OS notification and posts no webhook: those reach
 *   people who are not looking at the cockpit, and a cockpit (re)start is not a change in the node.
 * - Debounce (`debounce_secs`): the first transition of a gate posts at once; further transitions of that
 *   gate inside the window are held, and when the window ends the latest is posted if its state differs from
 *   the last one posted (a flap Pass→Fail→Pass inside the window posts the Fail and nothing else).
 * - Fleet aggregate: the latest transition per node and gate inside `aggregate_window_secs`, counted by the
 *   state it went to: `Fleet alert: 2 fail, 1 warn, 1 recovered (3 nodes): n1 stamp TTL → Fail; …` (at most
 *   10 named, then `… and N more`).
 */
import type { AlertRecord } from './engine/compose-view.js';
import type { GateState } from './gate-definitions.js';

export type BellSetting = 'warn' | 'fail' | 'off';

export const WEBHOOK_AGGREGATE_NAMED = 10;

/**
 * `n1: stamp TTL Pass → Fail: batch 4a235821… expires in 30 min: top up now`; a gate that could no longer be
 * measured reads `n1: chain RPC fresh Pass → Unknown: not measured: /chainstate: 500 …`.
 */
export function transitionLine(record: AlertRecord): string {
  const change = record.from === null ? `${record.to} at first poll` : `${record.from} → ${record.to}`;
  return `${record.node}: ${record.gateName} ${change}: ${record.reason}`;
}

export interface WebhookBody {
  readonly text: string;
  readonly content: string;
  readonly cockpit: {
    readonly kind: 'transition' | 'fleet';
    readonly transitions: readonly {
      readonly node: string;
      readonly gate: string;
      readonly gateName: string;
      readonly from: GateState | null;
      readonly to: GateState;
      readonly reason: string;
      /** ISO 8601. */
      readonly at: string;
    }[];
  };
}

function bodyOf(kind: 'transition' | 'fleet', text: string, records: readonly AlertRecord[]): WebhookBody {
  return {
    text,
    content: text,
    cockpit: {
      kind,
      transitions: records.map((r) => ({ node: r.node, gate: r.gateId, gateName: r.gateName, from: r.from, to: r.to, reason: r.reason, at: new Date(r.atMs).toISOString() })),
    },
  };
}

/** One post per transition: `[cockpit] n1: stamp TTL Pass → Fail: …`. */
export function transitionWebhookBody(record: AlertRecord): WebhookBody {
  return bodyOf('transition', `[cockpit] ${transitionLine(record)}`, [record]);
}

export const debounceKey = (record: Pick<AlertRecord, 'node' | 'gateId'>): string => `${record.node}\u0000${record.gateId}`;

/** The latest transition per node and gate, in order of arrival. */
export function latestPerGate(records: readonly AlertRecord[]): AlertRecord[] {
  const latest = new Map<string, AlertRecord>();
  for (const record of records) {
    const key = debounceKey(record);
    latest.delete(key);
    latest.set(key, record);
  }
  return [...latest.values()];
}

/** `Fleet alert: 2 fail, 1 warn, 1 recovered (3 nodes): n1 stamp TTL → Fail; …`. */
export function fleetAlertMessage(records: readonly AlertRecord[]): string {
  const latest = latestPerGate(records);
  const count = (state: GateState) => latest.filter((r) => r.to === state).length;
  const nodes = new Set(latest.map((r) => r.node)).size;
  const named = latest.slice(0, WEBHOOK_AGGREGATE_NAMED).map((r) => `${r.node} ${r.gateName} → ${r.to}`);
  const more = latest.length > WEBHOOK_AGGREGATE_NAMED ? `; … and ${latest.length - WEBHOOK_AGGREGATE_NAMED} more` : '';
  const unknown = count('Unknown') ? `, ${count('Unknown')} not measured` : '';
  return `Fleet alert: ${count('Fail')} fail, ${count('Warn')} warn${unknown}, ${count('Pass')} recovered (${nodes} node${nodes === 1 ? '' : 's'}): ${named.join('; ')}${more}`;
}

export function fleetWebhookBody(records: readonly AlertRecord[]): WebhookBody {
  return bodyOf('fleet', fleetAlertMessage(records), latestPerGate(records));
}

/** Transitions a person away from the cockpit should hear about (webhooks, bell, OS notifications). */
export function isNews(record: AlertRecord): boolean {
  return record.from !== null;
}

/**
 * The terminal bell: `warn` on Warn and Fail, `fail` on Fail only; never on recovery, never at first poll,
 * never for a gate that merely could not be measured (Unknown: no fact to ring about).
 */
export function ringsBell(record: AlertRecord, bell: BellSetting): boolean {
  if (bell === 'off' || record.recovery || !isNews(record)) return false;
  return bell === 'warn' ? record.to === 'Warn' || record.to === 'Fail' : record.to === 'Fail';
}

/** Desktop OS notifications: on Warn and Fail transitions (not recoveries, not first-poll states, not Unknown). */
export function raisesOsNotification(record: AlertRecord): boolean {
  return isNews(record) && (record.to === 'Warn' || record.to === 'Fail');
}
