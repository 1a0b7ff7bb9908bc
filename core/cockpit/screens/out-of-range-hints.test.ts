/**
 * Issue 28 item 2, "the remaining screens get the same pass": every screen shows a hint where one of its
 * figures is out of range. Each case names the figure and the threshold that triggers the hint, and checks that
 * the same figure in range gives none. S1, S2 and S15: gate-remedies.test.ts and screens.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { utf8Encode } from '../../swarm/bytes.js';
import { nodeFailed, nodeLoaded, startTree } from '../manifest-tree.js';
import { NODE_TYPE_EDGE } from '../../swarm/mantaray.js';
import { PUBSUB_RING_SIZE, toMessage } from '../pubsub.js';
import { GATE_THRESHOLDS } from '../gate-definitions.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { RowHint } from '../view/view-model.js';
import { renderApiHealth } from './api-health.js';
import { ok } from './common.js';
import { renderLottery } from './lottery.js';
import { renderManifest } from './manifest.js';
import { renderNetwork } from './network.js';
import { renderPeers, type PeersScreenInput } from './peers.js';
import { renderPubsub, type PubsubScreenInput } from './pubsub.js';
import { apiHealthPoll, lotteryPoll, swapPoll, warmupPoll } from './screen-fixtures.js';
import { screenGallery } from './screen-gallery.js';
import { renderSwap } from './swap.js';
import { renderWarmup } from './warmup.js';

const BZZ = 10n ** 16n;

/** Every hint of a screen: row hints of tables and facts, and the hint lines of text sections. */
function hintsOf(content: Pick<ScreenContent, 'sections'>): RowHint[] {
  const hints: RowHint[] = [];
  for (const section of content.sections) {
    if (section.kind === 'table' || section.kind === 'facts') for (const row of section.rows) if (row.hint) hints.push(row.hint);
    if (section.kind === 'text' && section.id.endsWith('hint')) hints.push(...section.lines);
  }
  return hints;
}
const factHint = (content: ScreenContent, section: string, label: string) => {
  const s = content.sections.find((x) => x.id === section);
  return s?.kind === 'facts' ? s.rows.find((r) => r.label === label)?.hint : undefined;
};

describe('a hint where a figure is out of range', () => {
  it('S3 Swap: available chequebook balance ≤ 0 (fail) or under 10 % of the total (warn)', () => {
    const poll = swapPoll(1);
    const withBalance = (total: bigint, available: bigint) => ({ ...poll, chequebookBalance: ok({ totalBalance: total.toString(), availableBalance: available.toString() }) });
    expect(factHint(renderSwap(poll), 'chequebook', 'Available balance')).toBeUndefined(); // 9 of 10 xBZZ
    expect(factHint(renderSwap(withBalance(10n * BZZ, 0n)), 'chequebook', 'Available balance')).toMatchObject({ tone: 'fail', text: expect.stringContaining('deposit to the chequebook') });
    expect(factHint(renderSwap(withBalance(10n * BZZ, BZZ / 2n)), 'chequebook', 'Available balance')).toMatchObject({ tone: 'warn', text: expect.stringMatching(/^under 10 % of the total/) });
    expect(factHint(renderSwap(withBalance(10n * BZZ, BZZ)), 'chequebook', 'Available balance')).toBeUndefined(); // exactly 10 %
  });

  it('S4 Lottery: gas funds below minimumGasFunds (hasSufficientFunds false)', () => {
    expect(factHint(renderLottery(lotteryPoll(1), { kind: 'idle' }, null), 'stake', 'Gas for a round')).toBeUndefined();
    const short = renderLottery(lotteryPoll(1, { hasSufficientFunds: false }), { kind: 'idle' }, null);
    expect(factHint(short, 'stake', 'Gas for a round')).toMatchObject({ tone: 'fail', text: expect.stringMatching(/^rounds are skipped: send native token/) });
  });

  it('S5 Warmup: the first step short of its target (here: /readiness not ready) says what to do', () => {
    const warming = renderWarmup(warmupPoll(1, true));
    const summary = warming.sections.find((s) => s.id === 'summary');
    expect(summary?.kind === 'text' && summary.lines[1]).toMatchObject({ text: expect.stringMatching(/^Node ready: \/readiness: notReady \(400\)\. Wait: /) });
    const done = renderWarmup(warmupPoll(1, false)).sections.find((s) => s.id === 'summary');
    expect(done?.kind === 'text' && done.lines).toHaveLength(1);
  });

  it(`S6 Peers: a bin below the depth with fewer than ${GATE_THRESHOLDS.saturationPeers} connected peers`, () => {
    const peer = (n: number, po: number) => ({ address: n.toString(16).padStart(64, '0'), po, latencyMs: 2.5, direction: 'outbound', healthy: true, reachability: 'Public', sessionSeconds: 90 });
    const input = (perBin: number[], depth: number): PeersScreenInput => {
      const peers = perBin.flatMap((count, po) => Array.from({ length: count }, (_, i) => peer(po * 100 + i + 1, po)));
      return { topology: { depth, connected: peers.length, population: peers.length, connectedPerBin: perBin, peers }, lastOkAtMs: 0, pollError: null, selectedPeer: null, drill: { open: false, loading: false, facts: null, error: null } };
    };
    expect(factHint(renderPeers(input([8, 8, 3], 3)), 'summary', 'depth')).toMatchObject({ tone: 'warn', text: expect.stringMatching(/^bin 2 has 3 of the 8 connected peers it wants/) });
    expect(factHint(renderPeers(input([8, 8, 8], 3)), 'summary', 'depth')).toBeUndefined();
  });

  it('S7 Network: reachability Private by AutoNAT (peers cannot dial in)', () => {
    const addresses = ok({ overlay: 'ab'.repeat(32), ethereum: '0x' + 'cd'.repeat(20), publicKey: '02' + 'ef'.repeat(32), pssPublicKey: '03' + '12'.repeat(32), underlay: ['/ip4/203.0.113.9/tcp/1634'] });
    const of = (reachability: string) => renderNetwork({ addresses, topology: ok({ reachability, networkAvailability: 'Available' }), polledAtMs: 0 });
    expect(factHint(of('Private'), 'reachability', 'reachability')).toMatchObject({ tone: 'fail', text: expect.stringMatching(/P2P port .* --nat-addr/) });
    expect(factHint(of('Public'), 'reachability', 'reachability')).toBeUndefined();
  });

  it(`S8 API Health: chain lag ${GATE_THRESHOLDS.chainLagWarnBlocks}+ blocks beyond the ${GATE_THRESHOLDS.chainLagAllowanceBlocks}-block listener tail`, () => {
    const poll = apiHealthPoll(1); // lag 4: normal
    expect(factHint(renderApiHealth(poll, 0), 'chain', 'Lag')).toBeUndefined();
    const lagging = { ...poll, chainstate: ok({ chainTip: 1014, block: 1000, totalAmount: '24000000', currentPrice: '24000', minimumValidityBlocks: 17_280 }) };
    expect(factHint(renderApiHealth(lagging, 1), 'chain', 'Lag')).toMatchObject({ tone: 'warn', text: expect.stringMatching(/blockchain RPC endpoint/) });
  });

  it('S9 Tags, S10 Pins, S12 Watchlist, S13 Feed Timeline: the gallery’s out-of-range rows carry hints', () => {
    const gallery = new Map(screenGallery().map(({ name, content }) => [name, content]));
    // S9: a tag without a root reference (chunk count not declared): stays Pending.
    expect(hintsOf(gallery.get('S9 Tags')!)).toEqual([expect.objectContaining({ text: expect.stringMatching(/^no root reference/) })]);
    // S10: a pin with missing (> 0) and invalid (> 0) chunks.
    expect(hintsOf(gallery.get('S10 Pins')!)).toEqual([{ text: expect.stringMatching(/^1,234 missing, 5 invalid: /), tone: 'fail' }]);
    // S12: a reference whose durability check found it not retrievable.
    expect(hintsOf(gallery.get('S12 Watchlist')!)).toEqual([{ text: expect.stringMatching(/^not all of it is retrievable/), tone: 'fail' }]);
    // S13: a feed index that could not be read.
    expect(hintsOf(gallery.get('S13 Feed Timeline')!)).toEqual([{ text: expect.stringMatching(/^update \d+ could not be read/), tone: 'warn' }]);
  });

  it('S11 Manifest: a fork that failed to load (failed forks > 0)', () => {
    let tree = startTree('11'.repeat(32));
    tree = nodeLoaded(tree, '', { entry: null, forks: [{ key: '696d672f', prefixText: 'img/', type: NODE_TYPE_EDGE, reference: '33'.repeat(32), metadata: null }] }).tree;
    const input = { rootInput: '11'.repeat(32), inputError: null, rootError: null, selected: null };
    expect(hintsOf(renderManifest({ ...input, tree }))).toEqual([]);
    tree = nodeFailed(tree, '696d672f', '/bytes/3333…: 404 Not Found');
    expect(hintsOf(renderManifest({ ...input, tree }))).toEqual([{ text: expect.stringMatching(/^1 fork could not be loaded \(\/bytes\/3333…: 404 Not Found\): Enter on it retries/), tone: 'fail' }]);
  });

  it(`S14 Pubsub: the ring at its ${PUBSUB_RING_SIZE} messages with no history file`, () => {
    const base: PubsubScreenInput = { form: { mode: 'PSS', topic: 'news', owner: '', identifier: '' }, formErrors: {}, target: null, connection: 'idle', attempt: 0, lastError: null, messages: [], filter: '', dropped: { count: 0, lastReason: null }, history: null };
    const full = Array.from({ length: PUBSUB_RING_SIZE }, (_, i) => toMessage(i + 1, 0, utf8Encode(`m${i}`)));
    expect(hintsOf(renderPubsub({ ...base, messages: full.slice(1) }))).toEqual([]);
    expect(hintsOf(renderPubsub({ ...base, messages: full }))).toEqual([{ text: expect.stringMatching(/^200 messages: the ring keeps the last 200/), tone: 'warn' }]);
    expect(hintsOf(renderPubsub({ ...base, messages: full, history: { file: '/tmp/pubsub.jsonl', error: null } }))).toEqual([]);
  });
});
