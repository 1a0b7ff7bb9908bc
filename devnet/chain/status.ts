/**
 * /status, /status/peers and /status/neighborhoods data for one node, derived from its NodeChain.
 * A real devnet peer reports its own status (with the proximity seen from the asking node); a simulated
 * background peer reports a settled node's numbers, varied a little per peer so tables look real.
 */
import { hexToBytes } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import type { NodeChain } from './node-chain.js';
import { SETTLED_RESERVE_CHUNKS } from './node-chain.js';
import { addressBits, beeProximity as proximity } from '../../core/swarm/proximity.js';
import type { TopologyPeer } from './topology.js';

export interface StatusSnapshot {
  overlay: string;
  proximity: number;
  beeMode: 'full';
  reserveSize: number;
  reserveSizeWithinRadius: number;
  pullsyncRate: number;
  storageRadius: number;
  connectedPeers: number;
  neighborhoodSize: number;
  batchCommitment: number;
  isReachable: boolean;
  lastSyncedBlock: number;
  committedDepth: number;
  isWarmingUp: boolean;
}

/** The node's own /status: proximity is always 256 for self. */
export function ownStatus(node: NodeChain): StatusSnapshot {
  const reserve = node.reserveState();
  const peers = node.connectedPeers();
  return {
    overlay: node.overlayHex,
    proximity: 256,
    beeMode: 'full',
    reserveSize: node.reserveSize(),
    reserveSizeWithinRadius: node.reserveSize(),
    pullsyncRate: node.pullsyncRate(),
    storageRadius: reserve.storageRadius,
    connectedPeers: peers.length,
    neighborhoodSize: peers.filter((p) => proximity(node.overlay, hexToBytes(p.overlayHex)) >= reserve.storageRadius).length,
    batchCommitment: reserve.commitment,
    isReachable: node.reachability() === 'Public',
    lastSyncedBlock: node.syncedBlock(),
    committedDepth: reserve.storageRadius + reserve.reserveCapacityDoubling,
    isWarmingUp: node.faults.warmingUp,
  };
}

/** Bee's outlier factor for the outlierPeers fault: a chain view with 20 % more batches than everyone else's. */
export const OUTLIER_COMMITMENT_FACTOR = 1.2;

/**
 * The simulated peers the outlierPeers fault skews: the first N of the cockpit's peer table order (by bin, then
 * overlay), so an operator finds them at the top of S6.
 */
export function outlierPeers(node: NodeChain): Set<string> {
  const count = Math.floor(node.faults.outlierPeers);
  if (count <= 0) return new Set();
  const simulated = node
    .connectedPeers()
    .filter((p) => p.simulated)
    .map((p) => ({ overlayHex: p.overlayHex, po: proximity(node.overlay, hexToBytes(p.overlayHex)) }))
    .sort((a, b) => a.po - b.po || (a.overlayHex < b.overlayHex ? -1 : 1));
  return new Set(simulated.slice(0, count).map((p) => p.overlayHex));
}

/** A snapshot of one connected peer as seen from `node`, sorted later by proximity. */
export function peerStatus(node: NodeChain, peer: TopologyPeer, outliers: ReadonlySet<string> = new Set()): StatusSnapshot {
  const po = proximity(node.overlay, hexToBytes(peer.overlayHex));
  const real = node.realPeer(peer.overlayHex)?.chain;
  if (real) return { ...ownStatus(real), proximity: po };
  const own = ownStatus(node);
  const jitter = keccak256(hexToBytes(peer.overlayHex));
  const reserveSize = SETTLED_RESERVE_CHUNKS + ((jitter[0]! << 8) | jitter[1]!);
  return {
    ...own,
    overlay: peer.overlayHex,
    proximity: po,
    reserveSize,
    reserveSizeWithinRadius: reserveSize,
    pullsyncRate: 0,
    connectedPeers: 60 + (jitter[2]! % 90),
    neighborhoodSize: 3 + (jitter[3]! % 5),
    lastSyncedBlock: node.chain.block,
    isWarmingUp: false,
    isReachable: true,
    ...(outliers.has(peer.overlayHex) ? { batchCommitment: Math.round(own.batchCommitment * OUTLIER_COMMITMENT_FACTOR) } : {}),
  };
}

/** /status/peers: every connected peer, ascending proximity. */
export function peerStatuses(node: NodeChain): StatusSnapshot[] {
  const outliers = outlierPeers(node);
  return node
    .connectedPeers()
    .map((peer) => peerStatus(node, peer, outliers))
    .sort((a, b) => a.proximity - b.proximity);
}

export interface NeighborhoodStat {
  neighborhood: string;
  reserveSizeWithinRadius: number;
  proximity: number;
}

/**
 * The neighbourhoods at the committed depth inside this node's storage radius: 2^doubling bit-strings
 * that share the node's first storageRadius bits. At committed depth 0 (the whole network is one neighbourhood)
 * Bee v2.8.1 writes 256 zero bits, not an empty string: its bit-string writer counts the bits down in a uint8 and
 * 0 wraps around (pkg/swarm/swarm.go bitStr; seen on the bee-cluster), and the devnet answers the same.
 */
export function neighborhoods(node: NodeChain): NeighborhoodStat[] {
  const { storageRadius, reserveCapacityDoubling } = node.reserveState();
  const bits = addressBits(node.overlay, storageRadius + reserveCapacityDoubling);
  const prefix = bits.slice(0, storageRadius);
  const count = 2 ** reserveCapacityDoubling;
  const out: NeighborhoodStat[] = [];
  for (let i = 0; i < count; i++) {
    const suffix = reserveCapacityDoubling === 0 ? '' : i.toString(2).padStart(reserveCapacityDoubling, '0');
    const neighborhood = prefix + suffix === '' ? '0'.repeat(256) : prefix + suffix;
    let shared = 0;
    while (shared < neighborhood.length && neighborhood[shared] === bits[shared]) shared += 1;
    out.push({ neighborhood, reserveSizeWithinRadius: Math.floor(node.reserveSize() / count), proximity: shared });
  }
  return out;
}
