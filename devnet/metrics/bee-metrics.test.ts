/**
 * The devnet's Bee `/metrics`: a valid exposition (promtool), Bee's family set with Bee's types and labels,
 * values that agree with what the same node's JSON API says, and Bee's switches (swap, storage incentives).
 * test/bee/metrics-names.test.ts holds the same set against a real Bee v2.8.1.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition } from '../../core/prometheus/exposition.js';
import { startDevnet, type StartedDevnet } from '../devnet.js';

const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';

/** Every family a devnet node with swap and storage incentives on serves, with its type and label names. */
const DEVNET_BEE_FAMILIES: Record<string, { type: string; labels: string[] }> = {
  bee_batchstore_commitment: { type: 'gauge', labels: [] },
  bee_batchstore_radius: { type: 'gauge', labels: [] },
  bee_info: { type: 'gauge', labels: ['version'] },
  bee_kademlia_current_depth: { type: 'gauge', labels: [] },
  bee_kademlia_currently_connected_peers: { type: 'gauge', labels: [] },
  bee_kademlia_currently_known_peers: { type: 'gauge', labels: [] },
  bee_kademlia_peers_reachability_status: { type: 'gauge', labels: ['peers_reachability_status'] },
  bee_kademlia_reachability_status: { type: 'gauge', labels: ['reachability_status'] },
  bee_localstore_cache_size: { type: 'gauge', labels: [] },
  bee_localstore_reserve_size: { type: 'gauge', labels: [] },
  bee_localstore_reserve_size_within_radius: { type: 'gauge', labels: [] },
  bee_localstore_storage_radius: { type: 'gauge', labels: [] },
  bee_salud_batch_commitment: { type: 'gauge', labels: [] },
  bee_salud_neighborhood_radius: { type: 'gauge', labels: [] },
  bee_salud_neighbors: { type: 'gauge', labels: [] },
  bee_salud_network_radius: { type: 'gauge', labels: [] },
  bee_storageincentives_current_phase: { type: 'gauge', labels: [] },
  bee_storageincentives_reserve_sample_duration: { type: 'gauge', labels: [] },
  bee_storageincentives_round: { type: 'gauge', labels: [] },
  bee_storageincentives_winner: { type: 'counter', labels: [] },
  bee_swap_available_balance: { type: 'gauge', labels: [] },
  bee_swap_cheques_received: { type: 'counter', labels: [] },
  bee_swap_cheques_sent: { type: 'counter', labels: [] },
  bee_swap_total_received: { type: 'counter', labels: [] },
  bee_swap_total_sent: { type: 'counter', labels: [] },
};

let devnet: StartedDevnet;
let plain: StartedDevnet;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, token: 'scrape-test' });
  plain = await startDevnet({ nodes: 1, mineBlocks: false, swapEnable: false, storageIncentivesEnable: false });
});
afterAll(async () => {
  await devnet?.stop();
  await plain?.stop();
});

const scrape = async (base: string) => {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
};
const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  [...parseExposition(text).values()]
    .flatMap((family) => family.series)
    .find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('devnet /metrics', () => {
  it('is a valid exposition with Bee’s family set, types and label names, root only and without a token', async () => {
    const base = devnet.nodes[0]!.url;
    const text = await scrape(base);
    // promtool parses it (exit 1 would be a format error); its lint (exit 3) objects only to Bee's own names,
    // counters without `_total` and `_count` on a counter, which the devnet must keep to match Bee.
    const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect([0, 3], check.stderr + check.stdout).toContain(check.status);
    const lint = `${check.stdout}${check.stderr}`.split('\n').filter((line) => line !== '');
    for (const line of lint) expect(line).toMatch(/^bee_\w+ (counter metrics should have "_total" suffix|non-histogram and non-summary metrics should not have "_count" suffix)$/);
    const families = parseExposition(text);
    const seen = Object.fromEntries([...families].map(([name, f]) => [name, { type: f.type, labels: [...f.labelNames].sort() }]));
    expect(seen).toEqual(DEVNET_BEE_FAMILIES);
    expect((await fetch(`${base}/v1/metrics`, { headers: { authorization: 'Bearer scrape-test' } })).status).toBe(404);
  });

  it('values agree with the node’s own /status', async () => {
    const base = devnet.nodes[1]!.url;
    const auth = { authorization: 'Bearer scrape-test' };
    const status = (await (await fetch(`${base}/status`, { headers: auth })).json()) as { storageRadius: number; connectedPeers: number; reserveSize: number; neighborhoodSize: number };
    const before = await scrape(base);
    expect(value(before, 'bee_localstore_storage_radius')).toBe(status.storageRadius);
    expect(value(before, 'bee_kademlia_currently_connected_peers')).toBe(status.connectedPeers);
    expect(value(before, 'bee_localstore_reserve_size')).toBe(status.reserveSize);
    expect(value(before, 'bee_salud_neighbors')).toBe(status.neighborhoodSize);
    expect(value(before, 'bee_kademlia_reachability_status', { reachability_status: 'Public' })).toBe(1);
    const redistribution = (await (await fetch(`${base}/redistributionstate`, { headers: auth })).json()) as { round: number };
    expect(value(before, 'bee_storageincentives_round')).toBe(redistribution.round);
  });

  it('follows faults: a peer-starved node reports one connected peer', async () => {
    await devnet.control.node(2).setFault({ lowPeers: true });
    try {
      expect(value(await scrape(devnet.nodes[2]!.url), 'bee_kademlia_currently_connected_peers')).toBe(1);
    } finally {
      await devnet.control.node(2).heal();
    }
  });

  it('leaves out the swap and storage-incentive series when those are off, as Bee does', async () => {
    const names = [...parseExposition(await scrape(plain.nodes[0]!.url)).keys()];
    expect(names.filter((n) => n.startsWith('bee_swap_') || n.startsWith('bee_storageincentives_'))).toEqual([]);
    expect(names).toContain('bee_localstore_storage_radius');
  });
});
