/**
 * Real-Bee tier: the cockpit's S2 Stamps, S3 Swap, S4 Lottery, S5 Warmup and S8 API Health fetch actors,
 * through the node client (whose zod schemas validate every answer), against a real Bee v2.8.1 cluster with
 * swap and storage incentives on, after node 0 paid its peers for 3 MB. Every endpoint each screen calls must
 * answer and parse, and each screen model must render from the answers; the rendered screens are written to
 * test-output/bee-cockpit-screens/ for a person to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { fetchApiHealth } from '../../actors/cockpit/screens/api-health.js';
import { fetchLottery, runRchash } from '../../actors/cockpit/screens/lottery.js';
import { fetchBucketSummary, fetchStamps } from '../../actors/cockpit/screens/stamps.js';
import { fetchSwap } from '../../actors/cockpit/screens/swap.js';
import { fetchWarmup } from '../../actors/cockpit/screens/warmup.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import type { Fetched } from '../../core/cockpit/health-snapshot.js';
import { renderApiHealth } from '../../core/cockpit/screens/api-health.js';
import { benchmarkTarget, lotteryStakeCard, renderLottery } from '../../core/cockpit/screens/lottery.js';
import { buildStampsModel, renderStamps } from '../../core/cockpit/screens/stamps.js';
import { renderSwap } from '../../core/cockpit/screens/swap.js';
import { renderWarmup } from '../../core/cockpit/screens/warmup.js';
import { warmupChecklist } from '../../core/cockpit/rules/warmup-checklist.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import { anvilChain } from './conformance/operator-chains.js';
import { seededBytes } from './conformance/fixtures.js';

const OUT = 'test-output/bee-cockpit-screens';
let cluster: BeeCluster;
let client: NodeClient;
const signal = new AbortController().signal;

/** Every Fetched field of a poll answered: the schemas accepted real Bee's JSON. */
function expectAllAnswered(poll: object, label: string): void {
  for (const [key, value] of Object.entries(poll)) {
    if (value && typeof value === 'object' && 'ok' in value) {
      const fetched = value as Fetched<unknown>;
      expect(fetched.ok, `${label}.${key}: ${fetched.ok ? '' : fetched.error.detail}`).toBe(true);
    }
  }
}

function save(name: string, content: ScreenContent): void {
  writeFileSync(`${OUT}/${name}.json`, `${JSON.stringify(content, null, 1)}\n`);
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  cluster = await startBeeCluster({ nodes: 3, swapEnable: true, storageIncentivesEnable: true, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  client = createNodeClient({ baseUrl: cluster.nodes[0]!.url, timeoutMs: 60_000 });
  await client.uploadBytes(seededBytes('cockpit screens traffic', 3_000_000), { batchId: cluster.batchId, deferred: false });
}, 15 * 60_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('the operator screens against real Bee v2.8.1 (swap and incentives on)', () => {
  it('S2 Stamps: /stamps and the 65,536-bucket drill parse; the cluster’s batch (4 x the 24 h minimum at 1 s blocks) is Expiring', async () => {
    const poll = await fetchStamps(client, signal);
    expectAllAnswered(poll, 'stamps');
    const model = buildStampsModel(poll, {});
    expect(model.kind === 'ready' && model.rows.map((r) => [r.batchID, r.verdict.status, r.verdict.reason])).toEqual([
      [cluster.batchId, 'Expiring', expect.stringMatching(/^expires in 1\d h \d+ min at the current price: top up within the day$/)],
    ]);
    const summary = await fetchBucketSummary(client, cluster.batchId, signal);
    expect([summary.bucketCount, summary.bucketUpperBound]).toEqual([65_536, 16]);
    expect(summary.stamped).toBeGreaterThan(700);
    expect(summary.worst).toHaveLength(10);
    const content = renderStamps(model, { batchID: cluster.batchId, kind: 'ready', summary });
    save('s2-stamps', content);
    expect(content.status).toBe('ready');
  });

  it('S3 Swap: chequebook, cheques sent to peers, settlements and time settlements', async () => {
    const poll = await fetchSwap(client, signal);
    expectAllAnswered(poll, 'swap');
    const content = renderSwap(poll);
    save('s3-swap', content);
    const cheques = content.sections.find((s) => s.id === 'cheques');
    expect(cheques?.kind === 'table' && cheques.rows.length).toBeGreaterThan(0);
    const book = content.sections.find((s) => s.id === 'chequebook');
    expect(book?.kind === 'facts' && book.rows.find((r) => r.label === 'Total balance')?.value).toBe('10 xBZZ');
  });

  it('S4 Lottery: round, stake card, and the rchash benchmark two rounds on', async () => {
    const poll = await fetchLottery(client, signal);
    expectAllAnswered(poll, 'lottery');
    const card = lotteryStakeCard(poll);
    // The cluster's nodes stake nothing: the card says so.
    expect('error' in card ? card.error : card.state).toBe('Unstaked');
    await anvilChain(cluster.anvilUrl, cluster.nodes.map((n) => n.url), 1).passTwoRounds();
    const later = await fetchLottery(client, signal);
    const target = benchmarkTarget(later);
    if ('error' in target) throw new Error(target.error);
    const result = await runRchash(client, target, signal);
    expect(result.durationSeconds).toBeLessThan(95);
    const content = renderLottery(later, { kind: 'done', target, ...result }, null);
    save('s4-lottery', content);
    expect(content.status).toBe('ready');
  });

  it('S5 Warmup: every checklist fact answers; a lone 3-node cluster has too few peers to finish', async () => {
    const poll = await fetchWarmup(client, signal);
    expectAllAnswered(poll, 'warmup');
    const states = Object.fromEntries(warmupChecklist(poll).map((i) => [i.id, i.state]));
    expect(states).toMatchObject({ ready: 'done', warmup: 'done', chain: 'done', batches: 'done', peers: 'waiting' });
    save('s5-warmup', renderWarmup(poll));
  });

  it('S8 API Health: chain state, pending transactions and this client’s call statistics', async () => {
    const poll = await fetchApiHealth(client, signal);
    expectAllAnswered(poll, 'apiHealth');
    expect(poll.calls.map((c) => c.template)).toEqual(expect.arrayContaining(['GET /chainstate', 'GET /transactions', 'GET /stamps/{id}/buckets', 'GET /rchash/{depth}/{anchor1}/{anchor2}']));
    const content = renderApiHealth(poll, 0);
    save('s8-api-health', content);
    expect(content.status).toBe('ready');
  });
});
