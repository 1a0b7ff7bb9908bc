/**
 * Issue 27 item 2: a cockpit whose fleet comes from Prometheus. Two headless `cockpit --serve-metrics` shards
 * watch two devnet nodes each; a real Prometheus (Debian's) scrapes them and the nodes' own /metrics; a third
 * cockpit, configured with the Prometheus URL and one node, builds S15, its top bar and its alerts from PromQL
 * alone: it polls only its active node directly. A fault on a node another shard watches reaches its row and
 * its alerts; a shard that stops makes its nodes stale, never healthy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import { fleetNodeStatus } from '../../core/cockpit/node-status.js';
import { renderMetrics } from '../../core/cockpit/metrics.js';
import { parseExposition } from '../../core/prometheus/exposition.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import type { ServingMetrics } from '../../surfaces/cli/cockpit/serve-metrics.js';
import { startHeadlessCockpit } from '../prometheus/headless-cockpit.js';
import { promUntil, startPrometheus, type RunningService } from '../../bench/lib/prometheus-stack.js';
import { instantQuery } from '../../actors/cockpit/prometheus-fleet.js';
import { GATE_IDS } from '../../core/cockpit/gate-definitions.js';
import { FLEET_QUERIES } from '../../core/cockpit/prometheus-fleet.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let devnet: StartedDevnet;
let dir: string;
let shards: ServingMetrics[] = [];
let prometheus: RunningService;
let h: EngineHarness;
const calledUrls = new Set<string>();

const shard = (urls: string[], name: string): Promise<ServingMetrics> => startHeadlessCockpit(urls, join(dir, name));

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(h.engine.fleet().map((n) => [n.name, fleetNodeStatus(n).text]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statusOf = (name: string) => {
  const node = h.engine.fleet().find((n) => n.name === name);
  return node ? fleetNodeStatus(node) : undefined;
};

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'fleet-prometheus-'));
  const urls = devnet.nodes.map((n) => n.url);
  shards = [await shard(urls.slice(0, 2), 'a'), await shard(urls.slice(2), 'b')];
  prometheus = await startPrometheus({
    config: [
      'global: { scrape_interval: 1s }',
      'scrape_configs:',
      `  - { job_name: cockpit, static_configs: [{ targets: [${shards.map((s) => `'${new URL(s.url).host}'`).join(', ')}] }] }`,
      '  - { job_name: bee, file_sd_configs: [{ files: [bee.json], refresh_interval: 1s }] }',
    ].join('\n'),
    files: { 'bee.json': JSON.stringify(devnet.nodes.map((n) => ({ targets: [new URL(n.url).host], labels: { node: n.url } }))) },
  });
  // Wait until Prometheus holds every series the first test reads, from both jobs. The bee job's targets get
  // their first scrape at their own offset in the interval, after the cockpit job's may have: a reading taken
  // in between rightly shows peers unknown (Prometheus has none yet), which is not what that test is about.
  await promUntil(prometheus.url, 'count(cockpit_node_up == 1)', (r) => (Number(r[0]?.value[1]) === 4 ? true : undefined));
  await promUntil(prometheus.url, 'count(max by (node) (bee_kademlia_currently_connected_peers))', (r) => (Number(r[0]?.value[1]) === 4 ? true : undefined));
  // The reading cockpit knows one node (its active one) and Prometheus.
  h = await startEngineHarness({
    urls: [urls[0]!],
    fleetPollIntervalMs: 500,
    config: (list) => engineConfigForUrls(list, { fleet: { aggregateWindowSecs: 60, prometheusUrl: prometheus.url } }),
  });
  h.engine.onCall((record) => calledUrls.add(new URL(record.url).origin));
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await prometheus?.stop();
  for (const s of shards) await s.stop();
  await devnet?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the fleet read from Prometheus', () => {
  it('lists every node Prometheus knows, each healthy with peers, TTL and ping from PromQL; only the active node is polled', async () => {
    const urls = devnet.nodes.map((n) => n.url);
    await until(() => h.engine.fleet().length === 4 && h.engine.fleet().every((n) => fleetNodeStatus(n).text === 'ok'), 'four ok rows');
    const fleet = h.engine.fleet();
    expect(fleet.map((n) => n.name)).toEqual([...urls].sort());
    expect(fleet.find((n) => n.active)?.name).toBe(urls[0]);
    for (const node of fleet.filter((n) => !n.active)) {
      expect(node.snapshot).toBeNull();
      expect(node.remote?.facts).toMatchObject({ up: true, stale: false, peers: expect.any(Number), worstTtlSeconds: expect.any(Number) });
      expect(node.gates?.map((g) => g.state)).toEqual(GATE_IDS.map(() => 'Pass'));
    }
    // The round's answers shrink with the fleet's health: no gate that does not pass, no node down, and per node
    // only a count of its passing gates (the whole ladder) instead of every gate's sample.
    const ask = (expr: string) => instantQuery(prometheus.url, expr, AbortSignal.timeout(10_000));
    expect(await ask(FLEET_QUERIES.gates)).toEqual([]);
    expect(await ask(FLEET_QUERIES.up)).toEqual([]);
    const passing = await ask(FLEET_QUERIES.passing);
    expect(passing.every((s) => Object.keys(s.metric).join() === 'node')).toBe(true);
    expect(passing.map((s) => `${s.metric.node} ${s.value[1]}`).sort()).toEqual([...urls].sort().map((node) => `${node} ${GATE_IDS.length}`));
    // The active node's own poll is there too (its screens and chip read it directly).
    expect(fleet.find((n) => n.active)?.snapshot).not.toBeNull();
    expect([...calledUrls].filter((u) => u !== urls[0] && u !== prometheus.url)).toEqual([]);
    // S15 says where its rows come from.
    h.key(':');
    h.type('fleet');
    h.key('Enter');
    const view = await h.waitForView((v) => v.screen.id === 'fleet' && /from Prometheus/.test(v.screen.subtitle ?? ''), { what: 'S15 from Prometheus' });
    expect(view.screen.subtitle).toMatch(new RegExp(`^4 nodes: 4 ok, 0 warn, 0 fail · from Prometheus ${prometheus.url.replaceAll('.', '\\.')}`));
    // cockpit_fleet_nodes of this cockpit counts the Prometheus rows.
    const counts = Object.fromEntries(parseExposition(renderMetrics(fleet)).get('cockpit_fleet_nodes')!.series.map((s) => [s.labels.status, s.value]));
    expect(counts).toMatchObject({ pass: 4, fail: 0 });
  });

  it('a fault on a node another shard watches changes its row and records its alert', async () => {
    const frozen = devnet.nodes[3]!.url;
    await devnet.control.node(3).setFault({ frozen: true });
    try {
      await until(() => statusOf(frozen)?.text === '1 fail', 'the frozen node’s row to fail');
      // The gates answer holds the one gate that does not pass, with its node and gate labels alone.
      const failing = await instantQuery(prometheus.url, FLEET_QUERIES.gates, AbortSignal.timeout(10_000));
      expect(failing.map((s) => [s.metric, s.value[1]])).toEqual([[{ node: frozen, gate: 'not_frozen' }, '2']]);
      expect(h.engine.fleet().find((n) => n.name === frozen)?.gates).toHaveLength(GATE_IDS.length);
      const alerts = (h.engine.root.getSnapshot().context as { alerts: { node: string; gateId: string; to: string }[] }).alerts;
      expect(alerts.find((a) => a.node === frozen && a.gateId === 'notFrozen')).toMatchObject({ to: 'Fail' });
    } finally {
      await devnet.control.node(3).heal();
    }
    await until(() => statusOf(frozen)?.text === 'ok', 'the recovery');
  });

  it('a shard that stops makes its nodes stale, not healthy', async () => {
    const [, , c, d] = devnet.nodes.map((n) => n.url);
    await shards[1]!.stop();
    await until(() => /^stale: Prometheus last heard of it/.test(statusOf(c!)?.text ?? '') && /^stale/.test(statusOf(d!)?.text ?? ''), 'stale rows');
    const node = h.engine.fleet().find((n) => n.name === c)!;
    expect(fleetNodeStatus(node)).toMatchObject({ tone: 'muted', up: false, worst: null });
    expect(node.gates).toBeNull();
    expect(statusOf(devnet.nodes[1]!.url)?.text).toBe('ok');
  });

  it('a Prometheus that cannot be read makes the rows unknown, with why', async () => {
    await prometheus.stop();
    await until(() => /^unknown: cannot read Prometheus/.test(statusOf(devnet.nodes[1]!.url)?.text ?? ''), 'unknown rows');
  });
});
