/**
 * Kademlia view of one simulated node, shaped like Bee v2.8.1's `/topology`: bins keyed by proximity order
 * (PO, capped at 31) with connected and known-but-disconnected peers, and `depth`, which Bee v2.8.1 reports as
 * the node's storage radius (pkg/topology/kademlia `neighborhoodDepth`), not a depth computed from the bins.
 *
 * A devnet has a handful of real nodes, so each node also gets simulated background peers laid out as on a
 * settled mainnet node at that depth: every bin below the depth saturated (10 to 18 connected peers; Bee keeps
 * connecting up to 18) and the neighbourhood bins from the depth on thinning out (4, 3, 2, 1). With that
 * layout a healthy devnet node passes the bin-saturation gate. The `starvingBin`, `lowPeers` and `peerCount`
 * faults take peers away; those stay known but disconnected (a healthy node lists none, as the bee-cluster's
 * nodes do: their `disconnectedPeers` are null).
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { beeProximity as proximity } from '../../core/swarm/proximity.js';
import { MAX_PO, NN_LOW_WATERMARK } from './constants.js';

export interface TopologyPeer {
  overlayHex: string;
  fullNode: boolean;
  /** Real devnet node (true) or background peer simulated to give the table a realistic shape. */
  simulated: boolean;
}

/** Connected peers of a saturated bin: 10..18. */
const SATURATED_MIN = 10;
/** The most devnet peers a node connects to in one bin: Bee's over-saturation (pkg/topology/kademlia), 18. */
export const BIN_CAPACITY = 18;
const SATURATED_SPREAD = 9;
/** Connected peers of the neighbourhood bins, from the depth on. */
const NEIGHBOURHOOD = [4, 3, 2, 1];

/** The bins below the depth; at depth 0, bin 0 itself (what the bin-saturation gate judges). */
export function saturatedBins(depth: number): number[] {
  return depth === 0 ? [0] : Array.from({ length: Math.min(depth, MAX_PO + 1) }, (_, po) => po);
}

/**
 * Deterministic simulated peers around `overlay` at `depth`: how many per bin comes from the overlay, so a
 * node's table looks the same on every poll and the same devnet seed gives the same tables.
 */
export function backgroundPeers(overlay: Uint8Array, depth: number): TopologyPeer[] {
  const connected: TopologyPeer[] = [];
  const make = (po: number, i: number): TopologyPeer => ({ overlayHex: bytesToHex(addressAtPo(overlay, po, i)), fullNode: true, simulated: true });
  const shape = keccak256(overlay, new Uint8Array([0x6b, 0x61, 0x64]));
  const saturated = saturatedBins(depth);
  const first = saturated[saturated.length - 1]! + 1;
  const bins: [number, number][] = [
    ...saturated.map((po): [number, number] => [po, SATURATED_MIN + (shape[po % 32]! % SATURATED_SPREAD)]),
    ...NEIGHBOURHOOD.map((count, i): [number, number] => [first + i, count]).filter(([po]) => po <= MAX_PO),
  ];
  for (const [po, count] of bins) for (let i = 0; i < count; i++) connected.push(make(po, i));
  return connected;
}

/** An address sharing exactly `po` leading bits with `base` (the bit at position po is flipped). */
export function addressAtPo(base: Uint8Array, po: number, salt: number): Uint8Array {
  const out = keccak256(base, new Uint8Array([po, salt & 0xff, salt >> 8]));
  const fullBytes = po >> 3;
  out.set(base.subarray(0, fullBytes), 0);
  const bit = po & 7;
  const keepMask = (0xff << (8 - bit)) & 0xff;
  const flip = 0x80 >> bit;
  out[fullBytes] = (base[fullBytes]! & keepMask) | (~base[fullBytes]! & flip) | (out[fullBytes]! & ~(keepMask | flip) & 0xff);
  return out;
}

export interface PeerMetrics {
  lastSeenTimestamp: number;
  sessionConnectionRetry: number;
  connectionTotalDuration: number;
  sessionConnectionDuration: number;
  sessionConnectionDirection: 'inbound' | 'outbound';
  latencyEWMA: number;
  reachability: 'Public';
  healthy: boolean;
}

export interface BinInfo {
  population: number;
  connected: number;
  /** Go's nil slice: Bee answers null, not [], for a bin without such peers. */
  disconnectedPeers: { address: string; metrics?: PeerMetrics }[] | null;
  connectedPeers: { address: string; metrics?: PeerMetrics }[] | null;
}

export interface TopologySnapshot {
  baseAddr: string;
  population: number;
  connected: number;
  timestamp: string;
  nnLowWatermark: number;
  depth: number;
  reachability: 'Public' | 'Private' | 'Unknown';
  networkAvailability: 'Available' | 'Unavailable';
  bins: Record<string, BinInfo>;
  lightNodes: BinInfo;
}

/** Simulated round-trip time of a peer in milliseconds (1–8 ms on loopback), stable per pair. */
export function simulatedRttMs(overlay: Uint8Array, peerHex: string): number {
  const h = keccak256(overlay, hexToBytes(peerHex));
  return 1 + (((h[0]! << 8) | h[1]!) % 7000) / 1000;
}

export interface TopologyView {
  connected: readonly TopologyPeer[];
  /** Known peers that are not connected. */
  known: readonly TopologyPeer[];
  /** Bee v2.8.1: the storage radius. */
  depth: number;
  reachability: 'Public' | 'Private' | 'Unknown';
}

/**
 * Per node (its overlay bytes), each peer's bin and simulated RTT: both are fixed for the pair, and a keccak per
 * peer per /topology was most of what a fleet poll of a 1000-node devnet cost.
 */
const pairFacts = new WeakMap<Uint8Array, Map<string, { po: number; rttMs: number }>>();

function factsOf(overlay: Uint8Array, peerHex: string): { po: number; rttMs: number } {
  let known = pairFacts.get(overlay);
  if (!known) pairFacts.set(overlay, (known = new Map()));
  let facts = known.get(peerHex);
  if (!facts) known.set(peerHex, (facts = { po: proximity(overlay, hexToBytes(peerHex)), rttMs: simulatedRttMs(overlay, peerHex) }));
  return facts;
}

export function topologySnapshot(overlay: Uint8Array, view: TopologyView, nowMs: number, uptimeSeconds: number): TopologySnapshot {
  const bins: Record<string, BinInfo> = {};
  const emptyBin = (): BinInfo => ({ population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null });
  for (let po = 0; po <= MAX_PO; po++) bins[`bin_${po}`] = emptyBin();
  const binOf = (peer: TopologyPeer) => bins[`bin_${factsOf(overlay, peer.overlayHex).po}`]!;
  const metricsOf = (peer: TopologyPeer, connected: boolean): PeerMetrics => ({
    lastSeenTimestamp: Math.floor(nowMs / 1000) - (connected ? 0 : 60),
    sessionConnectionRetry: 0,
    connectionTotalDuration: uptimeSeconds,
    sessionConnectionDuration: connected ? uptimeSeconds : 0,
    sessionConnectionDirection: peer.simulated ? 'inbound' : 'outbound',
    latencyEWMA: Math.round(factsOf(overlay, peer.overlayHex).rttMs),
    reachability: 'Public',
    healthy: connected,
  });
  for (const peer of view.connected) {
    const bin = binOf(peer);
    bin.population += 1;
    bin.connected += 1;
    (bin.connectedPeers ??= []).push({ address: peer.overlayHex, metrics: metricsOf(peer, true) });
  }
  // Peers a fault took away were connected before: Bee keeps their metrics (sessionConnectionDuration 0).
  for (const peer of view.known) {
    const bin = binOf(peer);
    bin.population += 1;
    (bin.disconnectedPeers ??= []).push({ address: peer.overlayHex, metrics: metricsOf(peer, false) });
  }
  return {
    baseAddr: bytesToHex(overlay),
    population: view.connected.length + view.known.length,
    connected: view.connected.length,
    timestamp: new Date(nowMs).toISOString(),
    nnLowWatermark: NN_LOW_WATERMARK,
    depth: view.depth,
    reachability: view.reachability,
    networkAvailability: view.connected.length > 0 ? 'Available' : 'Unavailable',
    bins,
    lightNodes: emptyBin(),
  };
}
