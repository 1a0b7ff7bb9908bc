/** Content routes of a running devnet, over real HTTP on loopback. */
import { MerkleTree } from '@ethersphere/bee-js';
import fc from 'fast-check';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../actors/node-client/index.js';
import { bytesToHex, hexToBytes, utf8Encode } from '../core/swarm/bytes.js';
import { makeContentChunk } from '../core/swarm/chunk.js';
import { chunkTreeRoot } from '../core/swarm/chunk-tree.js';
import { feedIdentifier, makeFeedUpdateChunk } from '../core/swarm/feeds.js';
import { keccak256 } from '../core/swarm/keccak.js';
import { privateKeyToAddress } from '../core/swarm/signer.js';
import { makeSingleOwnerChunk } from '../core/swarm/soc.js';
import { startDevnet, type StartedDevnet } from './devnet.js';
import { makeTar } from './testing/make-tar.js';

let devnet: StartedDevnet;
let url: string;
let batch: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 60_000, seed: 'content-test' });
  url = devnet.nodes[0]!.url;
  batch = devnet.nodes[0]!.batchId!;
});
afterAll(() => devnet.stop());

const upload = (path: string, body: Uint8Array | string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${url}${path}`, { method: 'POST', body: body as BodyInit, headers: { 'swarm-postage-batch-id': batch, ...headers } });

describe('POST/GET/HEAD /bytes', () => {
  it('level-0 references equal bee-js MerkleTree.root on random data, and download returns the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 20_000 }), async (data) => {
        const res = await upload('/bytes', data, { 'swarm-redundancy-level': '0', 'swarm-deferred-upload': 'false' });
        expect(res.status).toBe(201);
        const { reference } = (await res.json()) as { reference: string };
        expect(reference).toBe(bytesToHex((await MerkleTree.root(data)).hash()));
        const back = await fetch(`${url}/bytes/${reference}`);
        expect(back.status).toBe(200);
        expect(back.headers.get('etag')).toBe(`"${reference}"`);
        expect(back.headers.get('content-length')).toBe(String(data.length));
        expect(new Uint8Array(await back.arrayBuffer())).toEqual(data);
      }),
      { numRuns: 15 },
    );
  });

  it('serves ranges (206, Content-Range), refuses unsatisfiable ones (416) and answers HEAD with the span', async () => {
    const data = Uint8Array.from({ length: 10_000 }, (_, i) => i % 251);
    const { reference } = (await (await upload('/bytes', data, { 'swarm-redundancy-level': '0' })).json()) as { reference: string };
    const part = await fetch(`${url}/v1/bytes/${reference}`, { headers: { range: 'bytes=4090-4105' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4090-4105/10000');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(data.subarray(4090, 4106));
    const bad = await fetch(`${url}/bytes/${reference}`, { headers: { range: 'bytes=20000-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */10000');
    const head = await fetch(`${url}/bytes/${reference}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10000');
    expect(head.headers.get('etag')).toBeNull();
    const cached = await fetch(`${url}/bytes/${reference}`, { headers: { 'if-none-match': `"${reference}"` } });
    expect(cached.status).toBe(304);
  });

  it('answers Bee errors: missing batch 400, unknown batch 404, bad reference 400, unknown content 404', async () => {
    const noBatch = await fetch(`${url}/bytes`, { method: 'POST', body: 'x' });
    expect(noBatch.status).toBe(400);
    expect(await noBatch.json()).toMatchObject({ code: 400, message: 'invalid header params', reasons: [{ field: 'swarm-postage-batch-id' }] });
    const unknown = await upload('/bytes', 'x', { 'swarm-postage-batch-id': 'ab'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 404, message: 'batch with id not found' });
    const otherNodesBatch = await upload('/bytes', 'x', { 'swarm-postage-batch-id': devnet.nodes[1]!.batchId! });
    expect(otherNodesBatch.status).toBe(404);
    expect((await fetch(`${url}/bytes/xyz`)).status).toBe(400);
    const missing = await fetch(`${url}/bytes/${'00'.repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, message: 'Not Found' });
    const badBool = await upload('/bytes', 'x', { 'swarm-pin': 'maybe' });
    expect(badBool.status).toBe(400);
  });

  it('uses a tag for deferred or pinned uploads and none for direct ones', async () => {
    const deferred = await upload('/bytes', 'tagged', { 'swarm-redundancy-level': '0' });
    const uid = deferred.headers.get('swarm-tag');
    expect(uid).toMatch(/^\d+$/);
    const tag = (await (await fetch(`${url}/tags/${uid}`)).json()) as Record<string, unknown>;
    expect(tag).toMatchObject({ uid: Number(uid), split: 1, stored: 1, sent: 0, synced: 0, address: ((await deferred.json()) as { reference: string }).reference });
    devnet.control.flushPushes();
    const after = (await (await fetch(`${url}/tags/${uid}`)).json()) as { synced: number; sent: number };
    expect(after.synced).toBe(1);
    expect(after.sent).toBe(2);
    const direct = await upload('/bytes', 'direct', { 'swarm-deferred-upload': 'false' });
    expect(direct.headers.get('swarm-tag')).toBeNull();
  });
});

describe('tags and pins', () => {
  it('creates, lists, patches and deletes tags', async () => {
    const created = await fetch(`${url}/tags`, { method: 'POST' });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { uid: number; address: string; startedAt: string };
    expect(tag.address).toBe('');
    expect(Date.parse(tag.startedAt)).not.toBeNaN();
    const list = (await (await fetch(`${url}/tags?limit=1000`)).json()) as { tags: { uid: number }[] };
    expect(list.tags.some((t) => t.uid === tag.uid)).toBe(true);
    const patched = await fetch(`${url}/tags/${tag.uid}`, { method: 'PATCH', body: JSON.stringify({ address: 'ab'.repeat(32) }) });
    expect(await patched.json()).toEqual({ message: 'ok', code: 200 });
    expect((await fetch(`${url}/tags/${tag.uid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${url}/tags/${tag.uid}`)).status).toBe(404);
  });

  it('pins on upload, lists, checks with NDJSON, and unpins', async () => {
    const { reference } = (await (await upload('/bytes', 'pinned content', { 'swarm-pin': 'true' })).json()) as { reference: string };
    expect(await (await fetch(`${url}/pins/${reference}`)).json()).toEqual({ reference });
    expect(((await (await fetch(`${url}/pins`)).json()) as { references: string[] }).references).toContain(reference);
    const check = await fetch(`${url}/pins/check?ref=${reference}`);
    const lines = (await check.text()).trim().split('\n').map((l) => JSON.parse(l) as unknown);
    // The pin's collection: the one data chunk and the two root replicas of the default redundancy level 1.
    expect(lines).toEqual([{ reference, total: 3, missing: 0, invalid: 0 }]);
    expect((await fetch(`${url}/pins/${reference}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${url}/pins/${reference}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${url}/pins/${reference}`)).status).toBe(404);
    // Real Bee v2.8.1: pinning content nobody has fails the traversal with 500 "pin collection failed".
    expect((await fetch(`${url}/pins/${'00'.repeat(32)}`, { method: 'POST' })).status).toBe(500);
  });
});

describe('chunks, SOC and feeds', () => {
  it('uploads a chunk and serves it with GET (network) and HEAD (local only)', async () => {
    const chunk = makeContentChunk(utf8Encode('Hello, Swarm!'));
    const res = await upload('/chunks', chunk.data);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ reference: '680bb26ce329867d9063251135dea6f02b58d0ef3d4eb9076c3d5fc03fe54cf6' });
    const other = devnet.nodes[2]!.url;
    const viaNetwork = await fetch(`${other}/chunks/${bytesToHex(chunk.address)}`);
    expect(viaNetwork.status).toBe(200);
    expect(viaNetwork.headers.get('content-type')).toBe('binary/octet-stream');
    expect(new Uint8Array(await viaNetwork.arrayBuffer())).toEqual(chunk.data);
    expect((await upload('/chunks', new Uint8Array(4))).status).toBe(400);
  });

  it('round-trips a feed: SOC update signed by the core signer, lookup headers, resolved body, feed manifest', async () => {
    const privateKey = keccak256(utf8Encode('feed owner key'));
    const owner = bytesToHex(privateKeyToAddress(privateKey));
    const topic = keccak256(utf8Encode('devnet topic'));
    const contents = ['first version', 'second version'];
    const sites: string[] = [];
    for (const [index, text] of contents.entries()) {
      const site = await upload('/bzz?name=v.txt', text, { 'swarm-deferred-upload': 'false', 'content-type': 'text/plain' });
      const { reference } = (await site.json()) as { reference: string };
      sites.push(reference);
      const soc = makeFeedUpdateChunk(privateKey, topic, BigInt(index), hexToBytes(reference), 1_700_000_000n + BigInt(index));
      const id = bytesToHex(feedIdentifier(topic, BigInt(index)));
      const signature = bytesToHex(soc.data.subarray(32, 97));
      const res = await upload(`/soc/${owner}/${id}?sig=${signature}`, soc.data.subarray(97));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ reference: bytesToHex(soc.address) });
    }
    const feed = await fetch(`${devnet.nodes[3]!.url}/feeds/${owner}/${bytesToHex(topic)}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('swarm-feed-index')).toBe('0000000000000001');
    expect(feed.headers.get('swarm-feed-index-next')).toBe('0000000000000002');
    expect(feed.headers.get('swarm-feed-resolved-version')).toBe('v1');
    expect(feed.headers.get('swarm-soc-signature')).toMatch(/^[0-9a-f]{130}$/);
    // GET /feeds answers the target's bytes: here the root node of the second site's manifest.
    const manifestBytes = new Uint8Array(await (await fetch(`${url}/bytes/${sites[1]}`)).arrayBuffer());
    expect(new Uint8Array(await feed.arrayBuffer())).toEqual(manifestBytes);

    const manifest = await upload(`/feeds/${owner}/${bytesToHex(topic)}`, '');
    expect(manifest.status).toBe(201);
    const { reference } = (await manifest.json()) as { reference: string };
    devnet.control.flushPushes();
    const viaBzz = await fetch(`${url}/bzz/${reference}/`);
    expect(viaBzz.status).toBe(200);
    expect(viaBzz.headers.get('swarm-feed-index')).toBe('0000000000000001');
    expect(await viaBzz.text()).toBe('second version');
    expect((await fetch(`${url}/feeds/${owner}/${'00'.repeat(32)}`)).status).toBe(404);
  });

  it('rejects a SOC whose signature does not match the owner with 401', async () => {
    const privateKey = keccak256(utf8Encode('someone'));
    const id = keccak256(utf8Encode('id'));
    const soc = makeSingleOwnerChunk(id, makeContentChunk(utf8Encode('payload')), privateKey);
    const wrongOwner = 'ab'.repeat(20);
    const res = await upload(`/soc/${wrongOwner}/${bytesToHex(id)}?sig=${bytesToHex(soc.signature)}`, soc.data.subarray(97));
    expect(res.status).toBe(401);
    const owner = bytesToHex(soc.owner);
    expect((await upload(`/soc/${owner}/${bytesToHex(id)}?sig=${bytesToHex(soc.signature)}`, soc.data.subarray(97))).status).toBe(201);
    const got = await fetch(`${url}/soc/${owner}/${bytesToHex(id)}`);
    expect(await got.text()).toBe('payload');
    expect(got.headers.get('swarm-soc-signature')).toBe(bytesToHex(soc.signature));
  });
});

describe('/bzz', () => {
  it('uploads a single file with name and content type, redirects to the trailing slash, serves it', async () => {
    const res = await upload('/bzz?name=hello.txt', 'hello bzz', { 'content-type': 'text/plain' });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect(res.headers.get('etag')).toBe(`"${reference}"`);
    const redirect = await fetch(`${url}/bzz/${reference}`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe(`/bzz/${reference}/`);
    const file = await fetch(`${url}/bzz/${reference}/`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="hello.txt"');
    expect(await file.text()).toBe('hello bzz');
    expect((await fetch(`${url}/bzz/${reference}/hello.txt`)).status).toBe(200);
  });

  it('uploads a tar collection with index and error documents and resolves paths like Bee', async () => {
    const tar = makeTar([
      { path: 'index.html', data: '<h1>home</h1>' },
      { path: 'docs/index.html', data: '<h1>docs</h1>' },
      { path: 'docs/a.css', data: 'body{}' },
      { path: '404.html', data: 'not here' },
    ]);
    const res = await upload('/bzz', tar, {
      'content-type': 'application/x-tar',
      'swarm-collection': 'true',
      'swarm-index-document': 'index.html',
      'swarm-error-document': '404.html',
    });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const get = async (path: string): Promise<Response> => fetch(`${url}/bzz/${reference}/${path}`, { redirect: 'manual' });
    expect(await (await get('')).text()).toBe('<h1>home</h1>');
    const css = await get('docs/a.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const dir = await get('docs');
    expect(dir.status).toBe(308);
    expect(dir.headers.get('location')).toBe(`/bzz/${reference}/docs/`);
    expect(await (await get('docs/')).text()).toBe('<h1>docs</h1>');
    const missing = await get('nope.png');
    expect(missing.status).toBe(200);
    expect(await missing.text()).toBe('not here');
    const noType = await upload('/bzz', tar, { 'swarm-collection': 'true' });
    expect(noType.status).toBe(400);
  });
});

describe('redundancy (Bee v2.8.1 default level 1)', () => {
  it('encodes uploads without the header at level 1, downloads them, and survives a lost data chunk through parity (stewardship says no, as Bee)', async () => {
    const data = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919 + (i >> 8) * 31) % 256);
    const res = await upload('/bytes', data, { 'swarm-deferred-upload': 'false' });
    const { reference } = (await res.json()) as { reference: string };
    expect(reference).toBe(bytesToHex(chunkTreeRoot(data, 1)));
    expect(reference).not.toBe(bytesToHex(chunkTreeRoot(data, 0)));
    const firstLeaf = bytesToHex(makeContentChunk(data.subarray(0, 4096)).address);
    for (let i = 0; i < devnet.nodes.length; i++) devnet.control.loseChunks({ nodeIndex: i, addresses: [firstLeaf] });
    // A chunk no peer can deliver: real Bee v2.8.1 answers GET /chunks with 500 "read chunk failed".
    expect((await fetch(`${devnet.nodes[1]!.url}/chunks/${firstLeaf}`)).status).toBe(500);
    // Stewardship fetches every chunk, parity included, and rebuilds nothing (Bee v2.8.1 pkg/steward): a no,
    // while a download rebuilds the chunk from parity.
    expect(await (await fetch(`${devnet.nodes[1]!.url}/stewardship/${reference}`)).json()).toEqual({ isRetrievable: false });
    const back = await fetch(`${devnet.nodes[2]!.url}/bytes/${reference}`);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(data);
  });

  it("answers HEAD /bytes as Bee v2.8.1 does: the root span as a signed int64 (negative at redundancy level > 0), read back by the node client", async () => {
    const data = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 13) % 256);
    const { reference } = (await (await upload('/bytes', data)).json()) as { reference: string };
    const head = await headRaw(url, `/bytes/${reference}`);
    // 20,000 at level 1: top byte 0x81 -> -(2^64 - 0x81 << 56) + 20,000.
    expect(head).toContain('\r\ncontent-length: -9151314442816827872\r\n');
    expect(head).toContain('\r\naccess-control-expose-headers: Accept-Ranges, Content-Encoding\r\n');
    const client = createNodeClient({ baseUrl: url });
    expect(await client.headBytes(reference)).toMatchObject({ status: 200, contentLength: 20_000, redundancyLevel: 1 });
    // A reference nobody uploaded: 404 with no body and no content type; a SOC address answers its own length.
    expect(await headRaw(url, `/bytes/${'ab'.repeat(32)}`)).toMatch(/^HTTP\/1\.1 404 [^]*\r\n\r\n$/);
    expect(await headRaw(url, `/bytes/${'ab'.repeat(32)}`)).not.toContain('content-type');
    const soc = makeSingleOwnerChunk(keccak256(utf8Encode('head id')), makeContentChunk(utf8Encode('soc under HEAD')), keccak256(utf8Encode('head key')));
    const owner = bytesToHex(privateKeyToAddress(keccak256(utf8Encode('head key'))));
    expect((await upload(`/soc/${owner}/${bytesToHex(soc.data.subarray(0, 32))}?sig=${bytesToHex(soc.data.subarray(32, 97))}`, soc.data.subarray(97))).status).toBe(201);
    expect(await client.headBytes(bytesToHex(soc.address))).toMatchObject({ status: 200, contentLength: soc.data.length });
  });

  it('answers GET /feeds 404 "wrapped chunk cannot be retrieved" for a v1 update pointing at nothing, as Bee v2.8.1 does', async () => {
    const key = keccak256(utf8Encode('dangling feed key'));
    const owner = bytesToHex(privateKeyToAddress(key));
    const write = async (topic: Uint8Array, target: Uint8Array) => {
      const soc = makeFeedUpdateChunk(key, topic, 0n, target, 1_767_225_600n);
      const res = await upload(`/soc/${owner}/${bytesToHex(feedIdentifier(topic, 0n))}?sig=${bytesToHex(soc.data.subarray(32, 97))}`, soc.data.subarray(97));
      expect(res.status).toBe(201);
      return soc;
    };
    const dangling = keccak256(utf8Encode('dangling topic'));
    await write(dangling, keccak256(utf8Encode('nobody uploaded this')));
    const lookup = await fetch(`${url}/feeds/${owner}/${bytesToHex(dangling)}`);
    expect(lookup.status).toBe(404);
    expect(await lookup.json()).toEqual({ code: 404, message: 'wrapped chunk cannot be retrieved' });
    const manifest = (await (await upload(`/feeds/${owner}/${bytesToHex(dangling)}`, '')).json()) as { reference: string };
    expect(await (await fetch(`${url}/bzz/${manifest.reference}/`)).json()).toEqual({ code: 404, message: 'bzz download: feed pointing to the wrapped chunk not found' });

    // The wrapped chunk stored on its own too: Bee's v2 reading holds, and the update's payload is the content.
    const stored = keccak256(utf8Encode('wrapped chunk stored topic'));
    const soc = await write(stored, keccak256(utf8Encode('nobody uploaded this either')));
    expect((await upload('/chunks', soc.data.subarray(97))).status).toBe(201);
    const v2 = await fetch(`${url}/feeds/${owner}/${bytesToHex(stored)}`);
    expect(v2.status).toBe(200);
    expect(v2.headers.get('swarm-feed-resolved-version')).toBe('v2');
    expect(new Uint8Array(await v2.arrayBuffer())).toEqual(soc.data.subarray(97 + 8));

    // Pointing at a small upload, as the benchmark's feed cases now do: v1, the upload's bytes.
    const small = (await (await upload('/bytes', utf8Encode('feed target'))).json()) as { reference: string };
    const pointed = keccak256(utf8Encode('pointed topic'));
    await write(pointed, hexToBytes(small.reference));
    const v1 = await fetch(`${url}/feeds/${owner}/${bytesToHex(pointed)}`);
    expect(v1.headers.get('swarm-feed-resolved-version')).toBe('v1');
    expect(await v1.text()).toBe('feed target');
  });
});

/** A HEAD over a plain socket: fetch and node:http refuse the negative Content-Length this test is about. */
function headRaw(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`HEAD ${path} HTTP/1.1\r\nhost: ${hostname}\r\nconnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
