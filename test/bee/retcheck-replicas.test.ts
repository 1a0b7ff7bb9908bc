/**
 * Issue 29 item 5, real-Bee tier: root replicas against Bee v2.8.1 on a 3-node cluster.
 * - An upload at redundancy level 2 (POST /bytes): Bee stores 4 replicas of the root; retcheck reads the level
 *   from the root's span and some vantage retrieves each replica through GET /stewardship/{replica}.
 * - bee#5450: content whose root has no replicas (its chunks uploaded one by one with POST /chunks, as a
 *   re-seed from another copy would) stays without them after Bee's own PUT /stewardship.
 * - retcheck --reseed re-creates them (POST /soc with the public replica key, under the batch) and verifies
 *   them; the next check retrieves all 4, and GET /chunks of a replica address answers the wrapped root.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { beeClusterSuite } from './bee-suite.js';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { replicaSlots } from '../../core/swarm/replicas.js';
import { reportSchemaErrors } from '../report-schema.js';
import { runBin } from '../run-bin.js';

const CLI = 'dist/surfaces/cli/retcheck-bin.js';

async function retcheck(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runBin(CLI, args);
}

async function retcheckJson(args: string[]): Promise<{ code: number | null; report: RetcheckReport; stderr: string }> {
  const run = await runBin(CLI, [...args, '--output', 'json']);
  const report = JSON.parse(run.stdout) as RetcheckReport;
  expect(reportSchemaErrors(report), run.stdout).toEqual([]);
  return { code: run.code, report, stderr: run.stderr };
}

describe('retcheck root replicas against real Bee v2.8.1', () => {
  const bee = beeClusterSuite({ cli: CLI, nodes: 3 });
  const vantageArgs = () => bee.urls.flatMap((u) => ['-b', u]);
  const stewardship = async (url: string, address: string) => ((await (await fetch(`${url}/stewardship/${address}`)).json()) as { isRetrievable: boolean }).isRetrievable;

  it('an upload at level 2: the level from the span, and every one of the 4 replicas retrieved by some vantage', async () => {
    const res = await fetch(`${bee.urls[0]}/bytes`, {
      method: 'POST',
      headers: { 'swarm-postage-batch-id': bee.cluster.batchId, 'swarm-redundancy-level': '2', 'swarm-deferred-upload': 'false', 'content-type': 'application/octet-stream' },
      body: new Uint8Array(randomBytes(3 * 4096)),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    // Replicas are pushed with the upload; give pull-sync a moment before asking for all of them.
    let report!: RetcheckReport;
    await expect
      .poll(async () => {
        report = (await retcheckJson([reference, ...vantageArgs(), '--no-gateway'])).report;
        return report.replicas?.missing_everywhere;
      }, { timeout: 60_000, interval: 3000 })
      .toBe(0);
    expect(report.replicas).toMatchObject({ level: 2, level_source: 'span', checked: true });
    expect(report.replicas!.slots.map((s) => s.index)).toEqual([0, 1, 2, 3]);
    for (const url of bee.urls) process.stderr.write(`${url}: found ${report.replicas!.per_vantage[url]!.found} of 4 replicas through stewardship\n`);
  });

  it('bee#5450: chunks without replicas stay without them after PUT /stewardship; retcheck --reseed re-creates and verifies them', async () => {
    const tree = splitIntoChunks(new Uint8Array(randomBytes(3 * 4096)), 2);
    const reference = bytesToHex(tree.reference);
    for (const chunk of tree.chunks) {
      const res = await fetch(`${bee.urls[0]}/chunks`, { method: 'POST', headers: { 'swarm-postage-batch-id': bee.cluster.batchId, 'content-type': 'application/octet-stream' }, body: new Uint8Array(chunk.data) });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const replicaAddresses = replicaSlots(hexToBytes(reference), 2).map((s) => bytesToHex(s.address));

    const before = await retcheckJson([reference, ...vantageArgs(), '--no-gateway']);
    expect(before.report.replicas).toMatchObject({ level: 2, level_source: 'span', missing_everywhere: 4 });
    for (const url of bee.urls) expect(before.report.replicas!.per_vantage[url]).toMatchObject({ expected: 4, found: 0, missing: 4 });

    // Bee's own re-seed re-pushes the tree only.
    const put = await fetch(`${bee.urls[0]}/stewardship/${reference}`, { method: 'PUT', headers: { 'swarm-postage-batch-id': bee.cluster.batchId } });
    expect(put.status).toBe(200);
    for (const url of bee.urls) for (const address of replicaAddresses) expect(await stewardship(url, address), `${url} ${address}`).toBe(false);

    const run = await retcheckJson([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', bee.cluster.batchId]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/re-seed OK/);
    expect(run.stderr).toMatch(/re-seed replicas: re-created 4 of 4 missing \(level 2\), 4 verified/);

    const after = await retcheck([reference, ...vantageArgs(), '--no-gateway']);
    expect(after.stdout).toMatch(/^replicas +level 2 \(STRONG, from the root chunk's span\): 4 of 4 retrieved by some vantage$/m);
    process.stderr.write(`after the re-seed:\n${after.stdout}\n`);
    // A replica is a single-owner chunk wrapping the root, as Bee's own putter makes it.
    const chunk = new Uint8Array(await (await fetch(`${bee.urls[1]}/chunks/${replicaAddresses[0]}`)).arrayBuffer());
    const root = tree.chunks.find((c) => bytesToHex(c.address) === reference)!;
    expect(bytesToHex(chunk.subarray(97, 97 + root.data.length))).toBe(bytesToHex(root.data));
  }, 300_000); // the re-seed's verification waits out Bee's one-minute retrieval skip list
});
