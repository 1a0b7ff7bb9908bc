/**
 * Real-Bee tier: the cockpit's S6 Peers, S7 Network, S9 Tags, S10 Pins, S11 Manifest, S13 Feed Timeline and
 * S14 Pubsub actors, through the node client (whose zod schemas validate every answer) and Bee's WebSocket
 * endpoints, against a real Bee v2.8.1 cluster with swap on, after node 0 paid its peers for traffic. Every
 * endpoint each screen calls must answer and parse, each model must render from the answers, and PSS and GSOC
 * messages must arrive over real Bee's sockets. The rendered screens go to test-output/bee-cockpit-screens/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { walkFeedTimeline } from '../../actors/cockpit/feed-timeline.js';
import { manifestScreenActors } from '../../actors/cockpit/screens/manifest.js';
import { fetchNetworkFacts } from '../../actors/cockpit/screens/network.js';
import { fetchPeerDrill, fetchPeersTopology } from '../../actors/cockpit/screens/peers.js';
import { fetchPins, pinsScreenActors } from '../../actors/cockpit/screens/pins.js';
import { pubsubScreenActors } from '../../actors/cockpit/screens/pubsub.js';
import { fetchTags } from '../../actors/cockpit/screens/tags.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { parseTimelineQuery } from '../../core/cockpit/feed-timeline.js';
import { pssTarget } from '../../core/cockpit/pubsub.js';
import { tagProgress } from '../../core/cockpit/rules/tag-progress.js';
import { renderNetwork } from '../../core/cockpit/screens/network.js';
import { renderPeers } from '../../core/cockpit/screens/peers.js';
import { renderTags } from '../../core/cockpit/screens/tags.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import { bytesToHex, hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';
import { feedIdentifier, makeFeedUpdateChunk, topicFromString } from '../../core/swarm/feeds.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { privateKeyToAddress } from '../../core/swarm/signer.js';
import { makeSingleOwnerChunk, SOC_IDENTIFIER_SIZE } from '../../core/swarm/soc.js';
import { streamChunks } from '../../devnet/messaging/chunk-stream-client.js';
import { makeTar } from '../../devnet/testing/make-tar.js';
import { manifestScreenMachine, selectManifestContent } from '../../machines/cockpit/screens/manifest.machine.js';
import { pinsScreenMachine, selectPinsContent } from '../../machines/cockpit/screens/pins.machine.js';
import { pubsubScreenMachine } from '../../machines/cockpit/screens/pubsub.machine.js';
import { seededBytes } from './conformance/fixtures.js';

const OUT = 'test-output/bee-cockpit-screens';
let cluster: BeeCluster;
let clients: NodeClient[];

const save = (name: string, content: ScreenContent) => writeFileSync(`${OUT}/${name}.json`, `${JSON.stringify(content, null, 1)}\n`);

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  cluster = await startBeeCluster({ nodes: 3, swapEnable: true, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  clients = cluster.nodes.map((node) => createNodeClient({ baseUrl: node.url, timeoutMs: 60_000 }));
  await clients[0]!.uploadBytes(seededBytes('s6-s14 screens traffic', 1_000_000), { batchId: cluster.batchId, deferred: false });
}, 15 * 60_000);
afterAll(async () => {
  await cluster?.stop();
});

describe('S6 Peers and S7 Network against real Bee v2.8.1', () => {
  it('S6: /topology parses, its depth is the storage radius, and the six-call drill of a peer answers in full', async () => {
    const topology = await fetchPeersTopology(clients[0]!);
    if (!topology.ok) throw new Error(topology.error.detail);
    expect(topology.value.depth).toBe((await clients[0]!.status()).storageRadius);
    const peer = cluster.nodes[1]!.overlay;
    expect(topology.value.peers.map((p) => p.address)).toContain(peer);
    const drill = await fetchPeerDrill(clients[0]!, peer);
    for (const key of ['balance', 'cheques', 'settlement', 'ping', 'peerStatuses', 'localStatus'] as const) {
      const fetched = drill[key];
      expect(fetched.ok, `${key}: ${fetched.ok ? '' : fetched.error.detail}`).toBe(true);
    }
    expect(drill.ping.ok && drill.ping.value.rttMs).toBeGreaterThan(0);
    const content = renderPeers({ topology: topology.value, lastOkAtMs: Date.now(), pollError: null, selectedPeer: peer, drill: { open: true, loading: false, facts: drill, error: null } });
    save('s6-peers', content);
    const rows = content.drill?.sections[0];
    expect(rows?.kind === 'facts' && rows.rows.find((r) => r.label === 'batch commitment')?.tone).toBe('ok');
    expect(rows?.kind === 'facts' && rows.rows.find((r) => r.label === 'storage radius')?.value).toMatch(/^\d+$/);
    const stranger = await fetchPeerDrill(clients[0]!, 'ab'.repeat(32));
    expect(!stranger.ping.ok && stranger.ping.error.status).toBe(404);
  });

  it('S7: /addresses and /topology parse; the cluster’s nodes are Public', async () => {
    const poll = await fetchNetworkFacts(clients[0]!);
    expect(poll.addresses.ok && poll.topology.ok).toBe(true);
    const content = renderNetwork({ addresses: poll.addresses, topology: poll.topology, polledAtMs: poll.takenAtMs });
    save('s7-network', content);
    expect(content.status).toBe('ready');
    expect(JSON.stringify(content)).toContain(cluster.nodes[0]!.overlay);
    const reach = content.sections.find((s) => s.id === 'reachability');
    expect(reach?.kind === 'facts' && reach.rows[0]!.value).toBe('Public');
  });
});

describe('S9 Tags and S10 Pins against real Bee v2.8.1', () => {
  it('S9: a deferred upload’s tag reaches Synced; a chunk-stream tag stays Pending', async () => {
    const { tagUid } = await clients[0]!.uploadBytes(seededBytes('tags on real bee', 200_000), { batchId: cluster.batchId });
    let state = 'Pending';
    for (let i = 0; i < 120 && state !== 'Synced'; i++) {
      const polled = await fetchTags(clients[0]!);
      if (!polled.ok) throw new Error(polled.error.detail);
      state = tagProgress(polled.value.find((t) => t.uid === tagUid)!).state;
      if (state !== 'Synced') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(state).toBe('Synced');
    const { uid } = await clients[0]!.createTag();
    await streamChunks(cluster.nodes[0]!.url, [makeContentChunk(seededBytes('streamed on real bee', 500)).data], { headers: { 'swarm-postage-batch-id': cluster.batchId }, query: `swarm-tag=${uid}` });
    const polled = await fetchTags(clients[0]!);
    if (!polled.ok) throw new Error(polled.error.detail);
    const streamed = polled.value.find((t) => t.uid === uid)!;
    expect([streamed.address, tagProgress(streamed).state]).toEqual(['', 'Pending']);
    save('s9-tags', renderTags({ tags: polled.value, lastOkAtMs: Date.now(), pollError: null }));
  });

  it('S10: /pins and the streamed /pins/check parse; a pinned upload checks OK, an unpinned reference has total 0', async () => {
    const { reference } = await clients[0]!.uploadBytes(utf8Encode('pinned content'), { batchId: cluster.batchId, pin: true, deferred: false });
    const pins = await fetchPins(clients[0]!);
    expect(pins.ok && pins.value).toContain(reference);
    const lines = [];
    for await (const line of clients[0]!.pinsCheck({ reference })) lines.push(line);
    // The devnet's pin collections count the data chunk and the two root replicas of redundancy level 1 too.
    expect(lines).toEqual([{ reference, total: 3, missing: 0, invalid: 0 }]);
    const stranger = [];
    for await (const line of clients[0]!.pinsCheck({ reference: 'ab'.repeat(32) })) stranger.push(line);
    expect(stranger).toEqual([{ reference: 'ab'.repeat(32), total: 0, missing: 0, invalid: 0 }]);
    const actor = createActor(pinsScreenMachine.provide({ actors: pinsScreenActors(clients[0]!) }), { input: {} }).start();
    await waitFor(actor, (s) => s.context.pins !== null);
    actor.send({ type: 'screen.action', id: 'checkAll' });
    const done = await waitFor(actor, (s) => s.matches({ check: 'idle' }) && s.context.lastRun !== null, { timeout: 60_000 });
    save('s10-pins', selectPinsContent(done));
    expect(selectPinsContent(done).banner).toMatchObject({ tone: 'ok' });
    actor.stop();
  });
});

describe('S11 Manifest and S13 Feed Timeline against real Bee v2.8.1', () => {
  it('S11: the lazy walker reads a real Bee collection manifest, fork by fork', async () => {
    const tar = makeTar([
      { path: 'index.html', data: '<html>real bee</html>' },
      { path: 'img/logo.png', data: seededBytes('real logo', 3000) },
      { path: 'docs/readme.txt', data: 'read me' },
    ]);
    const { reference } = await clients[0]!.uploadCollection(tar, { batchId: cluster.batchId, indexDocument: 'index.html', deferred: false });
    const actor = createActor(manifestScreenMachine.provide({ actors: manifestScreenActors(clients[1]!) })).start();
    actor.send({ type: 'screen.command', verb: 'inspect', args: [reference] });
    const settled = () => waitFor(actor, (s) => s.context.tree !== null && Object.values(s.context.tree.nodes).every((n) => n.load !== 'loading'), { timeout: 60_000 });
    let s = await settled();
    expect(s.context.rootError).toBeNull();
    const rows = () => {
      const tree = selectManifestContent(actor.getSnapshot()).sections.find((x) => x.kind === 'tree');
      return tree?.kind === 'tree' ? tree.rows : [];
    };
    expect(rows().find((r) => r.label === '/')?.detail).toBe('index index.html');
    // Open every fork of the top level (Bee's trie decides how paths split: 'i' holds 'mg/' and 'ndex.html').
    for (let i = rows().length - 1; i >= 0; i--) {
      if (rows()[i]!.expandable && rows()[i]!.depth === 0) {
        actor.send({ type: 'screen.activate', section: 'manifest', index: i });
        s = await settled();
      }
    }
    const file = (suffix: string) => rows().find((r) => r.label.endsWith(suffix));
    expect(file('ndex.html')?.detail).toMatch(/^text\/html; charset=utf-8 · index\.html · → [0-9a-f]{8}…/);
    expect(file('readme.txt')?.detail).toMatch(/^text\/plain; charset=utf-8 · readme\.txt · → /);
    save('s11-manifest', selectManifestContent(s));
    actor.stop();
  });

  it('S13: feed updates (v1 and v2) read back newest first through real Bee’s /feeds and /chunks, each signature checked', async () => {
    const key = keccak256(utf8Encode('real bee timeline key'));
    const owner = bytesToHex(privateKeyToAddress(key));
    const topic = topicFromString('real bee timeline');
    const target = bytesToHex(keccak256(utf8Encode('some content')));
    const v1 = makeFeedUpdateChunk(key, topic, 0n, hexToBytes(target), 1_767_225_600n);
    await clients[0]!.uploadSoc(owner, bytesToHex(feedIdentifier(topic, 0n)), bytesToHex(v1.signature), v1.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: cluster.batchId, deferred: false });
    const v2 = makeSingleOwnerChunk(feedIdentifier(topic, 1n), makeContentChunk(utf8Encode('real news')), key);
    await clients[0]!.uploadSoc(owner, bytesToHex(feedIdentifier(topic, 1n)), bytesToHex(v2.signature), v2.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: cluster.batchId, deferred: false });
    const walk = await walkFeedTimeline(clients[1]!, parseTimelineQuery(owner, 'real bee timeline'));
    expect(walk.error).toBeNull();
    expect(walk.entries).toEqual([
      { index: '1', found: true, version: 'v2', reference: expect.stringMatching(/^[0-9a-f]{64}$/), timestampSeconds: null, size: 9, preview: 'real news' },
      { index: '0', found: true, version: 'v1', reference: target, timestampSeconds: 1_767_225_600, size: null, preview: null },
    ]);
    const none = await walkFeedTimeline(clients[1]!, parseTimelineQuery(owner, 'nothing here'));
    expect(none.error).toMatch(/^no update found/);
  });
});

describe('S14 Pubsub against real Bee v2.8.1', () => {
  const subscriber = (node: number) =>
    createActor(pubsubScreenMachine.provide({ actors: pubsubScreenActors({ connection: () => ({ baseUrl: cluster.nodes[node]!.url }), history: null }) }), { input: {} }).start();
  const open = (actor: ReturnType<typeof subscriber>) => waitFor(actor, (s) => s.matches({ subscribed: { connected: 'open' } }), { timeout: 30_000 });

  it('a PSS message sent by one Bee node arrives over another node’s /pss/subscribe socket', async () => {
    const actor = subscriber(1);
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'PSS', topic: 'cockpit on real bee' } });
    await open(actor);
    const topic = pssTarget('cockpit on real bee').target;
    const targets = cluster.nodes[1]!.overlay.slice(0, 4);
    // Bee mines one trojan chunk per send and delivers it by push-sync: resend until it arrives.
    for (let i = 0; i < 10 && actor.getSnapshot().context.messages.length === 0; i++) {
      const res = await fetch(`${cluster.nodes[0]!.url}/pss/send/${topic}/${targets}`, { method: 'POST', body: 'hello over real bee', headers: { 'swarm-postage-batch-id': cluster.batchId } });
      expect(res.status).toBe(201);
      await waitFor(actor, (s) => s.context.messages.length > 0, { timeout: 5_000 }).catch(() => undefined);
    }
    expect(actor.getSnapshot().context.messages[0]?.text).toBe('hello over real bee');
    actor.stop();
  });

  it('a GSOC update uploaded to a Bee node arrives over its /gsoc/subscribe socket', async () => {
    const key = keccak256(utf8Encode('real bee gsoc key'));
    const owner = bytesToHex(privateKeyToAddress(key));
    const actor = subscriber(0);
    actor.send({ type: 'screen.submit', section: 'subscribe', values: { mode: 'GSOC', owner, identifier: 'cockpit chat' } });
    await open(actor);
    const identifier = keccak256(utf8Encode('cockpit chat'));
    const soc = makeSingleOwnerChunk(identifier, makeContentChunk(utf8Encode('gsoc over real bee')), key);
    await clients[0]!.uploadSoc(owner, bytesToHex(identifier), bytesToHex(soc.signature), soc.data.subarray(SOC_IDENTIFIER_SIZE + 65), { batchId: cluster.batchId });
    const s = await waitFor(actor, (x) => x.context.messages.length > 0, { timeout: 30_000 });
    expect(s.context.messages[0]?.text).toBe('gsoc over real bee');
    actor.stop();
  });
});
