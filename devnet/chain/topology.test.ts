import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beeProximity } from '../../core/swarm/proximity.js';
import { addressAtPo, backgroundPeers, kademliaDepth, topologySnapshot } from './topology.js';
import { ownStatus, peerStatuses, neighborhoods } from './status.js';
import { testChain, testNode } from './test-fixtures.js';

describe('kademlia depth', () => {
  it('is 0 up to the watermark, then the PO of the 3rd closest peer lowered to the shallowest empty bin', () => {
    expect(kademliaDepth([1, 1, 1])).toBe(0);
    expect(kademliaDepth([2, 2, 0, 1, 1, 1])).toBe(2);
    expect(kademliaDepth([2, 2, 2, 1, 1, 1])).toBe(3);
    expect(kademliaDepth([8, 8, 8, 0, 0, 2, 1])).toBe(3);
  });
});

describe('simulated peers', () => {
  it('addressAtPo shares exactly po bits with the base', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 30 }), fc.nat(1000), (base, po, salt) => {
        expect(beeProximity(base, addressAtPo(base, po, salt))).toBe(po);
      }),
      { numRuns: 100 },
    );
  });

  it('fills bins 0..7 with 8 peers and gives the table depth 8', () => {
    const overlay = new Uint8Array(32).fill(0x5a);
    const snapshot = topologySnapshot(overlay, backgroundPeers(overlay), 0, 10);
    expect(snapshot.bins['bin_0']!.connected).toBe(8);
    expect(snapshot.bins['bin_7']!.connected).toBe(8);
    expect(snapshot.bins['bin_8']!.connected).toBe(1);
    expect(snapshot.bins['bin_20']).toEqual({ population: 0, connected: 0, disconnectedPeers: null, connectedPeers: null });
    expect(Object.keys(snapshot.bins)).toHaveLength(32);
    expect([snapshot.depth, snapshot.connected, snapshot.population]).toEqual([8, 67, 67]);
  });
});

describe('node status', () => {
  it('counts real and simulated peers, honours lowPeers and peerCount, and reports warm-up', () => {
    const chain = testChain();
    const peer = testNode(chain, 1);
    const node = testNode(chain, 0, { peers: () => [{ overlayHex: peer.overlayHex, chain: peer }] });
    expect(ownStatus(node)).toMatchObject({ proximity: 256, beeMode: 'full', connectedPeers: 68, storageRadius: 0, isWarmingUp: false, reserveSize: 2_500_000 });
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
    expect(snapshots).toHaveLength(68);
    expect(snapshots.map((s) => s.proximity)).toEqual([...snapshots.map((s) => s.proximity)].sort((a, b) => a - b));
    expect(snapshots.find((s) => s.overlay === peer.overlayHex)).toMatchObject({ isWarmingUp: true, proximity: beeProximity(node.overlay, peer.overlay) });
  });

  it('names one neighbourhood per capacity doubling', () => {
    const chain = testChain();
    expect(neighborhoods(testNode(chain, 0))).toEqual([{ neighborhood: '', reserveSizeWithinRadius: 2_500_000, proximity: 0 }]);
    const doubled = testNode(chain, 1, { reserveCapacityDoubling: 1 });
    const bit = (doubled.overlay[0]! >> 7).toString();
    const stats = neighborhoods(doubled);
    expect(stats.map((s) => s.neighborhood)).toEqual(['0', '1']);
    expect(stats.find((s) => s.neighborhood === bit)!.proximity).toBe(1);
  });
});
