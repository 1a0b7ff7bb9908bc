/**
 * Gate transitions for the alerts ring (2-cockpit.md §3 "Gate transitions", §6 Events): every change of a
 * gate's state between two polls is one transition. Moves into Warn or Fail (and between them) are
 * degradations; moves back to Pass are recoveries, recorded too (sinks use `recovery` to stay quiet, e.g.
 * the terminal bell never rings on one). On the first poll there is no previous state: a gate that starts
 * in Warn or Fail is recorded with `from: null`, so an operator who opens the cockpit on a sick node is told.
 */
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
}

/** Default bound of the alerts ring: the terminal sibling's notification history holds 200 transitions. */
export const ALERT_RING_SIZE = 200;

export function gateTransitions(previous: readonly Gate[] | null, next: readonly Gate[], atMs: number): GateTransition[] {
  const transitions: GateTransition[] = [];
  for (let i = 0; i < next.length; i++) {
    const gate = next[i]!;
    // Ladders come in one fixed order (computeGates), so the gate before is at the same place; found by id otherwise.
    const same = previous?.[i]?.id === gate.id ? previous[i] : previous?.find((each) => each.id === gate.id);
    const from = same?.state ?? null;
    if (from === gate.state || (from === null && gate.state === 'Pass')) continue;
    transitions.push({ gateId: gate.id, gateName: gate.name, from, to: gate.state, reason: gate.reason, atMs, recovery: gate.state === 'Pass' });
  }
  return transitions;
}

/** Appends in order and keeps the newest `limit` entries (oldest dropped first). */
export function appendBounded<T>(ring: readonly T[], items: readonly T[], limit: number): readonly T[] {
  if (limit <= 0) return [];
  // Most polls record nothing: the ring stays the same array (no copy per poll).
  if (items.length === 0 && ring.length <= limit) return ring as T[];
  const all = [...ring, ...items];
  return all.length > limit ? all.slice(all.length - limit) : all;
}
