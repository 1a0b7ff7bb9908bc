import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';
import { watchRefMachine } from './watch-ref.machine.js';

const reference = 'ab'.repeat(32);
const ok: DurabilityResult = { reference, node: 'http://n1', checkedAtMs: 1, elapsedMs: 5, retrievable: true };

describeMachineModel(watchRefMachine.provide({ actions: { report: () => undefined } }), {
  input: { reference, intervalSeconds: 60 },
  events: {
    'xstate.done.actor.durabilityCheck': { retrievable: actorDone('durabilityCheck', ok) },
    'xstate.error.actor.durabilityCheck': { bug: actorFailed('durabilityCheck', new Error('bug')) },
  },
  stateKey: (s) => s.context.last?.retrievable ?? null,
  states: {
    checking: (_, probe) => expect(probe.inputOf('durabilityCheck')).toEqual({ reference }),
    waiting: (s) => expect(s.context.intervalSeconds).toBe(60),
  },
});

describe('watch-ref', () => {
  it('checks at once, then every interval, and reports each result to its parent', async () => {
    const clock = new SimulatedClock();
    const checked: number[] = [];
    const reported: DurabilityResult[] = [];
    const watch = watchRefMachine.provide({ actors: { durabilityCheck: fromPromise(async () => (checked.push(clock.now()), ok)) } });
    const parent = setup({ actors: { watch } }).createMachine({
      invoke: { src: 'watch', input: { reference, intervalSeconds: 10 } },
      on: { 'watch.result': { actions: ({ event }) => void reported.push((event as unknown as { result: DurabilityResult }).result) } },
    });
    createActor(parent, { clock }).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    clock.increment(10_000);
    await settle();
    clock.increment(9_999);
    await settle();
    expect(checked).toEqual([0, 10_000]);
    expect(reported).toEqual([ok, ok]);
  });
});
