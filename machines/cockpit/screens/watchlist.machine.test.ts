import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import { watchlistScreenMachine } from './watchlist.machine.js';

const ref = 'cd'.repeat(32);
const input = { node: { name: 'n1', url: 'http://127.0.0.1:1633' }, face: 'terminal' as const, visible: true };
const selection = { section: 'references', index: 0, key: ref };

describeMachineModel(
  watchlistScreenMachine.provide({ actions: { requestAdd: () => undefined, requestCheck: () => undefined, requestRecheckAll: () => undefined, requestRemove: () => undefined } }),
  {
    input,
    events: {
      'screen.input': { typed: { type: 'screen.input', section: 'add', field: 'reference', value: '0xab' } },
      'screen.submit': { valid: { type: 'screen.submit', section: 'add', values: { reference: ref } }, invalid: { type: 'screen.submit', section: 'add', values: { reference: 'zz' } } },
      'screen.command': { valid: { type: 'screen.command', verb: 'durability', args: [ref] }, invalid: { type: 'screen.command', verb: 'durability', args: ['1'] } },
      'screen.activate': { row: { type: 'screen.activate', section: 'references', index: 0, key: ref } },
      'screen.action': {
        recheck: { type: 'screen.action', id: 'recheckAll' },
        remove: { type: 'screen.action', id: 'remove', selection },
        removeNoRow: { type: 'screen.action', id: 'remove' },
      },
    },
    stateKey: (s) => s.context.error !== null,
    states: { showing: (s) => expect(s.context.error === null || s.context.error.startsWith('expected a reference')).toBe(true) },
  },
);

describe('watchlist screen requests', () => {
  it('adds a valid reference, refuses an invalid one in the field, and re-checks, removes by row', async () => {
    const received: EngineRequest[] = [];
    const parent = setup({ actors: { screen: watchlistScreenMachine } }).createMachine({
      invoke: { id: 'screen', src: 'screen', input },
      on: { '*': { actions: ({ event }) => void received.push(event as EngineRequest) } },
    });
    const actor = createActor(parent).start();
    const screen = actor.getSnapshot().children.screen!;
    screen.send({ type: 'screen.submit', section: 'add', values: { reference: 'nope' } });
    expect((screen.getSnapshot() as { context: { error: string | null } }).context.error).toMatch(/^expected a reference/);
    screen.send({ type: 'screen.submit', section: 'add', values: { reference: `0x${ref.toUpperCase()}` } });
    screen.send({ type: 'screen.activate', section: 'references', index: 0, key: ref });
    screen.send({ type: 'screen.action', id: 'recheckAll' });
    screen.send({ type: 'screen.action', id: 'remove', selection });
    await waitFor(actor, () => received.length >= 4);
    expect(received.map((e) => (e.type === 'engine.watchlist' ? e.request : e))).toEqual([
      { kind: 'add', reference: ref },
      { kind: 'check', reference: ref },
      { kind: 'recheckAll' },
      { kind: 'remove', reference: ref },
    ]);
    expect((screen.getSnapshot() as { context: { value: string; error: null } }).context).toEqual({ value: '', error: null });
  });
});
