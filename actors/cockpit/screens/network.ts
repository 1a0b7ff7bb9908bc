/** S7 Network fetches: `/addresses` and `/topology`, in parallel, each settling on its own. */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { IdentityFacts, NetworkFacts, ReachabilityFacts } from '../../../core/cockpit/screens/network.js';
import type { Addresses, NodeEndpoints, TopologySummary } from '../../node-client/index.js';
import { settled, withSignal } from './settle.js';

export type NetworkClient = Pick<NodeEndpoints, 'addresses' | 'topologySummary'>;


const identity = (a: Addresses): IdentityFacts => ({
  overlay: a.overlay,
  ethereum: a.chain_address ?? a.ethereum ?? null,
  publicKey: a.publicKey,
  pssPublicKey: a.pssPublicKey,
  underlay: a.underlay,
});

const reachability = (t: TopologySummary): ReachabilityFacts => ({
  ...(t.reachability === undefined ? {} : { reachability: t.reachability }),
  ...(t.networkAvailability === undefined ? {} : { networkAvailability: t.networkAvailability }),
});

export async function fetchNetworkFacts(client: NetworkClient, signal?: AbortSignal, now: () => number = Date.now): Promise<NetworkFacts> {
  const o = withSignal(signal);
  const takenAtMs = now();
  const [addresses, topology] = await Promise.all([settled(client.addresses(o), identity, signal), settled(client.topologySummary(o), reachability, signal)]);
  signal?.throwIfAborted();
  return { takenAtMs, addresses, topology };
}

export function networkScreenActors(client: NetworkClient, now: () => number = Date.now) {
  return { poller: pollingScreenWith(fromPromise<NetworkFacts>(({ signal }) => fetchNetworkFacts(client, signal, now))) };
}
