/** S7 Network fetches: `/addresses` and `/topology`, in parallel, each settling on its own, and radius-doctor's facts (actors/cockpit/radius-facts.ts). */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { IdentityFacts, NetworkFacts, ReachabilityFacts } from '../../../core/cockpit/screens/network.js';
import type { Addresses, NodeEndpoints, TopologySummary } from '../../node-client/index.js';
import { settled, withSignal } from './settle.js';
import { fetchRadiusInputs, type RadiusClient } from '../radius-facts.js';

export type NetworkClient = Pick<NodeEndpoints, 'addresses' | 'topologySummary'> & Partial<RadiusClient>;


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
  const radiusClient = radiusClientOf(client);
  const [addresses, topology, radius] = await Promise.all([
    settled(client.addresses(o), identity, signal),
    settled(client.topologySummary(o), reachability, signal),
    radiusClient ? fetchRadiusInputs(radiusClient, { ...(signal ? { signal } : {}), now: () => takenAtMs }) : undefined,
  ]);
  signal?.throwIfAborted();
  return { takenAtMs, addresses, topology, ...(radius ? { radius } : {}) };
}

/** A client with every radius endpoint (the engine's always has them; a test's may not). */
function radiusClientOf(client: NetworkClient): RadiusClient | null {
  const { status, reservestate, statusPeers, statusNeighborhoods, topologySummary } = client;
  return status && reservestate && statusPeers && statusNeighborhoods ? { status, reservestate, statusPeers, statusNeighborhoods, topologySummary } : null;
}

export function networkScreenActors(client: NetworkClient, now: () => number = Date.now) {
  return { poller: pollingScreenWith(fromPromise<NetworkFacts>(({ signal }) => fetchNetworkFacts(client, signal, now))) };
}
