import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import { healthScreenMachine } from './health.machine.js';

const node = { name: 'n1', url: 'http://127.0.0.1:1633' };

describeMachineModel(healthScreenMachine.provide({ actions: { requestRepoll: () => undefined } }), {
  input: { node, face: 'desktop', visible: true },
  events: { 'screen.action': { repoll: { type: 'screen.action', id: 'repoll' }, other: { type: 'screen.action', id: 'rchash' } } },
  states: { showing: (s) => expect(s.context.node).toEqual(node) },
});

describe('health screen requests', () => {
  it('its re-poll action (r) asks the engine to re-poll the active node only', async () => {
    const received: EngineRequest[] = [];
    const parent = setup({ actors: { health: healthScreenMachine } }).createMachine({
      invoke: { id: 'health', src: 'health', input: { node, face: 'terminal', visible: true } },
      on: { '*': { actions: ({ event }) => void received.push(event as EngineRequest) } },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().children.health!.send({ type: 'screen.action', id: 'rchash' });
    actor.getSnapshot().children.health!.send({ type: 'screen.action', id: 'repoll' });
    await waitFor(actor, () => received.length > 0);
    expect(received).toEqual([{ type: 'engine.repollFleet', node: 'n1' }]);
  });
});
