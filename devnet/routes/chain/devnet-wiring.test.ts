/**
 * The chain routes inside a real devnet (D1's startDevnet): the ten cockpit gates' inputs move when the
 * control API flips the matching fault, and blocks only move when the test mines them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet.js';

let devnet: StartedDevnet;

async function get(index: number, path: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${devnet.nodes[index]!.url}${path}`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 10 });
});
afterAll(() => devnet.stop());

describe('chain routes in a started devnet', () => {
  it('gives each node a usable starting batch and sees the other nodes as peers', async () => {
    const stamps = (await get(0, '/stamps')).json['stamps'] as { batchID: string; usable: boolean }[];
    expect(stamps.map((s) => s.batchID)).toEqual([devnet.nodes[0]!.batchId]);
    expect(stamps[0]!.usable).toBe(true);
    const peers = ((await get(0, '/peers')).json['peers'] as { address: string }[]).map((p) => p.address);
    expect(peers).toContain(devnet.nodes[1]!.overlay);
    expect(peers).toContain(devnet.nodes[2]!.overlay);
  });

  it('moves each gate input with its fault', async () => {
    const node = devnet.control.node(1);
    await node.setFault({ warmingUp: true, chainLagBlocks: 7, emptyWallet: true, frozen: true, peerCount: 2, expiringStamp: true });
    devnet.control.advanceBlocks(8);
    expect((await get(1, '/readiness')).status).toBe(400);
    const chainstate = (await get(1, '/chainstate')).json;
    expect((chainstate['chainTip'] as number) - (chainstate['block'] as number)).toBe(7);
    expect((await get(1, '/wallet')).json).toMatchObject({ bzzBalance: '0', nativeTokenBalance: '0' });
    expect((await get(1, '/redistributionstate')).json).toMatchObject({ isFrozen: true, hasSufficientFunds: false });
    expect((await get(1, '/status')).json).toMatchObject({ isWarmingUp: true, connectedPeers: 2, reserveSize: expect.any(Number) });
    const ttl = ((await get(1, '/stamps')).json['stamps'] as { batchTTL: number }[])[0]!.batchTTL;
    expect(ttl).toBeLessThan(24 * 3600);
    await node.setFault({ rchashSeconds: 130 });
    expect((await get(1, `/rchash/2/${'aa'.repeat(32)}/${'bb'.repeat(32)}`)).json['durationSeconds']).toBe(130);
    await node.heal();
    expect((await get(1, '/readiness')).status).toBe(200);
  });
});
