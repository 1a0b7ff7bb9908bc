/** GET /chunks/stream on a running devnet, over a real WebSocket (the real-Bee tier runs the same exchanges). */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { startDevnet, type StartedDevnet } from '../devnet.js';
import { streamChunks } from './chunk-stream-client.js';
import { UpgradeRefused } from './subscriber-client.js';

let devnet: StartedDevnet;
const url = (i: number) => devnet.nodes[i]!.url;
const batch = () => ({ 'swarm-postage-batch-id': devnet.nodes[0]!.batchId! });
const chunks = (n: number) => Array.from({ length: n }, () => makeContentChunk(new Uint8Array(randomBytes(1 + Math.floor(Math.random() * 4096)))));

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 4, mineBlocks: false, pushDelayMs: 60_000, seed: 'chunk-stream' });
});
afterAll(() => devnet.stop());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof UpgradeRefused ? { status: error.status, body: JSON.parse(error.body) as unknown } : error),
  );

describe('GET /chunks/stream', () => {
  it('acknowledges each chunk with an empty message; without a tag each is pushed before its ack', async () => {
    const sent = chunks(5);
    expect(await streamChunks(url(0), sent.map((c) => c.data), { headers: batch() })).toEqual({ acks: 5, close: undefined });
    for (const chunk of sent) {
      const res = await fetch(`${url(2)}/chunks/${bytesToHex(chunk.address)}`);
      expect(res.status).toBe(200);
      expect(bytesToHex(new Uint8Array(await res.arrayBuffer()))).toBe(bytesToHex(chunk.data));
    }
  });

  it('with a tag (header or query) the upload is deferred and counted on the tag', async () => {
    for (const how of ['header', 'query'] as const) {
      const { uid } = (await (await fetch(`${url(0)}/tags`, { method: 'POST' })).json()) as { uid: number };
      const sent = chunks(3);
      const options = how === 'header' ? { headers: { ...batch(), 'swarm-tag': String(uid) } } : { headers: batch(), query: `swarm-tag=${uid}` };
      expect(await streamChunks(url(0), sent.map((c) => c.data), options)).toEqual({ acks: 3, close: undefined });
      expect(await (await fetch(`${url(0)}/tags/${uid}`)).json()).toMatchObject({ split: 3, synced: 0 });
      expect((await fetch(`${url(1)}/chunks/${bytesToHex(sent[0]!.address)}`)).status).toBe(500); // not pushed yet
      devnet.control.flushPushes();
      expect(await (await fetch(`${url(0)}/tags/${uid}`)).json()).toMatchObject({ split: 3, synced: 3 });
    }
  });

  it('refuses the upgrade for an unknown tag or batch, and a plain GET with 400', async () => {
    expect(await refusal(streamChunks(url(0), [], { headers: { ...batch(), 'swarm-tag': '999999' } }))).toEqual({ status: 404, body: { code: 404, message: 'tag not found' } });
    expect(await refusal(streamChunks(url(0), [], { headers: batch(), query: 'swarm-tag=x' }))).toEqual({ status: 400, body: { code: 400, message: 'invalid swarm-tag query parameter' } });
    expect(await refusal(streamChunks(url(0), [], { headers: { 'swarm-postage-batch-id': 'ab'.repeat(32) } }))).toEqual({ status: 404, body: { code: 404, message: 'batch with id not found' } });
    expect((await fetch(`${url(0)}/chunks/stream`, { headers: batch() })).status).toBe(400);
  });

  it('closes the stream as Bee does on a bad message, after acknowledging the good ones', async () => {
    const [good] = chunks(1);
    expect(await streamChunks(url(0), [good!.data, { text: 'hello' }], { headers: batch() })).toEqual({ acks: 1, close: { code: 1003, reason: 'invalid message' } });
    expect(await streamChunks(url(0), [new Uint8Array(5000)], { headers: batch() })).toEqual({ acks: 0, close: { code: 1011, reason: 'invalid chunk data' } });
    expect(await streamChunks(url(0), [new Uint8Array(4)], { headers: batch() })).toEqual({ acks: 0, close: { code: 1006, reason: '' } });
    // Without a batch header every message must carry a pre-signed stamp first.
    expect(await streamChunks(url(0), [good!.data.subarray(0, 50)], {})).toEqual({ acks: 0, close: { code: 1011, reason: 'message too small for stamp + chunk' } });
  });
});
