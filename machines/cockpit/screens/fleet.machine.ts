/**
 * S15 Fleet's screen actor. The rows are the engine's fleet pollers (one per configured node, all polling in
 * parallel, kept running across node switches); this actor turns the screen's gestures into engine requests.
 *
 * States
 * - showing: Enter / double click on a row and the `Switch to` button switch the active node to that row's
 *   node (the row key is the node name); the `Re-poll` action (its button or key) re-polls every node at once.
 *   The selected row's node is kept (`screen.select`) for its detail block (core/cockpit/screens/fleet-detail.ts).
 */
import { assign, sendParent, setup } from 'xstate';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import { FLEET_TABLE, REPOLL_ACTION, SWITCH_ACTION } from '../../../core/cockpit/screens/fleet.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import type { ScreenInput } from './screen-definition.js';

/** The node a gesture names: the activated row's key, or the selected row's key for `Switch to`. */
function targetNode(event: ScreenEvent): string | undefined {
  if (event.type === 'screen.activate' && event.section === FLEET_TABLE && !event.inDrill) return event.key;
  if (event.type === 'screen.action' && event.id === SWITCH_ACTION && event.selection?.section === FLEET_TABLE) return event.selection.key;
  return undefined;
}

export interface FleetScreenContext {
  /** The selected row's node name (its row key): S15 shows that node's detail block; null before a selection. */
  readonly selectedNode: string | null;
}

export const fleetScreenMachine = setup({
  types: {} as { input: ScreenInput; events: ScreenEvent; context: FleetScreenContext },
  guards: {
    namesANode: ({ event }) => targetNode(event) !== undefined,
    isNodeRow: ({ event }) => event.type === 'screen.select' && event.section === FLEET_TABLE && !event.inDrill && event.key !== undefined,
    isRepoll: ({ event }) => event.type === 'screen.action' && event.id === REPOLL_ACTION,
  },
  actions: {
    requestSwitch: sendParent(({ event }): EngineRequest => ({ type: 'engine.switchNode', target: targetNode(event) ?? '' })),
    requestRepoll: sendParent((): EngineRequest => ({ type: 'engine.repollFleet' })),
    recordSelection: assign(({ event }) => (event.type === 'screen.select' ? { selectedNode: event.key ?? null } : {})),
  },
}).createMachine({
  id: 'cockpitFleetScreen',
  description: 'S15 Fleet: rows from the fleet pollers; activating a row or Switch to switches node, Re-poll re-polls all.',
  context: { selectedNode: null },
  initial: 'showing',
  states: {
    showing: {
      description: 'One row per node; the fleet pollers keep every row fresh; the selected row’s node has a detail block.',
      on: {
        'screen.select': { guard: 'isNodeRow', actions: 'recordSelection' },
        'screen.activate': { guard: 'namesANode', actions: 'requestSwitch' },
        'screen.action': [
          { guard: 'namesANode', actions: 'requestSwitch' },
          { guard: 'isRepoll', actions: 'requestRepoll' },
        ],
      },
    },
  },
});
