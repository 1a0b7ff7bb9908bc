/**
 * Issue 27 item 5: the Grafana dashboard (docs/grafana/swarm-fleet.json). Its structure is checked, and every
 * PromQL expression in it runs against a live Prometheus (Debian's) that holds the cockpit's series (a headless
 * `cockpit --serve-metrics` over a devnet), Bee's own series (the devnet's /metrics), retcheck's (the exporter
 * probing a stored reference) and the shipped rules' ALERTS: each must return data.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRetcheckApi } from '../../actors/retcheck/node-retcheck-api.js';
import { startProbeExporter, type ProbeExporter } from '../../actors/retcheck/probe-exporter.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import type { ServingMetrics } from '../../surfaces/cli/cockpit/serve-metrics.js';
import { startHeadlessCockpit } from './headless-cockpit.js';
import { promQuery, promUntil, startPrometheus, type RunningService } from '../../bench/lib/prometheus-stack.js';
import { uploadRandom } from '../fixtures/devnet-content.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DOCS = new URL('../../docs/', import.meta.url).pathname;

interface Target {
  refId: string;
  expr: string;
  datasource: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string; query: unknown }[] };
  panels: Panel[];
}

const dashboard = JSON.parse(readFileSync(`${DOCS}grafana/swarm-fleet.json`, 'utf8')) as Dashboard;
const queryPanels = dashboard.panels.filter((p) => p.type !== 'row');

/** Grafana's variables as a query sees them with "All" chosen and a short window. */
const concrete = (expr: string) => expr.replaceAll('$node', '.*').replaceAll('$ref', '.*').replaceAll('$__rate_interval', '20s').replaceAll('$__range', '1m');

describe('dashboard structure', () => {
  it('has a uid, a title, a schema version and the datasource, node and ref variables', () => {
    expect(dashboard.uid).toBe('swarm-fleet');
    expect(dashboard.title).toMatch(/Swarm fleet/);
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.map((v) => [v.name, v.type])).toEqual([
      ['datasource', 'datasource'],
      ['node', 'query'],
      ['ref', 'query'],
    ]);
  });

  it('covers the fleet, gates, TTL trends, alerts and retrievability, each panel on the chosen datasource', () => {
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual(['Fleet', 'Gates', 'Postage stamps: TTL trends', 'Alerts', 'Retrievability']);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of queryPanels) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
      for (const target of panel.targets!) expect(target.expr.trim(), panel.title).not.toBe('');
    }
  });

  it('lays the panels out on Grafana’s 24-column grid without overlaps', () => {
    const cells = new Set<string>();
    for (const { gridPos: g, title } of dashboard.panels) {
      expect(g.x + g.w, title).toBeLessThanOrEqual(24);
      expect(g.w * g.h, title).toBeGreaterThan(0);
      for (let x = g.x; x < g.x + g.w; x++) {
        for (let y = g.y; y < g.y + g.h; y++) {
          expect(cells.has(`${x},${y}`), `${title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });
});

describe('every expression returns data from a live Prometheus', () => {
  let devnet: StartedDevnet;
  let dir: string;
  let cockpit: ServingMetrics;
  let exporter: ProbeExporter;
  let api: ReturnType<typeof createNodeRetcheckApi>;
  let prometheus: RunningService;

  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 0 });
    const reference = await uploadRandom(devnet.nodes[0]!, 9000);
    dir = await mkdtemp(join(tmpdir(), 'dashboard-'));
    cockpit = await startHeadlessCockpit(devnet.nodes.map((n) => n.url), dir);
    api = createNodeRetcheckApi();
    exporter = await startProbeExporter({ listen: { host: '127.0.0.1', port: 0 }, api });
    // A frozen node fails its not_frozen gate: the shipped rule CockpitGateFailing is pending, so ALERTS has data.
    await devnet.control.node(1).setFault({ frozen: true });
    const bee = devnet.nodes.map((n) => ({ targets: [new URL(n.url).host], labels: { node: n.url } }));
    prometheus = await startPrometheus({
      config: [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'rule_files: [cockpit-alerts.yml, retcheck-alerts.yml]',
        'scrape_configs:',
        `  - { job_name: cockpit, static_configs: [{ targets: ['${new URL(cockpit.url).host}'] }] }`,
        '  - { job_name: bee, file_sd_configs: [{ files: [bee.json], refresh_interval: 1s }] }',
        '  - job_name: retcheck',
        '    metrics_path: /probe',
        `    params: { node: ['${devnet.nodes[0]!.url}', '${devnet.nodes[2]!.url}'] }`,
        `    static_configs: [{ targets: ['${reference}'] }]`,
        '    relabel_configs:',
        '      - { source_labels: [__address__], target_label: __param_ref }',
        '      - { source_labels: [__param_ref], target_label: ref }',
        `      - { target_label: __address__, replacement: '${new URL(exporter.url).host}' }`,
        `  - { job_name: retcheck-exporter, static_configs: [{ targets: ['${new URL(exporter.url).host}'] }] }`,
      ].join('\n'),
      files: {
        'bee.json': JSON.stringify(bee),
        'cockpit-alerts.yml': readFileSync(`${DOCS}prometheus/cockpit-alerts.yml`, 'utf8'),
        'retcheck-alerts.yml': readFileSync(`${DOCS}prometheus/retcheck-alerts.yml`, 'utf8'),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await prometheus?.stop();
    await exporter?.close();
    await api?.close();
    await cockpit?.stop();
    await devnet?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds the three sources', async () => {
    await promUntil(prometheus.url, 'count(up == 1)', (r) => (Number(r[0]?.value[1]) === 6 ? true : undefined));
  });

  it.each(queryPanels.flatMap((panel) => panel.targets!.map((target) => [`${panel.title} / ${target.refId}`, target.expr] as const)))('%s', async (_title, expr) => {
    // Rates and derivatives need a few scrapes in their window.
    const samples = await promUntil(prometheus.url, concrete(expr), (r) => (r.length > 0 && r.some((s) => s.value[1] !== 'NaN') ? r : undefined), 45_000);
    expect(samples.length).toBeGreaterThan(0);
  }, 60_000);

  it('the firing or pending alert is the frozen node’s failing gate', async () => {
    const alerts = await promQuery(prometheus.url, 'ALERTS{alertname="CockpitGateFailing"}');
    expect(alerts.map((a) => [a.metric.node, a.metric.gate])).toEqual([[devnet.nodes[1]!.url, 'not_frozen']]);
  });
});
