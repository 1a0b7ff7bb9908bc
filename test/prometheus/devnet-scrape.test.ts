/**
 * Issue 27 items 1 and 6: a real Prometheus (Debian's) scrapes the devnet's Bee `/metrics` through a file_sd
 * target list with a `node` label per target, as docs/prometheus/prometheus.yml's `bee` job does. Every
 * assertion goes through Prometheus's query API. (bench:fleet-prometheus scrapes a devnet of 1000 nodes.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PROMTOOL_BIN, promQuery, promUntil, startPrometheus, type RunningService } from '../../bench/lib/prometheus-stack.js';

const NODES = 20;
let devnet: StartedDevnet;
let prometheus: RunningService;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: NODES, mineBlocks: false });
  const targets = devnet.nodes.map((node) => ({ targets: [new URL(node.url).host], labels: { node: `bee-${node.index}` } }));
  prometheus = await startPrometheus({
    config: [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      '  - job_name: bee',
      '    file_sd_configs:',
      '      - files: [bee-nodes.json]',
      '        refresh_interval: 1s',
    ].join('\n'),
    files: { 'bee-nodes.json': JSON.stringify(targets) },
  });
}, 120_000);

afterAll(async () => {
  await prometheus?.stop();
  await devnet?.stop();
});

describe('the shipped layouts', () => {
  it.each(['prometheus.yml', 'sharded-fleet.yml', 'retcheck-exporter.yml'])('docs/prometheus/%s passes promtool check config', (file) => {
    expect(execFileSync(PROMTOOL_BIN, ['check', 'config', fileURLToPath(new URL(`../../docs/prometheus/${file}`, import.meta.url))], { encoding: 'utf8' })).toMatch(/SUCCESS: .* is valid prometheus config file syntax/);
  });
});

describe('Prometheus scraping the devnet', () => {
  it('scrapes every node: up, storage radius, connected peers, reserve, each labelled with its node', async () => {
    await promUntil(prometheus.url, 'count(up{job="bee"} == 1)', (r) => (Number(r[0]?.value[1]) === NODES ? true : undefined));
    const radius = await promUntil(prometheus.url, 'bee_localstore_storage_radius', (r) => (r.length === NODES ? r : undefined));
    expect(new Set(radius.map((s) => s.metric.node))).toEqual(new Set(devnet.nodes.map((n) => `bee-${n.index}`)));
    const peers = await promQuery(prometheus.url, 'min(bee_kademlia_currently_connected_peers)');
    expect(Number(peers[0]!.value[1])).toBeGreaterThanOrEqual(NODES - 1);
    const phases = await promQuery(prometheus.url, 'count by (node) (bee_storageincentives_current_phase)');
    expect(phases).toHaveLength(NODES);
  });

  it('a node that goes down is up 0 under its node label, and comes back', async () => {
    await devnet.control.node(3).setFault({ down: true });
    try {
      await promUntil(prometheus.url, 'up{node="bee-3"}', (r) => (r[0]?.value[1] === '0' ? true : undefined));
      expect(Number((await promQuery(prometheus.url, 'sum(up{job="bee"})'))[0]!.value[1])).toBe(NODES - 1);
    } finally {
      await devnet.control.node(3).heal();
    }
    await promUntil(prometheus.url, 'up{node="bee-3"}', (r) => (r[0]?.value[1] === '1' ? true : undefined));
  });
});
