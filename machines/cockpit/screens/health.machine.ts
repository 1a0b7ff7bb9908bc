/**
 * S1 Health's screen actor. The gate ladder comes from the active node's fleet poller (the engine's
 * `fleet:<node>` child), not from a second poll, so S1, the fleet row, the top bar and the alerts always
 * agree. This actor only turns the screen's re-poll action (`r`, the binding table's) into a re-poll of that node.
 *
 * States
 * - showing: the ladder is drawn from the fleet poller; `screen.action` `repoll` asks the engine to re-poll now.
 */
import { sendParent, setup } from 'xstate';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import type { ScreenInput } from './screen-definition.js';
import { HEALTH_REPOLL_ACTION } from '../../../core/cockpit/bindings/screen-actions.js';

export const healthScreenMachine = setup({
  types: {} as { input: ScreenInput; events: ScreenEvent; context: { readonly node: ScreenInput['node'] } },
  guards: {
    isRepollRequest: ({ event }) => event.type === 'screen.action' && event.id === HEALTH_REPOLL_ACTION,
  },
  actions: {
    requestRepoll: sendParent(({ context }): EngineRequest => ({ type: 'engine.repollFleet', node: context.node.name })),
  },
}).createMachine({
  id: 'cockpitHealthScreen',
  description: 'S1 Health: the active node’s gate ladder, read from its fleet poller; r re-polls it.',
  context: ({ input }) => ({ node: input.node }),
  initial: 'showing',
  states: {
    showing: {
      description: 'The gate ladder and worst-batch TTL of the active node.',
      on: { 'screen.action': { guard: 'isRepollRequest', actions: 'requestRepoll' } },
    },
  },
});
