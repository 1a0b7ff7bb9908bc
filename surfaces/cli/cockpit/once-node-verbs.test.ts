/**
 * The `--once` verbs that read a node (price, basefee, pss-target, gsoc-mine, inspect, durability-check,
 * replica-check, feed-probe, feed-timeline, grantees-list), as the compiled `cockpit` bin against a 3-node devnet, each JSON
 * output validated by config-schema/once-results.schema.json. Oracles: bee-js gsocMine, PSS and GSOC delivery on
 * the devnet's own WebSockets, the devnet's chain state read directly. Loopback servers stand in for nodes the
 * devnet does not imitate (a light node, a chain RPC).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bee } from '@ethersphere/bee-js';
import { createNodeClient, type NodeClient } from '../../../actors/node-client/index.js';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../../actors/node-client/loopback-server.js';
import { bytesToHex, hexToBytes, utf8Encode } from '../../../core/swarm/bytes.js';
import { makeContentChunk } from '../../../core/swarm/chunk.js';
import { feedIdentifier, feedUpdateAddress, makeFeedUpdateChunk, topicFromString } from '../../../core/swarm/feeds.js';
import { makeSingleOwnerChunk, SOC_IDENTIFIER_SIZE } from '../../../core/swarm/soc.js';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { makeTar } from '../../../devnet/testing/make-tar.js';
import { openSubscriber, websocketUrl } from '../../../devnet/messaging/subscriber-client.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

let bin: string;
let devnet: StartedDevnet;
let url: string;
let client: NodeClient;
let batchId: string;
let dir: string;
const servers: LoopbackServer[] = [];

beforeAll(async () => {
  bin = compileEntries('once-node-verbs', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  batchId = devnet.nodes[0]!.batchId!;
  client = createNodeClient({ baseUrl: url });
  dir = mkdtempSync(join(tmpdir(), 'once-node-'));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const cockpit = (args: string[], env: Record<string, string> = {}): Promise<BinRun> => runBin(bin, args, env);
const json = async <D = Record<string, unknown>>(args: string[], env: Record<string, string> = {}) => {
  const run = await cockpit([...args, '--json'], env);
  return { code: run.code, result: onceJson<D>(run.stdout) };
};

async function loopback(handler: Parameters<typeof startLoopbackServer>[0]): Promise<string> {
  const server = await startLoopbackServer(handler);
  servers.push(server);
  return server.url;
}

describe('--once price', () => {
  it('the chain state price and what it means, text and JSON', async () => {
    const chain = await client.chainstate();
    const price = BigInt(chain.currentPrice);
    const { code, result } = await json<{ pricePerChunkPerBlock: string; gibPerMonthPlur: string; minimumAmount: string; chainTip: number }>(['--once', 'price', url]);
    expect(code).toBe(0);
    expect(result.data.pricePerChunkPerBlock).toBe(String(price));
    // 30 days of 5 s blocks for 2^18 chunks.
    expect(result.data.gibPerMonthPlur).toBe(String(price * 518_400n * 262_144n));
    expect(result.data.minimumAmount).toBe(String(price * BigInt(chain.minimumValidityBlocks ?? 17_280)));
    const text = await cockpit(['--once', 'price'], { NODE_URL: url });
    // Every amount with its unit, PLUR grouped by thousands (issue 23 item 8).
    const grouped = (n: bigint) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(text.stdout).toMatch(new RegExp(`^price ${grouped(price)} PLUR/chunk/block: [0-9.,]+ (xBZZ|PLUR) per GiB for 30 days at 5 s blocks; minimum purchase amount \\d{1,3}(,\\d{3})* PLUR/chunk\\n$`));
  });

  it('the node from --config: its default node and @env: token', async () => {
    const config = join(dir, 'price.toml');
    writeFileSync(config, `[[nodes]]\nname = "dev"\nurl = "${url}"\ntoken = "@env:DEV_TOKEN"\n`);
    expect((await cockpit(['--once', 'price', '--config', config], { DEV_TOKEN: 'x' })).code).toBe(0);
    const missing = await cockpit(['--once', 'price', '--config', config]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('environment variable DEV_TOKEN (from "@env:DEV_TOKEN") is not set');
  });

  it('an ultra-light node (no chain backend, 403) and an unreachable node are errors, exit 2', async () => {
    const light = await loopback((_req, res) => sendJson(res, 403, { code: 403, message: 'Forbidden' }));
    const run = await cockpit(['--once', 'price', light]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cockpit: ${light} has no /chainstate (an ultra-light node has no chain backend) (HTTP 403: Forbidden; the feature is off on this node)\n`);
    const { result } = await json(['--once', 'price', 'http://127.0.0.1:9']);
    expect(result).toMatchObject({ status: 'error', data: { node: 'http://127.0.0.1:9', error: { code: 'network' } } });
    expect((await cockpit(['--once', 'price', url, 'extra'])).code).toBe(64);
  });
});

describe('--once basefee', () => {
  it("Bee's suggested gas price from /redistributionstate", async () => {
    const state = await client.redistributionstate();
    const { code, result } = await json<{ source: string; gasPriceWei: string }>(['--once', 'basefee', url]);
    expect(code).toBe(0);
    expect(result.data).toMatchObject({ source: 'redistributionstate', gasPriceWei: String(BigInt(state.minimumGasFunds!) / 3_750_000n), minimumGasFundsWei: state.minimumGasFunds });
  });

  it('the chain RPC of the supervised node\'s YAML config, showing only its origin', async () => {
    const rpc = await loopback((req, res) => {
      const body = JSON.parse(req.body.toString('utf8') || '{}') as { method: string; id: number };
      const result = body.method === 'eth_gasPrice' ? '0x59682f00' : { number: '0x2a', baseFeePerGas: '0x3b9aca07' };
      sendJson(res, 200, { jsonrpc: '2.0', id: body.id, result });
    });
    const yaml = join(dir, 'bee.yaml');
    writeFileSync(yaml, `api-addr: 127.0.0.1:1633\nblockchain-rpc-endpoint: ${rpc}/v3/secret-api-key\n`);
    const config = join(dir, 'rpc.toml');
    writeFileSync(config, `[store]\nbin = "/usr/local/bin/bee"\nconfig = "${yaml}"\n`);
    const run = await cockpit(['--once', 'basefee', url, '--config', config, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = onceJson(run.stdout);
    expect(result.data).toMatchObject({ source: 'rpc', rpc, baseFeeWei: '1000000007', baseFeeGwei: '1.000000007', gasPriceWei: '1500000000', gasPriceGwei: '1.5', block: 42 });
    expect(run.stdout).not.toContain('secret-api-key');
  });

  it('a node without /redistributionstate (light: 400, incentives off: 403) says why, exit 2', async () => {
    for (const [status, hint] of [[400, 'a full node is needed'], [403, 'the feature is off on this node']] as const) {
      const node = await loopback((_req, res) => sendJson(res, status, { code: status, message: status === 400 ? 'Bad Request' : 'Forbidden' }));
      const run = await cockpit(['--once', 'basefee', node]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`has no /redistributionstate, where Bee reports its gas price`);
      expect(run.stderr).toContain(hint);
    }
  });
});

describe('--once pss-target', () => {
  it('the overlay prefix covering the storage radius; a PSS message sent to it with the recipient key arrives', async () => {
    const status = await client.status();
    const addresses = await client.addresses();
    const { result } = await json<{ target: string; depth: number; depthSource: string; pssPublicKey: string; coversDepth: boolean }>(['--once', 'pss-target', url]);
    expect(result.data).toMatchObject({ depth: status.storageRadius, depthSource: 'storageRadius', pssPublicKey: addresses.pssPublicKey, coversDepth: true });
    expect(addresses.overlay.startsWith(result.data.target)).toBe(true);
    expect(result.data.target.length).toBe(2 * Math.max(1, Math.ceil(status.storageRadius / 8)));
    expect((await cockpit(['--once', 'pss-target', url])).stdout).toBe(`${result.data.target}\n`);
    const subscriber = await openSubscriber(websocketUrl(url, '/pss/subscribe/cockpit-test'));
    try {
      const sender = devnet.nodes[1]!;
      const res = await fetch(`${sender.url}/pss/send/cockpit-test/${result.data.target}?recipient=${result.data.pssPublicKey}`, {
        method: 'POST',
        headers: { 'swarm-postage-batch-id': sender.batchId! },
        body: 'hello neighbourhood',
      });
      expect(res.status).toBe(201);
      expect(new TextDecoder().decode(await subscriber.next(5_000))).toBe('hello neighbourhood');
    } finally {
      await subscriber.close();
    }
  });
});

describe('--once gsoc-mine', () => {
  it('mines the key bee-js gsocMine mines; the SOC lands in the neighbourhood and a GSOC message to it arrives', async () => {
    const { code, result } = await json<{ identifier: string; privateKey: string; owner: string; socAddress: string; proximity: number; depth: number; identifierFrom: string }>([
      '--once',
      'gsoc-mine',
      'cockpit channel',
      url,
    ]);
    expect(code).toBe(0);
    const addresses = await client.addresses();
    expect(result.data.identifier).toBe(bytesToHex(topicFromString('cockpit channel')));
    expect(result.data.identifierFrom).toBe('keccak256');
    expect(result.data.proximity).toBeGreaterThanOrEqual(result.data.depth);
    const beeJs = new Bee(url).gsocMine(addresses.overlay, result.data.identifier, result.data.depth);
    expect(result.data.privateKey).toBe(beeJs.toHex());
    // A message: subscribe on the node, send the signed SOC through another node.
    const subscriber = await openSubscriber(websocketUrl(url, `/gsoc/subscribe/${result.data.socAddress}`));
    try {
      const soc = makeSingleOwnerChunk(hexToBytes(result.data.identifier), makeContentChunk(utf8Encode('gsoc hello')), hexToBytes(result.data.privateKey));
      expect(bytesToHex(soc.address)).toBe(result.data.socAddress);
      const sender = createNodeClient({ baseUrl: devnet.nodes[1]!.url });
      await sender.uploadSoc(result.data.owner, result.data.identifier, bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: devnet.nodes[1]!.batchId!, deferred: false });
      expect(new TextDecoder().decode(await subscriber.next(5_000))).toBe('gsoc hello');
    } finally {
      await subscriber.close();
    }
  });

  it('a 64-hex nonce is the identifier as given; wrong arity is a usage error', async () => {
    const id = 'ab'.repeat(32);
    const { result } = await json<{ identifier: string; identifierFrom: string }>(['--once', 'gsoc-mine', `0x${id}`, url]);
    expect(result.data).toMatchObject({ identifier: id, identifierFrom: 'hex' });
    expect((await cockpit(['--once', 'gsoc-mine', url])).code).toBe(64);
    expect((await cockpit(['--once', 'gsoc-mine', 'a', 'b', url])).code).toBe(64);
  });
});

describe('--once inspect', () => {
  it('lists a collection manifest: paths, references, content types, index document', async () => {
    const tar = makeTar([
      { path: 'index.html', data: '<h1>hi</h1>' },
      { path: 'docs/readme.txt', data: 'read me' },
    ]);
    const { reference } = await client.uploadCollection(tar, { batchId, deferred: false, indexDocument: 'index.html' });
    const { code, result } = await json<{ kind: string; indexDocument: string; entries: { path: string; contentType: string; reference: string }[] }>(['--once', 'inspect', reference, url]);
    expect(code).toBe(0);
    expect(result.data.kind).toBe('manifest');
    expect(result.data.indexDocument).toBe('index.html');
    expect(result.data.entries.map((e) => [e.path, e.contentType])).toEqual([
      ['docs/readme.txt', 'text/plain; charset=utf-8'],
      ['index.html', 'text/html; charset=utf-8'],
    ]);
    const text = await cockpit(['--once', 'manifest', reference, url]);
    expect(text.stdout).toContain('/docs/readme.txt');
    expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/: manifest, 2 paths, \d+ nodes$/);
  });

  it('lists an encrypted collection (Bee answers HEAD of a 128-hex reference 404, so its size is not asked)', async () => {
    const tar = makeTar([{ path: 'secret.txt', data: 'hidden' }]);
    const { reference } = await client.uploadCollection(tar, { batchId, deferred: false, encrypt: true });
    expect(reference).toMatch(/^[0-9a-f]{128}$/);
    const { code, result } = await json<{ kind: string; entries: { path: string }[] }>(['--once', 'inspect', reference, url]);
    expect(code).toBe(0);
    expect(result.data.kind).toBe('manifest');
    expect(result.data.entries.map((e) => e.path)).toEqual(['secret.txt']);
  });

  it('a feed manifest names its feed; plain bytes and large content are not manifests (sad, exit 1)', async () => {
    const owner = 'aa'.repeat(20);
    const topic = 'bb'.repeat(32);
    const feed = await client.createFeedManifest(owner, topic, batchId);
    expect((await json(['--once', 'inspect', feed.reference, url])).result.data).toMatchObject({ kind: 'feed', feed: { owner, topic, type: 'Sequence' } });
    const small = await client.uploadBytes(utf8Encode('just some bytes, not a manifest at all.......................'), { batchId, deferred: false });
    const notManifest = await json(['--once', 'inspect', small.reference, url]);
    expect(notManifest.code).toBe(1);
    expect(notManifest.result).toMatchObject({ status: 'sad', data: { kind: 'not-a-manifest' } });
    const large = await client.uploadBytes(new Uint8Array(5 * 1024 * 1024).fill(7), { batchId, deferred: false });
    const big = await cockpit(['--once', 'inspect', large.reference, url]);
    expect(big.code).toBe(1);
    expect(big.stdout).toContain('is not a mantaray manifest: its root holds 5,242,880 bytes of content');
  });

  it('an unknown reference is an error (exit 2); malformed references are usage errors (64)', async () => {
    const unknown = await cockpit(['--once', 'inspect', 'cd'.repeat(32), url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`cannot find ${'cd'.repeat(32)}`);
    for (const bad of ['abc', 'zz'.repeat(32), 'ab'.repeat(40)]) expect((await cockpit(['--once', 'inspect', bad, url])).code, bad).toBe(64);
    expect((await cockpit(['--once', 'inspect', url])).code).toBe(64);
  });
});

describe('--once durability-check', () => {
  it('retrievable content: ok; the same content after its chunk is lost everywhere: sad (exit 1)', async () => {
    const { reference } = await client.uploadBytes(utf8Encode(`durable ${Date.now()}`), { batchId, deferred: false, redundancyLevel: 0 });
    const ok = await json<{ retrievable: boolean; reference: string }>(['--once', 'durability-check', reference, url]);
    expect(ok.code).toBe(0);
    expect(ok.result.data).toMatchObject({ retrievable: true, reference });
    for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [reference] });
    const lost = await cockpit(['--once', 'durability', reference, url]);
    expect(lost.code).toBe(1);
    expect(lost.stdout).toContain(`${reference} is NOT retrievable from the network`);
  });
});

describe('--once replica-check (issue 29 item 5)', () => {
  it("level 2 from the root's span: 4 of 4, ok; the lose-replicas fault drops two: sad (exit 1), naming them; a level that is not 0-4 is a usage error", async () => {
    const { reference } = await client.uploadBytes(new Uint8Array(3 * 4096).map((_, i) => (i * 7 + Date.now()) % 251), { batchId, deferred: false, redundancyLevel: 2 });
    const ok = await json<{ replicas: { level: number; level_source: string; missing_everywhere: number; per_vantage: Record<string, { found: number }> } }>(['--once', 'replica-check', reference, url]);
    expect(ok.code).toBe(0);
    expect(ok.result.data.replicas).toMatchObject({ level: 2, level_source: 'span', missing_everywhere: 0, per_vantage: { [url]: { found: 4 } } });
    expect(ok.result.message).toContain("root replicas level 2 (STRONG, from the root chunk's span): 4 of 4 retrieved by some vantage");
    devnet.control.loseReplicas({ reference, slots: [0, 2] });
    const lost = await cockpit(['--once', 'replicas', reference, url]);
    expect(lost.code).toBe(1);
    expect(lost.stdout).toContain('2 of 4 retrieved by some vantage, 2 missing everywhere');
    expect(lost.stdout).toContain('retcheck --reseed --stamp <batch> re-creates them');
    const bad = await cockpit(['--once', 'replica-check', reference, '7', url]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('level must be 0 (NONE) to 4 (PARANOID)');
  });

  it('a single-chunk root with the level given: exactly its 2 replicas', async () => {
    const { reference } = await client.uploadBytes(utf8Encode(`one chunk ${Date.now()}`), { batchId, deferred: false, redundancyLevel: 1 });
    const run = await json<{ replicas: { level: number; level_source: string; slots: unknown[] } }>(['--once', 'replica-check', reference, '1', url]);
    expect(run.code).toBe(0);
    expect(run.result.data.replicas).toMatchObject({ level: 1, level_source: 'option' });
    expect(run.result.data.replicas.slots).toHaveLength(2);
  });
});

describe('--once feed-probe and feed-timeline', () => {
  const key = hexToBytes('11'.repeat(32));
  const topicName = 'cockpit timeline';
  const topic = topicFromString(topicName);
  let owner: string;
  const references: string[] = [];

  beforeAll(async () => {
    // Five v1 updates (0..4) pointing at uploaded chunks (Bee's GET /feeds answers 404 for an update pointing at
    // nothing), then a v2 update (5) wrapping 3000 bytes of content.
    for (let index = 0; index < 5; index++) {
      const ref = (await client.uploadChunk(makeContentChunk(utf8Encode(`update ${index}`)).data, { batchId, deferred: false })).reference;
      references.push(ref);
      const soc = makeFeedUpdateChunk(key, topic, BigInt(index), hexToBytes(ref), 1_700_000_000n + BigInt(index));
      owner = bytesToHex(soc.owner);
      await client.uploadSoc(owner, bytesToHex(feedIdentifier(topic, BigInt(index))), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId, deferred: false });
    }
    const v2 = makeSingleOwnerChunk(feedIdentifier(topic, 5n), makeContentChunk(new Uint8Array(3000).fill(1)), key);
    await client.uploadSoc(owner, bytesToHex(feedIdentifier(topic, 5n)), bytesToHex(v2.signature), v2.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId, deferred: false });
  });

  it('feed-probe: the latest index, the next one, payload size; the topic as text or hex, the owner with 0x', async () => {
    const { code, result } = await json<{ found: boolean; index: number; nextIndex: number; payloadBytes: number; topic: string; topicFrom: string }>(['--once', 'feed-probe', owner, topicName, url]);
    expect(code).toBe(0);
    expect(result.data).toMatchObject({ found: true, index: 5, nextIndex: 6, payloadBytes: 3000, resolvedVersion: 'v2', topic: bytesToHex(topic), topicFrom: 'keccak256' });
    const hex = await json(['--once', 'fp', `0x${owner.toUpperCase()}`, bytesToHex(topic), url]);
    expect(hex.result.data).toMatchObject({ index: 5, topicFrom: 'hex' });
    const none = await json(['--once', 'feed-probe', owner, 'no such topic', url]);
    expect(none).toMatchObject({ code: 1, result: { status: 'sad', data: { found: false } } });
  });

  it('feed-timeline: newest first, v1 timestamps and references, v2 sizes; a lost update ends the sequence as Bee’s lookup does', async () => {
    const { code, result } = await json<{ latestIndex: number; entries: { index: number; version: string; timestamp?: number; reference?: string; payloadBytes: number }[]; missing: number[] }>([
      '--once',
      'feed-timeline',
      owner,
      topicName,
      '4',
      url,
    ]);
    expect(code).toBe(0);
    expect(result.data.latestIndex).toBe(5);
    expect(result.data.entries.map((e) => [e.index, e.version])).toEqual([[5, 'v2'], [4, 'v1'], [3, 'v1'], [2, 'v1']]);
    expect(result.data.entries[0]!.payloadBytes).toBe(3000);
    expect(result.data.entries[1]).toMatchObject({ timestamp: 1_700_000_004, reference: references[4] });
    // Losing update 3 everywhere: the sequence lookup stops at the gap, as Bee's does, so 2 is the latest.
    const lost = bytesToHex(feedUpdateAddress(hexToBytes(owner), topic, 3n));
    devnet.control.loseChunks({ neighborhood: lost });
    const after = await json<{ latestIndex: number; missing: number[]; entries: { index: number }[] }>(['--once', 'ft', owner, topicName, url]);
    expect(after.result.data.latestIndex).toBe(2);
    expect(after.result.data.entries.map((e) => e.index)).toEqual([2, 1, 0]);
    const text = await cockpit(['--once', 'feed-timeline', owner, topicName, '2', url]);
    expect(text.stdout.split('\n')[1]).toMatch(/^ {5}1 {2}2023-11-14T22:13:21\.000Z {2}[0-9a-f]{16}…$/);
  });

  it('an update the node cannot fetch (Bee 2.8.1: 500 "read chunk failed") is listed as missing', async () => {
    const updates = new Map<string, Uint8Array>();
    for (const index of [0n, 2n]) {
      const soc = makeFeedUpdateChunk(key, topic, index, hexToBytes(references[Number(index)]!), 1_700_000_000n + index);
      updates.set(bytesToHex(soc.address), soc.data);
    }
    const node = await loopback((req, res) => {
      if (req.url.startsWith('/feeds/')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'swarm-feed-index': '0000000000000002', 'swarm-feed-index-next': '0000000000000003' });
        res.end(Buffer.alloc(48));
        return;
      }
      const soc = updates.get(req.url.replace('/chunks/', ''));
      if (soc) {
        res.writeHead(200, { 'content-type': 'binary/octet-stream' });
        res.end(Buffer.from(soc));
      } else sendJson(res, 500, { code: 500, message: 'read chunk failed' });
    });
    const { code, result } = await json<{ missing: number[]; entries: { index: number }[] }>(['--once', 'feed-timeline', owner, topicName, node]);
    expect(code).toBe(0);
    expect(result.data.missing).toEqual([1]);
    expect(result.data.entries.map((e) => e.index)).toEqual([2, 0]);
    expect((await cockpit(['--once', 'feed-timeline', owner, topicName, node])).stdout).toContain('     1  missing (the node cannot fetch update 1)');
  });

  it('bad owner, topic and max are usage errors (64)', async () => {
    for (const args of [['abc', topicName], [owner, ''], [owner, topicName, '0'], [owner, topicName, '1001'], [owner, topicName, 'ten'], [owner]]) {
      expect((await cockpit(['--once', 'feed-timeline', ...args, url])).code, args.join(' ')).toBe(64);
    }
    expect((await cockpit(['--once', 'feed-probe', 'zz'.repeat(20), topicName, url])).code).toBe(64);
  });
});

describe('--once grantees-list', () => {
  const keys = ['02ceff1422a7026ba54ad89967d81f2805a55eb3d05f64eb5c49ea6024212b12e8', '0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'];

  it('the keys of a list this node published; another node cannot read it (sad, exit 1)', async () => {
    const created = await client.createGrantees(keys, { batchId });
    const { code, result } = await json<{ grantees: string[]; count: number }>(['--once', 'grantees-list', created.ref, url]);
    expect(code).toBe(0);
    expect(result.data).toMatchObject({ grantees: keys, count: 2 });
    expect((await cockpit(['--once', 'grantees-list', created.ref, url])).stdout).toBe(`${keys.join('\n')}\ngrantee list ${created.ref.slice(0, 16)}…: 2 grantees\n`);
    const other = await json(['--once', 'grantees-list', created.ref, devnet.nodes[1]!.url]);
    expect(other).toMatchObject({ code: 1, result: { status: 'sad', data: { grantees: [], count: 0 } } });
    // After a PATCH that revokes the first key, the new reference lists the rest.
    const patched = await client.patchGrantees(created.ref, { revoke: [keys[0]!] }, { batchId, historyAddress: created.historyref });
    expect((await json<{ grantees: string[] }>(['--once', 'grantees-list', patched.ref, url])).result.data.grantees).toEqual([keys[1]]);
    expect((await cockpit(['--once', 'grantees-list', 'xyz', url])).code).toBe(64);
  });
});

describe('a node that wants a token', () => {
  it('401 says to pass --token or set NODE_TOKEN, exit 2; the token is never printed', async () => {
    const token = 'once-verbs-s3cret';
    await devnet.control.node(2).setFault({ authToken: token });
    try {
      const guarded = devnet.nodes[2]!.url;
      const without = await cockpit(['--once', 'pss-target', guarded]);
      expect(without).toMatchObject({ code: 2, stderr: `cockpit: ${guarded} asks for a bearer token (401): pass --token or set NODE_TOKEN\n` });
      const withToken = await cockpit(['--once', 'pss-target', guarded, '--token', token, '--json']);
      expect(withToken.code).toBe(0);
      expect(withToken.stdout + withToken.stderr).not.toContain(token);
    } finally {
      await devnet.control.node(2).heal();
    }
  });
});
