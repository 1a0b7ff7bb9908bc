/**
 * Issue 15, real-Bee tier: the `--once` verbs that read chain or node state, as the compiled `cockpit` bin
 * against a 2-node Bee v2.8.1 cluster (storage incentives on, so /redistributionstate answers) with Anvil as the
 * chain. Every JSON output is validated by config-schema/once-results.schema.json; the figures are checked
 * against Bee's own endpoints and the chain; PSS and GSOC messages addressed by `pss-target` and `gsoc-mine`
 * reach the node through real Bee; the previews leave the node's transaction count on the chain unchanged.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bee } from '@ethersphere/bee-js';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { bytesToHex, hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../core/swarm/feeds.js';
import { makeSingleOwnerChunk, SOC_IDENTIFIER_SIZE } from '../../core/swarm/soc.js';
import { openSubscriber, websocketUrl } from '../../devnet/messaging/subscriber-client.js';
import { compileEntries } from '../compiled-entries.js';
import { onceJson } from '../once-schema.js';
import { runBin, type BinRun } from '../run-bin.js';

let bin: string;
let cluster: BeeCluster;
let url: string;
let other: string;
let client: NodeClient;
let dir: string;

beforeAll(async () => {
  bin = compileEntries('bee-once-verbs', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  cluster = await startBeeCluster({ nodes: 2, storageIncentivesEnable: true, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  url = cluster.nodes[0]!.url;
  other = cluster.nodes[1]!.url;
  client = createNodeClient({ baseUrl: url });
  dir = mkdtempSync(join(tmpdir(), 'bee-once-'));
}, 15 * 60_000);

afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cockpit = (args: string[]): Promise<BinRun> => runBin(bin, args);
async function json<D = Record<string, unknown>>(args: string[]): Promise<{ code: number | null; data: D; status: string; stderr: string }> {
  const run = await cockpit([...args, '--json']);
  const result = onceJson<D>(run.stdout);
  return { code: run.code, data: result.data, status: result.status, stderr: run.stderr };
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(cluster.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: T }).result;
}

describe('cockpit --once on real Bee v2.8.1: chain facts', () => {
  it('price: /chainstate currentPrice and the minimum Bee enforces', async () => {
    const chain = await client.chainstate();
    const { code, data } = await json<{ pricePerChunkPerBlock: string; minimumAmount: string; minimumValidityBlocks: number }>(['--once', 'price', url]);
    expect(code).toBe(0);
    expect(data.pricePerChunkPerBlock).toBe(String(chain.currentPrice));
    expect(data.minimumValidityBlocks).toBe(chain.minimumValidityBlocks ?? 17_280);
    expect(BigInt(data.minimumAmount)).toBe(BigInt(chain.currentPrice) * BigInt(data.minimumValidityBlocks));
  });

  it("basefee: Bee's suggested gas price from /redistributionstate, and the chain's base fee through the node's RPC", async () => {
    const bee = await json<{ source: string; gasPriceWei: string; minimumGasFundsWei: string }>(['--once', 'basefee', url]);
    expect(bee.code, bee.stderr).toBe(0);
    expect(bee.data.source).toBe('redistributionstate');
    expect(BigInt(bee.data.gasPriceWei)).toBe(BigInt(bee.data.minimumGasFundsWei) / 3_750_000n);
    // Anvil's base fee moves from block to block: Bee's figure is within a factor 2 of what Bee says now.
    const now = BigInt((await client.redistributionstate()).minimumGasFunds!) / 3_750_000n;
    expect(BigInt(bee.data.gasPriceWei) * 2n > now && now * 2n > BigInt(bee.data.gasPriceWei)).toBe(true);
    const yaml = join(dir, 'bee.yaml');
    writeFileSync(yaml, `api-addr: ${new URL(url).host}\nblockchain-rpc-endpoint: ${cluster.anvilUrl}\n`);
    const config = join(dir, 'rpc.toml');
    writeFileSync(config, `[store]\nbin = "/usr/local/bin/bee"\nconfig = "${yaml}"\n`);
    const chain = await json<{ source: string; baseFeeWei: string; block: number }>(['--once', 'basefee', url, '--config', config]);
    expect(chain.code, chain.stderr).toBe(0);
    expect(chain.data.source).toBe('rpc');
    const block = await rpc<{ baseFeePerGas: string }>('eth_getBlockByNumber', [`0x${chain.data.block.toString(16)}`, false]);
    expect(chain.data.baseFeeWei).toBe(String(BigInt(block.baseFeePerGas)));
  });
});

describe('cockpit --once on real Bee v2.8.1: addressing a neighbourhood', () => {
  it('pss-target: a PSS message sent to the target with the node\'s key reaches it', async () => {
    const status = await client.status();
    const addresses = await client.addresses();
    const { data } = await json<{ target: string; depth: number; pssPublicKey: string }>(['--once', 'pss-target', url]);
    expect(data.depth).toBe(status.storageRadius);
    expect(addresses.overlay.startsWith(data.target)).toBe(true);
    const subscriber = await openSubscriber(websocketUrl(url, '/pss/subscribe/cockpit-once'));
    try {
      const res = await fetch(`${other}/pss/send/cockpit-once/${data.target}?recipient=${data.pssPublicKey}`, { method: 'POST', headers: { 'swarm-postage-batch-id': await otherBatch() }, body: 'to the neighbourhood' });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(new TextDecoder().decode(await subscriber.next(60_000))).toBe('to the neighbourhood');
    } finally {
      await subscriber.close();
    }
  });

  it('gsoc-mine: bee-js mines the same key, and a real Bee delivers a GSOC message sent to the address', async () => {
    const addresses = await client.addresses();
    const { code, data } = await json<{ identifier: string; privateKey: string; owner: string; socAddress: string; depth: number; proximity: number }>(['--once', 'gsoc-mine', 'cockpit bee channel', url]);
    expect(code).toBe(0);
    expect(data.proximity).toBeGreaterThanOrEqual(data.depth);
    expect(data.privateKey).toBe(new Bee(url).gsocMine(addresses.overlay, data.identifier, data.depth).toHex());
    const subscriber = await openSubscriber(websocketUrl(url, `/gsoc/subscribe/${data.socAddress}`));
    try {
      const soc = makeSingleOwnerChunk(hexToBytes(data.identifier), makeContentChunk(utf8Encode('gsoc via real bee')), hexToBytes(data.privateKey));
      const sender = createNodeClient({ baseUrl: other });
      const sent = await sender.uploadSoc(data.owner, data.identifier, bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: await otherBatch(), deferred: false });
      expect(sent.reference).toBe(data.socAddress);
      expect(new TextDecoder().decode(await subscriber.next(60_000))).toBe('gsoc via real bee');
    } finally {
      await subscriber.close();
    }
  });
});

describe('cockpit --once on real Bee v2.8.1: content', () => {
  let collection: string;

  it('upload-file and upload-collection stream to real Bee; /bzz serves them; inspect lists the collection', async () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'uploaded by cockpit --once');
    const uploaded = await json<{ reference: string; batchId: string }>(['--once', 'upload-file', file, url]);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(uploaded.data.batchId).toBe(cluster.batchId);
    expect(await (await fetch(`${url}/bzz/${uploaded.data.reference}/`)).text()).toBe('uploaded by cockpit --once');
    const site = join(dir, 'site');
    mkdirSync(join(site, 'css'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<h1>real bee</h1>');
    writeFileSync(join(site, 'css', 'main.css'), 'h1 { color: teal }');
    const site$ = await json<{ reference: string; files: number }>(['--once', 'upload-collection', site, cluster.batchId.slice(0, 10), url]);
    expect(site$.code, site$.stderr).toBe(0);
    collection = site$.data.reference;
    expect(await (await fetch(`${url}/bzz/${collection}/`)).text()).toBe('<h1>real bee</h1>');
    const listed = await json<{ kind: string; indexDocument: string; entries: { path: string; contentType: string }[] }>(['--once', 'inspect', collection, url]);
    expect(listed.data).toMatchObject({ kind: 'manifest', indexDocument: 'index.html' });
    expect(listed.data.entries.map((e) => [e.path, e.contentType])).toEqual([
      ['css/main.css', 'text/css; charset=utf-8'],
      ['index.html', 'text/html; charset=utf-8'],
    ]);
  });

  it('durability-check: the collection, checked through the other node, once pushed', async () => {
    let last: { code: number | null; data: { retrievable: boolean } } | undefined;
    for (let attempt = 0; attempt < 30; attempt++) {
      last = await json<{ retrievable: boolean }>(['--once', 'durability-check', collection, other]);
      if (last.data.retrievable) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    expect(last).toMatchObject({ code: 0, data: { retrievable: true } });
    const unknown = await json<{ retrievable: boolean }>(['--once', 'durability-check', 'ab'.repeat(32), url]);
    expect(unknown).toMatchObject({ code: 1, status: 'sad', data: { retrievable: false } });
  });

  it('feed-probe and feed-timeline read updates written as SOCs', async () => {
    const key = hexToBytes('33'.repeat(32));
    const topic = topicFromString('cockpit bee feed');
    let owner = '';
    for (let index = 0; index < 3; index++) {
      const soc = makeFeedUpdateChunk(key, topic, BigInt(index), hexToBytes(collection), 1_764_000_000n + BigInt(index));
      owner = bytesToHex(soc.owner);
      await client.uploadSoc(owner, bytesToHex(feedIdentifier(topic, BigInt(index))), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: cluster.batchId, deferred: false });
    }
    const probe = await json<{ index: number; nextIndex: number; payloadBytes: number }>(['--once', 'feed-probe', owner, 'cockpit bee feed', url]);
    expect(probe).toMatchObject({ code: 0, data: { index: 2, nextIndex: 3, payloadBytes: 40, resolvedVersion: 'v1', reference: collection } });
    const timeline = await json<{ entries: { index: number; version: string; reference?: string; timestamp?: number }[] }>(['--once', 'feed-timeline', owner, 'cockpit bee feed', url]);
    expect(timeline.data.entries.map((e) => [e.index, e.version, e.reference, e.timestamp])).toEqual([
      [2, 'v1', collection, 1_764_000_002],
      [1, 'v1', collection, 1_764_000_001],
      [0, 'v1', collection, 1_764_000_000],
    ]);
    expect((await json(['--once', 'feed-probe', owner, 'nothing here', url])).code).toBe(1);
  });

  it('grantees-list: a list this node published, not readable by the other node', async () => {
    const keys = ['02ceff1422a7026ba54ad89967d81f2805a55eb3d05f64eb5c49ea6024212b12e8', '0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'];
    const created = await client.createGrantees(keys, { batchId: cluster.batchId });
    expect(await json(['--once', 'grantees-list', created.ref, url])).toMatchObject({ code: 0, data: { grantees: keys, count: 2 } });
    expect(await json(['--once', 'grantees-list', created.ref, other])).toMatchObject({ code: 1, status: 'sad' });
  });
});

describe('cockpit --once on real Bee v2.8.1: previews send nothing', () => {
  it('every preview answers from Bee\'s state and the chain sees no postage transaction from the node', async () => {
    const wallet = await client.wallet();
    const firstBlock = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
    const id = cluster.batchId;
    const batch = (await client.stamps()).find((b) => b.batchID === id)!;
    const preview = await json<{ depth: number; costPlur: string }>(['--once', 'buy-preview', '20', url]);
    expect(preview.code, preview.stderr).toBe(0);
    expect((await json(['--once', 'buy-suggest', '1GB', '30d', url])).code).toBe(0);
    const topup = await json<{ depth: number; costPlur: string }>(['--once', 'topup-preview', id.slice(0, 8), '1000000', url]);
    expect(topup.data).toMatchObject({ depth: batch.depth, costPlur: String(1_000_000n << BigInt(batch.depth)) });
    expect((await json(['--once', 'dilute-preview', id, String(batch.depth + 1), url])).code).toBe(0);
    expect((await json(['--once', 'extend-preview', id, '7d', url])).code).toBe(0);
    const plan = await json<{ batches: { batchId: string }[] }>(['--once', 'plan-batch', '30d', url]);
    expect(plan.data.batches.map((b) => b.batchId)).toContain(id);
    // With storage incentives on, the node may send redistribution transactions meanwhile; none may go to the
    // postage contract (buy, top-up, dilute).
    const lastBlock = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
    const postage = cluster.contracts.postageStamp.toLowerCase();
    for (let block = firstBlock; block <= lastBlock; block++) {
      const { transactions } = await rpc<{ transactions: { from: string; to: string | null }[] }>('eth_getBlockByNumber', [`0x${block.toString(16)}`, true]);
      const sent = transactions.filter((tx) => tx.from.toLowerCase() === wallet.walletAddress.toLowerCase() && tx.to?.toLowerCase() === postage);
      expect(sent, `block ${block}`).toEqual([]);
    }
    const pending = (await client.transactions()).filter((tx) => tx.to.toLowerCase() === postage);
    expect(pending).toEqual([]);
  });
});

/** A usable batch of the second node, bought once (real Bee stamps only with its own batches). */
let otherBatchId: string | undefined;
async function otherBatch(): Promise<string> {
  if (otherBatchId) return otherBatchId;
  const sender = createNodeClient({ baseUrl: other, timeoutMs: 180_000 });
  const { batchID } = await sender.buyStamp(10n ** 10n, 20);
  for (let i = 0; i < 120; i++) {
    const lookup = await sender.stamp(batchID);
    if (lookup.found && lookup.batch.usable) {
      otherBatchId = batchID;
      return batchID;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the second node\'s batch never became usable');
}
