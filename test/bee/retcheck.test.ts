/**
 * Issue 4, real-Bee tier: the built retcheck CLI against a 3-node Bee v2.8.1 cluster on loopback
 * (--no-gateway). Every JSON report must match the published schema and be consistent with itself and
 * with the exit code. What real Bee says about a fresh deferred upload depends on how far its pusher got,
 * so that verdict is only checked for consistency; after the tag reports every chunk synced it must be
 * retrievable on every vantage.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { beeClusterSuite } from './bee-suite.js';
import { pollUntil } from '../../bee-cluster/processes.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../core/swarm/feeds.js';
import { privateKeyToAddress, randomPrivateKey } from '../../core/swarm/signer.js';
import { reportSchemaErrors } from '../report-schema.js';
import { runBin } from '../run-bin.js';

const CLI = 'dist/surfaces/cli/retcheck-bin.js';

interface Report {
  reference: string;
  status: 'retrievable' | 'unretrievable' | 'partial' | 'error';
  vantages: Array<{ node_url: string; retrievable: boolean | null; error?: string }>;
  chunks?: Array<{ address: string; per_vantage: Record<string, { found: boolean; error?: string }> }>;
  resolution?: { resolved_reference: string };
}

interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

async function retcheck(args: string[]): Promise<CliRun> {
  const { code, stdout, stderr } = await runBin(CLI, args);
  return { exitCode: code, stdout, stderr };
}

/** A JSON report that passed the schema, with the checks every report must pass. */
function validReport(run: CliRun): Report {
  const report = JSON.parse(run.stdout) as Report;
  expect(reportSchemaErrors(report), run.stdout).toEqual([]);
  const yes = report.vantages.filter((v) => v.retrievable === true).length;
  if (yes === report.vantages.length) expect(report.status, run.stdout).toBe('retrievable');
  else if (yes > 0) expect(report.status, run.stdout).toBe('partial');
  else expect(['unretrievable', 'error'], run.stdout).toContain(report.status);
  expect(run.exitCode, run.stderr).toBe(report.status === 'retrievable' || report.status === 'partial' ? 0 : 2);
  return report;
}

describe('retcheck CLI against real Bee v2.8.1', () => {
  const bee = beeClusterSuite({ cli: CLI, nodes: 3 });
  const vantageArgs = () => bee.urls.flatMap((u) => ['-b', u]);

  async function upload(data: Uint8Array, deferred: boolean): Promise<{ reference: string; tag: string }> {
    const res = await fetch(`${bee.urls[0]}/bytes`, {
      method: 'POST',
      headers: { 'swarm-postage-batch-id': bee.cluster.batchId, 'swarm-deferred-upload': String(deferred), 'content-type': 'application/octet-stream' },
      body: new Uint8Array(data),
    });
    expect(res.status).toBe(201);
    return { reference: ((await res.json()) as { reference: string }).reference, tag: res.headers.get('swarm-tag') ?? '' };
  }

  it('a fresh deferred upload: a consistent verdict at once, retrievable on every vantage once the tag is synced', async () => {
    const { reference, tag } = await upload(randomBytes(50_000), true);
    const early = validReport(await retcheck([reference, ...vantageArgs(), '--no-gateway', '--output', 'json']));
    process.stderr.write(`retcheck on a fresh deferred upload: ${early.status} (${early.vantages.map((v) => `${v.node_url} ${v.retrievable}`).join(', ')})\n`);
    await pollUntil(`tag ${tag} synced`, 60_000, async () => {
      const t = (await (await fetch(`${bee.urls[0]}/tags/${tag}`)).json()) as { split: number; synced: number };
      return t.split > 0 && t.synced >= t.split ? true : undefined;
    });
    const late = validReport(await retcheck([reference, ...vantageArgs(), '--no-gateway', '--output', 'json']));
    expect(late.status).toBe('retrievable');
    expect(late.vantages.map((v) => v.retrievable)).toEqual([true, true, true]);
  });

  it('a direct upload is retrievable everywhere; our level-1 tree is byte-identical on Bee and the per-chunk walk probes all of it, parity included', async () => {
    const data = randomBytes(600_000);
    const { reference } = await upload(data, false);
    // Our splitter must produce Bee's tree exactly: same root, and every data and parity chunk byte-identical on another node.
    const local = splitIntoChunks(data, 1);
    expect(bytesToHex(local.reference)).toBe(reference);
    for (const chunk of local.chunks) {
      const res = await fetch(`${bee.urls[1]}/chunks/${bytesToHex(chunk.address)}`);
      expect(res.status, bytesToHex(chunk.address)).toBe(200);
      expect(bytesToHex(new Uint8Array(await res.arrayBuffer()))).toBe(bytesToHex(chunk.data));
    }
    const report = validReport(await retcheck([reference, ...vantageArgs(), '--no-gateway', '--output', 'json']));
    expect(report.status).toBe('retrievable');
    const walk = validReport(await retcheck([reference, ...vantageArgs(), '--no-gateway', '--per-chunk', '--output', 'json']));
    const walked = new Set(walk.chunks!.map((c) => c.address));
    const leaves = Array.from({ length: Math.ceil(data.length / 4096) }, (_, i) => bytesToHex(makeContentChunk(data.subarray(i * 4096, (i + 1) * 4096)).address));
    // Every chunk: 147 leaves, 2 intermediates, the root and the 17 parity chunks (probed, never descended).
    expect([...walked].sort()).toEqual(local.chunks.map((c) => bytesToHex(c.address)).sort());
    for (const leaf of leaves) expect(walked.has(leaf), leaf).toBe(true);
    for (const chunk of walk.chunks!) for (const url of bee.urls) expect(chunk.per_vantage[url]?.found, `${chunk.address} on ${url}`).toBe(true);
  });

  it('a reference nobody uploaded is unretrievable (exit 2)', async () => {
    const report = validReport(await retcheck([bytesToHex(randomBytes(32)), ...vantageArgs(), '--no-gateway', '--output', 'json']));
    expect(report.status).toBe('unretrievable');
  });

  it('resolves a v1 feed written through POST /soc to the reference it points at', async () => {
    const { reference } = await upload(randomBytes(9000), false);
    const key = randomPrivateKey();
    const topic = topicFromString(`retcheck real-bee feed ${Date.now()}`);
    const update = makeFeedUpdateChunk(key, topic, 0n, hexToBytes(reference), BigInt(Math.floor(Date.now() / 1000)));
    const owner = bytesToHex(privateKeyToAddress(key));
    const socUrl = `${bee.urls[0]}/soc/${owner}/${bytesToHex(feedIdentifier(topic, 0n))}?sig=${bytesToHex(update.signature)}`;
    const posted = await fetch(socUrl, { method: 'POST', headers: { 'swarm-postage-batch-id': bee.cluster.batchId, 'swarm-deferred-upload': 'false' }, body: new Uint8Array(update.data.subarray(97)) });
    expect(posted.status).toBe(201);
    const report = validReport(await retcheck([`feed:${owner}:${bytesToHex(topic)}`, ...vantageArgs(), '--no-gateway', '--output', 'json']));
    expect(report.resolution?.resolved_reference).toBe(reference);
    expect(report.status).toBe('retrievable');
  });

  it('re-seeds with the cluster batch (status OK, exit 0) and refuses an unknown batch (exit 3, no re-upload)', async () => {
    const { reference } = await upload(randomBytes(12_000), false);
    const ok = await retcheck([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', bee.cluster.batchId]);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/re-seed[\s\S]*status\s+OK/);
    const okJson = await retcheck([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', bee.cluster.batchId, '--output', 'json']);
    expect(validReport(okJson).status).toBe('retrievable');
    const unknown = 'ab'.repeat(32);
    const refused = await retcheck([reference, ...vantageArgs(), '--no-gateway', '--reseed', '--stamp', unknown, '--output', 'json']);
    expect(refused.exitCode).toBe(3);
    expect(reportSchemaErrors(JSON.parse(refused.stdout))).toEqual([]);
    expect(refused.stderr).toContain(`re-seed refused: batch ${unknown} does not exist`);
  });
});
