/**
 * S6 Peers fetches through the node client: the topology poll and the six-call peer fan-out (peer balance,
 * peer cheques, peer settlement, ping, `/status/peers`, local `/status`), all six in parallel, each settling on
 * its own (actors/cockpit/screens/settle.ts). The abort signal reaches every request.
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { Fetched } from '../../../core/cockpit/health-snapshot.js';
import type { PeerDrillFacts, PeersTopologyFacts, StatusSnapshotFacts, TopologyPoll } from '../../../core/cockpit/screens/peers.js';
import type { NodeEndpoints, StatusSnapshot, Topology } from '../../node-client/index.js';
import { settled, settledOrNull, withSignal } from './settle.js';

export type PeersClient = Pick<NodeEndpoints, 'topology' | 'balance' | 'cheque' | 'settlement' | 'pingpong' | 'statusPeers' | 'status'>;

/** Bee's 32 proximity orders. */
const BIN_COUNT = 32;

export function topologyFacts(t: Topology): PeersTopologyFacts {
  const connectedPerBin = Array.from({ length: BIN_COUNT }, (_, po) => t.bins[`bin_${po}`]?.connected ?? 0);
  const peers = Array.from({ length: BIN_COUNT }, (_, po) =>
    (t.bins[`bin_${po}`]?.connectedPeers ?? []).map((p) => ({
      address: p.address.toLowerCase(),
      po,
      latencyMs: p.metrics?.latencyEWMA ?? null,
      direction: p.metrics?.sessionConnectionDirection ?? null,
      healthy: p.metrics?.healthy ?? null,
      reachability: p.metrics?.reachability ?? null,
      sessionSeconds: p.metrics?.sessionConnectionDuration ?? null,
    })),
  ).flat();
  return { depth: t.depth, connected: t.connected, population: t.population, connectedPerBin, peers };
}

export async function fetchPeersTopology(client: Pick<NodeEndpoints, 'topology'>, signal?: AbortSignal): Promise<Fetched<PeersTopologyFacts>> {
  return settled(client.topology(withSignal(signal)), topologyFacts, signal);
}

function statusFacts(s: Partial<StatusSnapshot> & { overlay: string }): StatusSnapshotFacts {
  const { overlay, storageRadius, reserveSize, reserveSizeWithinRadius, pullsyncRate, batchCommitment, requestFailed } = s;
  return {
    overlay: overlay.toLowerCase(),
    ...(storageRadius === undefined ? {} : { storageRadius }),
    ...(reserveSize === undefined ? {} : { reserveSize }),
    ...(reserveSizeWithinRadius === undefined ? {} : { reserveSizeWithinRadius }),
    ...(pullsyncRate === undefined ? {} : { pullsyncRate }),
    ...(batchCommitment === undefined ? {} : { batchCommitment }),
    ...(requestFailed === undefined ? {} : { requestFailed }),
  };
}

export async function fetchPeerDrill(client: PeersClient, peer: string, signal?: AbortSignal): Promise<PeerDrillFacts> {
  const o = withSignal(signal);
  const [balance, cheques, settlement, ping, peerStatuses, localStatus] = await Promise.all([
    settledOrNull(client.balance(peer, o), (b) => b.balance, signal),
    settled(client.cheque(peer, o), (c) => ({ lastReceived: c.lastreceived?.payout ?? null, lastSent: c.lastsent?.payout ?? null }), signal),
    settledOrNull(client.settlement(peer, o), (s) => ({ received: s.received, sent: s.sent }), signal),
    settled(client.pingpong(peer, o), (p) => ({ rtt: p.rtt, rttMs: p.rttMs ?? null }), signal),
    settled(client.statusPeers(o), (list) => list.snapshots.map(statusFacts), signal),
    settled(client.status(o), statusFacts, signal),
  ]);
  signal?.throwIfAborted();
  return { peer, balance, cheques, settlement, ping, peerStatuses, localStatus };
}

/** The S6 machine's actors bound to one node client (`peersScreenMachine.provide({ actors })`). */
export function peersScreenActors(client: PeersClient, now: () => number = Date.now) {
  return {
    poller: pollingScreenWith(fromPromise<TopologyPoll>(async ({ signal }) => {
      const takenAtMs = now();
      return { takenAtMs, topology: await fetchPeersTopology(client, signal) };
    })),
    fetchPeerDrill: fromPromise<PeerDrillFacts, { peer: string }>(({ input, signal }) => fetchPeerDrill(client, input.peer, signal)),
  };
}
