/**
 * S4 Lottery, S5 Warmup and S8 API Health against a live devnet: the real fetch actors through the node
 * client, the pure screen models, and devnet faults and controls producing every state each screen shows:
 * every round phase, every stake card, the rchash verdicts, each checklist step waiting, lag, and pending
 * and stuck transactions. Then the S4 machine runs the benchmark against the devnet for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { fetchApiHealth } from '../../actors/cockpit/screens/api-health.js';
import { fetchLottery, lotteryScreenActors, runRchash } from '../../actors/cockpit/screens/lottery.js';
import { fetchWarmup } from '../../actors/cockpit/screens/warmup.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { renderApiHealth } from '../../core/cockpit/screens/api-health.js';
import { benchmarkTarget, lotteryStakeCard, renderLottery } from '../../core/cockpit/screens/lottery.js';
import { renderWarmup } from '../../core/cockpit/screens/warmup.js';
import { warmupChecklist } from '../../core/cockpit/rules/warmup-checklist.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import type { Section } from '../../core/cockpit/view/view-model.js';
import type { FaultPatch } from '../../devnet/control/devnet-control.js';
import { chainTimeMs } from '../../devnet/chain/node-postage.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { lotteryScreenMachine, selectLotteryContent } from '../../machines/cockpit/screens/lottery.machine.js';

let devnet: StartedDevnet;
let clients: NodeClient[];
const signal = new AbortController().signal;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  devnet.control.advanceBlocks(400);
  clients = devnet.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 5000 }));
});
afterAll(() => devnet?.stop());

const section = (content: ScreenContent, id: string): Section | undefined => content.sections.find((s) => s.id === id);
const facts = (s: Section | undefined) => (s?.kind === 'facts' ? Object.fromEntries(s.rows.map((r) => [r.label, r.value])) : {});

async function withFault<T>(node: number, fault: FaultPatch, run: () => Promise<T>): Promise<T> {
  await devnet.control.node(node).setFault(fault);
  try {
    return await run();
  } finally {
    await devnet.control.node(node).heal();
  }
}

describe('S4 Lottery on a devnet node', () => {
  it('every round phase moves with the blocks: Commit, Reveal, and Claim (also while the node samples, as Bee reports it)', async () => {
    const phases: string[] = [];
    for (const phase of ['commit', 'reveal', 'sample', 'claim'] as const) {
      if (phase === 'claim') devnet.control.advanceBlocks(10); // past the 4.2 s sample
      else devnet.control.advanceToPhase(phase);
      const content = renderLottery(await fetchLottery(clients[0]!, signal), { kind: 'idle' }, null);
      phases.push(facts(section(content, 'round'))['Phase']!.split(' ')[0]!);
      expect(facts(section(content, 'round'))['Block in round']).toMatch(/^\d+ of 152 \((Commit|Reveal|Claim) window/);
    }
    expect(phases).toEqual(['Commit', 'Reveal', 'Claim', 'Claim']);
  });

  it('every stake card from its fault, Healthy by default', async () => {
    const card = async () => {
      const c = lotteryStakeCard(await fetchLottery(clients[1]!, signal));
      return 'error' in c ? c.error : c.state;
    };
    expect(await card()).toBe('Healthy');
    const cases: [FaultPatch, string][] = [
      [{ unstaked: true }, 'Unstaked'],
      [{ frozen: true }, 'Frozen'],
      [{ lowGas: true }, 'Insufficient gas'],
      [{ emptyWallet: true }, 'Insufficient gas'],
      [{ unhealthy: true }, 'Unhealthy'],
      [{ reserveChunks: 1000 }, 'Unhealthy'],
      [{ skewedStake: true }, 'Skewed'],
    ];
    for (const [fault, expected] of cases) expect(await withFault(1, fault, card), JSON.stringify(fault)).toBe(expected);
    expect(await card()).toBe('Healthy');
  });

  it('the rchash benchmark at the storage radius across the neighbourhood: green at 4.2 s, red at 130 s', async () => {
    const target = benchmarkTarget(await fetchLottery(clients[0]!, signal));
    if ('error' in target) throw new Error(target.error);
    // Three depth-22 batches commit 3 x 2^22 slots, over one reserve of 2^22: radius 2, a quarter of the space.
    expect(target.depth).toBe(2);
    const top = parseInt(devnet.nodes[0]!.overlay.slice(0, 1), 16) & 0b1100;
    expect([target.anchor1, target.anchor2]).toEqual([top.toString(16) + '0'.repeat(63), (top | 0b11).toString(16) + 'f'.repeat(63)]);
    expect(await runRchash(clients[0]!, target, signal)).toMatchObject({ durationSeconds: 4.2, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const slow = await withFault(0, { rchashSeconds: 130 }, () => runRchash(clients[0]!, target, signal));
    const content = renderLottery(await fetchLottery(clients[0]!, signal), { kind: 'done', target, ...slow }, null);
    expect(section(content, 'rchash')?.kind === 'facts' && section(content, 'rchash')).toMatchObject({ rows: expect.arrayContaining([expect.objectContaining({ label: 'Result', tone: 'fail' })]) });
  });

  it('the S4 machine runs the benchmark on r against the devnet and banners the verdict', async () => {
    const actor = createActor(lotteryScreenMachine.provide({ actors: lotteryScreenActors(clients[2]!) }), { input: {} }).start();
    try {
      await waitFor(actor, (s) => s.context.poll !== null);
      actor.send({ type: 'screen.action', id: 'rchash' });
      await waitFor(actor, (s) => s.matches({ rchash: 'done' }));
      expect(selectLotteryContent(actor.getSnapshot()).banner).toMatchObject({ tone: 'ok', text: 'rchash at depth 2: 4.2 s: within the 95 s reveal deadline (normal for a fast disk)' });
    } finally {
      actor.stop();
    }
  });

  it('storage incentives off: the round says why; rchash fails in one line as on Bee (the connection is dropped)', async () => {
    const off = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0, storageIncentivesEnable: false });
    try {
      const client = createNodeClient({ baseUrl: off.nodes[0]!.url, timeoutMs: 5000 });
      const poll = await fetchLottery(client, signal);
      const content = renderLottery(poll, { kind: 'idle' }, null);
      expect(content.status).toBe('ready');
      expect(section(content, 'round')).toMatchObject({ kind: 'text', lines: [{ text: 'storage incentives are disabled on this node (--storage-incentives-enable=false) (/redistributionstate 403)' }] });
      const target = benchmarkTarget(poll);
      if ('error' in target) throw new Error(target.error);
      await expect(runRchash(client, target, signal)).rejects.toMatchObject({ code: 'network' });
    } finally {
      await off.stop();
    }
  });
});

describe('S5 Warmup on a devnet node', () => {
  const states = async (node: number) => Object.fromEntries(warmupChecklist(await fetchWarmup(clients[node]!, signal)).map((i) => [i.id, i.state]));

  it('a settled devnet node is bootstrapped: every step done', async () => {
    expect(Object.values(await states(0)).every((s) => s === 'done')).toBe(true);
    expect(section(renderWarmup(await fetchWarmup(clients[0]!, signal)), 'summary')).toMatchObject({ lines: [{ tone: 'ok' }] });
  });

  it('each fault holds back its steps', async () => {
    expect(await withFault(0, { warmingUp: true }, () => states(0))).toMatchObject({ ready: 'waiting', warmup: 'progress', pullsync: 'progress', reserve: 'progress' });
    expect(await withFault(0, { lowPeers: true }, () => states(0))).toMatchObject({ peers: 'waiting', bins: 'progress' });
    expect(await withFault(0, { peerCount: 10 }, () => states(0))).toMatchObject({ peers: 'progress' });
    expect(await withFault(0, { chainLagBlocks: 100 }, () => states(0))).toMatchObject({ chain: 'done', batches: 'progress' });
    expect(await withFault(0, { reserveChunks: 1000 }, () => states(0))).toMatchObject({ reserve: 'waiting', pullsync: 'done' });
  });

  it('a starting node (503 outside the root-only routes) says why per step; a node that is down is an error screen', async () => {
    const starting = await withFault(0, { startingUp: true }, async () => renderWarmup(await fetchWarmup(clients[0]!, signal)));
    const bars = section(starting, 'checklist');
    expect(bars?.kind === 'bars' && bars.bars.find((b) => b.label === 'Peers connected')).toMatchObject({ tone: 'muted', text: expect.stringMatching(/^not read: .*503/) });
    const down = await withFault(0, { down: true }, async () => renderWarmup(await fetchWarmup(clients[0]!, signal)));
    expect(down).toMatchObject({ status: 'error', subtitle: expect.stringMatching(/^cannot reach the node/) });
  });
});

describe('S8 API Health on a devnet node', () => {
  it('chain state, the cockpit’s own call statistics, and a pending purchase visible to a 30 s poll', async () => {
    const client = createNodeClient({ baseUrl: devnet.nodes[1]!.url, timeoutMs: 5000 });
    await client.stamps();
    const { txHash } = await client.buyStamp(String(10 * 24 * 3600 * 24_000), 18);
    devnet.control.advanceBlocks(30);
    const now = () => chainTimeMs(devnet.control.chain);
    const content = renderApiHealth(await fetchApiHealth(client, signal, now), 0);
    expect(facts(section(content, 'chain'))['Lag']).toBe('0 blocks (normal: the listener trails the tip by up to 9)');
    const txs = section(content, 'transactions');
    const row = txs?.kind === 'table' ? txs.rows.find((r) => r.key === txHash) : undefined;
    expect(row?.cells.map((c) => c.text).slice(2)).toEqual([expect.stringMatching(/^postage batch creation /), '1 gwei', 'pending 30 s']);
    const calls = section(content, 'calls');
    const templates = calls?.kind === 'table' ? calls.rows.map((r) => r.key) : [];
    expect(templates).toEqual(expect.arrayContaining(['GET /stamps', 'POST /stamps/{amount}/{depth}', 'GET /chainstate', 'GET /transactions']));
    devnet.control.advanceBlocks(10);
    const later = renderApiHealth(await fetchApiHealth(client, signal, now), 0);
    const after = section(later, 'transactions');
    expect(after?.kind === 'table' && after.rows.some((r) => r.key === txHash)).toBe(false);
  });

  it('transactions stuck (out of gas) stay and are flagged after 10 minutes; lag shows; no answer is one line', async () => {
    await withFault(2, { stuckTransactions: true, chainLagBlocks: 30 }, async () => {
      const { txHash } = await clients[2]!.buyStamp(String(10 * 24 * 3600 * 24_000), 18);
      devnet.control.advanceBlocks(11 * 60);
      const content = renderApiHealth(await fetchApiHealth(clients[2]!, signal, () => chainTimeMs(devnet.control.chain)), 1);
      const txs = section(content, 'transactions');
      const row = txs?.kind === 'table' ? txs.rows.find((r) => r.key === txHash) : undefined;
      expect(row).toMatchObject({ tone: 'warn' });
      expect(row?.cells[4]!.text).toMatch(/^pending 11 min: stuck\?/);
      expect(facts(section(content, 'chain'))['Lag']).toMatch(/^30 blocks: 21 beyond/);
    });
    const down = await withFault(2, { error500: true }, async () => renderApiHealth(await fetchApiHealth(clients[2]!, signal), 0));
    expect(down).toMatchObject({ status: 'error', subtitle: 'no answer from /chainstate: 500 Internal Server Error' });
  });
});
