/**
 * Gate transitions for the alerts ring (2-cockpit.md §3 "Gate transitions", §6 Events): every change of a
 * gate's state between two polls is one transition. Moves into Warn, Fail or Unknown (and between them) are
 * degradations; moves back to Pass are recoveries, recorded too (sinks use `recovery` to stay quiet, e.g.
 * the terminal bell never rings on one). On the first poll there is no previous state: a gate that starts
 * in Warn, Fail or Unknown is recorded with `from: null`, so an operator who opens the cockpit on a sick node
 * is told.
 *
 * One cause, one alert (gate-dependencies.ts): a transition of a gate inhibited by an upstream gate is
 * recorded under that gate (`causedBy`), not as an alert of its own; a gate that recovers with its cause
 * rides on the cause's recovery. What the sinks last heard of each gate (`announced`) is kept from poll to
 * poll, as Alertmanager keeps what it notified: when the cause recovers and a gate below it is still in
 * trouble, that gate then alerts on its own (from what was last announced), and a gate back where it was
 * announced says nothing new.
 */
import { gateCauses } from './gate-dependencies.js';
import type { Gate, GateId, GateState } from './gate-definitions.js';

export interface GateTransition {
  readonly gateId: GateId;
  readonly gateName: string;
  /** null on the first poll. */
  readonly from: GateState | null;
  readonly to: GateState;
  /** The gate's reason after the change. */
  readonly reason: string;
  /** Time of the poll that saw the change (the snapshot's takenAtMs). */
  readonly atMs: number;
  /** Back to Pass. */
  readonly recovery: boolean;
  /** The upstream gate this transition is recorded under; absent or null: an alert of its own. */
  readonly causedBy?: GateId | null;
}

/** The state the alert sinks last heard for each gate of one node (absent: nothing said yet). */
export type AnnouncedStates = Readonly<Partial<Record<GateId, GateState>>>;

export interface AlertStep {
  /** In ladder order; those with a `causedBy` are recorded under that gate. */
  readonly transitions: GateTransition[];
  readonly announced: AnnouncedStates;
}

/** Default bound of the alerts ring: the terminal sibling's notification history holds 200 transitions. */
export const ALERT_RING_SIZE = 200;

const NO_TRANSITIONS: AlertStep['transitions'] = [];

/**
 * The transitions from one ladder to the next, each an alert of its own or recorded under its cause, and what
 * the sinks have heard after it. `previous` null: the first poll.
 */
export function gateTransitions(previous: readonly Gate[] | null, next: readonly Gate[], atMs: number, announced: AnnouncedStates = {}): AlertStep {
  let transitions: GateTransition[] | null = null;
  let heard: Partial<Record<GateId, GateState>> | null = null;
  let causesNow: Partial<Record<GateId, GateId>> | null = null;
  let causesBefore: Partial<Record<GateId, GateId>> | null = null;
  const hear = (id: GateId, state: GateState) => ((heard ??= { ...announced })[id] = state);
  for (let i = 0; i < next.length; i++) {
    const gate = next[i]!;
    // Ladders come in one fixed order (computeGates), so the gate before is at the same place; found by id otherwise.
    const same = previous?.[i]?.id === gate.id ? previous[i] : previous?.find((each) => each.id === gate.id);
    const before = same?.state ?? null;
    const last = announced[gate.id];
    // Most polls change nothing the sinks have not heard: no cause is computed for them.
    if (before === gate.state && last === gate.state) continue;
    const changed = before !== gate.state && !(before === null && gate.state === 'Pass');
    const record = (from: GateState | null, causedBy: GateId | null) =>
      (transitions ??= []).push({ gateId: gate.id, gateName: gate.name, from, to: gate.state, reason: gate.reason, atMs, recovery: gate.state === 'Pass', causedBy });
    /** The gate that held this one in the ladder before: a gate that recovers with its cause rides on it. */
    const heldBy = () => (causesBefore ??= previous ? gateCauses(previous) : {})[gate.id] ?? null;
    if (gate.state === 'Pass') {
      // A gate in Pass is never inhibited.
      if (last === undefined || last === 'Pass') {
        if (last === undefined) hear(gate.id, 'Pass');
        if (changed) record(before, heldBy());
      } else {
        record(last, null);
        hear(gate.id, 'Pass');
      }
      continue;
    }
    const cause = (causesNow ??= gateCauses(next))[gate.id];
    if (cause !== undefined) {
      // Inhibited: recorded under its cause; the sinks go on believing what they last heard.
      if (changed) record(before, cause);
      continue;
    }
    if (last === gate.state) {
      // Back where the sinks last heard it (it went elsewhere under its cause, which has recovered).
      if (changed) record(before, heldBy());
      continue;
    }
    // An alert of its own: from what the sinks last heard (a gate released by its cause), else the ladder before.
    record(last ?? before, null);
    hear(gate.id, gate.state);
  }
  return { transitions: transitions ?? NO_TRANSITIONS, announced: heard ?? announced };
}

/** Appends in order and keeps the newest `limit` entries (oldest dropped first). */
export function appendBounded<T>(ring: readonly T[], items: readonly T[], limit: number): readonly T[] {
  if (limit <= 0) return [];
  // Most polls record nothing: the ring stays the same array (no copy per poll).
  if (items.length === 0 && ring.length <= limit) return ring as T[];
  const all = [...ring, ...items];
  return all.length > limit ? all.slice(all.length - limit) : all;
}
