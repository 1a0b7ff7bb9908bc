/**
 * S2 Stamps and S3 Swap against a live devnet: the real fetch actors through the node client, the pure
 * screen models, and devnet faults and controls producing every state each screen can show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBucketSummary, fetchStamps } from '../../actors/cockpit/screens/stamps.js';
import { fetchSwap } from '../../actors/cockpit/screens/swap.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { buildStampsModel, nextPendingSince, renderStamps, type StampRow } from '../../core/cockpit/screens/stamps.js';
import { renderSwap } from '../../core/cockpit/screens/swap.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import type { Section } from '../../core/cockpit/view/view-model.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';

let devnet: StartedDevnet;
let clients: NodeClient[];
const signal = new AbortController().signal;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  devnet.control.advanceBlocks(200);
  clients = devnet.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 5000 }));
});
afterAll(() => devnet?.stop());

const section = (content: ScreenContent, id: string): Section | undefined => content.sections.find((s) => s.id === id);
const facts = (s: Section | undefined) => (s?.kind === 'facts' ? Object.fromEntries(s.rows.map((r) => [r.label, r])) : {});

async function stampRows(node: number, pendingSince: Record<string, number> = {}, now?: () => number): Promise<readonly StampRow[]> {
  const model = buildStampsModel(await fetchStamps(clients[node]!, signal, now), pendingSince);
  if (model.kind !== 'ready') throw new Error(`stamps not ready: ${JSON.stringify(model)}`);
  return model.rows;
}
const statusOf = (rows: readonly StampRow[], batchID: string) => rows.find((r) => r.batchID === batchID)?.verdict;
/** PLUR per chunk for ten days at the devnet's price and 1 s blocks: past the 7-day horizon. */
const TEN_DAYS = String(10 * 24 * 3600 * 24_000);

describe('S2 Stamps on a devnet node', () => {
  it('a fresh devnet batch lives 30 days and is Empty until something is stamped, then Healthy', async () => {
    const batchID = devnet.nodes[0]!.batchId!;
    const fresh = statusOf(await stampRows(0), batchID)!;
    expect(fresh).toMatchObject({ status: 'Empty', tone: 'muted' });
    const [row] = await stampRows(0);
    expect(row!.ttlSeconds).toBeGreaterThan(29 * 24 * 3600);
    await clients[0]!.uploadBytes(new TextEncoder().encode('a few bytes for the stamps screen'), { batchId: batchID, deferred: false });
    expect(statusOf(await stampRows(0), batchID)).toMatchObject({ status: 'Healthy', tone: 'ok' });
  });

  it('a new purchase is Pending until 10 blocks confirm it, and flagged stuck past 10 minutes while transactions are stuck', async () => {
    await devnet.control.node(1).setFault({ stuckTransactions: true });
    try {
      const { batchID } = await clients[1]!.buyStamp(TEN_DAYS, 20, { label: 'fresh' });
      const first = await fetchStamps(clients[1]!, signal, () => 1_000);
      let since = nextPendingSince({}, first);
      expect(statusOf(await stampRows(1, since, () => 2_000), batchID)).toMatchObject({ status: 'Pending', tone: 'warn' });
      devnet.control.advanceBlocks(20);
      // Ten blocks later it would be usable, but its creation transaction is not mined: still Pending,
      // and eleven minutes after the cockpit first saw it pending the reason turns to the wallet's gas.
      since = nextPendingSince(since, await fetchStamps(clients[1]!, signal, () => 1_000 + 11 * 60_000));
      expect(statusOf(await stampRows(1, since, () => 1_000 + 11 * 60_000), batchID)).toMatchObject({ status: 'Pending', tone: 'fail', reason: expect.stringContaining('out of gas') });
      await devnet.control.node(1).setFault({ stuckTransactions: false });
      devnet.control.advanceBlocks(40);
      expect(statusOf(await stampRows(1), batchID)).toMatchObject({ status: 'Empty' });
    } finally {
      await devnet.control.node(1).heal();
    }
  });

  it('Skewed when one bucket is 80 % full or more, red when it is full; the drill shows that bucket first', async () => {
    const { batchID } = await clients[2]!.buyStamp(TEN_DAYS, 17, { label: 'small' });
    devnet.control.advanceBlocks(10);
    expect(devnet.control.skewBatch(2, batchID, 0.5, 0x0102)).toBe(1);
    expect(statusOf(await stampRows(2), batchID)).toMatchObject({ status: 'Healthy' });
    devnet.control.skewBatch(2, batchID, 1, 0x0102);
    expect(statusOf(await stampRows(2), batchID)).toMatchObject({ status: 'Skewed', tone: 'fail', reason: 'fullest bucket 2/2 (100 %): chunks landing there are refused (402 batch is overissued)' });
    const summary = await fetchBucketSummary(clients[2]!, batchID, signal);
    expect(summary.worst[0]).toEqual({ bucketID: 0x0102, collisions: 2 });
    expect([summary.bucketCount, summary.bucketUpperBound, summary.peakFill]).toEqual([65_536, 2, 1]);
    const drill = renderStamps(buildStampsModel(await fetchStamps(clients[2]!, signal), {}), { batchID, kind: 'ready', summary }).drill!;
    const bars = drill.sections.find((s) => s.id === 'histogram');
    expect(bars?.kind === 'bars' && bars.bars.at(-1)!.text).toBe('1 bucket');
  });

  it('Expiring under the 7-day horizon and red under an hour', async () => {
    const node = devnet.control.node(0);
    const batchID = devnet.nodes[0]!.batchId!;
    try {
      await node.setFault({ expiringStamp: true, expiringStampSeconds: 3 * 24 * 3600 });
      expect(statusOf(await stampRows(0), batchID)).toMatchObject({ status: 'Expiring', tone: 'warn', reason: expect.stringContaining('plan a top-up') });
      await node.setFault({ expiringStampSeconds: 30 * 60 });
      expect(statusOf(await stampRows(0), batchID)).toMatchObject({ status: 'Expiring', tone: 'fail', reason: 'expires in 30 min at the current price: top up now' });
    } finally {
      await node.heal();
    }
  });

  it('why the table is empty, in one line: postage syncing (503), a token needed (401), node down', async () => {
    const node = devnet.control.node(0);
    const line = async () => renderStamps(buildStampsModel(await fetchStamps(clients[0]!, signal), {}), null);
    try {
      await node.setFault({ postageSyncing: true });
      expect(await line()).toMatchObject({ status: 'error', subtitle: 'postage batches not known yet: the node is still syncing postage events (/stamps 503)' });
      await node.setFault({ postageSyncing: false, authToken: 's3cret' });
      expect((await line()).subtitle).toBe('the node needs a token: pass --token or set NODE_TOKEN (/stamps 401)');
      await node.setFault({ authToken: null, down: true });
      expect((await line()).subtitle).toMatch(/^cannot reach the node: /);
    } finally {
      await node.setFault({ authToken: null });
      await node.heal();
    }
  });

  it('a drill on a batch the node does not have fails in one line', async () => {
    await expect(fetchBucketSummary(clients[0]!, 'ab'.repeat(32), signal)).rejects.toThrow(/404 issuer does not exist/);
  });
});

describe('S3 Swap on a devnet node', () => {
  it('a devnet starts with a funded chequebook, cheques and settlements with its peers', async () => {
    const content = renderSwap(await fetchSwap(clients[0]!, signal));
    expect(content.status).toBe('ready');
    const book = facts(section(content, 'chequebook'));
    expect(book['Address']!.value).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(book['Total balance']!.value).toBe('10 xBZZ');
    expect(book['Available balance']).toMatchObject({ tone: 'ok' });
    // Devnet peers and the simulated background peers (devnet/chain/background-accounts.ts): all connected.
    const peers = (await clients[0]!.peers()).peers.map((p) => p.address);
    const cheques = section(content, 'cheques');
    const chequePeers = cheques?.kind === 'table' ? cheques.rows.map((r) => r.key) : [];
    expect(chequePeers.length).toBeGreaterThan(0);
    for (const peer of chequePeers) expect(peers).toContain(peer);
    const time = section(content, 'timesettlements');
    expect(time?.kind === 'table' && time.rows.length).toBeGreaterThanOrEqual(2);
    const swapSettled = section(content, 'settlements');
    expect(swapSettled?.kind === 'table' && swapSettled.rows.length).toBeGreaterThan(0);
  });

  it('traffic between nodes is paid: pushing an upload to peers raises the cheques the uploader sent', async () => {
    const before = await clients[0]!.settlements();
    const data = new Uint8Array(600_000).map((_, i) => (i * 31) % 251);
    await clients[0]!.uploadBytes(data, { batchId: devnet.nodes[0]!.batchId!, deferred: false });
    const after = await clients[0]!.settlements();
    expect(BigInt(after.totalSent!)).toBeGreaterThan(BigInt(before.totalSent!));
    const receiver = await clients[1]!.cheques();
    expect(receiver.find((c) => c.peer === devnet.nodes[0]!.overlay)?.lastreceived?.payout).toBeTruthy();
  });

  it('an empty chequebook is red', async () => {
    const { availableBalance } = await clients[2]!.chequebookBalance();
    const res = await fetch(`${devnet.nodes[2]!.url}/chequebook/withdraw?amount=${availableBalance}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const book = facts(section(renderSwap(await fetchSwap(clients[2]!, signal)), 'chequebook'));
    expect(book['Available balance']).toMatchObject({ value: '0 xBZZ', tone: 'fail' });
  });

  it('a node with swap off explains itself and still shows its time settlements', async () => {
    const off = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0, swapEnable: false });
    try {
      const content = renderSwap(await fetchSwap(createNodeClient({ baseUrl: off.nodes[0]!.url }), signal));
      expect(content.status).toBe('ready');
      expect(section(content, 'swapOff')).toBeDefined();
      expect(section(content, 'cheques')).toMatchObject({ kind: 'text', lines: [{ text: 'swap is disabled on this node (--swap-enable=false) (/chequebook/cheque 403)' }] });
      expect(facts(section(content, 'chequebook'))['Address']!.value).toBe('none deployed (zero address)');
      // The other devnet node and the background peers with time settlements.
      const time = section(content, 'timesettlements');
      expect(time?.kind === 'table' && time.rows.length).toBeGreaterThanOrEqual(1);
    } finally {
      await off.stop();
    }
  });

  it('a node that is down is an error screen with one line', async () => {
    await devnet.control.node(1).setFault({ down: true });
    try {
      expect(renderSwap(await fetchSwap(clients[1]!, signal))).toMatchObject({ status: 'error', subtitle: expect.stringMatching(/^cannot reach the node: /) });
    } finally {
      await devnet.control.node(1).heal();
    }
  });
});
