/**
 * What each alert sink does with gate transitions (2-cockpit.md §3 "Gate transitions", §6 Events), as pure
 * rules: how one poll's transitions become alerts, the webhook text and JSON body, the fleet aggregate
 * message, who hears an alert (bell, toast, OS notification, webhook), and the per-gate debounce key.
 *
 * Decisions where the spec is silent (also in docs/cockpit.md "Alerts"):
 * - One cause, one alert (core/cockpit/gate-dependencies.ts): a transition recorded under an upstream gate
 *   (`causedBy`) is no alert of its own. It rides in its cause's alert (`caused`), or, when the cause did not
 *   change in that poll, it is kept in the ring under the cause and no sink hears it.
 * - One poll, one message per node: the alerts one poll finds on one node go out as one webhook post, one
 *   toast, at most one bell and one OS notification, naming them all; recoveries are grouped the same way.
 * - Webhook body: `{"text": …, "content": …, "cockpit": {…}}`. `text` is what Slack, Mattermost and Rocket.Chat
 *   incoming webhooks post; `content` is Discord's field (a Discord webhook URL ending in `/slack` takes the
 *   Slack form too); both carry the same line, and each service ignores the other's field. `cockpit`
 *   carries every transition of the post as data (those recorded under another with their `causedBy`).
 * - Which alerts post: every change of a gate's state, recoveries included, debounced per node and gate.
 *   An alert already in Warn or Fail at the first poll (`from: null`) goes to the alerts ring, the
 *   notification history and the toasts, but rings no bell, raises no OS notification and posts no webhook:
 *   those reach people who are not looking at the cockpit, and a cockpit (re)start is not a change in the node.
 * - Debounce (`debounce_secs`): the first transition of a gate posts at once; further transitions of that
 *   gate inside the window are held, and when the window ends the latest is posted if its state differs from
 *   the last one posted (a flap Pass→Fail→Pass inside the window posts the Fail and nothing else). Gates
 *   posted together end their windows together, so what they held goes out together too.
 * - Fleet aggregate: the latest alert per node and gate inside `aggregate_window_secs`, counted by the
 *   state it went to: `Fleet alert: 2 fail, 1 warn, 1 recovered (3 nodes): n1 stamp TTL → Fail; …` (at most
 *   10 named, then `… and N more`). Transitions recorded under an alert are not counted; the alert says how
 *   many it carries (`n1 API reachable → Fail (+10 under it)`), as the toast does.
 */
import type { AlertRecord } from './interaction/compose-view.js';
import { GATE_NAMES, type GateId, type GateState } from './gate-definitions.js';
import type { GateTransition } from './gate-transitions.js';

export type BellSetting = 'warn' | 'fail' | 'off';

export const WEBHOOK_AGGREGATE_NAMED = 10;

/**
 * One poll's transitions of one node as alerts: each transition of its own with those recorded under it, and
 * those whose cause did not change in this poll on their own (marked by `causedBy`). In ladder order.
 */
export function alertRecords(node: string, transitions: readonly GateTransition[], lastSeq: number): AlertRecord[] {
  const own = new Set<GateId>();
  for (const t of transitions) if (!t.causedBy) own.add(t.gateId);
  let seq = lastSeq;
  const records: AlertRecord[] = [];
  for (const t of transitions) {
    if (!t.causedBy) records.push({ ...t, causedBy: null, node, seq: ++seq, caused: transitions.filter((c) => c.causedBy === t.gateId) });
    else if (!own.has(t.causedBy)) records.push({ ...t, node, seq: ++seq, caused: [] });
  }
  return records;
}

/** An alert of its own (not a transition kept under a cause that did not change). */
export const isOwnAlert = (record: Pick<AlertRecord, 'causedBy'>): boolean => !record.causedBy;

const WORDS: Readonly<Record<GateState, string>> = { Pass: 'recovered', Warn: '→ Warn', Fail: '→ Fail', Unknown: 'not measured' };

/** `10 gates not measured`, `bin saturation → Fail`, `chain RPC fresh and wallet funded recovered`. */
export function causedSummary(caused: readonly Pick<GateTransition, 'gateName' | 'to'>[]): string {
  const byState = new Map<GateState, string[]>();
  for (const c of caused) byState.set(c.to, [...(byState.get(c.to) ?? []), c.gateName]);
  return [...byState]
    .map(([state, names]) => `${names.length > 3 ? `${names.length} gates` : names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]} ${WORDS[state]}`)
    .join(', ');
}

const change = (record: Pick<AlertRecord, 'from' | 'to'>) => (record.from === null ? `${record.to} at first poll` : `${record.from} → ${record.to}`);
const withIt = (record: AlertRecord) => (record.caused.length ? ` (with it: ${causedSummary(record.caused)})` : '');
const under = (record: AlertRecord) => (record.causedBy ? ` (under ${GATE_NAMES[record.causedBy]})` : '');

/**
 * `n1: stamp TTL Pass → Fail: batch 4a235821… expires in 30 min: top up now`; a gate that could no longer be
 * measured reads `n1: chain RPC fresh Pass → Unknown: not measured: /chainstate: 500 …`; an alert with
 * transitions under it ends `(with it: 10 gates not measured)`.
 */
export function transitionLine(record: AlertRecord): string {
  return `${record.node}: ${record.gateName}${under(record)} ${change(record)}: ${record.reason}${withIt(record)}`;
}

/** One node's alerts of one poll in one line: `n1: not frozen Pass → Fail: …; stamp TTL Pass → Warn: …`. */
export function groupLine(records: readonly AlertRecord[]): string {
  if (records.length === 1) return transitionLine(records[0]!);
  return `${records[0]!.node}: ${records.map((r) => `${r.gateName}${under(r)} ${change(r)}: ${r.reason}${withIt(r)}`).join('; ')}`;
}

/** The toast of one node's alerts of one poll: `n1: API reachable Pass → Fail (+10 under it)`. */
export function toastLine(records: readonly AlertRecord[]): string {
  const caused = records.reduce((n, r) => n + r.caused.length, 0);
  return `${records[0]!.node}: ${records.map((r) => `${r.gateName} ${r.from ?? '—'} → ${r.to}`).join('; ')}${caused ? ` (+${caused} under it)` : ''}`;
}

/** The worst state alerts went to (Fail, Warn, Unknown, Pass): the colour of their toast. */
export function worstTarget(records: readonly Pick<AlertRecord, 'to'>[]): GateState {
  const order: readonly GateState[] = ['Fail', 'Warn', 'Unknown', 'Pass'];
  return order.find((state) => records.some((r) => r.to === state)) ?? 'Pass';
}

export interface WebhookTransition {
  readonly node: string;
  readonly gate: string;
  readonly gateName: string;
  readonly from: GateState | null;
  readonly to: GateState;
  readonly reason: string;
  /** ISO 8601. */
  readonly at: string;
  /** The gate this transition is recorded under (its alert is that gate's), or null: an alert of its own. */
  readonly causedBy: string | null;
}

export interface WebhookBody {
  readonly text: string;
  readonly content: string;
  readonly cockpit: {
    /** `transition`: one node's alerts of one poll (several when one poll found several); `fleet`: the aggregate. */
    readonly kind: 'transition' | 'fleet';
    readonly transitions: readonly WebhookTransition[];
  };
}

const asData = (node: string, t: GateTransition): WebhookTransition => ({
  node,
  gate: t.gateId,
  gateName: t.gateName,
  from: t.from,
  to: t.to,
  reason: t.reason,
  at: new Date(t.atMs).toISOString(),
  causedBy: t.causedBy ?? null,
});

function bodyOf(kind: 'transition' | 'fleet', text: string, transitions: readonly WebhookTransition[]): WebhookBody {
  return { text, content: text, cockpit: { kind, transitions } };
}

/** One post for one node's alerts of one poll: `[cockpit] n1: API reachable Pass → Fail: … (with it: …)`. */
export function groupWebhookBody(records: readonly AlertRecord[]): WebhookBody {
  return bodyOf(
    'transition',
    `[cockpit] ${groupLine(records)}`,
    records.flatMap((r) => [asData(r.node, r), ...r.caused.map((c) => asData(r.node, c))]),
  );
}

/** One post for one alert. */
export function transitionWebhookBody(record: AlertRecord): WebhookBody {
  return groupWebhookBody([record]);
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
  const named = latest.slice(0, WEBHOOK_AGGREGATE_NAMED).map((r) => `${r.node} ${r.gateName} → ${r.to}${r.caused.length ? ` (+${r.caused.length} under it)` : ''}`);
  const more = latest.length > WEBHOOK_AGGREGATE_NAMED ? `; … and ${latest.length - WEBHOOK_AGGREGATE_NAMED} more` : '';
  const unknown = count('Unknown') ? `, ${count('Unknown')} not measured` : '';
  return `Fleet alert: ${count('Fail')} fail, ${count('Warn')} warn${unknown}, ${count('Pass')} recovered (${nodes} node${nodes === 1 ? '' : 's'}): ${named.join('; ')}${more}`;
}

export function fleetWebhookBody(records: readonly AlertRecord[]): WebhookBody {
  return bodyOf('fleet', fleetAlertMessage(records), latestPerGate(records).map((r) => asData(r.node, r)));
}

/** Alerts a person away from the cockpit should hear about (webhooks, bell, OS notifications). */
export function isNews(record: AlertRecord): boolean {
  return record.from !== null && isOwnAlert(record);
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
