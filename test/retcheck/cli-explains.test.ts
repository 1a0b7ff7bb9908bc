/**
 * Issue 23 item 6, end to end on a devnet through the built CLI: retcheck explains itself.
 * - (a) stewardship and the per-chunk walk disagree: the report says so, with the likely cause;
 * - (b) missing chunks are told apart as data and parity, with whether erasure coding rebuilds the content;
 * - (c) --cold on a manifest downloads what a user downloads (/bzz/{ref}/), on nodes too;
 * - (d) a gateway that could not be asked is reported as unreachable, and the text says when it alone made the
 *   status partial.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../actors/node-client/index.js';
import { chunkChildren } from '../../core/retcheck/chunk-children.js';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { splitIntoChunks } from '../../core/swarm/chunk-tree.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { makeTar } from '../../devnet/testing/make-tar.js';
import { CHUNK, uploadBytes } from '../fixtures/devnet-content.js';
import { closedPortUrl, lineFor, loopbackServer, runCli, runJson } from './cli-harness.js';

let devnet: StartedDevnet;
const url = (i: number) => devnet.nodes[i]!.url;
const everyNode = () => devnet.nodes.map((_, i) => i);

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 600_000, seed: 'retcheck-explains' });
});
afterAll(() => devnet.stop());

/** 20 leaves at redundancy level 1: one intermediate root with 20 data references and 5 parity references. */
async function erasureCodedUpload(): Promise<{ reference: string; data: string[]; parity: string[] }> {
  const bytes = new Uint8Array(randomBytes(20 * CHUNK));
  const reference = await uploadBytes(devnet.nodes[0]!, bytes, { redundancyLevel: 1 });
  const local = splitIntoChunks(bytes, 1);
  expect(bytesToHex(local.reference)).toBe(reference);
  const root = local.chunks.find((c) => bytesToHex(c.address) === reference)!;
  const { children, parity } = chunkChildren(root.data);
  expect([children.length, parity.length]).toEqual([20, 5]);
  return { reference, data: children, parity };
}

function lose(addresses: string[]): void {
  for (const nodeIndex of everyNode()) devnet.control.loseChunks({ nodeIndex, addresses });
}

describe('(a)+(b) stewardship vs the walk, data vs parity', () => {
  it('a deferred upload not pushed yet: stewardship says no on the uploading node, whose GET /chunks serves every chunk from its own store', async () => {
    const reference = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(3 * CHUNK)), { deferred: true, redundancyLevel: 0 });
    const args = [reference, '-b', url(0), '--no-gateway', '--per-chunk'];
    const { report, code } = await runJson(args);
    expect(code).toBe(2);
    expect(report.vantages[0]!.retrievable).toBe(false);
    expect(report.disagreements).toEqual([
      expect.objectContaining({ node_url: url(0), stewardship: false, walk_found: 4, walk_total: 4, walk_missing: 0, cause: 'local_store' }),
    ]);
    expect(report.disagreements![0]!.explanation).toMatch(/own store first/);
    const text = await runCli(args);
    expect(text.stdout).toContain('stewardship and the per-chunk walk disagree');
    expect(text.stdout).toMatch(new RegExp(`${url(0)}  stewardship not retrievable, walk 4/4 found\\n    stewardship says not retrievable, yet this node served all 4 chunks through GET /chunks`));
  });

  it('one data and one parity chunk lost: each named as such, recoverable; stewardship says no and the report says why', async () => {
    const { reference, data, parity } = await erasureCodedUpload();
    lose([data[3]!, parity[1]!]);
    // Bee rebuilds the lost leaf for a download.
    const client = createNodeClient({ baseUrl: url(2) });
    expect((await client.downloadBytes(reference)).length).toBe(20 * CHUNK);
    const args = [reference, '-b', url(1), '-b', url(2), '--no-gateway', '--per-chunk'];
    const { report } = await runJson(args);
    expect(report.vantages.map((v) => v.retrievable)).toEqual([false, false]);
    const byAddress = new Map(report.chunks!.map((c) => [c.address, c]));
    expect(byAddress.get(data[3]!)).toMatchObject({ role: 'data', parent: reference });
    expect(byAddress.get(parity[1]!)).toMatchObject({ role: 'parity', parent: reference });
    expect(byAddress.get(reference)!.role).toBeUndefined();
    for (const u of [url(1), url(2)]) {
      expect(report.erasure!.per_vantage[u]).toMatchObject({ missing_data: 1, missing_parity: 1, missing_other: 0, recoverable: true });
    }
    expect(report.erasure!.groups).toEqual([
      { address: reference, level: 1, data: 20, parity: 5, per_vantage: Object.fromEntries([url(1), url(2)].map((u) => [u, { missing_data: 1, missing_parity: 1, unknown: 0, recoverable: true }])) },
    ]);
    expect(report.disagreements!.map((d) => [d.node_url, d.cause])).toEqual([
      [url(1), 'recoverable'],
      [url(2), 'recoverable'],
    ]);
    const text = (await runCli(args)).stdout;
    expect(text).toMatch(new RegExp(`${data[3]}  nb ${data[3]!.slice(0, 2)}  data of ${reference.slice(0, 8)}…  missing on`));
    expect(text).toMatch(new RegExp(`${parity[1]}  nb ${parity[1]!.slice(0, 2)}  parity of ${reference.slice(0, 8)}…  missing on`));
    expect(text).toContain(`  ${url(1)}  2 missing (1 data, 1 parity)  recoverable: each intermediate chunk misses at most as many children as it has parity chunks (worst 2 of 5)`);
    expect(text).toContain(`  ${reference.slice(0, 8)}… level 1, 20 data + 5 parity: ${url(1)} 1 data + 1 parity missing: recoverable`);
    expect(text).toMatch(/stewardship says not retrievable because it fetches every chunk and rebuilds none; the walk found 2 chunks missing on this node \(1 data, 1 parity\), but erasure coding rebuilds them: a download works/);
  });

  it('only parity lost: cause parity_only; more children lost than parity chunks: NOT recoverable, and no disagreement to explain', async () => {
    const first = await erasureCodedUpload();
    lose(first.parity.slice(0, 2));
    const parityOnly = await runJson([first.reference, '-b', url(1), '--no-gateway', '--per-chunk']);
    expect(parityOnly.report.erasure!.per_vantage[url(1)]).toMatchObject({ missing_data: 0, missing_parity: 2, recoverable: true });
    expect(parityOnly.report.disagreements).toEqual([expect.objectContaining({ cause: 'parity_only' })]);

    const second = await erasureCodedUpload();
    lose([...second.data.slice(0, 4), ...second.parity.slice(0, 2)]);
    const { report } = await runJson([second.reference, '-b', url(1), '--no-gateway', '--per-chunk']);
    expect(report.erasure!.per_vantage[url(1)]).toMatchObject({ missing_data: 4, missing_parity: 2, recoverable: false });
    expect(report.erasure!.per_vantage[url(1)]!.why).toBe(`not recoverable: ${second.reference.slice(0, 8)}… misses 6 of its children, more than its 5 parity chunks`);
    expect(report.disagreements).toBeUndefined();
    expect(await createNodeClient({ baseUrl: url(2) }).downloadBytes(second.reference).then(() => 'downloaded', () => 'failed')).toBe('failed');
  });

  it('a lost root: cannot tell (replicas are not probed); a healthy walk has no erasure section', async () => {
    const { reference } = await erasureCodedUpload();
    const healthy = await runJson([reference, '-b', url(1), '--no-gateway', '--per-chunk']);
    expect(healthy.report.erasure).toBeUndefined();
    expect(healthy.report.disagreements).toBeUndefined();
    lose([reference]);
    const { report } = await runJson([reference, '-b', url(1), '--no-gateway', '--per-chunk']);
    expect(report.erasure!.per_vantage[url(1)]).toMatchObject({ missing_other: 1, recoverable: null });
    expect(report.erasure!.per_vantage[url(1)]!.why).toMatch(/root of a tree .* dispersed replicas/);
  });
});

describe('(c) --cold downloads what a user downloads', () => {
  it('a single-file /bzz upload: the file through /bzz/{ref}/ on nodes too; /bytes content through /bytes', async () => {
    const client = createNodeClient({ baseUrl: url(0) });
    const file = new Uint8Array(randomBytes(3 * CHUNK + 123));
    const { reference: manifest } = await client.uploadFile(file, { batchId: devnet.nodes[0]!.batchId!, name: 'report.bin', contentType: 'application/octet-stream', deferred: false });
    const { report } = await runJson([manifest, '-b', url(1), '-b', url(2), '--no-gateway', '--cold']);
    expect(report.cold_downloads).toEqual([
      expect.objectContaining({ url: url(1), endpoint: `/bzz/${manifest}/`, success: true, bytes_downloaded: file.length, status_code: 200 }),
      expect.objectContaining({ url: url(2), endpoint: `/bzz/${manifest}/`, success: true, bytes_downloaded: file.length, status_code: 200 }),
    ]);
    const raw = await uploadBytes(devnet.nodes[0]!, file);
    const bytes = await runJson([raw, '-b', url(1), '--no-gateway', '--cold']);
    expect(bytes.report.cold_downloads).toEqual([expect.objectContaining({ endpoint: `/bytes/${raw}`, success: true, bytes_downloaded: file.length })]);
  });

  it('a collection without an index document: /bzz/{ref}/ has nothing at its root, and the error says so', async () => {
    const client = createNodeClient({ baseUrl: url(0) });
    const tar = makeTar([{ path: 'a.txt', data: 'hello' }]);
    const { reference } = await client.uploadCollection(tar, { batchId: devnet.nodes[0]!.batchId!, deferred: false });
    const { report } = await runJson([reference, '-b', url(1), '--no-gateway', '--cold']);
    expect(report.cold_downloads![0]).toMatchObject({ endpoint: `/bzz/${reference}/`, success: false, status_code: 404 });
    expect(report.cold_downloads![0]!.error).toMatch(/names no index document/);
  });
});

describe('(d) a gateway that could not be asked', () => {
  it('refused and DNS failures are unreachable, and the text says they alone made the status partial', async () => {
    const reference = await uploadBytes(devnet.nodes[0]!, new Uint8Array(randomBytes(2 * CHUNK)));
    const refused = await closedPortUrl();
    const nowhere = 'http://retcheck-test.invalid';
    const args = [reference, '-b', url(1), '--gateway', refused, '--gateway', nowhere, '--timeout', '10'];
    const { report, code } = await runJson(args);
    expect(code).toBe(0);
    expect(report.status).toBe('partial');
    expect(report.gateways).toEqual([
      expect.objectContaining({ url: refused, retrievable: null, unreachable: 'refused' }),
      expect.objectContaining({ url: nowhere, retrievable: null, unreachable: 'dns' }),
    ]);
    expect(report.partial_because_unreachable).toEqual([refused, nowhere]);
    const text = (await runCli(args)).stdout;
    expect(text).toContain(`status  partial\n        partial only because ${refused} (the connection was refused), ${nowhere} (its name did not resolve (DNS)) could not be asked at all; every vantage and gateway that answered said retrievable`);
    expect(lineFor(text, refused)).toContain('unreachable (the connection was refused)');

    // A gateway that answers no is another story: no note.
    const saysNo = await loopbackServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    try {
      const mixed = await runJson([reference, '-b', url(1), '--gateway', saysNo.url, '--gateway', refused]);
      expect(mixed.report.status).toBe('partial');
      expect(mixed.report.partial_because_unreachable).toBeUndefined();
      expect((await runCli([reference, '-b', url(1), '--gateway', saysNo.url, '--gateway', refused])).stdout).not.toContain('partial only because');
    } finally {
      await saysNo.close();
    }
  });
});
