import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beeProximity } from '../../core/swarm/proximity.js';
import { hexToBytes } from '../../core/swarm/bytes.js';
import { addressAtPo, backgroundPeers, topologySnapshot } from './topology.js';
import { starvingBins } from '../../core/cockpit/rules/bin-saturation.js';
import { ownStatus, peerStatuses, neighborhoods } from './status.js';
import { testChain, testNode } from './test-fixtures.js';

describe('simulated peers', () => {
  it('addressAtPo shares exactly po bits with the base', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 30 }), fc.nat(1000), (base, po, salt) => {
        expect(beeProximity(base, addressAtPo(base, po, salt))).toBe(po);
      }),
      { numRuns: 100 },
    );
  });

  it('saturates every bin below the depth (10-18 peers) and thins the neighbourhood out (4, 3, 2, 1)', () => {
    const overlay = new Uint8Array(32).fill(0x5a);
    for (const depth of [0, 2, 9]) {
      const peers = backgroundPeers(overlay, depth);
      const snapshot = topologySnapshot(overlay, { connected: peers, known: [], depth, reachability: 'Public' }, 0, 10);
      const perBin = Array.from({ length: 32 }, (_, po) => snapshot.bins[`bin_${po}`]!.connected);
      const below = depth === 0 ? [0] : Array.from({ length: depth }, (_, po) => po);
      for (const po of below) expect(perBin[po], `bin ${po} at depth ${depth}`).toBeGreaterThanOrEqual(10);
      const first = below[below.length - 1]! + 1;
      expect(perBin.slice(first, first + 5)).toEqual([4, 3, 2, 1, 0]);
      expect(starvingBins(perBin, snapshot.depth)).toEqual([]);
      expect([snapshot.depth, snapshot.connected, snapshot.population]).toEqual([depth, peers.length, peers.length]);
      expect(snapshot.bins['bin_31']).toEqual({ population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null });
    }
  });

  it('lists known but disconnected peers apart, with their last metrics', () => {
    const overlay = new Uint8Array(32).fill(0x11);
    const [first, ...rest] = backgroundPeers(overlay, 1);
    const snapshot = topologySnapshot(overlay, { connected: rest, known: [first!], depth: 1, reachability: 'Private' }, 0, 10);
    expect(snapshot.bins['bin_0']!.disconnectedPeers).toEqual([{ address: first!.overlayHex, metrics: expect.objectContaining({ sessionConnectionDuration: 0, healthy: false }) }]);
    expect([snapshot.population - snapshot.connected, snapshot.reachability]).toEqual([1, 'Private']);
  });
});

describe('node status', () => {
  it('counts real and simulated peers, honours lowPeers and peerCount, and reports warm-up', () => {
    const chain = testChain();
    const peer = testNode(chain, 1);
    const node = testNode(chain, 0, { peers: () => [{ overlayHex: peer.overlayHex, chain: peer }] });
    const background = backgroundPeers(node.overlay, 0).length;
    expect(ownStatus(node)).toMatchObject({ proximity: 256, beeMode: 'full', connectedPeers: background + 1, storageRadius: 0, isWarmingUp: false, reserveSize: 2_500_000 });
    node.setFaults({ lowPeers: true });
    expect(node.connectedPeers().map((p) => p.overlayHex)).toEqual([peer.overlayHex]);
    node.setFaults({ lowPeers: false, peerCount: 5 });
    expect(ownStatus(node).connectedPeers).toBe(5);
    node.setFaults({ warmingUp: true });
    expect(ownStatus(node)).toMatchObject({ isWarmingUp: true, reserveSize: 0, pullsyncRate: 52.5 });
  });

  it('shares the fault object D1 owns: its fields win over the node’s own flags', () => {
    const chain = testChain();
    const shared = { warmingUp: true, peerCount: null as number | null, down: false };
    const node = testNode(chain, 0, { sharedFaults: shared, faults: { warmingUp: false } });
    expect(node.faults.warmingUp).toBe(true);
    shared.warmingUp = false;
    expect(node.faults.warmingUp).toBe(false);
  });

  it('lists peer snapshots by ascending proximity, a real peer reporting its own state', () => {
    const chain = testChain();
    const peer = testNode(chain, 1, { faults: { warmingUp: true } });
    const node = testNode(chain, 0, { peers: () => [{ overlayHex: peer.overlayHex, chain: peer }] });
    const snapshots = peerStatuses(node);
    expect(snapshots).toHaveLength(backgroundPeers(node.overlay, 0).length + 1);
    expect(snapshots.map((s) => s.proximity)).toEqual([...snapshots.map((s) => s.proximity)].sort((a, b) => a - b));
    expect(snapshots.find((s) => s.overlay === peer.overlayHex)).toMatchObject({ isWarmingUp: true, proximity: beeProximity(node.overlay, peer.overlay) });
  });

  it('names one neighbourhood per capacity doubling', () => {
    const chain = testChain();
    expect(neighborhoods(testNode(chain, 0))).toEqual([{ neighborhood: '0'.repeat(256), reserveSizeWithinRadius: 2_500_000, proximity: 0 }]);
    const doubled = testNode(chain, 1, { reserveCapacityDoubling: 1 });
    const bit = (doubled.overlay[0]! >> 7).toString();
    const stats = neighborhoods(doubled);
    expect(stats.map((s) => s.neighborhood)).toEqual(['0', '1']);
    expect(stats.find((s) => s.neighborhood === bit)!.proximity).toBe(1);
  });
});

describe('a large devnet’s Kademlia table', () => {
  it('holds at most 18 devnet peers per bin (Bee’s over-saturation), the first in network order, and every peer of a small devnet', () => {
    const chain = testChain();
    const others = Array.from({ length: 400 }, (_, i) => testNode(chain, i + 1));
    const asPeers = (nodes: typeof others) => nodes.map((n) => ({ overlayHex: n.overlayHex, fullNode: true, chain: n }));
    const node = testNode(chain, 0, { peers: () => asPeers(others), backgroundPeers: false });
    const connected = node.topologyView().connected;
    const perBin = new Map<number, string[]>();
    for (const peer of connected) {
      const po = beeProximity(node.overlay, hexToBytes(peer.overlayHex));
      perBin.set(po, [...(perBin.get(po) ?? []), peer.overlayHex]);
    }
    // 400 random overlays: about 200 in bin 0, 100 in bin 1, … so the shallow bins are capped and the deep ones not.
    expect(perBin.get(0)).toHaveLength(18);
    expect(perBin.get(1)).toHaveLength(18);
    expect(Math.max(...[...perBin.values()].map((peers) => peers.length))).toBe(18);
    const bin0 = others.filter((n) => beeProximity(node.overlay, n.overlay) === 0).map((n) => n.overlayHex);
    expect(perBin.get(0)).toEqual(bin0.slice(0, 18));
    const deep = others.filter((n) => beeProximity(node.overlay, n.overlay) >= 5);
    expect(connected.filter((p) => beeProximity(node.overlay, hexToBytes(p.overlayHex)) >= 5)).toHaveLength(deep.length);
    expect(ownStatus(node).connectedPeers).toBe(connected.length);

    const small = testNode(chain, 0, { peers: () => asPeers(others.slice(0, 12)), backgroundPeers: false });
    expect(small.topologyView().connected).toHaveLength(12);
  });
});
