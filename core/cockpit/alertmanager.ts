/**
 * Gate transitions as Alertmanager alerts (`[alerts] alertmanager_url`, its v2 API `POST /api/v2/alerts`).
 * Pure: the set of alerts the cockpit holds is updated from transitions, and written as the JSON body.
 *
 * An alert is a node's gate in Fail or Warn:
 *   labels      alertname CockpitGateFailing (Fail) or CockpitGateWarning (Warn), node, gate (snake case,
 *               as in cockpit_gate_state), severity critical or warning
 *   annotations summary (`Gate stamp_ttl fails on bee-1`), description (the gate's reason)
 *   startsAt    when the poll saw it; endsAt, once it recovers, when the poll saw that.
 * The labels are the alert's identity, so Warn → Fail ends the warning alert and starts a critical one. A gate
 * that goes back to Pass, or can no longer be measured (its node is down: the api_reachable alert covers it,
 * and the shipped inhibit rules silence the rest), ends its alert. While an alert is active it is sent again
 * at every resend, as Prometheus does, with endsAt a few resends ahead, so Alertmanager resolves it by itself
 * if the cockpit goes away.
 */
import type { AlertRecord } from './interaction/compose-view.js';
import type { GateState } from './gate-definitions.js';
import { snakeGateId } from './metrics.js';

export interface AmAlert {
  readonly labels: Readonly<Record<'alertname' | 'node' | 'gate' | 'severity', string>>;
  readonly annotations: Readonly<Record<'summary' | 'description', string>>;
  /** RFC 3339. */
  readonly startsAt: string;
  /** RFC 3339; set once the alert has ended. */
  readonly endsAt?: string;
}

export interface AmAlertSet {
  /** Per node and gate, the alert firing now. */
  readonly active: Readonly<Record<string, AmAlert>>;
  /** Ended alerts not yet delivered with their endsAt, oldest first. */
  readonly ended: readonly AmAlert[];
}

export const EMPTY_ALERT_SET: AmAlertSet = { active: {}, ended: [] };

/** Alertmanager's alert name for a gate state, or null when the state raises none. */
export function alertNameFor(state: GateState): string | null {
  if (state === 'Fail') return 'CockpitGateFailing';
  if (state === 'Warn') return 'CockpitGateWarning';
  return null;
}

const keyOf = (record: Pick<AlertRecord, 'node' | 'gateId'>) => `${record.node}\u0000${record.gateId}`;
const iso = (ms: number) => new Date(ms).toISOString();

export function alertFor(record: AlertRecord): AmAlert | null {
  const alertname = alertNameFor(record.to);
  if (alertname === null) return null;
  const gate = snakeGateId(record.gateId);
  const fails = record.to === 'Fail';
  return {
    labels: { alertname, node: record.node, gate, severity: fails ? 'critical' : 'warning' },
    annotations: { summary: `Gate ${gate} ${fails ? 'fails' : 'warns'} on ${record.node}`, description: record.reason },
    startsAt: iso(record.atMs),
  };
}

/**
 * The set after some transitions. `maxEnded` bounds the ended alerts waiting for delivery (Alertmanager
 * unreachable for long): the oldest go first and are counted in `dropped`.
 */
export function applyTransitions(set: AmAlertSet, records: readonly AlertRecord[], maxEnded: number): { set: AmAlertSet; dropped: number; changed: boolean } {
  const active: Record<string, AmAlert> = { ...set.active };
  const ended: AmAlert[] = [...set.ended];
  let changed = false;
  for (const record of records) {
    const key = keyOf(record);
    const current = active[key];
    const next = alertFor(record);
    if (current && next && current.labels.alertname === next.labels.alertname) {
      // Same alert, still firing: keep its start, take the newest reason.
      if (current.annotations.description !== next.annotations.description) {
        active[key] = { ...current, annotations: next.annotations };
        changed = true;
      }
      continue;
    }
    if (current) {
      ended.push({ ...current, endsAt: iso(record.atMs) });
      delete active[key];
      changed = true;
    }
    if (next) {
      active[key] = next;
      changed = true;
    }
  }
  const dropped = Math.max(0, ended.length - maxEnded);
  return { set: { active, ended: ended.slice(dropped) }, dropped, changed };
}

/** After a delivery: the ended alerts that went out are done. */
export function markDelivered(set: AmAlertSet, endedSent: number): AmAlertSet {
  return { active: set.active, ended: set.ended.slice(endedSent) };
}

/** The POST body: every active alert (endsAt `validUntilMs` ahead) and every ended one. */
export function alertsBody(set: AmAlertSet, validUntilMs: number): AmAlert[] {
  return [...Object.values(set.active).map((alert) => ({ ...alert, endsAt: iso(validUntilMs) })), ...set.ended];
}
