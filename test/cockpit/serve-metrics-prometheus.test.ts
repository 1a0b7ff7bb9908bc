/**
 * `cockpit --serve-metrics` scraped by a real Prometheus (Debian `prometheus`, /usr/bin/prometheus) started on
 * loopback with a generated config; every assertion goes through Prometheus's own query API. The shipped
 * example scrape config and alerting rules are checked (and the rules unit-tested) with promtool.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { serveMetrics, type ServingMetrics } from '../../surfaces/cli/cockpit/serve-metrics.js';
import { CockpitStateStore } from '../../actors/cockpit/state-store.js';
import { uploadRandom } from '../fixtures/devnet-content.js';
import { freePort } from '../fixtures/devnet-as-bee.js';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
const docs = fileURLToPath(new URL('../../docs/prometheus/', import.meta.url));

let devnet: StartedDevnet;
let dir: string;
let serving: ServingMetrics;
let prometheus: ChildProcess;
let prometheusUrl: string;
let prometheusLog = '';
/** Watched since a previous run (state.json + watch-history.json in the data directory): one lost, one kept. */
let lostRef: string;
let keptRef: string;

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; prometheus log tail:\n${prometheusLog.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(expr: string): Promise<Sample[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; data: { result: Sample[] } };
  if (body.status !== 'success') throw new Error(`query ${expr} failed`);
  return body.data.result;
}

const byNode = (samples: Sample[]) => Object.fromEntries(samples.map((s) => [s.metric.node, Number(s.value[1])]));

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'serve-metrics-'));
  // A previous run left two watched references and three checks of the first (two found it, one did not).
  keptRef = await uploadRandom(devnet.nodes[0]!, 2 * 4096);
  lostRef = await uploadRandom(devnet.nodes[0]!, 4096);
  const data = join(dir, 'data');
  const previous = await CockpitStateStore.open(data);
  await previous.update({ watchlist: [{ reference: keptRef, intervalSeconds: 600 }, { reference: lostRef, intervalSeconds: 600 }] });
  const earlier = Date.now() - 3 * 3600_000;
  for (const [i, retrievable] of [true, false, true].entries()) previous.watchHistory.record({ reference: keptRef, node: devnet.nodes[0]!.url, checkedAtMs: earlier + i * 600_000, elapsedMs: 20, retrievable });
  await previous.flush();
  // lostRef is one chunk (its address is the reference): gone from every node, nothing else touched.
  for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [lostRef] });
  // No config file: the node list is the ad-hoc fleet of URLs, named by URL; the data directory is temporary.
  serving = await serveMetrics({
    listen: { host: '127.0.0.1', port: 0 },
    launch: { urls: devnet.nodes.map((node) => node.url) },
    env: { COCKPIT_DATA: data, XDG_CONFIG_HOME: join(dir, 'config') },
    homedir: dir,
    version: 'test',
    fleetPollIntervalMs: 500,
  });
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  const config = join(dir, 'prometheus.yml');
  await writeFile(config, `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: cockpit\n    static_configs:\n      - targets: ['${new URL(serving.url).host}']\n`);
  prometheus = spawn(PROMETHEUS, [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'tsdb')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  prometheus.stdout!.on('data', (d: Buffer) => (prometheusLog += d.toString()));
  prometheus.stderr!.on('data', (d: Buffer) => (prometheusLog += d.toString()));
  await until(async () => ((await fetch(`${prometheusUrl}/-/ready`)).ok ? true : undefined), 'Prometheus to be ready');
}, 60_000);

afterAll(async () => {
  prometheus?.kill('SIGTERM');
  await serving?.stop();
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('cockpit --serve-metrics under a real Prometheus', () => {
  it('serves a valid exposition (promtool check metrics)', async () => {
    const text = await until(async () => {
      const body = await (await fetch(`${serving.url}/metrics`)).text();
      return body.includes('cockpit_gate_state{') ? body : undefined;
    }, 'gate series');
    // promtool lints the whole live scrape: names, types, HELP, histogram shape (no output means no problem).
    expect(execFileSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' })).toBe('');
    for (const series of ['cockpit_build_info{', 'process_cpu_seconds_total ', 'process_resident_memory_bytes ', 'process_start_time_seconds ', 'process_open_fds ', 'process_max_fds ', 'process_virtual_memory_bytes ']) {
      expect(text).toContain(`\n${series}`);
    }
    expect((await fetch(`${serving.url}/nope`)).status).toBe(404);
  });

  it('Prometheus scrapes every gate of every node, node up, fleet counts, worst TTL and the call histogram', async () => {
    const [a, b] = devnet.nodes.map((node) => node.url);
    const gates = await until(async () => {
      const samples = await query('cockpit_gate_state');
      return samples.length === 22 ? samples : undefined;
    }, '11 gates of 2 nodes');
    expect(new Set(gates.map((s) => s.metric.gate))).toEqual(
      new Set(['api_reachable', 'chain_rpc_fresh', 'wallet_funded', 'warmup_complete', 'peer_count', 'reserve_fill', 'bin_saturation', 'redistribution_healthy', 'not_frozen', 'stamp_ttl', 'api_version']),
    );
    expect(byNode(await query('cockpit_node_up'))).toEqual({ [a!]: 1, [b!]: 1 });
    const ttl = byNode(await query('cockpit_stamp_ttl_worst_seconds'));
    expect(ttl[a!]).toBeGreaterThan(86_400);
    const calls = await query('sum by (endpoint) (cockpit_http_request_duration_seconds_count)');
    expect(calls.map((s) => s.metric.endpoint)).toContain('GET /health');
  });

  it('labels the call histogram with the node each call went to', async () => {
    const [a, b] = devnet.nodes.map((node) => node.url);
    const perNode = await until(async () => {
      const samples = byNode(await query('sum by (node) (cockpit_http_request_duration_seconds_count{endpoint="GET /health"})'));
      return samples[a!]! > 0 && samples[b!]! > 0 ? samples : undefined;
    }, '/health calls counted per node');
    expect(Object.keys(perNode).sort()).toEqual([a, b].sort());
    expect(Object.keys(byNode(await query('cockpit_http_request_errors_total{endpoint="GET /health"}'))).sort()).toEqual([a, b].sort());
  });

  it('carries cockpit_build_info and the standard process_* series', async () => {
    const value = async (expr: string) => Number((await until(async () => (await query(expr))[0], expr)).value[1]);
    const [info] = await query('cockpit_build_info');
    expect(info?.metric).toMatchObject({ version: 'test', nodejs_version: process.versions.node });
    expect(Number(info?.value[1])).toBe(1);
    expect(await value('process_cpu_seconds_total')).toBeGreaterThan(0);
    const rss = await value('process_resident_memory_bytes');
    expect(rss).toBeGreaterThan(10_000_000);
    expect(await value('process_virtual_memory_bytes')).toBeGreaterThan(rss);
    const started = await value('process_start_time_seconds');
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    expect(started).toBeGreaterThan(Date.now() / 1000 - 24 * 3600);
    const open = await value('process_open_fds');
    expect(open).toBeGreaterThan(3);
    expect(await value('process_max_fds')).toBeGreaterThanOrEqual(open);
  });

  it('a frozen node shows as 2 on not_frozen and one failing node in the fleet; healing brings it back', async () => {
    const [a, b] = devnet.nodes.map((node) => node.url);
    await devnet.control.node(1).setFault({ frozen: true });
    try {
      await until(async () => {
        const frozen = byNode(await query('cockpit_gate_state{gate="not_frozen"}'));
        return frozen[a!] === 0 && frozen[b!] === 2 ? true : undefined;
      }, 'not_frozen 2 on the frozen node');
      const fleet = Object.fromEntries((await query('cockpit_fleet_nodes')).map((s) => [s.metric.status, Number(s.value[1])]));
      expect(fleet).toEqual({ pass: 1, warn: 0, fail: 1, unknown: 0 });
    } finally {
      await devnet.control.node(1).heal();
    }
    await until(async () => (byNode(await query('cockpit_gate_state{gate="not_frozen"}'))[b!] === 0 ? true : undefined), 'recovery');
    await devnet.control.node(0).setFault({ down: true });
    try {
      await until(async () => (byNode(await query('cockpit_node_up'))[a!] === 0 ? true : undefined), 'node_up 0 for a node that is down');
    } finally {
      await devnet.control.node(0).heal();
    }
  });

  it('a node answering 500 everywhere, series by series: api_reachable 2, the ten gates it hides -1 (not measured), no TTL invented', async () => {
    const [a] = devnet.nodes.map((node) => node.url);
    await devnet.control.node(0).setFault({ error500: true });
    try {
      const blind = await until(async () => {
        const samples = await query(`cockpit_gate_state{node="${a!}"} == -1`);
        return samples.length === 10 ? samples : undefined;
      }, 'ten gates not measured');
      expect(blind.map((s) => s.metric.gate)).not.toContain('api_reachable');
      expect((await query(`cockpit_gate_state{node="${a!}"} == 2`)).map((s) => s.metric.gate)).toEqual(['api_reachable']);
      // The facts: /health did not answer as Bee (node_up 0, API reachable fails: the fleet counts it failing).
      expect(byNode(await query('cockpit_node_up'))[a!]).toBe(0);
      expect(Object.fromEntries((await query('cockpit_fleet_nodes')).map((s) => [s.metric.status, Number(s.value[1])]))).toMatchObject({ fail: 1, unknown: 0 });
      // What was not read is absent, not a number: no worst TTL for that node (Prometheus's staleness drops it).
      await until(async () => (byNode(await query('cockpit_stamp_ttl_worst_seconds'))[a!] === undefined ? true : undefined), 'no TTL for the 500 node');
    } finally {
      await devnet.control.node(0).heal();
    }
    await until(async () => ((await query(`cockpit_gate_state{node="${a!}"} == -1`)).length === 0 ? true : undefined), 'every gate measured again');
  });

  it('exports each watched reference: restored watches check again at start, counts continue from the data directory', async () => {
    const byRef = (samples: Sample[]) => Object.fromEntries(samples.map((s) => [s.metric.reference, Number(s.value[1])]));
    const last = await until(async () => {
      const samples = byRef(await query('cockpit_watch_retrievable'));
      return samples[keptRef] !== undefined && samples[lostRef] !== undefined ? samples : undefined;
    }, 'both watched references checked');
    expect(last).toEqual({ [keptRef]: 1, [lostRef]: 0 });
    const checks = Object.fromEntries((await query('cockpit_watch_checks_total')).map((s) => [`${s.metric.reference!.slice(0, 4)}:${s.metric.result}`, Number(s.value[1])]));
    // keptRef: 2 found + 1 not from the previous run, and this run's check found it.
    expect(checks).toEqual({
      [`${keptRef.slice(0, 4)}:retrievable`]: 3,
      [`${keptRef.slice(0, 4)}:not_retrievable`]: 1,
      [`${keptRef.slice(0, 4)}:unknown`]: 0,
      [`${lostRef.slice(0, 4)}:retrievable`]: 0,
      [`${lostRef.slice(0, 4)}:not_retrievable`]: 1,
      [`${lostRef.slice(0, 4)}:unknown`]: 0,
    });
    expect(byRef(await query('cockpit_watch_interval_seconds'))).toEqual({ [keptRef]: 600, [lostRef]: 600 });
    expect(byRef(await query('cockpit_watch_longest_outage_seconds'))[keptRef]).toBe(600);
  });

  it('ships an example scrape config and alerting rules that promtool accepts and whose unit tests pass', () => {
    expect(execFileSync(PROMTOOL, ['check', 'config', join(docs, 'prometheus.yml')], { encoding: 'utf8' })).toMatch(/SUCCESS/);
    expect(execFileSync(PROMTOOL, ['test', 'rules', join(docs, 'cockpit-alerts.test.yml')], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  });
});
