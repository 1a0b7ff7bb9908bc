/**
 * What radius-doctor and sample-forecast read from a node (issue 29 items 3, 4): /status, /reservestate,
 * /status/peers, /status/neighborhoods and /topology for the doctor, in parallel, each failure kept as a value
 * (core/cockpit/radius-facts.ts); /redistributionstate and the rchash benchmark for the forecast. Shared by the
 * `--once` verbs, the palette and the S5, S7 and S4 screen fetches, so every face reads the same facts.
 */
import type { Fetched } from '../../core/cockpit/health-snapshot.js';
import type { RadiusChange, RadiusInputs, RadiusStatusFacts } from '../../core/cockpit/radius-facts.js';
import type { NodeEndpoints, StatusSnapshot } from '../node-client/index.js';
import { settled, withSignal } from './screens/settle.js';
import { topologyFacts } from './health-snapshot.js';

export type RadiusClient = Pick<NodeEndpoints, 'status' | 'reservestate' | 'statusPeers' | 'statusNeighborhoods' | 'topologySummary'>;

export const radiusStatusFacts = (s: StatusSnapshot): RadiusStatusFacts => ({
  overlay: s.overlay,
  reserveSize: s.reserveSize,
  reserveSizeWithinRadius: s.reserveSizeWithinRadius,
  pullsyncRate: s.pullsyncRate,
  storageRadius: s.storageRadius,
  connectedPeers: s.connectedPeers,
  neighborhoodSize: s.neighborhoodSize,
  ...(s.committedDepth === undefined ? {} : { committedDepth: s.committedDepth }),
  ...(s.isWarmingUp === undefined ? {} : { isWarmingUp: s.isWarmingUp }),
});

export async function fetchRadiusInputs(client: RadiusClient, options: { signal?: AbortSignal; now?: () => number; change?: RadiusChange } = {}): Promise<RadiusInputs> {
  const { signal } = options;
  const o = withSignal(signal);
  const takenAtMs = (options.now ?? Date.now)();
  // Bee v2.8.1 lets one of /status/peers and /status/neighborhoods in at a time and answers the other 429
  // "simultaneous operations not supported" (seen on the bee-cluster): they go one after the other.
  const statusLists = async () => {
    const neighborhoods = await settled(client.statusNeighborhoods(o), ({ neighborhoods: list }) => list.map(({ neighborhood, reserveSizeWithinRadius, proximity }) => ({ neighborhood, reserveSizeWithinRadius, proximity })), signal);
    const peers = await settled(client.statusPeers(o), ({ snapshots }) => snapshots.map((p) => ({ overlay: p.overlay, proximity: p.proximity ?? 0, ...(p.committedDepth === undefined ? {} : { committedDepth: p.committedDepth }), ...(p.requestFailed ? { requestFailed: true } : {}) })), signal);
    return { neighborhoods, peers };
  };
  const [status, reserve, { peers, neighborhoods }, topology] = await Promise.all([
    settled(client.status(o), radiusStatusFacts, signal),
    settled(client.reservestate(o), ({ radius, storageRadius, commitment, reserveCapacityDoubling }) => (reserveCapacityDoubling === undefined ? { radius, storageRadius, commitment } : { radius, storageRadius, commitment, reserveCapacityDoubling }), signal),
    statusLists(),
    settled(client.topologySummary(o), (t) => {
      const { depth, connectedPerBin } = topologyFacts(t);
      return { depth, connectedPerBin };
    }, signal),
  ]);
  signal?.throwIfAborted();
  return { takenAtMs, status, reserve, peers, neighborhoods, topology, change: options.change ?? { kind: 'unknown', why: 'one reading (--once): the cockpit measures it across polls' } };
}

/** /status reserveSizeWithinRadius as a fact of its own (the forecast reads it before and after the benchmark). */
export async function reserveWithinRadius(client: Pick<NodeEndpoints, 'status'>, signal?: AbortSignal): Promise<Fetched<RadiusStatusFacts>> {
  return settled(client.status(withSignal(signal)), radiusStatusFacts, signal);
}
