/**
 * devnet fidelity of the control plane: `heal` gives back everything every fault changed, and the control plane
 * on a node's own port is never faulted (a `down` node is set down, read and healed through its own port).
 *
 * The heal walk takes every fault the devnet has (both vocabularies: devnet/faults.ts and chain/faults.ts; a new
 * fault without a value below fails the walk), sets it, reads every endpoint an operator's tools read while it
 * is on (faults such as expiringStamp act on reads), heals, and compares what the node answers with what it
 * answered before. No block is mined meanwhile, so any difference is the fault's leftover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultChainFaults } from './chain/faults.js';
import { startDevnet, type StartedDevnet } from './devnet.js';
import { healthyFaults } from './faults.js';
import type { FaultPatch } from './control/devnet-control.js';

let devnet: StartedDevnet;
let url: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
});
afterAll(() => devnet?.stop());

const READ = [
  '/health', '/readiness', '/status', '/topology', '/peers', '/stamps', '/wallet', '/stake', '/chainstate', '/redistributionstate',
  '/chequebook/balance', '/addresses', '/node', '/transactions', '/reservestate', '/status/peers', '/balances', '/settlements',
  '/timesettlements', '/chequebook/cheque', '/pins', '/tags', '/loggers', '/welcome-message',
];

/** What the node answers on every path (status and body); a refused request reads as its error code. */
async function observe(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const path of READ) {
    seen[path] = await fetch(`${url}${path}`).then(
      async (response) => `${response.status} ${await response.text()}`,
      (error: unknown) => `no answer: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`,
    );
  }
  return seen;
}

/** A value that turns each fault on (a fault that needs a companion gets it). */
const FAULT_ON: Readonly<Record<string, FaultPatch>> = {
  down: { down: true },
  latencyMs: { latencyMs: 20 },
  error500: { error500: true },
  startingUp: { startingUp: true },
  warmingUp: { warmingUp: true },
  frozen: { frozen: true },
  lowPeers: { lowPeers: true },
  chainLagBlocks: { chainLagBlocks: 30 },
  expiringStamp: { expiringStamp: true },
  emptyWallet: { emptyWallet: true },
  isolated: { isolated: true },
  authToken: { authToken: 'fault-token' },
  corsOrigins: { corsOrigins: ['http://elsewhere.example'] },
  peerCount: { peerCount: 2 },
  expiringStampSeconds: { expiringStamp: true, expiringStampSeconds: 3600 },
  rchashSeconds: { rchashSeconds: 130 },
  reserveChunks: { reserveChunks: 5 },
  postageSyncing: { postageSyncing: true },
  unstaked: { unstaked: true },
  skewedStake: { skewedStake: true },
  lowGas: { lowGas: true },
  unhealthy: { unhealthy: true },
  stuckTransactions: { stuckTransactions: true },
  starvingBin: { starvingBin: 0 },
  starvingBinPeers: { starvingBin: 0, starvingBinPeers: 1 },
  privateReachability: { privateReachability: true },
  outlierPeers: { outlierPeers: 2 },
  underfilledReserve: { underfilledReserve: true },
  slowPullSync: { slowPullSync: true },
  lonelyNeighbourhood: { lonelyNeighbourhood: true, storageRadius: 2 },
  storageRadius: { storageRadius: 3 },
};

/** Faults whose effect the plain reads above do not show (the walk still heals them and compares). */
const SEEN_ELSEWHERE: Readonly<Record<string, string>> = {
  latencyMs: 'answers come later, the same',
  corsOrigins: 'CORS headers, on requests that carry an Origin',
  rchashSeconds: 'the /rchash benchmark and a sampling round',
  stuckTransactions: 'transactions submitted while it is on stay pending',
};

describe('heal gives back everything every fault changed', () => {
  const faults = [...new Set([...Object.keys(healthyFaults()), ...Object.keys(defaultChainFaults())])];

  it('has a way to turn on every fault the devnet knows', () => {
    expect(faults.filter((fault) => !(fault in FAULT_ON))).toEqual([]);
  });

  it.each(faults)('%s: on, read, healed: the node answers as before', async (fault) => {
    const before = await observe();
    const node = devnet.control.node(0);
    await node.setFault(FAULT_ON[fault]!);
    const during = await observe();
    if (!(fault in SEEN_ELSEWHERE)) expect(during, `${fault} changes something an operator reads`).not.toEqual(before);
    await node.heal();
    expect(await observe()).toEqual(before);
  });

  it('expiringStamp that made a batch expire: heal puts the batch back with its life', async () => {
    const before = await observe();
    const node = devnet.control.node(0);
    await node.setFault({ expiringStamp: true, expiringStampSeconds: 5 });
    expect((await (await fetch(`${url}/stamps`)).json()) as { stamps: unknown[] }).toMatchObject({ stamps: [expect.objectContaining({ batchTTL: expect.any(Number) })] });
    devnet.control.advanceBlocks(10);
    expect(((await (await fetch(`${url}/stamps`)).json()) as { stamps: unknown[] }).stamps).toEqual([]);
    await node.heal();
    const after = await observe();
    // Ten 1 s blocks went by: the batch is back with its TTL less those ten seconds, not the fault's five.
    const stamps = (body: string) => (JSON.parse(body.slice(4)) as { stamps: { batchID: string; batchTTL: number }[] }).stamps;
    const [was] = stamps(before['/stamps']!);
    const [now] = stamps(after['/stamps']!);
    expect(now?.batchID).toBe(was?.batchID);
    expect(now!.batchTTL).toBeGreaterThanOrEqual(was!.batchTTL - 11);
    expect(now!.batchTTL).toBeLessThanOrEqual(was!.batchTTL);
  });
});

describe('gateway heal', () => {
  it('turns every gateway fault off, over HTTP too; a down gateway listens again', async () => {
    const gatewayDevnet = await startDevnet({ nodes: 1, gateways: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
    try {
      const gateway = gatewayDevnet.gateways[0]!;
      const absent = `${gateway.url}/bzz/${'ab'.repeat(32)}/`;
      const before = (await fetch(absent, { method: 'HEAD' })).status;
      await gatewayDevnet.control.gateway(0).setFault({ down: true, latencyMs: 10, error500: true });
      await expect(fetch(absent, { method: 'HEAD' })).rejects.toThrow();
      const healed = await fetch(`${gatewayDevnet.nodes[0]!.url}/_devnet/gateways/0/heal`, { method: 'POST' });
      expect(await healed.json()).toEqual({ down: false, latencyMs: 0, error500: false });
      expect((await fetch(absent, { method: 'HEAD' })).status).toBe(before);
    } finally {
      await gatewayDevnet.stop();
    }
  });
});

describe('the control plane on a node’s own port is never faulted', () => {
  it('a node set down through its own port answers that request, resets its API, is read and healed through its own port', async () => {
    const control = (path: string, init?: RequestInit) => fetch(`${url}/_devnet${path}`, init);
    const set = await control('/nodes/0/faults', { method: 'PATCH', body: JSON.stringify({ down: true }), headers: { 'content-type': 'application/json' } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ down: true });
    try {
      const api = await fetch(`${url}/health`).then(
        () => 'answered',
        (error: unknown) => (error as { cause?: { code?: string } }).cause?.code,
      );
      expect(api).toBe('ECONNRESET');
      expect(await (await control('/nodes/0/faults')).json()).toMatchObject({ down: true });
      expect((await control('')).status).toBe(200);
    } finally {
      const healed = await control('/nodes/0/heal', { method: 'POST' });
      expect(healed.status).toBe(200);
    }
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('every other fault leaves the control plane alone too (auth, 500s, start-up gating, latency aside)', async () => {
    await devnet.control.node(0).setFault({ error500: true, startingUp: true, authToken: 'secret', corsOrigins: [] });
    try {
      expect((await fetch(`${url}/stamps`)).status).toBe(503);
      const faults = await fetch(`${url}/_devnet/nodes/0/faults`);
      expect(faults.status).toBe(200);
      expect(await faults.json()).toMatchObject({ error500: true, startingUp: true, authToken: '(set)' });
    } finally {
      expect((await fetch(`${url}/_devnet/nodes/0/heal`, { method: 'POST' })).status).toBe(200);
    }
  });
});
