/**
 * Test support: every screen S1..S15 (and the drills of S2 and S6) rendered by its own screen code from
 * answers like a busy node's, with the long values that push a layout around: 64- and 128-hex references,
 * long labels and node names, amounts from a few PLUR to thousands of xBZZ in one column, six-digit counts.
 * The tests over every width and every face walk this list (surfaces/tui/table-columns.test.ts,
 * core/cockpit/screens/screen-gallery.test.ts).
 */
import { computeGates } from '../gates.js';
import { nodeLoaded, startTree } from '../manifest-tree.js';
import { parseTimelineQuery } from '../feed-timeline.js';
import { pssTarget, toMessage } from '../pubsub.js';
import { healthySnapshot, withSnapshot } from '../snapshot-fixtures.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import type { ScreenId } from '../view/screens.js';
import type { ScreenContent } from '../view/screen-contract.js';
import { NODE_TYPE_EDGE, NODE_TYPE_VALUE, NODE_TYPE_WITH_METADATA } from '../../swarm/mantaray.js';
import { utf8Encode } from '../../swarm/bytes.js';
import { renderApiHealth } from './api-health.js';
import { ok } from './common.js';
import { renderFeedTimeline } from './feed-timeline.js';
import { fleetScreen } from './fleet.js';
import { healthScreen } from './health.js';
import { renderLottery } from './lottery.js';
import { renderManifest } from './manifest.js';
import { renderNetwork } from './network.js';
import { renderPeers, type PeerDrillFacts, type PeersTopologyFacts } from './peers.js';
import { renderPins } from './pins.js';
import { renderPubsub } from './pubsub.js';
import { apiHealthPoll, bucketSummary, lotteryPoll, stampFacts, stampsPoll, swapPoll, warmupPoll } from './screen-fixtures.js';
import { buildStampsModel, renderStamps } from './stamps.js';
import { renderSwap } from './swap.js';
import { renderTags } from './tags.js';
import { renderWarmup } from './warmup.js';
import { watchlistScreen } from './watchlist.js';
import { recordIn, type AvailabilityBook } from '../availability.js';
import { withGalleryTrend } from './gallery-trends.js';
import { withScreenTrends } from './screen-trends.js';

export interface GalleryScreen {
  readonly screen: ScreenId;
  /** `S2 Stamps`, `S2 Stamps (bucket drill)`. */
  readonly name: string;
  readonly content: ScreenContent;
}

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const BZZ = 10n ** 16n;

/** A deterministic 64-hex value that looks like one (not `aaaa…`). */
export function hexOf(seed: number, bytes = 32): string {
  let x = (seed * 2654435761 + 0x9e3779b9) >>> 0;
  let out = '';
  for (let i = 0; i < bytes; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += ((x >>> 16) & 0xff).toString(16).padStart(2, '0');
  }
  return out;
}

function fleet(): FleetNodeFacts[] {
  const names = ['http://127.0.0.1:32991', 'storage-node-eu-central-1-with-a-very-long-name', 'n3'];
  return names.map((name, i) => {
    const snapshot = withSnapshot(healthySnapshot(NOW + i), {
      stamps: [
        { batchID: hexOf(100 + i), batchTTL: [29 * 86_400 + 23 * 3600, 3 * 3600 + 120, 2_591_999][i]!, usable: true, depth: 22, label: i === 1 ? 'archive-2025-with-a-long-label' : 'devnet' },
        { batchID: hexOf(200 + i), batchTTL: 400 * 86_400, usable: true, depth: 24, label: '' },
      ],
    });
    return { name, url: i === 0 ? name : `http://10.0.${i}.17:1633`, active: i === 0, isDefault: i === 1, snapshot, gates: computeGates(snapshot), pollError: null, polling: false };
  });
}

function stamps(drill: boolean): ScreenContent {
  const poll = stampsPoll(NOW, [
    stampFacts(hexOf(1), { label: 'archive-2025-with-a-long-label', amount: '151372800000', batchTTL: 364 * 86_400 }),
    stampFacts(hexOf(2), { label: '', amount: '414720000', batchTTL: 3600 * 5, utilization: 63 }),
    stampFacts(hexOf(3), { amount: '1000000000000000000', batchTTL: 2 * 3600, depth: 31 }),
    stampFacts(hexOf(4), { usable: false, amount: '62208000000', batchTTL: -1 }),
  ]);
  const model = buildStampsModel(poll, {});
  return renderStamps(model, drill ? { batchID: hexOf(1), kind: 'ready', summary: { ...bucketSummary, worst: Array.from({ length: 10 }, (_, i) => ({ bucketID: 40_000 + i * 17, collisions: 64 - i })) } } : null);
}

function swap(): ScreenContent {
  const base = swapPoll(NOW);
  const cheque = (payout: string) => ({ beneficiary: `0x${hexOf(9, 20)}`, chequebook: `0x${hexOf(8, 20)}`, payout });
  const payouts = ['10312345678', '405000000', '27000000', '0', String(2n * BZZ), String(12_345n * BZZ)];
  return renderSwap({
    ...base,
    chequebookBalance: ok({ totalBalance: String(10n * BZZ), availableBalance: String(10n * BZZ - 13_500_000n) }),
    cheques: ok(payouts.map((payout, i) => ({ peer: hexOf(300 + i), lastreceived: cheque(payout), lastsent: i % 2 ? cheque('1350000') : null }))),
    settlements: ok({ totalReceived: '12300000000', totalSent: '0', settlements: payouts.slice(0, 3).map((received, i) => ({ peer: hexOf(300 + i), received, sent: '0' })) }),
    timesettlements: ok({ totalReceived: '58800000000', totalSent: String(3n * BZZ), settlements: [{ peer: hexOf(300), received: '5150000000', sent: String(3n * BZZ) }, { peer: hexOf(301), received: '0', sent: '6820000000' }] }),
  });
}

function peersTopology(): PeersTopologyFacts {
  const perBin = [16, 14, 4, 3, 2, 1];
  const peers = perBin.flatMap((count, po) =>
    Array.from({ length: count }, (_, i) => ({ address: hexOf(1000 + po * 50 + i), po, latencyMs: 0.8 + i * 7.3, direction: i % 3 ? 'inbound' : 'outbound', healthy: i % 5 !== 4, reachability: 'Public', sessionSeconds: 49 + i * 4000 })),
  );
  return { depth: 2, connected: peers.length, population: 120_345, connectedPerBin: [...perBin, ...new Array<number>(26).fill(0)], peers };
}

function peers(drill: boolean): ScreenContent {
  const topology = peersTopology();
  const target = topology.peers[3]!.address;
  const snapshot = (overlay: string, batchCommitment: number) => ({ overlay, storageRadius: 10, reserveSize: 4_194_304, reserveSizeWithinRadius: 2_500_124, pullsyncRate: 0.5, batchCommitment });
  const facts: PeerDrillFacts = {
    peer: target,
    balance: ok('-20000000000000'),
    cheques: ok({ lastReceived: '1000000000000000', lastSent: null }),
    settlement: ok({ received: '1000000000000000', sent: '0' }),
    ping: ok({ rtt: '3.2ms', rttMs: 3.2 }),
    peerStatuses: ok([snapshot(target, 12_582_912), snapshot(hexOf(7), 12_582_912), snapshot(hexOf(8), 12_000_000)]),
    localStatus: ok(snapshot(hexOf(6), 12_582_912)),
  };
  return renderPeers({ topology, lastOkAtMs: NOW, pollError: null, selectedPeer: target, drill: { open: drill, loading: false, facts, error: null } });
}

function network(): ScreenContent {
  const peerId = '16Uiu2HAmTm1vK1wUfjVRxXKcKr1S3CZ8yDbvNcEqZ5uHSNfjDaa';
  return renderNetwork({
    addresses: ok({
      overlay: hexOf(11),
      ethereum: `0x${hexOf(12, 20)}`,
      publicKey: `02${hexOf(13)}`,
      pssPublicKey: `03${hexOf(14)}`,
      underlay: [`/ip4/127.0.0.1/tcp/1634/p2p/${peerId}`, `/ip4/203.0.113.9/udp/1634/quic-v1/p2p/${peerId}`, `/dns4/bee-1.storage.example.org/tcp/1634/p2p/${peerId}`, `/ip6/::1/tcp/1634/p2p/${peerId}`],
    }),
    topology: ok({ reachability: 'Public', networkAvailability: 'Available' }),
    polledAtMs: NOW,
  });
}

function apiHealth(): ScreenContent {
  const base = apiHealthPoll(NOW, 3);
  return renderApiHealth(
    {
      ...base,
      chainstate: ok({ chainTip: 38_512_349, block: 38_512_340, totalAmount: '3960000000', currentPrice: '24000', minimumValidityBlocks: 17_280 }),
      calls: [
        { template: 'GET /topology', count: 123_456, errors: 3, cancelled: 12_345, lastStatus: 200, p50: 11, p95: 59, p99: 59, max: 1250 },
        { template: 'GET /stamps/{batch_id}/buckets', count: 2, errors: 1, cancelled: 0, lastStatus: 500, p50: 0.04, p95: 6.9, p99: 6.9, max: 6.9 },
        { template: 'GET /pins', count: 1, errors: 0, cancelled: 1, lastErrorCode: 'aborted', p50: null, p95: null, p99: null, max: null },
      ],
    },
    0,
  );
}

function tags(): ScreenContent {
  const tag = (uid: number, over: object) => ({ uid, address: hexOf(400 + uid), startedAt: new Date(NOW - uid * 60_000).toISOString(), split: 123_456, seen: 0, stored: 123_456, sent: 0, synced: 0, ...over });
  return renderTags({ tags: [tag(1, { synced: 123_456 }), tag(4_294_967_295, { address: '', split: 7, synced: 7 }), tag(17, { synced: 40_000, sent: 60_000 })], lastOkAtMs: NOW, pollError: null });
}

function pins(): ScreenContent {
  const refs = [hexOf(500), hexOf(501), hexOf(502) + hexOf(503), hexOf(504)];
  return renderPins({
    pins: refs,
    lastOkAtMs: NOW,
    pollError: null,
    checks: { [refs[0]!]: { total: 123_456, missing: 0, invalid: 0 }, [refs[1]!]: { total: 9_876, missing: 1_234, invalid: 5 }, [refs[2]!]: { total: 0, missing: 0, invalid: 0 } },
    running: null,
    checkError: null,
    lastRun: null,
    sort: 'badFirst',
  });
}

function manifest(): ScreenContent {
  const hex = (s: string) => Buffer.from(s).toString('hex');
  let tree = startTree(hexOf(600));
  tree = nodeLoaded(tree, '', {
    entry: null,
    forks: [
      { key: hex('/'), prefixText: '/', type: NODE_TYPE_VALUE | NODE_TYPE_WITH_METADATA, reference: hexOf(601), metadata: { 'website-index-document': 'index.html' } },
      { key: hex('assets/images/'), prefixText: 'assets/images/', type: NODE_TYPE_EDGE, reference: hexOf(602), metadata: null },
    ],
  }).tree;
  return renderManifest({ rootInput: hexOf(600), inputError: null, tree, rootError: null, selected: 0 });
}

function galleryAvailability(refs: readonly string[]): AvailabilityBook {
  const result = (reference: string, minutesAgo: number, retrievable: boolean | null) => ({ reference, node: 'n1', checkedAtMs: NOW - minutesAgo * 60_000, elapsedMs: 900, retrievable });
  const fold = (reference: string, pattern: readonly (boolean | null)[], everyMinutes: number) =>
    pattern.reduce<AvailabilityBook>((book, retrievable, i) => recordIn(book, result(reference, (pattern.length - i) * everyMinutes, retrievable)), {});
  return {
    ...fold(refs[0]!, Array.from({ length: 40 }, () => true), 60),
    ...fold(refs[1]!, [...Array.from({ length: 30 }, () => true), ...Array.from({ length: 14 }, () => false)], 120),
    ...fold(refs[2]!, [null, null], 1440),
  };
}

function watchlist(): ScreenContent {
  const refs = [hexOf(700), hexOf(701) + hexOf(702), hexOf(703)];
  return watchlistScreen(
    {
      entries: [
        { reference: refs[0]!, intervalSeconds: 60 },
        { reference: refs[1]!, intervalSeconds: null },
        { reference: refs[2]!, intervalSeconds: 86_400 },
      ],
      history: [
        { reference: refs[0]!, node: 'http://127.0.0.1:32991', checkedAtMs: NOW, elapsedMs: 1_234, retrievable: true, pinned: true },
        { reference: refs[1]!, node: 'storage-node-eu-central-1-with-a-very-long-name', checkedAtMs: NOW - 60_000, elapsedMs: 98_765, retrievable: false, pinned: false },
        { reference: refs[2]!, node: 'n3', checkedAtMs: NOW - 120_000, elapsedMs: 15_000, retrievable: null, error: 'timeout after 15,000 ms' },
      ],
      queue: [],
      checking: false,
      // Days of checks: refs[0] always there, refs[1] failing since yesterday, refs[2] never could be checked.
      availability: galleryAvailability(refs),
    },
    { value: '', error: null },
  );
}

function feedTimeline(): ScreenContent {
  const owner = hexOf(800, 20);
  const query = parseTimelineQuery(owner, 'news', '20');
  const v1 = (index: string) => ({ index, found: true as const, version: 'v1' as const, reference: hexOf(810 + Number(index)), timestampSeconds: NOW / 1000 - Number(index) * 3600, size: null, preview: null });
  return renderFeedTimeline({
    form: { owner, topic: 'news', max: '20' },
    formErrors: {},
    query,
    latest: '123456',
    entries: [v1('123456'), { index: '123455', found: false as const, reason: '/chunks/0f3c…: 404 Not Found (the update was never pushed, or it expired)' }, { ...v1('123454'), version: 'v2' as const, size: 1_234_567, preview: 'a long preview of the feed update content that goes on' }],
    running: false,
    error: null,
    revealed: ['123454'],
  });
}

function pubsub(): ScreenContent {
  return renderPubsub({
    form: { mode: 'PSS', topic: 'news', owner: '', identifier: '' },
    formErrors: {},
    target: pssTarget('news'),
    connection: 'open',
    attempt: 0,
    lastError: null,
    messages: [
      toMessage(1, NOW, utf8Encode('Hello')),
      toMessage(2, NOW + 1000, Uint8Array.from({ length: 4096 }, (_, i) => (i * 7) & 0xff)),
      toMessage(3, NOW + 2000, utf8Encode('a message\nover two lines and long enough to be cut '.repeat(6))),
    ],
    filter: '',
    dropped: { count: 0, lastReason: null },
    history: null,
  });
}

/** Every screen with content, in S-number order, plus the drills. */
export function screenGallery(): GalleryScreen[] {
  const plain = fleet();
  // The active node has an hour of trend (gallery-trends.ts): every node screen draws its sparklines from it.
  const topology = peersTopology();
  const nodes = [withGalleryTrend(plain[0]!, topology.depth, topology.connectedPerBin), ...plain.slice(1)];
  // S2's worst batch is one of its table's (the 2-hour one), as it is when the fleet and S2 poll the same node.
  const worst = { ...nodes[0]!, snapshot: withSnapshot(nodes[0]!.snapshot!, { stamps: [{ batchID: hexOf(3), batchTTL: 2 * 3600, usable: true, depth: 31, label: '' }] }) };
  const t = (screen: ScreenId, content: ScreenContent) => withScreenTrends(screen, content, screen === 'stamps' ? worst : nodes[0], screen === 'peers' ? topology : null);
  return [
    { screen: 'health', name: 'S1 Health', content: healthScreen(nodes[0]) },
    { screen: 'stamps', name: 'S2 Stamps', content: t('stamps', stamps(false)) },
    { screen: 'stamps', name: 'S2 Stamps (bucket drill)', content: t('stamps', stamps(true)) },
    { screen: 'swap', name: 'S3 Swap', content: t('swap', swap()) },
    { screen: 'lottery', name: 'S4 Lottery', content: t('lottery', renderLottery(lotteryPoll(NOW), { kind: 'done', target: { depth: 5, anchor1: hexOf(950), anchor2: hexOf(951) }, durationSeconds: 4.2, requestMs: 4_321, hash: hexOf(952) }, null)) },
    { screen: 'warmup', name: 'S5 Warmup', content: t('warmup', renderWarmup(warmupPoll(NOW))) },
    { screen: 'warmup', name: 'S5 Warmup (warming up)', content: t('warmup', renderWarmup(warmupPoll(NOW, true))) },
    { screen: 'peers', name: 'S6 Peers', content: t('peers', peers(false)) },
    { screen: 'peers', name: 'S6 Peers (peer drill)', content: t('peers', peers(true)) },
    { screen: 'network', name: 'S7 Network', content: t('network', network()) },
    { screen: 'apiHealth', name: 'S8 API Health', content: t('apiHealth', apiHealth()) },
    { screen: 'tags', name: 'S9 Tags', content: tags() },
    { screen: 'pins', name: 'S10 Pins', content: pins() },
    { screen: 'manifest', name: 'S11 Manifest', content: manifest() },
    { screen: 'watchlist', name: 'S12 Watchlist', content: watchlist() },
    { screen: 'feedTimeline', name: 'S13 Feed Timeline', content: feedTimeline() },
    { screen: 'pubsub', name: 'S14 Pubsub', content: pubsub() },
    { screen: 'fleet', name: 'S15 Fleet', content: fleetScreen(nodes) },
  ];
}
