import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import { fleetScreenMachine } from './fleet.machine.js';

const node = { name: 'n1', url: 'http://127.0.0.1:1633' };
const requests: string[] = [];

describeMachineModel(
  fleetScreenMachine.provide({
    actions: {
      requestSwitch: ({ event }) => void requests.push(`switch ${JSON.stringify(event)}`),
      requestRepoll: () => void requests.push('repoll'),
    },
  }),
  {
    input: { node, face: 'desktop', visible: true },
    events: {
      'screen.activate': {
        row: { type: 'screen.activate', section: 'nodes', index: 1, key: 'n2' },
        drillRow: { type: 'screen.activate', section: 'nodes', index: 0, key: 'n1', inDrill: true },
      },
      'screen.select': {
        row: { type: 'screen.select', section: 'nodes', index: 1, key: 'n2' },
        otherSection: { type: 'screen.select', section: 'actions', index: 0 },
      },
      'screen.action': {
        switchTo: { type: 'screen.action', id: 'switchTo', selection: { section: 'nodes', index: 1, key: 'n2' } },
        repoll: { type: 'screen.action', id: 'repoll' },
        other: { type: 'screen.action', id: 'remove' },
      },
    },
    states: {
      showing: (s) => {
        expect(s.matches('showing')).toBe(true);
        expect([null, 'n2']).toContain(s.context.selectedNode);
      },
    },
  },
);

describe('fleet screen requests', () => {
  it('asks its parent to switch to the activated row’s node and to re-poll on its re-poll action', async () => {
    const received: EngineRequest[] = [];
    const parent = setup({ actors: { fleet: fleetScreenMachine } }).createMachine({
      invoke: { id: 'fleet', src: 'fleet', input: { node, face: 'terminal', visible: true } },
      on: { '*': { actions: ({ event }) => void received.push(event as EngineRequest) } },
    });
    const actor = createActor(parent).start();
    const screen = actor.getSnapshot().children.fleet!;
    screen.send({ type: 'screen.activate', section: 'nodes', index: 1, key: 'n2' });
    screen.send({ type: 'screen.action', id: 'repoll' });
    screen.send({ type: 'screen.action', id: 'remove' });
    screen.send({ type: 'screen.action', id: 'switchTo', selection: { section: 'nodes', index: 2, key: 'n3' } });
    await waitFor(actor, () => received.length >= 3);
    expect(received).toEqual([{ type: 'engine.switchNode', target: 'n2' }, { type: 'engine.repollFleet' }, { type: 'engine.switchNode', target: 'n3' }]);
  });
});
