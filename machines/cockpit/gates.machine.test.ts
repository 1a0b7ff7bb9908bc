import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../test/model-based.js';
import { computeGates, GATE_THRESHOLDS } from '../../core/cockpit/gates.js';
import type { GateTransition } from '../../core/cockpit/gate-transitions.js';
import type { NodeHealthSnapshot } from '../../core/cockpit/health-snapshot.js';
import { healthySnapshot, withSnapshot } from '../../core/cockpit/snapshot-fixtures.js';
import {
  gatesMachine,
  selectAlertsNewestFirst,
  selectGates,
  selectGateSummary,
  selectIsPolling,
  selectLastPollAtMs,
  type GatesNode,
  type GatesSnapshot,
  type HealthPollerAnswer,
  type HealthPollerEvent,
} from './gates.machine.js';

const healthy = healthySnapshot(1000);
// Two gates fail at once, so one poll records two transitions and the ring of 3 wraps.
const sick = withSnapshot(healthySnapshot(2000), { redistributionstate: { isFrozen: true }, wallet: { bzzBalance: '0' } });

/** The newest alert of each gate, when the ring still holds one, agrees with the gate's current state. */
function expectAlertsConsistent(s: GatesSnapshot): void {
  const gates = selectGates(s) ?? [];
  expect(s.context.alerts.length).toBeLessThanOrEqual(s.context.alertLimit);
  for (const gate of gates) {
    const newest = selectAlertsNewestFirst(s).find((alert) => alert.gateId === gate.id);
    if (newest) expect(newest.to, gate.name).toBe(gate.state);
  }
}

/**
 * The model's healthPoller: it records what the machine asks of it, so each state can check that a poll is in
 * flight exactly while `polling`. An answer (poll.done / poll.failed) is driven only for a poll in flight, as the
 * real poller (actors/cockpit/health-snapshot.ts) never answers a cancelled one.
 */
let poller = { inFlight: false, starts: 0, cancels: 0 };
const recordingPoller = fromCallback<HealthPollerEvent, GatesNode | null | undefined>(({ receive }) => {
  poller = { inFlight: false, starts: 0, cancels: 0 };
  receive((event) => {
    if (event.type === 'poll.start') poller.starts++;
    else poller.cancels++;
    poller.inFlight = event.type === 'poll.start';
  });
});
const answer = ({ actor, event }: { actor: { send(event: HealthPollerAnswer): void }; event: { type: string } }) => {
  expect(poller.inFlight, 'an answer comes only for a poll in flight').toBe(true);
  poller.inFlight = false;
  actor.send(event as HealthPollerAnswer);
};

describeMachineModel(gatesMachine, {
  input: { pollIntervalMs: 15_000, alertLimit: 3 },
  actors: { healthPoller: recordingPoller },
  events: {
    'poll.done': { healthy: { type: 'poll.done', snapshot: healthy }, sick: { type: 'poll.done', snapshot: sick } },
    'poll.failed': { bug: { type: 'poll.failed', message: 'bug in a projection' } },
    'poll.interval': { live: { type: 'poll.interval', intervalMs: 5_000 } },
  },
  drive: { 'poll.done': answer, 'poll.failed': answer },
  states: {
    starting: (s) => {
      // The first poll waits firstPollDelay (0 here: the next tick); poll.now starts it at once.
      expect(poller).toMatchObject({ inFlight: false, starts: 0 });
      expect(s.context.snapshot).toBeNull();
    },
    polling: (s) => {
      expect(poller.inFlight).toBe(true);
      expect(selectIsPolling(s)).toBe(true);
      expectAlertsConsistent(s);
    },
    waiting: (s) => {
      expect(poller.inFlight).toBe(false);
      expect(selectIsPolling(s)).toBe(false);
      const gates = selectGates(s);
      if (s.context.snapshot === null) {
        // Only an unexpected failure can leave the machine waiting without a snapshot.
        expect(s.context.pollError).toBe('bug in a projection');
        expect(gates).toBeNull();
        expect(selectGateSummary(s)).toBeNull();
        expect(selectLastPollAtMs(s)).toBeNull();
      } else {
        expect(gates).toEqual(computeGates(s.context.snapshot, { chainLagStreak: s.context.chainLagStreak }));
        // Same snapshot, same array: views subscribed through selectors do not re-render for nothing.
        expect(selectGates(s)).toBe(gates);
        const failing = s.context.snapshot === sick ? 2 : 0;
        expect(selectGateSummary(s)).toMatchObject({ fail: failing, worst: failing ? 'Fail' : 'Pass' });
        expect(selectLastPollAtMs(s)).toBe(s.context.snapshot.takenAtMs);
      }
      expectAlertsConsistent(s);
    },
    paused: (s) => {
      // Pausing while `polling` cancels the poll in flight (its signal aborts), so nothing runs while paused.
      expect(poller.inFlight).toBe(false);
      expect(selectIsPolling(s)).toBe(false);
      expectAlertsConsistent(s);
    },
  },
});

/** A healthPoller that answers every poll.start on the next microtask with the next snapshot. */
function answering(next: () => NodeHealthSnapshot) {
  return fromCallback<HealthPollerEvent, GatesNode | null | undefined>(({ sendBack, receive }) => {
    receive((event) => {
      if (event.type === 'poll.start') queueMicrotask(() => sendBack({ type: 'poll.done', snapshot: next() } satisfies HealthPollerAnswer));
    });
  });
}

/** A machine whose poll answers from a queue of snapshots, on a simulated clock. */
function scriptedPoller(snapshots: NodeHealthSnapshot[], pollIntervalMs = 10_000) {
  let polls = 0;
  const clock = new SimulatedClock();
  const machine = gatesMachine.provide({ actors: { healthPoller: answering(() => snapshots[Math.min(polls++, snapshots.length - 1)]!) } });
  const actor = createActor(machine, { input: { pollIntervalMs }, clock });
  const emitted: GateTransition[] = [];
  actor.on('gate.transition', (event) => emitted.push(event.transition));
  const settle = async () => {
    // The first poll starts after firstPollDelay (0): move the simulated clock past it.
    if (actor.getSnapshot().matches('starting')) clock.increment(0);
    for (let i = 0; i < 20 && actor.getSnapshot().matches('polling'); i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { actor, clock, emitted, polls: () => polls, settle };
}

describe('gatesMachine over several polls', () => {
  const lagging = (at: number) => withSnapshot(healthySnapshot(at), { chainstate: { chainTip: 500, block: 500 - (GATE_THRESHOLDS.chainLagAllowanceBlocks + 7) } });

  it('waits pollInterval between polls, Warns on lag and Fails once it is sustained for 3 polls, then recovers', async () => {
    const { actor, clock, emitted, polls, settle } = scriptedPoller([lagging(1), lagging(2), lagging(3), lagging(4), healthySnapshot(5)]);
    actor.start();
    await settle();
    const chainGate = () => selectGates(actor.getSnapshot())!.find((g) => g.id === 'chainRpcFresh')!.state;
    expect([polls(), chainGate()]).toEqual([1, 'Warn']);
    clock.increment(9_999);
    await settle();
    expect(polls()).toBe(1);
    const states: string[] = [chainGate()];
    for (let i = 0; i < 4; i++) {
      clock.increment(10_000);
      await settle();
      states.push(chainGate());
    }
    expect(polls()).toBe(5);
    expect(states).toEqual(['Warn', 'Warn', 'Fail', 'Fail', 'Pass']);
    expect(emitted.map((t) => [t.gateId, t.from, t.to, t.atMs, t.recovery])).toEqual([
      ['chainRpcFresh', null, 'Warn', 1, false],
      ['chainRpcFresh', 'Warn', 'Fail', 3, false],
      ['chainRpcFresh', 'Fail', 'Pass', 5, true],
    ]);
    expect(actor.getSnapshot().context.alerts).toEqual(emitted);
    actor.stop();
  });

  it('poll.now polls at once; a paused machine never polls until resumed', async () => {
    const { actor, clock, polls, settle } = scriptedPoller([healthySnapshot(1)]);
    actor.start();
    await settle();
    actor.send({ type: 'poll.now' });
    await settle();
    expect(polls()).toBe(2);
    actor.send({ type: 'poll.pause' });
    clock.increment(60_000);
    await settle();
    expect(polls()).toBe(2);
    actor.send({ type: 'poll.resume' });
    await settle();
    expect(polls()).toBe(3);
    actor.stop();
  });

  it('keeps the alerts ring bounded, dropping the oldest', async () => {
    const flip = Array.from({ length: 12 }, (_, i) => (i % 2 ? healthySnapshot(i) : withSnapshot(healthySnapshot(i), { wallet: { bzzBalance: '0' } })));
    const clock = new SimulatedClock();
    let polls = 0;
    const machine = gatesMachine.provide({ actors: { healthPoller: answering(() => flip[polls++ % flip.length]!) } });
    const actor = createActor(machine, { input: { pollIntervalMs: 1000, alertLimit: 5 }, clock }).start();
    // 12 polls: the first at start (after firstPollDelay 0), then one per interval.
    clock.increment(0);
    for (let i = 0; i < 11; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.increment(1000);
    }
    await new Promise((resolve) => setImmediate(resolve));
    const alerts = actor.getSnapshot().context.alerts;
    expect(polls).toBe(12);
    expect(alerts).toHaveLength(5);
    expect(alerts.map((a) => a.atMs)).toEqual([7, 8, 9, 10, 11]);
    expect(selectAlertsNewestFirst(actor.getSnapshot())[0]).toMatchObject({ atMs: 11, to: 'Pass', recovery: true });
    actor.stop();
  });
});
