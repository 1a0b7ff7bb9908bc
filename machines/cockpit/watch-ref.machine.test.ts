import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';
import { watchRefMachine, type WatchReseedOutcome } from './watch-ref.machine.js';

const reference = 'ab'.repeat(32);
const ok: DurabilityResult = { reference, node: 'http://n1', checkedAtMs: 1, elapsedMs: 5, retrievable: true };
const lost: DurabilityResult = { ...ok, retrievable: false };
const unknown: DurabilityResult = { ...ok, retrievable: null, error: 'timed out' };

describeMachineModel(watchRefMachine.provide({ actions: { report: () => undefined, announce: () => undefined } }), {
  input: { reference, intervalSeconds: 60, autoReseedAfter: 2 },
  events: {
    'xstate.done.actor.durabilityCheck': { retrievable: actorDone('durabilityCheck', ok), lost: actorDone('durabilityCheck', lost), unknown: actorDone('durabilityCheck', unknown) },
    'xstate.error.actor.durabilityCheck': { bug: actorFailed('durabilityCheck', new Error('bug')) },
    'xstate.done.actor.reseed': { done: actorDone('reseed', { ok: true, detail: 're-uploaded' }), refused: actorDone('reseed', { ok: false, detail: 'refused' }) },
    'xstate.error.actor.reseed': { bug: actorFailed('reseed', new Error('bug')) },
  },
  stateKey: (s) => `${String(s.context.last?.retrievable ?? null)}:${s.context.failuresInRow}`,
  states: {
    checking: (_, probe) => expect(probe.inputOf('durabilityCheck')).toEqual({ reference }),
    waiting: (s) => expect(s.context.failuresInRow).toBeLessThan(2),
    reseeding: (s, probe) => {
      expect(s.context.failuresInRow).toBe(2);
      expect(probe.inputOf('reseed')).toEqual({ reference });
    },
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

  it('re-seeds after N not-retrievable checks in a row (unknowns neither count nor reset), logs and banners it, checks again at once, and waits for N more after a failed re-seed', async () => {
    const clock = new SimulatedClock();
    const answers = [lost, unknown, lost, lost, lost, ok];
    const checked: number[] = [];
    const reseeded: number[] = [];
    const logged: string[] = [];
    const banners: string[] = [];
    const watch = watchRefMachine.provide({
      actors: {
        durabilityCheck: fromPromise(async () => (checked.push(clock.now()), answers.shift() ?? ok)),
        reseed: fromPromise(async () => (reseeded.push(clock.now()), reseeded.length === 1 ? { ok: false, detail: 'batch not usable' } : { ok: true, detail: 're-uploaded' })),
      },
      actions: { logLine: (_: unknown, line: { level: string; message: string }) => void logged.push(`${line.level}: ${line.message}`) },
    });
    const parent = setup({ actors: { watch } }).createMachine({
      invoke: { src: 'watch', input: { reference, intervalSeconds: 10, autoReseedAfter: 2 } },
      on: { 'watch.reseed': { actions: ({ event }) => void banners.push((event as unknown as { text: string }).text) } },
    });
    createActor(parent, { clock }).start();
    const settle = async () => {
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    await settle();
    for (let i = 0; i < 3; i++) {
      clock.increment(10_000);
      await settle();
    }
    // lost, unknown, lost → 2 in a row at 20 s: re-seed (refused), check at once (lost: 1), at 30 s lost (2): re-seed (done), check at once: ok.
    expect(checked).toEqual([0, 10_000, 20_000, 20_000, 30_000, 30_000]);
    expect(reseeded).toEqual([20_000, 30_000]);
    const short = `${reference.slice(0, 8)}…`;
    expect(logged).toEqual([
      `warning: auto re-seed of ${short} after 2 failed checks in a row`,
      `error: auto re-seed of ${short} failed: batch not usable; checking again`,
      `warning: auto re-seed of ${short} after 2 failed checks in a row`,
      `info: auto re-seed of ${short} done (re-uploaded); checking again`,
    ]);
    expect(banners).toEqual([`auto re-seed of ${short} after 2 failed checks in a row…`, `auto re-seed of ${short} failed: batch not usable; checking again`, `auto re-seed of ${short} after 2 failed checks in a row…`, `auto re-seed of ${short} done (re-uploaded); checking again`]);
  });

  it('never re-seeds with auto re-seed off', async () => {
    const clock = new SimulatedClock();
    let reseeds = 0;
    const watch = watchRefMachine.provide({ actors: { durabilityCheck: fromPromise(async () => lost), reseed: fromPromise<WatchReseedOutcome, { reference: string }>(async () => (reseeds++, { ok: true, detail: '' })) }, actions: { report: () => undefined } });
    const actor = createActor(watch, { clock, input: { reference, intervalSeconds: 10 } }).start();
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.increment(10_000);
    }
    expect(reseeds).toBe(0);
    expect(actor.getSnapshot().context.failuresInRow).toBeGreaterThanOrEqual(4);
  });
});
