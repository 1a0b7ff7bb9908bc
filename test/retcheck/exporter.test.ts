/**
 * Issue 27 item 4: `retcheck --serve-metrics` as a blackbox-style exporter over the devnet. The exporter runs
 * in-process (the same module the bin serves) and is asked over real HTTP; a real Prometheus (Debian's)
 * schedules the probes from a file_sd list with the shipped scrape config's relabeling; the shipped rules pass
 * promtool's unit tests; a real Pushgateway holds a run pushed by the built bin.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRetcheckApi } from '../../actors/retcheck/node-retcheck-api.js';
import { startProbeExporter, type ProbeExporter } from '../../actors/retcheck/probe-exporter.js';
import { parseExposition } from '../../core/prometheus/exposition.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { PROMTOOL_BIN, promUntil, startPrometheus, startPushgateway, type RunningService } from '../../bench/lib/prometheus-stack.js';
import { CHUNK, uploadRandom } from '../fixtures/devnet-content.js';
import { closedPortUrl, expectUsageError, runCli } from './cli-harness.js';

const DOCS = new URL('../../docs/prometheus/', import.meta.url).pathname;
const MISSING = 'ab'.repeat(32);
let devnet: StartedDevnet;
let exporter: ProbeExporter;
let api: ReturnType<typeof createNodeRetcheckApi>;
let stored: string;

beforeAll(async () => {
  // Every node stores every chunk, so one node's faults leave the others able to retrieve.
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 0, replication: 3 });
  stored = await uploadRandom(devnet.nodes[0]!, 3 * CHUNK + 10);
  api = createNodeRetcheckApi();
  exporter = await startProbeExporter({ listen: { host: '127.0.0.1', port: 0 }, api, maxConcurrentProbes: 2 });
});

afterAll(async () => {
  await exporter?.close();
  await api?.close();
  await devnet?.stop();
});

const nodeParams = (indexes = [0, 1, 2]) => indexes.map((i) => `node=${encodeURIComponent(devnet.nodes[i]!.url)}`).join('&');

async function probe(query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${exporter.url}/probe?${query}`, { headers });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text, families: response.status === 200 ? parseExposition(text) : new Map() };
}

const series = (families: ReturnType<typeof parseExposition>, name: string) =>
  (families.get(name)?.series ?? []).map((s) => ({ labels: s.labels, value: s.value }));
/** Per-vantage series in node URL order (the report lists vantages in its own order). */
const byNode = (families: ReturnType<typeof parseExposition>, name: string) => series(families, name).sort((a, b) => (a.labels.node! < b.labels.node! ? -1 : 1));
const urls = (indexes: number[]) => indexes.map((i) => devnet.nodes[i]!.url).sort();

describe('GET /probe', () => {
  it('a stored reference: success, retrievable 1 per vantage, status retrievable, durations', async () => {
    const answer = await probe(`ref=${stored}&${nodeParams()}`, { 'X-Prometheus-Scrape-Timeout-Seconds': '10' });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(execFileSync(PROMTOOL_BIN, ['check', 'metrics'], { input: answer.text, encoding: 'utf8' })).toBe('');
    expect(series(answer.families, 'retcheck_probe_success')).toEqual([{ labels: {}, value: 1 }]);
    expect(byNode(answer.families, 'retcheck_retrievable')).toEqual(urls([0, 1, 2]).map((node) => ({ labels: { node }, value: 1 })));
    expect(series(answer.families, 'retcheck_status')).toEqual(['retrievable', 'partial', 'unretrievable', 'error'].map((status) => ({ labels: { status }, value: status === 'retrievable' ? 1 : 0 })));
    expect(series(answer.families, 'retcheck_duration_seconds')[0]!.value).toBeGreaterThan(0);
    expect(series(answer.families, 'retcheck_vantage_duration_seconds')).toHaveLength(3);
    expect(answer.families.has('retcheck_chunks_found')).toBe(false);
  });

  it('per_chunk=1 walks and reports chunks found and missing per vantage', async () => {
    const answer = await probe(`ref=${stored}&${nodeParams([0, 1])}&per_chunk=1`);
    const found = byNode(answer.families, 'retcheck_chunks_found');
    expect(found.map((s) => s.labels.node)).toEqual(urls([0, 1]));
    expect(found.every((s) => s.value >= 4)).toBe(true);
    expect(series(answer.families, 'retcheck_chunks_missing').map((s) => s.value)).toEqual([0, 0]);
  });

  it('a reference nobody has: unretrievable, still a successful probe (every vantage answered no)', async () => {
    const answer = await probe(`ref=${MISSING}&${nodeParams([0, 1])}`);
    expect(series(answer.families, 'retcheck_probe_success')[0]!.value).toBe(1);
    expect(series(answer.families, 'retcheck_retrievable').map((s) => s.value)).toEqual([0, 0]);
    expect(series(answer.families, 'retcheck_status').find((s) => s.value === 1)!.labels.status).toBe('unretrievable');
  });

  it('an isolated vantage makes it partial; a vantage that does not answer has no retrievable series at all', async () => {
    await devnet.control.node(1).setFault({ isolated: true });
    try {
      const answer = await probe(`ref=${stored}&${nodeParams()}`);
      expect(Object.fromEntries(byNode(answer.families, 'retcheck_retrievable').map((s) => [s.labels.node, s.value]))).toEqual({ [devnet.nodes[0]!.url]: 1, [devnet.nodes[1]!.url]: 0, [devnet.nodes[2]!.url]: 1 });
      expect(series(answer.families, 'retcheck_status').find((s) => s.value === 1)!.labels.status).toBe('partial');
    } finally {
      await devnet.control.node(1).heal();
    }
    const closed = await closedPortUrl();
    const answer = await probe(`ref=${stored}&${nodeParams([0])}&node=${encodeURIComponent(closed)}`);
    expect(series(answer.families, 'retcheck_retrievable')).toEqual([{ labels: { node: devnet.nodes[0]!.url }, value: 1 }]);
    expect(byNode(answer.families, 'retcheck_vantage_duration_seconds').map((s) => s.labels.node)).toEqual([devnet.nodes[0]!.url, closed].sort());
  });

  it('a vantage slower than the scrape timeout is reported as not answering, before Prometheus gives up', async () => {
    await devnet.control.node(0).setFault({ latencyMs: 5_000 });
    try {
      const started = performance.now();
      const answer = await probe(`ref=${stored}&${nodeParams([0])}`, { 'X-Prometheus-Scrape-Timeout-Seconds': '1.5' });
      expect(performance.now() - started).toBeLessThan(1_490);
      expect(series(answer.families, 'retcheck_probe_success')[0]!.value).toBe(0);
      expect(series(answer.families, 'retcheck_status').find((s) => s.value === 1)!.labels.status).toBe('error');
      expect(answer.families.has('retcheck_retrievable')).toBe(false);
    } finally {
      await devnet.control.node(0).heal();
    }
  });

  it('a walk that outlasts the deadline is stopped there and says it timed out', async () => {
    await devnet.control.node(0).setFault({ latencyMs: 350 });
    try {
      const started = performance.now();
      const answer = await probe(`ref=${stored}&${nodeParams([0])}&per_chunk=1`, { 'X-Prometheus-Scrape-Timeout-Seconds': '1.5' });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(1_490);
      expect(series(answer.families, 'retcheck_probe_success')[0]!.value).toBe(0);
      expect(series(answer.families, 'retcheck_probe_timed_out')[0]!.value).toBe(1);
      expect(answer.families.has('retcheck_status')).toBe(false);
    } finally {
      await devnet.control.node(0).heal();
    }
  });

  it('answers 503 past the concurrency limit, at once', async () => {
    await devnet.control.node(0).setFault({ latencyMs: 1_500 });
    try {
      const slow = [probe(`ref=${stored}&${nodeParams([0])}`), probe(`ref=${stored}&${nodeParams([0])}`)];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const third = await probe(`ref=${stored}&${nodeParams([0])}`);
      expect(third.status).toBe(503);
      expect(third.text).toMatch(/^too many probes at once: 2 are running/);
      expect(performance.now() - started).toBeLessThan(500);
      expect((await Promise.all(slow)).map((a) => a.status)).toEqual([200, 200]);
    } finally {
      await devnet.control.node(0).heal();
    }
  });

  it.each([
    ['no ref', () => nodeParams([0]), /^missing ref/],
    ['a bad ref', () => `ref=xyz&${nodeParams([0])}`, /reference/],
    ['no node', () => `ref=${MISSING}`, /^missing node/],
    ['a bad node', () => `ref=${MISSING}&node=ftp%3A%2F%2Fx`, /^invalid node/],
    ['an unknown parameter', () => `ref=${MISSING}&${nodeParams([0])}&target=1`, /unknown parameter "target"/],
    ['a bad per_chunk', () => `ref=${MISSING}&${nodeParams([0])}&per_chunk=yes`, /per_chunk must be 1 or 0/],
  ])('answers 400 with one line for %s', async (_what, query, reason) => {
    const answer = await probe(query());
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(reason);
    expect(answer.text.trimEnd().split('\n')).toHaveLength(1);
  });

  it('serves its own series on /metrics, counting the probes above by result', async () => {
    const families = parseExposition(await (await fetch(`${exporter.url}/metrics`)).text());
    const byResult = Object.fromEntries(series(families, 'retcheck_exporter_probes_total').map((s) => [s.labels.result, s.value]));
    expect(byResult).toMatchObject({ timeout: 1, failure: 1, rejected: 1, bad_request: 6 });
    expect(byResult.success).toBeGreaterThanOrEqual(6);
    expect(series(families, 'retcheck_exporter_max_concurrent_probes')[0]!.value).toBe(2);
    expect(series(families, 'retcheck_exporter_probes_in_flight')[0]!.value).toBe(0);
  });
});

describe('under a real Prometheus', () => {
  let prometheus: RunningService;
  afterAll(() => prometheus?.stop());

  it('probes every reference of a file_sd list through the shipped relabeling and records the answers under ref', async () => {
    // The shipped config, pointed at this exporter and these vantages, scraping every second.
    const shipped = readFileSync(`${DOCS}retcheck-exporter.yml`, 'utf8');
    const config = shipped
      .replace(/scrape_interval: 5m/g, 'scrape_interval: 1s')
      .replace('scrape_timeout: 60s', 'scrape_timeout: 1s')
      .replace("node: ['http://127.0.0.1:1633', 'http://127.0.0.1:1733']", `node: [${devnet.nodes.slice(0, 2).map((n) => `'${n.url}'`).join(', ')}]`)
      .replaceAll('127.0.0.1:9465', new URL(exporter.url).host);
    expect(config).not.toBe(shipped);
    prometheus = await startPrometheus({
      config,
      files: { 'retcheck-alerts.yml': readFileSync(`${DOCS}retcheck-alerts.yml`, 'utf8'), 'retcheck-refs.json': JSON.stringify([{ targets: [stored, MISSING], labels: { site: 'test' } }]) },
    });
    const success = await promUntil(prometheus.url, 'retcheck_probe_success{job="retcheck"}', (r) => (r.length === 2 ? r : undefined));
    expect(Object.fromEntries(success.map((s) => [s.metric.ref, s.value[1]]))).toEqual({ [stored]: '1', [MISSING]: '1' });
    const status = await promUntil(prometheus.url, 'retcheck_status == 1', (r) => (r.length === 2 ? r : undefined));
    expect(Object.fromEntries(status.map((s) => [s.metric.ref, s.metric.status]))).toEqual({ [stored]: 'retrievable', [MISSING]: 'unretrievable' });
    const retrievable = await promUntil(prometheus.url, `retcheck_retrievable{ref="${stored}"}`, (r) => (r.length === 2 ? r : undefined));
    expect(retrievable.every((s) => s.metric.site === 'test' && s.value[1] === '1')).toBe(true);
    // The exporter's own job is scraped too.
    await promUntil(prometheus.url, 'retcheck_exporter_probes_total{job="retcheck-exporter",result="success"} > 0', (r) => (r.length === 1 ? true : undefined));
  }, 60_000);

  it('ships a scrape config and rules that promtool accepts, with passing rule unit tests', () => {
    expect(execFileSync(PROMTOOL_BIN, ['check', 'config', `${DOCS}retcheck-exporter.yml`], { encoding: 'utf8' })).toMatch(/SUCCESS/);
    expect(execFileSync(PROMTOOL_BIN, ['test', 'rules', `${DOCS}retcheck-alerts.test.yml`], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  });
});

describe('retcheck --pushgateway (the built bin)', () => {
  let pushgateway: RunningService;
  beforeAll(async () => {
    pushgateway = await startPushgateway();
  });
  afterAll(() => pushgateway?.stop());

  it('pushes the run under job=retcheck, ref=<reference>; a second run replaces the first', async () => {
    const run = await runCli([stored, '-b', devnet.nodes[0]!.url, '-b', devnet.nodes[1]!.url, '--no-gateway', '--pushgateway', pushgateway.url]);
    expect(run.code, run.stderr).toBe(0);
    const held = parseExposition(await (await fetch(`${pushgateway.url}/metrics`)).text());
    const retrievable = byNode(held, 'retcheck_retrievable').filter((s) => s.labels.ref === stored);
    expect(retrievable.map((s) => [s.labels.job, s.labels.node, s.value])).toEqual(urls([0, 1]).map((node) => ['retcheck', node, 1]));
    expect(series(held, 'retcheck_probe_success').find((s) => s.labels.ref === stored)?.value).toBe(1);
    expect(series(held, 'push_time_seconds').some((s) => s.labels.ref === stored)).toBe(true);

    const again = await runCli([stored, '-b', devnet.nodes[0]!.url, '--no-gateway', '--pushgateway', pushgateway.url]);
    expect(again.code).toBe(0);
    const replaced = series(parseExposition(await (await fetch(`${pushgateway.url}/metrics`)).text()), 'retcheck_retrievable').filter((s) => s.labels.ref === stored);
    expect(replaced.map((s) => s.labels.node)).toEqual([devnet.nodes[0]!.url]);
  });

  it('a Pushgateway that cannot be reached: the report is printed, the reason on stderr, exit 4', async () => {
    const closed = await closedPortUrl();
    const run = await runCli([stored, '-b', devnet.nodes[0]!.url, '--no-gateway', '--pushgateway', closed, '--output', 'json']);
    expect(run.code).toBe(4);
    expect(JSON.parse(run.stdout).status).toBe('retrievable');
    expect(run.stderr).toContain(`retcheck: pushgateway: PUT ${closed}/metrics/job/retcheck/ref/${stored}: `);
    expect(run.stderr).toMatch(/ECONNREFUSED/);
  });
});

describe('retcheck --serve-metrics command line', () => {
  it('rejects an INPUT, check-only options, a bad address and --max-concurrent-probes without it', async () => {
    await expectUsageError(['--serve-metrics', '127.0.0.1:0', MISSING], /--serve-metrics takes no INPUT/);
    await expectUsageError(['--serve-metrics', '127.0.0.1:0', '-b', 'http://127.0.0.1:1633'], /--serve-metrics takes no --node/);
    await expectUsageError(['--serve-metrics', 'nowhere:port'], /--serve-metrics address/);
    await expectUsageError([MISSING, '--max-concurrent-probes', '3'], /--max-concurrent-probes goes with --serve-metrics/);
    await expectUsageError(['--serve-metrics', '9465', '--max-concurrent-probes', '0'], /--max-concurrent-probes/);
  });

  it('serves until SIGTERM, then exits 0', async () => {
    const { spawn } = await import('node:child_process');
    const bin = new URL('../../dist/surfaces/cli/retcheck-bin.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, '--serve-metrics', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const match = /serving probes at (http:\/\/127\.0\.0\.1:\d+)\/probe/.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    expect((await fetch(`${url}/probe?ref=${MISSING}&node=${encodeURIComponent(devnet.nodes[0]!.url)}`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/retcheck: stopped\n$/);
  });
});
