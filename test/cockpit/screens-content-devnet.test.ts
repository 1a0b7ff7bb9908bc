/**
 * S9 Tags, S10 Pins, S11 Manifest and S13 Feed Timeline against a live devnet: the real actors through the node
 * client (the screen machines with their real actors where the flow matters), and devnet controls producing
 * every state each screen shows.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { walkFeedTimeline } from '../../actors/cockpit/feed-timeline.js';
import { runPinsCheckVerb } from '../../actors/cockpit/pins-check-file.js';
import { feedTimelineScreenActors } from '../../actors/cockpit/screens/feed-timeline.js';
import { manifestScreenActors } from '../../actors/cockpit/screens/manifest.js';
import { pinsScreenActors } from '../../actors/cockpit/screens/pins.js';
import { fetchTags } from '../../actors/cockpit/screens/tags.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../actors/node-client/loopback-server.js';
import { parseTimelineQuery } from '../../core/cockpit/feed-timeline.js';
import { requestedKeys } from '../../core/cockpit/manifest-tree.js';
import { tagProgress } from '../../core/cockpit/rules/tag-progress.js';
import { renderTags, type TagFacts } from '../../core/cockpit/screens/tags.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import { bytesToHex, hexToBytes, uint64BE, utf8Encode } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { feedIdentifier, feedUpdateAddress, makeFeedUpdateChunk, topicFromString } from '../../core/swarm/feeds.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { privateKeyToAddress } from '../../core/swarm/signer.js';
import { makeSingleOwnerChunk, SOC_IDENTIFIER_SIZE } from '../../core/swarm/soc.js';
import { streamChunks } from '../../devnet/messaging/chunk-stream-client.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { makeTar } from '../../devnet/testing/make-tar.js';
import { feedTimelineScreenMachine, selectFeedTimelineContent } from '../../machines/cockpit/screens/feed-timeline.machine.js';
import { manifestScreenMachine, selectManifestContent } from '../../machines/cockpit/screens/manifest.machine.js';
import { pinsScreenMachine, selectPinsContent } from '../../machines/cockpit/screens/pins.machine.js';

let devnet: StartedDevnet;
let clients: NodeClient[];
const batch = () => devnet.nodes[0]!.batchId!;

beforeAll(async () => {
  // A push rate as the devnet command has, so deferred uploads take a while and tags move visibly.
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0, pushRatePerSecond: 100 });
  clients = devnet.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 5000 }));
});
afterAll(() => devnet?.stop());

const rowsOf = (content: ScreenContent, id: string) => {
  const s = content.sections.find((x) => x.id === id);
  return s?.kind === 'table' ? s.rows : [];
};
const seeded = (label: string, size: number) => {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 32) out.set(keccak256(utf8Encode(label), uint64BE(i)).subarray(0, Math.min(32, size - i)), i);
  return out;
};

describe('S9 Tags on a devnet node', () => {
  it('a deferred upload’s tag moves split → stored → sent → synced, visibly to a poll', async () => {
    const { tagUid } = await clients[0]!.uploadBytes(seeded('tags screen', 400_000), { batchId: batch() });
    const seen: TagFacts[] = [];
    for (let i = 0; i < 200; i++) {
      const polled = await fetchTags(clients[0]!);
      if (!polled.ok) throw new Error(polled.error.detail);
      const tag = polled.value.find((t) => t.uid === tagUid)!;
      seen.push(tag);
      if (tagProgress(tag).state === 'Synced') break;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const states = seen.map((t) => tagProgress(t).state);
    expect(states.at(-1)).toBe('Synced');
    expect(states).toContain('Syncing');
    const midway = seen.find((t) => tagProgress(t).state === 'Syncing' && t.synced > 0)!;
    expect(midway.split).toBeGreaterThan(100);
    expect(midway.stored).toBe(midway.split);
    expect(midway.synced).toBeLessThan(midway.split);
    // Receipts lag the deliveries by a tick: somewhere along the way more was sent than synced.
    expect(seen.some((t) => t.sent > t.synced)).toBe(true);
    const content = renderTags({ tags: [midway], lastOkAtMs: 0, pollError: null });
    expect(rowsOf(content, 'tags')[0]!.cells[8]!.text).toMatch(/^Syncing \d+ %$/);
  });

  it('a chunk-stream upload declares no chunk count: its tag stays Pending even once synced', async () => {
    const { uid } = await clients[0]!.createTag();
    const chunks = [1, 2, 3].map((i) => makeContentChunk(seeded(`stream ${i}`, 1000)).data);
    await streamChunks(devnet.nodes[0]!.url, chunks, { headers: { 'swarm-postage-batch-id': batch() }, query: `swarm-tag=${uid}` });
    devnet.control.flushPushes();
    devnet.control.flushPushes();
    const tag = (await clients[0]!.tag(uid));
    expect([tag.split, tag.synced, tag.address ?? '']).toEqual([3, 3, '']);
    const content = renderTags({ tags: [{ ...tag, address: tag.address ?? '' }], lastOkAtMs: 0, pollError: null });
    expect(rowsOf(content, 'tags')[0]!.cells[8]!.text).toBe('Pending');
    expect(content.sections[0]).toMatchObject({ kind: 'bars', bars: [{ text: 'Pending: chunk count not declared (3 chunks so far, 3 synced)' }] });
  });

  it('a node answering 500 is the screen error', async () => {
    await devnet.control.node(2).setFault({ error500: true });
    try {
      const polled = await fetchTags(clients[2]!);
      expect(polled.ok).toBe(false);
    } finally {
      await devnet.control.node(2).heal();
    }
  });
});

describe('S10 Pins on a devnet node', () => {
  const pinned: string[] = [];

  beforeAll(async () => {
    for (const label of ['pin a', 'pin b']) {
      const { reference } = await clients[1]!.uploadBytes(seeded(label, 9000), { batchId: devnet.nodes[1]!.batchId!, pin: true, deferred: false });
      pinned.push(reference);
    }
  });

  function pinsScreen(client: NodeClient) {
    return createActor(pinsScreenMachine.provide({ actors: pinsScreenActors(client) }), { input: { pollIntervalMs: 60_000 } }).start();
  }
  const integrity = (content: ScreenContent) => Object.fromEntries(rowsOf(content, 'pins').map((r) => [r.key, r.cells[1]!.text]));

  it('c checks every pin, streaming; damage shows as Damaged with counts; s cycles the sort', async () => {
    const actor = pinsScreen(clients[1]!);
    await waitFor(actor, (s) => s.context.pins !== null);
    actor.send({ type: 'screen.action', id: 'checkAll' });
    let done = await waitFor(actor, (s) => s.matches({ check: 'idle' }) && s.context.lastRun !== null);
    expect(integrity(selectPinsContent(done))).toEqual(Object.fromEntries(pinned.map((r) => [r, 'OK'])));
    expect(selectPinsContent(done).banner).toMatchObject({ text: 'pin check: 2 OK, 0 damaged', tone: 'ok' });

    expect(devnet.control.damagePin(1, pinned[0]!, { missing: 1, invalid: 1 })).toEqual({ missing: 1, invalid: 1 });
    actor.send({ type: 'screen.action', id: 'checkAll' });
    done = await waitFor(actor, (s) => s.matches({ check: 'idle' }) && s.context.lastRun?.id === 2);
    const content = selectPinsContent(done);
    expect(integrity(content)[pinned[0]!]).toBe('Damaged');
    expect(content.banner).toMatchObject({ text: 'pin check: 1 OK, 1 damaged', tone: 'fail' });
    const damagedRow = rowsOf(content, 'pins').find((r) => r.key === pinned[0])!;
    expect([damagedRow.cells[3]!.text, damagedRow.cells[4]!.text]).toEqual(['1', '1']);

    actor.send({ type: 'screen.action', id: 'cycleSort' });
    expect(rowsOf(selectPinsContent(actor.getSnapshot()), 'pins')[0]!.key).toBe(pinned[0]);
    actor.stop();
  });

  it('Enter checks one pin; a pin gone from the node since the last poll reads Empty', async () => {
    const actor = pinsScreen(clients[1]!);
    await waitFor(actor, (s) => s.context.pins?.length === 2);
    // The undamaged pin (re-pinning below fetches it whole again from the network).
    const index = rowsOf(selectPinsContent(actor.getSnapshot()), 'pins').findIndex((r) => r.key === pinned[1]);
    const second = pinned[1]!;
    await clients[1]!.unpin(second);
    actor.send({ type: 'screen.activate', section: 'pins', index });
    const done = await waitFor(actor, (s) => s.matches({ check: 'idle' }) && s.context.lastRun !== null);
    expect(integrity(selectPinsContent(done))[second]).toBe('Empty');
    actor.stop();
    await clients[1]!.pin(second);
  });

  it(':pins-check streams the check to a JSONL file with a summary line', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'pins-check-'));
    const outcome = await runPinsCheckVerb(clients[1]!, { directory, now: () => new Date('2026-11-24T14:03:12Z') });
    const file = join(directory, 'pins-check-2026-11-24T14-03-12.jsonl');
    expect(outcome).toEqual({ ok: false, text: `pins-check: 2 pins, 1 damaged → ${file}` });
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual({ summary: { pins: 2, damaged: 1, missingChunks: 1, invalidChunks: 1, error: null } });
    // A data directory not made yet (a first run) is made; a place no directory can be is refused.
    const fresh = await runPinsCheckVerb(clients[1]!, { directory: join(directory, 'missing', 'dir'), now: () => new Date('2026-11-24T14:03:13Z') });
    expect(fresh.text).toBe(`pins-check: 2 pins, 1 damaged → ${join(directory, 'missing', 'dir', 'pins-check-2026-11-24T14-03-13.jsonl')}`);
    const again = await runPinsCheckVerb(clients[1]!, { directory: join(file, 'dir') });
    expect(again.ok).toBe(false);
    expect(again.text).toMatch(/^pins-check: cannot write .*ENOTDIR/);
  });

  it('a check whose stream turns to garbage keeps the lines that arrived and says why', async () => {
    const server = await startLoopbackServer((request, response) => {
      if (request.url.startsWith('/pins/check')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(`${JSON.stringify({ reference: pinned[1], total: 4, missing: 0, invalid: 0 })}\n`);
        response.end('<b>not json</b>\n');
        return;
      }
      if (request.url === '/pins') return sendJson(response, 200, { references: pinned });
      return sendJson(response, 404, { code: 404, message: 'Not Found' });
    });
    try {
      const actor = pinsScreen(createNodeClient({ baseUrl: server.url }));
      await waitFor(actor, (s) => s.context.pins !== null);
      actor.send({ type: 'screen.action', id: 'checkAll' });
      const done = await waitFor(actor, (s) => s.matches({ check: 'idle' }) && s.context.lastRun !== null);
      const content = selectPinsContent(done);
      expect(integrity(content)[pinned[1]!]).toBe('OK');
      expect(content.subtitle).toMatch(/^pin check stopped: \/pins\/check: .*invalid/);
      expect(content.banner?.tone).toBe('fail');
      actor.stop();
    } finally {
      await server.close();
    }
  });
});

describe('S11 Manifest on a devnet node', () => {
  let site: string;

  beforeAll(async () => {
    const tar = makeTar([
      { path: 'index.html', data: '<html>index</html>' },
      { path: 'img/logo.png', data: seeded('logo', 3000) },
      { path: 'img/icon.png', data: seeded('icon', 300) },
      { path: 'docs/a/deep/file.txt', data: 'deep' },
      { path: 'docs/b.txt', data: 'b' },
    ]);
    site = (await clients[0]!.uploadCollection(tar, { batchId: batch(), indexDocument: 'index.html', deferred: false })).reference;
  });

  function manifestScreen() {
    const client = createNodeClient({ baseUrl: devnet.nodes[0]!.url });
    const actor = createActor(manifestScreenMachine.provide({ actors: manifestScreenActors(client) })).start();
    const bytesCalls = () => client.stats.snapshot().find((s) => s.template === 'GET /bytes/{ref}')?.count ?? 0;
    return { actor, bytesCalls };
  }
  const settled = (actor: ReturnType<typeof manifestScreen>['actor']) =>
    waitFor(actor, (s) => s.context.tree !== null && Object.values(s.context.tree.nodes).every((n) => n.load !== 'loading'));

  it(':inspect walks the root and shows only what is visible; Enter opens a fork, fetching its children only', async () => {
    const { actor, bytesCalls } = manifestScreen();
    actor.send({ type: 'screen.command', verb: 'inspect', args: [site] });
    let s = await settled(actor);
    const tree = () => {
      const t = selectManifestContent(actor.getSnapshot()).sections.find((x) => x.kind === 'tree');
      return t?.kind === 'tree' ? t.rows : [];
    };
    expect(bytesCalls()).toBe(requestedKeys(s.context.tree!).length);
    const top = tree();
    // Bee's trie: 'img/' and 'index.html' share the fork 'i'.
    expect(top.map((r) => [r.label, r.detail, r.expandable])).toEqual([
      ['/', 'index index.html', false],
      ['docs/', '2 forks', true],
      ['i', '2 forks', true],
    ]);
    const fetchedBefore = bytesCalls();
    actor.send({ type: 'screen.activate', section: 'manifest', index: 2 });
    s = await settled(actor);
    expect(bytesCalls()).toBe(requestedKeys(s.context.tree!).length);
    expect(bytesCalls()).toBe(fetchedBefore + 2);
    const opened = tree();
    expect(opened.filter((r) => r.depth === 1).map((r) => [r.label, r.expandable])).toEqual([
      ['mg/', true],
      ['ndex.html', false],
    ]);
    expect(opened.find((r) => r.label === 'ndex.html')?.detail).toMatch(/^text\/html; charset=utf-8 · index\.html · → [0-9a-f]{8}…[0-9a-f]{4}$/);
    // Nothing below the opened level was fetched: 'mg/' is shown (its node fetched) but its files are not.
    expect(opened.some((r) => r.depth === 2)).toBe(false);
    expect(Object.values(s.context.tree!.nodes).filter((n) => n.load === 'unloaded').length).toBeGreaterThan(0);
    actor.stop();
  });

  it('a root that is no manifest, and one nobody has, say so in one line', async () => {
    const { reference } = await clients[0]!.uploadBytes(utf8Encode('just some bytes, not a manifest'), { batchId: batch(), deferred: false });
    const { actor } = manifestScreen();
    actor.send({ type: 'screen.submit', section: 'root', values: { root: reference } });
    let s = await waitFor(actor, (x) => x.context.rootError !== null);
    expect(selectManifestContent(s)).toMatchObject({ status: 'error', subtitle: expect.stringMatching(/^the root is not a manifest node: invalid mantaray/) });
    actor.send({ type: 'screen.command', verb: 'inspect', args: ['ab'.repeat(32)] });
    s = await waitFor(actor, (x) => x.context.rootError?.startsWith('cannot read') === true);
    expect(s.context.rootError).toMatch(/^cannot read the root: \/bytes\/abababab…: 404/);
    actor.stop();
  });

  it('a fork whose node the node cannot serve is a red row with the reason; the rest of the tree stays', async () => {
    const { actor } = manifestScreen();
    actor.send({ type: 'screen.command', verb: 'inspect', args: [site] });
    const s = await settled(actor);
    actor.stop();
    const docs = Object.values(s.context.tree!.nodes).find((n) => n.pathText === 'docs/')!;
    // (Losing the chunk on the devnet is not enough: like Bee, it reads a lost root from its replicas.)
    const upstream = devnet.nodes[0]!.url;
    const broken = await startLoopbackServer(async (request, response) => {
      if (request.url.startsWith(`/bytes/${docs.reference}`)) return sendJson(response, 500, { code: 500, message: 'joiner: read chunk failed' });
      const answer = await fetch(`${upstream}${request.url}`);
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    try {
      const walker = createActor(manifestScreenMachine.provide({ actors: manifestScreenActors(createNodeClient({ baseUrl: broken.url })) })).start();
      walker.send({ type: 'screen.command', verb: 'inspect', args: [site] });
      await settled(walker);
      const t = selectManifestContent(walker.getSnapshot()).sections.find((x) => x.kind === 'tree');
      const rows = t?.kind === 'tree' ? t.rows : [];
      expect(rows.find((r) => r.label === 'docs/')).toMatchObject({ tone: 'fail', detail: expect.stringMatching(/^cannot load: \/bytes\/[0-9a-f]{8}…: 500 joiner: read chunk failed$/) });
      expect(rows.find((r) => r.label === '/')?.detail).toBe('index index.html');
      expect(selectManifestContent(walker.getSnapshot()).status).toBe('ready');
      walker.stop();
    } finally {
      await broken.close();
    }
  });

  it('a feed manifest shows its owner and topic', async () => {
    const owner = 'ab'.repeat(20);
    const { reference } = await clients[0]!.createFeedManifest(owner, bytesToHex(topicFromString('cockpit feed')), batch());
    const { actor } = manifestScreen();
    actor.send({ type: 'screen.command', verb: 'inspect', args: [reference] });
    await settled(actor);
    const t = selectManifestContent(actor.getSnapshot()).sections.find((x) => x.kind === 'tree');
    expect(t?.kind === 'tree' && t.rows.map((r) => r.detail).join(' ')).toContain(`feed of 0x${owner.slice(0, 8)}`);
    actor.stop();
  });
});

describe('S13 Feed Timeline on a devnet node', () => {
  const key = keccak256(utf8Encode('feed timeline test key'));
  const owner = bytesToHex(privateKeyToAddress(key));
  const topic = topicFromString('cockpit timeline');
  const references: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) {
      const reference = bytesToHex(keccak256(utf8Encode(`content ${i}`)));
      references.push(reference);
      const soc = makeFeedUpdateChunk(key, topic, BigInt(i), hexToBytes(reference), 1_767_225_600n + BigInt(i));
      await clients[0]!.uploadSoc(owner, bytesToHex(feedIdentifier(topic, BigInt(i))), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: batch(), deferred: false });
    }
    // Index 4: a v2 update wrapping its content.
    const soc = makeSingleOwnerChunk(feedIdentifier(topic, 4n), makeContentChunk(utf8Encode('the latest news')), key);
    await clients[0]!.uploadSoc(owner, bytesToHex(feedIdentifier(topic, 4n)), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: batch(), deferred: false });
  });

  it('walks newest first from another node, v2 and v1 updates, the reference in full on Enter', async () => {
    const client = createNodeClient({ baseUrl: devnet.nodes[2]!.url });
    const actor = createActor(feedTimelineScreenMachine.provide({ actors: feedTimelineScreenActors(client) })).start();
    actor.send({ type: 'screen.command', verb: 'feed-timeline', args: [`0x${owner}`, 'cockpit timeline', '10'] });
    const done = await waitFor(actor, (s) => s.matches('done'));
    let rows = rowsOf(selectFeedTimelineContent(done), 'timeline');
    expect(rows.map((r) => [r.key, r.cells[1]!.text])).toEqual([['4', 'v2'], ['3', 'v1'], ['2', 'v1'], ['1', 'v1'], ['0', 'v1']]);
    expect(rows[0]!.cells[4]!.text).toBe('15 bytes · "the latest news"');
    expect(rows[1]!.cells[3]).toMatchObject({ text: `${references[3]!.slice(0, 8)}…${references[3]!.slice(-4)}`, full: references[3] });
    actor.send({ type: 'screen.activate', section: 'timeline', index: 1 });
    rows = rowsOf(selectFeedTimelineContent(actor.getSnapshot()), 'timeline');
    expect(rows[1]!.cells[3]!.text).toBe(references[3]);
    expect(selectFeedTimelineContent(actor.getSnapshot()).subtitle).toBe('latest index 4: 5 of 5 shown');
    actor.stop();
  });

  it('max entries bounds the walk; a feed with no update is one line', async () => {
    const walk = await walkFeedTimeline(clients[1]!, parseTimelineQuery(owner, 'cockpit timeline', '2'));
    expect(walk.entries.map((e) => e.index)).toEqual(['4', '3']);
    const none = await walkFeedTimeline(clients[1]!, parseTimelineQuery(owner, 'a silent topic'));
    expect(none).toEqual({ latest: null, entries: [], error: 'no update found: the feed has no updates this node can find (404 from /feeds)' });
  });

  it('an update the node cannot serve, or serves altered, is a missing row with the reason; the rest of the walk goes on', async () => {
    const at = (index: bigint) => bytesToHex(feedUpdateAddress(hexToBytes(owner), topic, index));
    const lost = at(2n);
    const altered = at(3n);
    const upstream = devnet.nodes[1]!.url;
    const server: LoopbackServer = await startLoopbackServer(async (request, response) => {
      if (request.url.startsWith(`/chunks/${lost}`)) return sendJson(response, 500, { code: 500, message: 'read chunk failed' });
      const answer = await fetch(`${upstream}${request.url}`, { headers: { 'swarm-only-root-chunk': String(request.headers['swarm-only-root-chunk'] ?? 'false') } });
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      const body = new Uint8Array(await answer.arrayBuffer());
      // A hostile node: update 3 with one byte of its reference changed (its signature no longer matches).
      if (request.url.startsWith(`/chunks/${altered}`)) body[body.length - 1]! ^= 1;
      response.writeHead(answer.status, headers);
      response.end(body);
    });
    try {
      const walk = await walkFeedTimeline(createNodeClient({ baseUrl: server.url }), parseTimelineQuery(owner, 'cockpit timeline'));
      const shown = walk.entries.map((e) => (e.found ? e.index : `${e.index} missing: ${e.reason}`));
      expect(shown[0]).toBe('4');
      expect(shown[1]).toMatch(/^3 missing: not a valid update from this owner: invalid single-owner chunk .*the signature recovers a different owner/);
      expect(shown.slice(2)).toEqual(['2 missing: /chunks: 500 read chunk failed', '1', '0']);
    } finally {
      await server.close();
    }
  });
});
