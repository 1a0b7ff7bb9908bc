/** The root machine's starting context, from its input (cockpit.machine.ts explains the regions). */
import type { CockpitContext, CockpitMachineInput } from './cockpit.contracts.js';

export function initialCockpitContext(input: CockpitMachineInput): CockpitContext {
  // An unknown --node name falls back to the first node; the one started on stays the fleet's default (★).
  const startNode = input.nodes.some((n) => n.name === input.activeNode) ? input.activeNode : input.nodes[0]!.name;
  return {
      face: input.face,
      nodes: input.nodes,
      activeNode: startNode,
      defaultNode: startNode,
      fleetPollIntervalMs: input.fleetPollIntervalMs,
      screenPollIntervalsMs: input.screenPollIntervalsMs ?? {},
      prometheusFleet: input.prometheusFleet !== undefined,
      generation: 0,
      shownScreen: input.session.screen ?? 'health',
      log: input.log,
      capture: null,
      alerts: [],
      alertSeq: 0,
      alertsSeenAtMs: 0,
      verbSeq: 0,
      watches: {},
      start: { session: input.session, alerts: input.alerts, supervisor: input.supervisor, prometheusFleet: input.prometheusFleet, watchlist: input.watchlist, watchAvailability: input.watchAvailability, restoreWatches: input.restoreWatches, autoReseedAfter: input.autoReseedAfter },
  };
}
