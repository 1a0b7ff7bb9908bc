/**
 * S14 Pubsub with its real actors: PSS and GSOC subscriptions on devnet nodes over Bee's WebSocket endpoints,
 * the JSONL history with size rotation, reconnecting with back-off when the node goes away, and sockets that
 * misbehave (text frames, oversized frames, refused upgrades): the screen says why in one line and goes on.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { appendWithRotation, pubsubScreenActors } from '../../actors/cockpit/screens/pubsub.js';
import { createNodeClient } from '../../actors/node-client/index.js';
import { pssTarget } from '../../core/cockpit/pubsub.js';
import { bytesToHex, utf8Encode } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { privateKeyToAddress } from '../../core/swarm/signer.js';
import { makeSingleOwnerChunk, SOC_IDENTIFIER_SIZE } from '../../core/swarm/soc.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { pubsubScreenMachine, selectPubsubContent, type PubsubScreenSnapshot } from '../../machines/cockpit/screens/pubsub.machine.js';

let devnet: StartedDevnet;
let historyDir: string;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0, seed: 'pubsub-screen' });
  historyDir = await mkdtemp(join(tmpdir(), 'pubsub-history-'));
});
afterAll(() => devnet?.stop());

function subscriber(baseUrl: string, options: { token?: string; historyFile?: string } = {}) {
  const actors = pubsubScreenActors({
    connection: () => ({ baseUrl, ...(options.token ? { token: options.token } : {}) }),
    history: options.historyFile ? { historyFile: options.historyFile, rotateSizeMb: 1, keepFiles: 2 } : null,
  });
  return createActor(pubsubScreenMachine.provide({ actors }), { input: {} }).start();
}

/** The history writer appends in the background and tells nobody: read the file until it has `count` lines. */
async function fileWithLines(file: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} never got ${count} lines`);
}

const open = (s: PubsubScreenSnapshot) => s.matches({ subscribed: { connected: 'open' } });
const payloads = (s: PubsubScreenSnapshot) => s.context.messages.map((m) => m.text ?? `0x${m.hex}`);

async function sendPss(from: number, topicHex: string, to: number, body: string): Promise<void> {
  const target = devnet.nodes[to]!.overlay.slice(0, 4);
  const res = await fetch(`${devnet.nodes[from]!.url}/pss/send/${topicHex}/${target}`, {
    method: 'POST',
    body,
    headers: { 'swarm-postage-batch-id': devnet.nodes[from]!.batchId! },
  });
  expect(res.status).toBe(201);
}

describe('S14 Pubsub on devnet nodes', () => {
  it('PSS: a message sent to the node arrives in the ring and in the JSONL history', async () => {
    const historyFile = join(historyDir, 'pss.jsonl');
    const actor = subscriber(devnet.nodes[1]!.url, { historyFile });
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'cockpit news' } });
    await waitFor(actor, open);
    const topic = pssTarget('cockpit news').target;
    await sendPss(0, topic, 1, 'Hello from node 0');
    let s = await waitFor(actor, (x) => x.context.messages.length === 1);
    expect(payloads(s)).toEqual(['Hello from node 0']);
    // Filtering is case-insensitive and only changes what is shown.
    actor.send({ type: 'screen.input', section: 'filter', field: 'filter', value: 'HELLO' });
    s = actor.getSnapshot();
    const table = selectPubsubContent(s).sections.find((x) => x.id === 'messages');
    expect(table?.kind === 'table' && table.rows.map((r) => r.cells[2]!.text)).toEqual(['Hello from node 0']);
    expect(selectPubsubContent(s).subtitle).toContain(`history → ${historyFile}`);
    const lines = (await fileWithLines(historyFile, 1)).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ mode: 'pss', target: topic, size: 17, text: 'Hello from node 0' })]);
    actor.stop();
  });

  it('GSOC: a single-owner chunk uploaded to the node is a message', async () => {
    const key = keccak256(utf8Encode('pubsub screen gsoc key'));
    const owner = bytesToHex(privateKeyToAddress(key));
    const actor = subscriber(devnet.nodes[0]!.url);
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'GSOC', owner: `0x${owner}`, identifier: 'cockpit chat' } });
    await waitFor(actor, open);
    const identifier = keccak256(utf8Encode('cockpit chat'));
    const soc = makeSingleOwnerChunk(identifier, makeContentChunk(utf8Encode('gsoc hello')), key);
    await createNodeClient({ baseUrl: devnet.nodes[0]!.url }).uploadSoc(owner, bytesToHex(identifier), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: devnet.nodes[0]!.batchId! });
    const s = await waitFor(actor, (x) => x.context.messages.length === 1);
    expect(payloads(s)).toEqual(['gsoc hello']);
    actor.stop();
  });

  it('reconnects with back-off when the node goes down, and receives again once it is back', async () => {
    const actor = subscriber(devnet.nodes[2]!.url);
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'resilient' } });
    await waitFor(actor, open);
    await devnet.control.node(2).setFault({ down: true });
    const lost = await waitFor(actor, (x) => x.matches({ subscribed: 'reconnecting' }));
    expect(lost.context.lastError).toMatch(/^socket closed 1001|connect ECONNREFUSED|socket closed 1006/);
    expect(selectPubsubContent(lost).subtitle).toMatch(/reconnecting \(attempt 1\)/);
    await devnet.control.node(2).heal();
    await waitFor(actor, open, { timeout: 10_000 });
    await sendPss(0, pssTarget('resilient').target, 2, 'after the restart');
    const s = await waitFor(actor, (x) => x.context.messages.length === 1);
    expect(payloads(s)).toEqual(['after the restart']);
    actor.stop();
  });

  it('a refused upgrade says why in one line (a node that needs a token)', async () => {
    const locked = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, token: 'sekret' });
    try {
      const actor = subscriber(locked.nodes[0]!.url);
      actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'news' } });
      const s = await waitFor(actor, (x) => x.matches({ subscribed: 'reconnecting' }));
      expect(s.context.lastError).toBe('subscription refused: 401 Unauthorized (pass --token or set NODE_TOKEN)');
      actor.stop();
      const withToken = subscriber(locked.nodes[0]!.url, { token: 'sekret' });
      withToken.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'news' } });
      await waitFor(withToken, open);
      withToken.stop();
    } finally {
      await locked.stop();
    }
  });
});

describe('S14 against a socket that misbehaves', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer();
    const sockets = new WebSocketServer({ server });
    sockets.on('connection', (socket) => {
      socket.send('a text frame: <script>alert(1)</script>');
      socket.send(Buffer.alloc(20_000, 1));
      socket.send(Buffer.from('a binary message'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('text and oversized frames are dropped and counted; the next message still arrives', async () => {
    const actor = subscriber(url);
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'x' } });
    const s = await waitFor(actor, (x) => x.context.messages.length === 1);
    expect(payloads(s)).toEqual(['a binary message']);
    expect(s.context.dropped).toEqual({ count: 2, lastReason: 'a 20,000-byte frame (a message is at most 4,096 bytes; frames over 16,384 are not messages)' });
    expect(selectPubsubContent(s).subtitle).toContain('2 frames dropped');
    actor.stop();
  });
});

describe('S14 history rotation', () => {
  it('rotates by size, keeps keep_files rotations and unlinks older ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pubsub-rotate-'));
    const file = join(dir, 'h.jsonl');
    await writeFile(join(dir, 'h.jsonl.7'), 'left by a larger keep_files\n');
    let size = 0;
    for (let i = 0; i < 12; i++) size = await appendWithRotation(file, `{"n":${i},"pad":"${'x'.repeat(20)}"}`, size, 100, 2);
    expect((await readdir(dir)).sort()).toEqual(['h.jsonl', 'h.jsonl.1', 'h.jsonl.2']);
    const newest = (await readFile(file, 'utf8')).trim().split('\n').map((l) => (JSON.parse(l) as { n: number }).n);
    const previous = (await readFile(`${file}.1`, 'utf8')).trim().split('\n').map((l) => (JSON.parse(l) as { n: number }).n);
    expect(newest.at(-1)).toBe(11);
    expect(previous.at(-1)).toBe(newest[0]! - 1);
    expect((await readFile(file)).length).toBeLessThanOrEqual(100);
  });
});
