import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';
import { watchlistMachine } from './watchlist.machine.js';

const a = 'aa'.repeat(32);
const b = 'bb'.repeat(32);
const result = (reference: string, retrievable: boolean | null): DurabilityResult => ({ reference, node: 'http://n1', checkedAtMs: 1, elapsedMs: 2, retrievable });

describeMachineModel(watchlistMachine, {
  input: { entries: [{ reference: a, intervalSeconds: null }] },
  events: {
    'watchlist.add': { b: { type: 'watchlist.add', reference: b } },
    'watchlist.check': { a: { type: 'watchlist.check', reference: a } },
    'watchlist.remove': { a: { type: 'watchlist.remove', reference: a } },
    'watchlist.watch': { a: { type: 'watchlist.watch', reference: a, intervalSeconds: 30 } },
    'watchlist.record': { a: { type: 'watchlist.record', result: result(a, false) } },
    'xstate.done.actor.durabilityCheck': { retrievable: actorDone('durabilityCheck', result(a, true)) },
    'xstate.error.actor.durabilityCheck': { bug: actorFailed('durabilityCheck', new Error('bug')) },
  },
  stateKey: (s) => ({ entries: s.context.entries.map((e) => `${e.reference.slice(0, 2)}:${e.intervalSeconds}`), queue: s.context.queue.length, history: Math.min(s.context.history.length, 1) }),
  states: {
    idle: (s) => expect(s.context.queue).toEqual([]),
    checking: (s, probe) => expect(probe.inputOf('durabilityCheck')).toEqual({ reference: s.context.queue[0] }),
  },
});

describe('watchlist', () => {
  it('checks references one at a time, queues each at most once, keeps 50 results newest first', async () => {
    const seen: string[] = [];
    const actor = createActor(
      watchlistMachine.provide({ actors: { durabilityCheck: fromPromise<DurabilityResult, { reference: string }>(async ({ input }) => (seen.push(input.reference), result(input.reference, true))) } }),
      { input: {} },
    ).start();
    actor.send({ type: 'watchlist.add', reference: a });
    actor.send({ type: 'watchlist.add', reference: b });
    actor.send({ type: 'watchlist.recheckAll' }); // both are queued already: nothing more
    await waitFor(actor, (s) => s.matches('idle') && s.context.history.length >= 2);
    actor.send({ type: 'watchlist.recheckAll' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.history.length >= 4);
    expect(seen).toEqual([a, b, a, b]);
    for (let i = 0; i < 60; i++) actor.send({ type: 'watchlist.record', result: result(b, i % 2 === 0) });
    expect(actor.getSnapshot().context.history).toHaveLength(50);
    expect(actor.getSnapshot().context.entries.map((e) => e.reference)).toEqual([a, b]);
  });
});
