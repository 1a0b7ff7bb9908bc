/** bee-js 12.1.0, the reference client, against a devnet node: it must accept every answer's shape. */
import { Bee, PrivateKey, Topic } from '@ethersphere/bee-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from './devnet.js';

let devnet: StartedDevnet;
let bee: Bee;
let batch: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, mineBlocks: false, pushDelayMs: 0, seed: 'bee-js' });
  bee = new Bee(devnet.nodes[0]!.url);
  batch = devnet.nodes[0]!.batchId!;
});
afterAll(() => devnet.stop());

describe('bee-js against the devnet', () => {
  it('uploads and downloads data and files, and reads stewardship', async () => {
    expect(await bee.isConnected()).toBe(true);
    const { reference } = await bee.uploadData(batch, 'hello from bee-js', { deferred: false });
    expect((await bee.downloadData(reference)).toUtf8()).toBe('hello from bee-js');
    expect(await bee.isReferenceRetrievable(reference)).toBe(true);
    const file = await bee.uploadFile(batch, 'file body', 'note.txt', { contentType: 'text/plain', deferred: false });
    const downloaded = await bee.downloadFile(file.reference);
    expect(downloaded.name).toBe('note.txt');
    expect(downloaded.data.toUtf8()).toBe('file body');
  });

  it('writes and reads a feed', async () => {
    const signer = new PrivateKey('11'.repeat(32));
    const topic = Topic.fromString('bee-js devnet feed');
    const writer = bee.makeFeedWriter(topic, signer);
    await writer.uploadPayload(batch, 'feed payload one', { deferred: false });
    await writer.uploadPayload(batch, 'feed payload two', { deferred: false });
    const reader = bee.makeFeedReader(topic, signer.publicKey().address());
    const latest = await reader.downloadPayload();
    expect(latest.payload.toUtf8()).toBe('feed payload two');
    expect(latest.feedIndex.toBigInt()).toBe(1n);
  });

  it('reads tags and stamps', async () => {
    const tag = await bee.createTag();
    expect((await bee.retrieveTag(tag.uid)).uid).toBe(tag.uid);
    const stamps = await bee.getAllPostageBatch();
    expect(stamps.map((s) => s.batchID.toHex())).toContain(batch);
  });
});
