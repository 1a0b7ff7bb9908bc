/**
 * The gate ladder against a live devnet: a settled node passes every gate, and each devnet fault moves
 * exactly the gates it should (devnet/chain/faults.ts says which gate each fault exists for). Then the
 * gates machine, with the real health-snapshot actor, records a fault and its recovery in the alerts ring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { fetchHealthSnapshot, healthPollerLogic } from '../../actors/cockpit/health-snapshot.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { computeGates, GATE_IDS, type Gate, type GateId, type GateState } from '../../core/cockpit/gates.js';
import type { FaultPatch } from '../../devnet/control/devnet-control.js';
import { startDevnet } from '../../devnet/devnet.js';
import { gatesMachine, selectGates } from '../../machines/cockpit/gates.machine.js';

type Devnet = Awaited<ReturnType<typeof startDevnet>>;
type Ladder = Record<GateId, Gate>;

let devnet: Devnet;
let clients: NodeClient[];

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  // Enough chain history for a lag fault to show (the synced block cannot go below 0).
  devnet.control.advanceBlocks(200);
  clients = devnet.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 5000 }));
});
afterAll(() => devnet?.stop());

async function ladder(client: NodeClient): Promise<Ladder> {
  return Object.fromEntries(computeGates(await fetchHealthSnapshot(client)).map((gate) => [gate.id, gate])) as Ladder;
}

/** The states of the gates that differ from an all-Pass ladder. */
function notPassing(gates: Ladder): Partial<Record<GateId, GateState>> {
  return Object.fromEntries(GATE_IDS.filter((id) => gates[id].state !== 'Pass').map((id) => [id, gates[id].state]));
}

/** Chain-only fault fields that heal() leaves alone (they are configuration-like), back to their defaults. */
const RESET: FaultPatch = { peerCount: null, reserveChunks: null, starvingBin: null, starvingBinPeers: 3 };

describe('gates on a devnet node', () => {
  it('a settled devnet node passes all 11 gates', async () => {
    const gates = await ladder(clients[0]!);
    expect(notPassing(gates), JSON.stringify(gates, null, 1)).toEqual({});
  });

  const cases: Array<[string, FaultPatch, Partial<Record<GateId, GateState>>]> = [
    ['warmingUp', { warmingUp: true }, { warmupComplete: 'Fail', reserveFill: 'Warn', redistributionHealthy: 'Fail' }],
    ['frozen', { frozen: true }, { notFrozen: 'Fail' }],
    // Bee v2.8.1's /topology depth is the storage radius (2 here): with one or ten peers left, a bin below it empties.
    ['lowPeers', { lowPeers: true }, { peerCount: 'Fail', binSaturation: 'Fail' }],
    ['peerCount 10', { peerCount: 10 }, { peerCount: 'Warn', binSaturation: 'Fail' }],
    ['starvingBin 1', { starvingBin: 1 }, { binSaturation: 'Warn' }],
    ['starvingBin 0, no peers left in it', { starvingBin: 0, starvingBinPeers: 0 }, { binSaturation: 'Fail' }],
    ['chainLagBlocks 20', { chainLagBlocks: 20 }, { chainRpcFresh: 'Warn' }],
    ['chainLagBlocks 100', { chainLagBlocks: 100 }, { chainRpcFresh: 'Fail' }],
    ['emptyWallet', { emptyWallet: true }, { walletFunded: 'Fail', redistributionHealthy: 'Fail' }],
    ['reserveChunks 1000', { reserveChunks: 1000 }, { reserveFill: 'Fail', redistributionHealthy: 'Warn' }],
    [
      'startingUp (503 except root-only routes)',
      { startingUp: true },
      // API reachable warns (the fact: endpoints answer 503); what they would have told is not measured.
      {
        apiReachable: 'Warn',
        warmupComplete: 'Unknown',
        walletFunded: 'Unknown',
        peerCount: 'Unknown',
        reserveFill: 'Unknown',
        binSaturation: 'Unknown',
        redistributionHealthy: 'Unknown',
        notFrozen: 'Unknown',
        stampTtl: 'Unknown',
      },
    ],
    // API reachable fails (what it measures); nothing else was measured: no gate claims its own failure.
    ['error500', { error500: true }, Object.fromEntries(GATE_IDS.map((id) => [id, id === 'apiReachable' ? 'Fail' : 'Unknown']))],
    ['down', { down: true }, Object.fromEntries(GATE_IDS.map((id) => [id, id === 'apiReachable' ? 'Fail' : 'Unknown']))],
  ];

  it.each(cases)('fault %s moves exactly the expected gates, and healing restores all Pass', async (_, fault, expected) => {
    const node = devnet.control.node(0);
    await node.setFault(fault);
    try {
      expect(notPassing(await ladder(clients[0]!))).toEqual(expected);
    } finally {
      await node.heal();
      await node.setFault(RESET);
    }
    expect(notPassing(await ladder(clients[0]!))).toEqual({});
  });

  it('gate reasons name the cause', async () => {
    const node = devnet.control.node(0);
    await node.setFault({ lowPeers: true, chainLagBlocks: 20, emptyWallet: true });
    try {
      const gates = await ladder(clients[0]!);
      expect(gates.peerCount.reason).toBe('1 connected peer: too few to form a neighbourhood (need 4)');
      expect(gates.binSaturation.reason).toMatch(/^STARVING: bin \d+ has 0\/8 connected peers at depth 2/);
      expect(gates.chainRpcFresh.reason).toMatch(/lag 20 blocks, 11 beyond the 9-block listener tail/);
      expect(gates.walletFunded.reason).toBe('0 xBZZ, 0 native: no xBZZ and no native token');
    } finally {
      await node.heal();
    }
  });

  it('expiringStamp: stamp TTL Warns under 24 h and Fails under 1 h (node 2; the fault spends the batch for good)', async () => {
    const node = devnet.control.node(2);
    await node.setFault({ expiringStamp: true });
    const warned = await ladder(clients[2]!);
    expect(notPassing(warned)).toEqual({ stampTtl: 'Warn' });
    expect(warned.stampTtl.reason).toMatch(/^batch [0-9a-f]{8}… \(devnet\) expires in (23 h|22 h 5\d min) at the current price: top up within the day; fill rate unknown: no earlier poll of \/stamps to compare with$/);
    await node.setFault({ expiringStampSeconds: 1800 });
    const failed = await ladder(clients[2]!);
    expect(notPassing(failed)).toEqual({ stampTtl: 'Fail' });
    expect(failed.stampTtl.reason).toMatch(/expires in (29|30) min at the current price: top up now; fill rate unknown: no earlier poll of \/stamps to compare with$/);
  });
});

describe('gates on a devnet with storage incentives off', () => {
  it('redistribution and frozen gates are not applicable (Warn, applicable false); everything else passes', async () => {
    const off = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, storageIncentivesEnable: false });
    try {
      const gates = await ladder(createNodeClient({ baseUrl: off.nodes[0]!.url }));
      expect(notPassing(gates)).toEqual({ redistributionHealthy: 'Warn', notFrozen: 'Warn' });
      expect(gates.notFrozen).toMatchObject({ applicable: false, reason: 'not applicable: storage incentives disabled (403)' });
      expect(gates.redistributionHealthy.applicable).toBe(false);
    } finally {
      await off.stop();
    }
  });
});

describe('gates machine against a devnet node', () => {
  it('polls, records a fault as a transition into the alerts ring, then its recovery', async () => {
    const machine = gatesMachine.provide({ actors: { healthPoller: healthPollerLogic(() => clients[1]!) } });
    const actor = createActor(machine, { input: { node: { name: 'node-1', url: clients[1]!.baseUrl }, pollIntervalMs: 50 } }).start();
    const emitted: string[] = [];
    actor.on('gate.transition', ({ transition }) => emitted.push(`${transition.gateId}:${transition.from}->${transition.to}`));
    try {
      await waitFor(actor, (s) => selectGates(s) !== null, { timeout: 5000 });
      expect(selectGates(actor.getSnapshot())!.every((g) => g.state === 'Pass')).toBe(true);
      await devnet.control.node(1).setFault({ frozen: true });
      await waitFor(actor, (s) => s.context.alerts.some((a) => a.gateId === 'notFrozen' && a.to === 'Fail'), { timeout: 5000 });
      await devnet.control.node(1).heal();
      const recovered = await waitFor(actor, (s) => s.context.alerts.some((a) => a.gateId === 'notFrozen' && a.recovery), { timeout: 5000 });
      expect(recovered.context.alerts.map((a) => `${a.gateId}:${a.from}->${a.to}`)).toEqual(['notFrozen:Pass->Fail', 'notFrozen:Fail->Pass']);
      expect(emitted).toEqual(['notFrozen:Pass->Fail', 'notFrozen:Fail->Pass']);
    } finally {
      actor.stop();
      await devnet.control.node(1).heal();
    }
  });
});

describe('stamp TTL by fill (issue 29 item 8): a devnet batch filling over successive polls', () => {
  it('says the rate is unknown after one poll, then warns on the fill when it comes before the price, and says which', async () => {
    // The batch fills for real (the devnet's stamp issuer, over /stamps); the poll times are set ten minutes apart.
    const batchId = devnet.nodes[1]!.batchId!;
    let nowMs = Date.UTC(2026, 0, 1);
    devnet.control.skewBatch(1, batchId, 10 / 64);
    const machine = gatesMachine.provide({ actors: { healthPoller: healthPollerLogic(() => clients[1]!, () => nowMs) } });
    const actor = createActor(machine, { input: { node: { name: 'node-1', url: clients[1]!.baseUrl }, pollIntervalMs: 3_600_000 } }).start();
    const pollAt = async (atMs: number, fill: number) => {
      nowMs = atMs;
      devnet.control.skewBatch(1, batchId, fill);
      actor.send({ type: 'poll.now' });
      const polled = await waitFor(actor, (s) => s.context.snapshot?.takenAtMs === atMs && s.value === 'waiting', { timeout: 5000 });
      return selectGates(polled)!.find((gate) => gate.id === 'stampTtl')!;
    };
    const start = nowMs;
    try {
      const first = await waitFor(actor, (s) => s.context.snapshot?.takenAtMs === start && s.value === 'waiting', { timeout: 5000 });
      const firstGate = selectGates(first)!.find((gate) => gate.id === 'stampTtl')!;
      expect(firstGate.state).toBe('Pass');
      expect(firstGate.reason).toMatch(/expires in .+ at the current price; fill rate unknown: too few samples \(1 over 0 s; the rate needs 1 min\)$/);
      // 10 more slots of the fullest bucket's 64 in 10 minutes: 44 slots left at 1 a minute.
      const filling = await pollAt(start + 600_000, 20 / 64);
      expect(filling).toMatchObject({ state: 'Fail', reason: `batch ${batchId.slice(0, 8)}… (devnet) full in ~44 min at the last 10 min's fill rate: dilute it or buy another batch now` });
      // No growth in the next ten minutes: the least-squares rate over 20 minutes halves, and the forecast doubles.
      const slower = await pollAt(start + 1_200_000, 20 / 64);
      expect(slower).toMatchObject({ state: 'Warn', reason: `batch ${batchId.slice(0, 8)}… (devnet) full in ~1 h 28 min at the last 20 min's fill rate: dilute it or buy another batch within the day` });
    } finally {
      actor.stop();
    }
  });
});
