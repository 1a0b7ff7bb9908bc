/** S5's fetches: /readiness, /status, /topology, /chainstate and /reservestate in parallel, projected as the health gates project them. */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { WarmupPoll } from '../../../core/cockpit/screens/warmup.js';
import type { NodeEndpoints } from '../../node-client/index.js';
import { settle, statusFacts, topologyFacts } from '../health-snapshot.js';

export type WarmupClient = Pick<NodeEndpoints, 'readiness' | 'status' | 'topologySummary' | 'chainstate' | 'reservestate'>;

export async function fetchWarmup(client: WarmupClient, signal: AbortSignal, now: () => number = Date.now): Promise<WarmupPoll> {
  const takenAtMs = now();
  const o = { signal };
  const [readiness, status, topology, chainstate, reservestate] = await Promise.all([
    settle(client.readiness(o), ({ ready, httpStatus }) => ({ ready, httpStatus })),
    settle(client.status(o), statusFacts),
    settle(client.topologySummary(o), topologyFacts),
    settle(client.chainstate(o), ({ chainTip, block }) => ({ chainTip, block })),
    settle(client.reservestate(o), ({ radius, storageRadius, commitment, reserveCapacityDoubling }) =>
      reserveCapacityDoubling === undefined ? { radius, storageRadius, commitment } : { radius, storageRadius, commitment, reserveCapacityDoubling },
    ),
  ]);
  signal.throwIfAborted();
  return { takenAtMs, readiness, status, topology, chainstate, reservestate };
}

export function warmupScreenActors(client: WarmupClient, now?: () => number) {
  return { poller: pollingScreenWith(fromPromise<WarmupPoll>(({ signal }) => fetchWarmup(client, signal, now))) };
}
