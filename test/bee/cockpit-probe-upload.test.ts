/**
 * Issue 29 item 1, real-Bee tier: `cockpit --once probe-upload` against Bee v2.8.1 on a 3-node cluster. The first
 * node uploads (POST /bytes, deferred upload off, the cluster's batch), the other two answer GET /stewardship
 * until they say retrievable; a fourth configured node that is not running is a row that says unreachable, not
 * "not retrievable". A prefix that names no batch is refused before anything is uploaded. Every JSON output is
 * validated by config-schema/once-results.schema.json.
 */
import { describe, expect, it } from 'vitest';
import { beeClusterSuite } from './bee-suite.js';
import { onceJson } from '../once-schema.js';
import { runBin } from '../run-bin.js';
import { closedPortUrl } from '../retcheck/cli-harness.js';

const CLI = 'dist/surfaces/cli/cockpit-bin.js';

interface ProbeData {
  reference: string;
  batchId: string;
  vantages: { url: string; outcome: string; afterMs?: number; why?: string }[];
  cleanup: { pinned: boolean | null; tagDeleted: boolean | null; left: string[] };
}

describe('cockpit --once probe-upload against real Bee v2.8.1', () => {
  const bee = beeClusterSuite({ cli: CLI, nodes: 3 });

  it('the other two nodes retrieve the probe; a node that is not running is unreachable; nothing stays pinned', async () => {
    const down = await closedPortUrl(); // a configured node that is not running
    // The node that is down is asked until the deadline (it may come up), so the deadline is short here.
    const text = await runBin(CLI, ['--once', 'probe-upload', '--deadline', '20', ...bee.urls, down]);
    process.stderr.write(`probe-upload text on real Bee:\n${text.stdout}\n`);
    const run = await runBin(CLI, ['--once', 'probe-upload', '--size', '4096', '--deadline', '20', ...bee.urls, down, '--json']);
    process.stderr.write(`probe-upload JSON on real Bee: ${run.stdout}\n`);
    const result = onceJson<ProbeData>(run.stdout);
    expect(run.code).toBe(1);
    expect(result.status).toBe('sad');
    expect(result.data.batchId).toBe(bee.cluster.batchId);
    expect(result.data.vantages.map((row) => row.url)).toEqual([...bee.urls.slice(1), down]);
    for (const row of result.data.vantages.slice(0, 2)) expect(row).toMatchObject({ outcome: 'retrievable', afterMs: expect.any(Number) });
    expect(result.data.vantages[2]).toMatchObject({ outcome: 'unreachable', why: expect.stringMatching(/ECONNREFUSED/) });
    expect(result.data.cleanup.pinned).toBe(false);
    expect(result.data.cleanup.left.join(' ')).toMatch(/until the batch expires/);
    expect((await fetch(`${bee.urls[0]}/pins/${result.data.reference}`)).status).toBe(404);
    const content = await fetch(`${bee.urls[2]}/bytes/${result.data.reference}`);
    expect((await content.arrayBuffer()).byteLength).toBe(4096);
    // Without the node that is down, every vantage retrieves it: ok, exit 0.
    const all = await runBin(CLI, ['--once', 'probe-upload', ...bee.urls, '--json']);
    expect(onceJson(all.stdout).status).toBe('ok');
    expect(all.code).toBe(0);
  }, 180_000);

  it('a prefix that names no batch is refused, nothing uploaded', async () => {
    const prefix = bee.cluster.batchId.startsWith('0') ? 'ffff' : '0000';
    const run = await runBin(CLI, ['--once', 'probe-upload', '--batch', prefix, ...bee.urls, '--json']);
    const result = onceJson(run.stdout);
    expect(run.code).toBe(2);
    expect(result).toMatchObject({ status: 'error', data: { error: { code: 'unknown-batch' } } });
  });
});
