/**
 * S5's fetches: /readiness, /status, /topology, /chainstate and /reservestate in parallel, projected as the health
 * gates project them, and radius-doctor's facts beside them (actors/cockpit/radius-facts.ts).
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { WarmupPoll } from '../../../core/cockpit/screens/warmup.js';
import type { NodeEndpoints } from '../../node-client/index.js';
import { settle, statusFacts, topologyFacts } from '../health-snapshot.js';
import { fetchRadiusInputs, type RadiusClient } from '../radius-facts.js';

export type WarmupClient = Pick<NodeEndpoints, 'readiness' | 'status' | 'topologySummary' | 'chainstate' | 'reservestate'> & RadiusClient;

export async function fetchWarmup(client: WarmupClient, signal: AbortSignal, now: () => number = Date.now): Promise<WarmupPoll> {
  const takenAtMs = now();
  const o = { signal };
  const [readiness, status, topology, chainstate, reservestate, radius] = await Promise.all([
    settle(client.readiness(o), ({ ready, httpStatus }) => ({ ready, httpStatus })),
    settle(client.status(o), statusFacts),
    settle(client.topologySummary(o), topologyFacts),
    settle(client.chainstate(o), ({ chainTip, block }) => ({ chainTip, block })),
    settle(client.reservestate(o), ({ radius, storageRadius, commitment, reserveCapacityDoubling }) =>
      reserveCapacityDoubling === undefined ? { radius, storageRadius, commitment } : { radius, storageRadius, commitment, reserveCapacityDoubling },
    ),
    fetchRadiusInputs(client, { signal, now: () => takenAtMs }),
  ]);
  signal.throwIfAborted();
  return { takenAtMs, readiness, status, topology, chainstate, reservestate, radius };
}

export function warmupScreenActors(client: WarmupClient, now?: () => number) {
  return { poller: pollingScreenWith(fromPromise<WarmupPoll>(({ signal }) => fetchWarmup(client, signal, now))) };
}
