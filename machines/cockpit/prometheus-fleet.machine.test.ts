import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, sendTo, setup, SimulatedClock } from 'xstate';
import { GATE_IDS, GATE_NAMES, type Gate } from '../../core/cockpit/gate-definitions.js';
import { alertRecords } from '../../core/cockpit/alerts.js';
import type { GateTransition } from '../../core/cockpit/gate-transitions.js';
import type { PromFleetReading } from '../../core/cockpit/prometheus-fleet.js';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import { prometheusFleetMachine, type QueryFleetInput } from './prometheus-fleet.machine.js';

const gate = (state: Gate['state']): Gate => ({ id: 'notFrozen', name: 'not frozen', state, reason: 'from Prometheus', applicable: true });
const reading = (state: Gate['state'], atMs = 1_000): PromFleetReading => ({
  atMs,
  nodes: [{ name: 'bee-1', gates: [gate(state)], up: true, worstTtlSeconds: 86_400 * 30, peers: 12, pingMs: 3, lastSeenMs: atMs, stale: false }],
});

describeMachineModel(prometheusFleetMachine, {
  input: { names: [], pollIntervalMs: 15_000 },
  events: {
    'xstate.done.actor.queryFleet': { read: actorDone('queryFleet', reading('Pass')) },
    'xstate.error.actor.queryFleet': { unreachable: actorFailed('queryFleet', new Error('Prometheus http://p:9090: cannot query (ECONNREFUSED)')) },
  },
  stateKey: (s) => ({ read: s.context.reading !== null, error: s.context.error !== null }),
  states: {
    querying: (s, probe) => {
      expect(probe.running()).toEqual(['queryFleet']);
      expect(probe.inputOf('queryFleet')).toEqual({ names: [], previous: s.context.reading });
    },
    waiting: (s) => expect(s.context.reading !== null || s.context.error !== null).toBe(true),
  },
});

describe('Prometheus fleet', () => {
  it('queries every interval, keeps the last reading when a round fails, and reports gate changes to its parent like a poller', async () => {
    const clock = new SimulatedClock();
    const answers: (PromFleetReading | Error)[] = [reading('Pass', 0), new Error('HTTP 503'), reading('Fail', 30_000)];
    const inputs: QueryFleetInput[] = [];
    const reported: unknown[] = [];
    const child = prometheusFleetMachine.provide({
      actors: {
        queryFleet: fromPromise<PromFleetReading, QueryFleetInput>(async ({ input }) => {
          inputs.push(input);
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next;
        }),
      },
    });
    const parent = setup({ actors: { child } }).createMachine({
      invoke: { id: 'fleet', src: 'child', input: { names: ['bee-1'], pollIntervalMs: 15_000 } },
      on: { 'fleet.transitions': { actions: ({ event }) => reported.push(event) }, 'poll.now': { actions: sendTo('fleet', { type: 'poll.now' }) } },
    });
    const actor = createActor(parent, { clock }).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const fleet = () => actor.getSnapshot().children.fleet!.getSnapshot() as { value: string; context: { reading: PromFleetReading | null; error: string | null } };
    await settle();
    expect(fleet().context.reading?.nodes[0]!.gates![0]!.state).toBe('Pass');
    // A gate passing at the first reading is no transition, as with a poller's first poll.
    expect(reported).toEqual([]);
    clock.increment(15_000);
    await settle();
    expect(fleet().context).toMatchObject({ error: 'HTTP 503', reading: expect.objectContaining({ atMs: 0 }) });
    actor.send({ type: 'poll.now' });
    await settle();
    expect(fleet().context.error).toBeNull();
    expect(reported.at(-1)).toEqual({ type: 'fleet.transitions', node: 'bee-1', transitions: [expect.objectContaining({ from: 'Pass', to: 'Fail', atMs: 30_000 })] });
    expect(inputs.map((i) => i.names)).toEqual([['bee-1'], ['bee-1'], ['bee-1']]);
    expect(inputs[2]!.previous?.atMs).toBe(0);
  });

  it('one cause, one alert: a node Prometheus reports down (api_reachable 2, the rest -1) is one alert with ten transitions under it', async () => {
    const ladder = (states: (id: Gate['id']) => Gate['state']): Gate[] => GATE_IDS.map((id) => ({ id, name: GATE_NAMES[id], state: states(id), reason: 'from Prometheus', applicable: true }));
    const at = (gates: Gate[], atMs: number): PromFleetReading => ({ atMs, nodes: [{ name: 'bee-1', gates, up: true, worstTtlSeconds: null, peers: null, pingMs: null, lastSeenMs: atMs, stale: false }] });
    const clock = new SimulatedClock();
    const answers = [at(ladder(() => 'Pass'), 0), at(ladder((id) => (id === 'apiReachable' ? 'Fail' : 'Unknown')), 15_000), at(ladder(() => 'Pass'), 30_000)];
    const reported: { transitions: GateTransition[] }[] = [];
    const child = prometheusFleetMachine.provide({ actors: { queryFleet: fromPromise<PromFleetReading, QueryFleetInput>(async () => answers.shift()!) } });
    const parent = setup({ actors: { child } }).createMachine({
      invoke: { id: 'fleet', src: 'child', input: { names: ['bee-1'], pollIntervalMs: 15_000 } },
      on: { 'fleet.transitions': { actions: ({ event }) => reported.push(event as unknown as { transitions: GateTransition[] }) } },
    });
    createActor(parent, { clock }).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    clock.increment(15_000);
    await settle();
    const down = reported[0]!.transitions;
    expect(down.filter((t) => !t.causedBy).map((t) => t.gateId)).toEqual(['apiReachable']);
    expect(down.filter((t) => t.causedBy === 'apiReachable')).toHaveLength(10);
    expect(alertRecords('bee-1', down, 0)).toEqual([expect.objectContaining({ gateId: 'apiReachable', to: 'Fail', caused: expect.any(Array) })]);
    // The recovery is grouped the same way: one alert, the ten back under it.
    clock.increment(15_000);
    await settle();
    const back = alertRecords('bee-1', reported[1]!.transitions, 1);
    expect(back.map((r) => [r.gateId, r.to, r.caused.length])).toEqual([['apiReachable', 'Pass', 10]]);
  });
  it('a large fleet: only the nodes whose ladder changed are reported, and a round with no change keeps what the sinks heard', async () => {
    const ladders = { Pass: [gate('Pass')], Fail: [gate('Fail')] };
    const fleetAt = (failing: (i: number) => boolean, atMs: number): PromFleetReading => ({
      atMs,
      nodes: Array.from({ length: 1000 }, (_, i) => ({ name: `bee-${i}`, gates: ladders[failing(i) ? 'Fail' : 'Pass'], up: true, worstTtlSeconds: null, peers: null, pingMs: null, lastSeenMs: atMs, stale: false })),
    });
    const clock = new SimulatedClock();
    const answers = [fleetAt(() => false, 0), fleetAt((i) => i % 2 === 0, 15_000), fleetAt((i) => i % 2 === 0, 30_000)];
    const reported: { node: string; transitions: GateTransition[] }[] = [];
    const child = prometheusFleetMachine.provide({ actors: { queryFleet: fromPromise<PromFleetReading, QueryFleetInput>(async () => answers.shift()!) } });
    const parent = setup({ actors: { child } }).createMachine({
      invoke: { id: 'fleet', src: 'child', input: { names: [], pollIntervalMs: 15_000 } },
      on: { 'fleet.transitions': { actions: ({ event }) => reported.push(event as unknown as { node: string; transitions: GateTransition[] }) } },
    });
    const actor = createActor(parent, { clock }).start();
    const announced = () => (actor.getSnapshot().children.fleet!.getSnapshot() as { context: { announced: Record<string, Record<string, string>> } }).context.announced;
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    clock.increment(15_000);
    await settle();
    expect(reported).toHaveLength(500);
    expect(reported.every((r) => Number(r.node.slice(4)) % 2 === 0 && r.transitions[0]!.to === 'Fail')).toBe(true);
    expect(announced()['bee-0']).toEqual({ notFrozen: 'Fail' });
    expect(announced()['bee-1']).toEqual({ notFrozen: 'Pass' });
    const heard = announced();
    clock.increment(15_000);
    await settle();
    expect(reported).toHaveLength(500);
    expect(announced()).toBe(heard);
  });
});
