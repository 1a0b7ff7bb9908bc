/**
 * Kademlia view of one simulated node, computed from its overlay and the peers it is connected to.
 * Mirrors Bee's /topology: bins keyed by proximity order (PO, capped at 31), depth from the
 * nearest-neighbour low watermark and the shallowest empty bin, as Bee's kademlia calculates it.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { beeProximity as proximity } from '../../core/swarm/proximity.js';
import { MAX_PO, NN_LOW_WATERMARK, SATURATION_PEERS } from './constants.js';

export interface TopologyPeer {
  overlayHex: string;
  fullNode: boolean;
  /** Real devnet node (true) or background peer simulated to give the table a realistic shape. */
  simulated: boolean;
}

/**
 * Bee's depth: the PO of the NN_LOW_WATERMARK-th closest connected peer, lowered to the shallowest
 * empty bin below it; 0 while there are no more peers than the watermark.
 */
export function kademliaDepth(binCounts: readonly number[]): number {
  const total = binCounts.reduce((sum, n) => sum + n, 0);
  if (total <= NN_LOW_WATERMARK) return 0;
  let seen = 0;
  let candidate = 0;
  for (let po = binCounts.length - 1; po >= 0; po--) {
    seen += binCounts[po]!;
    if (seen >= NN_LOW_WATERMARK) {
      candidate = po;
      break;
    }
  }
  for (let po = 0; po < candidate; po++) if (binCounts[po] === 0) return po;
  return candidate;
}

export function binCounts(overlay: Uint8Array, peers: readonly TopologyPeer[]): number[] {
  const counts = new Array<number>(MAX_PO + 1).fill(0);
  for (const peer of peers) counts[proximity(overlay, hexToBytes(peer.overlayHex))]! += 1;
  return counts;
}

/** Bins shallower than this get SATURATION_PEERS simulated peers each; a few more sit at or past it. */
export const BACKGROUND_DEPTH = 8;
const BACKGROUND_NEIGHBOURS = 3;

/**
 * Deterministic simulated peers that make a lone devnet node look like a mainnet node with a saturated
 * table: SATURATION_PEERS peers at each PO below BACKGROUND_DEPTH and BACKGROUND_NEIGHBOURS deeper ones.
 * Their overlays share exactly `po` leading bits with the node's overlay.
 */
export function backgroundPeers(overlay: Uint8Array): TopologyPeer[] {
  const peers: TopologyPeer[] = [];
  const make = (po: number, i: number): void => {
    peers.push({ overlayHex: bytesToHex(addressAtPo(overlay, po, i)), fullNode: true, simulated: true });
  };
  for (let po = 0; po < BACKGROUND_DEPTH; po++) for (let i = 0; i < SATURATION_PEERS; i++) make(po, i);
  for (let i = 0; i < BACKGROUND_NEIGHBOURS; i++) make(BACKGROUND_DEPTH + i, i);
  return peers;
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
  reachability: 'Public';
  networkAvailability: 'Available' | 'Unavailable';
  bins: Record<string, BinInfo>;
  lightNodes: BinInfo;
}

/** Simulated round-trip time of a peer in milliseconds (1–8 ms on loopback), stable per pair. */
export function simulatedRttMs(overlay: Uint8Array, peerHex: string): number {
  const h = keccak256(overlay, hexToBytes(peerHex));
  return 1 + (((h[0]! << 8) | h[1]!) % 7000) / 1000;
}

export function topologySnapshot(overlay: Uint8Array, peers: readonly TopologyPeer[], nowMs: number, uptimeSeconds: number): TopologySnapshot {
  const bins: Record<string, BinInfo> = {};
  const emptyBin = (): BinInfo => ({ population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null });
  for (let po = 0; po <= MAX_PO; po++) bins[`bin_${po}`] = emptyBin();
  for (const peer of peers) {
    const bin = bins[`bin_${proximity(overlay, hexToBytes(peer.overlayHex))}`]!;
    bin.population += 1;
    bin.connected += 1;
    const metrics: PeerMetrics = {
      lastSeenTimestamp: Math.floor(nowMs / 1000),
      sessionConnectionRetry: 0,
      connectionTotalDuration: uptimeSeconds,
      sessionConnectionDuration: uptimeSeconds,
      sessionConnectionDirection: peer.simulated ? 'inbound' : 'outbound',
      latencyEWMA: Math.round(simulatedRttMs(overlay, peer.overlayHex)),
      reachability: 'Public',
      healthy: true,
    };
    (bin.connectedPeers ??= []).push({ address: peer.overlayHex, metrics });
  }
  return {
    baseAddr: bytesToHex(overlay),
    population: peers.length,
    connected: peers.length,
    timestamp: new Date(nowMs).toISOString(),
    nnLowWatermark: NN_LOW_WATERMARK,
    depth: kademliaDepth(binCounts(overlay, peers)),
    reachability: 'Public',
    networkAvailability: peers.length > 0 ? 'Available' : 'Unavailable',
    bins,
    lightNodes: emptyBin(),
  };
}
