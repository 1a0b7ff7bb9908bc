/**
 * Sparklines beside the figures of S2-S8 (issue 28 item 3): every screen that shows a ringed figure carries its
 * hour beside it (screen-trends.ts), S6 lists the bins near the depth each with its own series, an unread sample
 * is a gap, and a view rebuilt without a new poll is the same object.
 */
import { describe, expect, it } from 'vitest';
import { computeGates } from '../gates.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import { binSeries, FleetTrends } from '../node-trends.js';
import { healthySnapshot, ok, unreachable, withSnapshot } from '../snapshot-fixtures.js';
import type { RadiusInputs } from '../radius-facts.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { CellView, FactsSection, TableSection } from '../view/view-model.js';
import { hexOf, screenGallery } from './screen-gallery.js';
import { renderWarmup } from './warmup.js';
import { warmupPoll } from './screen-fixtures.js';
import { FACT_TRENDS, TREND_SECTIONS, withScreenTrends } from './screen-trends.js';
import { TREND_CELLS } from './trend-cell.js';
import type { PeersTopologyFacts } from './peers.js';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

const facts = (content: ScreenContent, id: string) => content.sections.find((s): s is FactsSection => s.kind === 'facts' && s.id === id);
const sparkOf = (content: ScreenContent, section: string, label: string) => facts(content, section)?.rows.find((r) => r.label === label)?.spark;

function expectDrawn(spark: CellView | undefined, name: RegExp): void {
  expect(spark, String(name)).toBeDefined();
  expect(spark!.trend).toHaveLength(TREND_CELLS);
  expect(spark!.trend!.some((level) => level !== null)).toBe(true);
  expect(spark!.text).toMatch(/^[ ▁▂▃▄▅▆▇█]{12}$/u);
  expect(spark!.detail).toMatch(name);
}

const gallery = (name: string) => screenGallery().find((g) => g.name === name)!.content;

describe('sparklines beside the figures', () => {
  it('S1-S8: each figure the ring keeps has its last hour beside it, in the screen model both faces draw', () => {
    expectDrawn(sparkOf(gallery('S1 Health'), 'summary', 'Worst-batch TTL'), /^worst-batch TTL \(s\) over the last hour: /);
    // S2: a column right after TTL, drawn on the worst batch's row only (the ring keeps the worst TTL).
    const batches = gallery('S2 Stamps').sections.find((s): s is TableSection => s.kind === 'table' && s.id === 'batches')!;
    const column = batches.columns.findIndex((c) => c.id === TREND_SECTIONS.worstTtl);
    expect(batches.columns[column - 1]!.id).toBe('ttl');
    expect(batches.columns[column]).toMatchObject({ label: 'Last hour', kind: 'trend' });
    const worst = hexOf(3);
    for (const row of batches.rows.filter((r) => r.key !== worst)) expect(row.cells[column]).toEqual({ text: '' });
    expectDrawn(batches.rows.find((r) => r.key === worst)!.cells[column], /^worst-batch TTL \(s\) over the last hour: /);
    const swap = gallery('S3 Swap');
    expectDrawn(sparkOf(swap, TREND_SECTIONS.wallet, 'xBZZ'), /^xBZZ balance over the last hour: 100 → 89 \(min 89, max 100\)$/);
    expectDrawn(sparkOf(swap, TREND_SECTIONS.wallet, 'Native token'), /^native-token balance over the last hour: 1 → 0\.989/);
    expect(swap.sections.map((s) => s.id).indexOf(TREND_SECTIONS.wallet)).toBe(swap.sections.map((s) => s.id).indexOf('chequebook') + 1);
    expectDrawn(sparkOf(gallery('S4 Lottery'), 'rchash', 'Depth'), /^storage radius over the last hour: /);
    const peers = gallery('S6 Peers');
    expectDrawn(sparkOf(peers, 'summary', 'connected'), /^connected peers over the last hour: 40 → 73 \(min 40, max 73\)$/);
    const api = gallery('S8 API Health');
    expectDrawn(sparkOf(api, 'chain', 'Lag'), /^chain lag \(blocks\) over the last hour: /);
    expectDrawn(sparkOf(api, TREND_SECTIONS.nodeLatency, 'API p95'), /^API p95 latency \(ms\) over the last hour: /);
    expect(facts(api, TREND_SECTIONS.nodeLatency)!.rows[0]!.value).toMatch(/^\d+ ms \(calls answered between the last two polls\)$/);
  });

  it('S5 and S7: radius-doctor’s storage radius, reserve and peers near depth carry their hour', () => {
    const node = trendedNode();
    const content = withScreenTrends('warmup', renderWarmup({ ...warmupPoll(T0), radius: settledRadius }), node);
    expectDrawn(sparkOf(content, 'radiusDoctor', 'Storage radius'), /^storage radius/);
    expectDrawn(sparkOf(content, 'radiusDoctor', 'Reserve in radius'), /^reserve size within radius \(chunks\) over the last hour: 2000000 → /);
    expectDrawn(sparkOf(content, 'radiusDoctor', 'Peers near depth'), /^peers in the least connected bin under the depth/);
    expect(FACT_TRENDS.network).toBe(FACT_TRENDS.warmup);
  });

  it('S6: one series per bin near the depth (two under it, its own, the next), the depth moving leaves gaps, not zeros', () => {
    const node = trendedNode();
    const topology: PeersTopologyFacts = { depth: 6, connected: 60, population: 200, connectedPerBin: [9, 9, 9, 9, 5, 8, 3, 1, ...new Array<number>(24).fill(0)], peers: [] };
    const content = withScreenTrends('peers', { status: 'ready', subtitle: null, sections: [{ kind: 'facts', id: 'summary', title: null, rows: [] }], drill: null }, node, topology);
    const bins = content.sections.find((s): s is TableSection => s.id === TREND_SECTIONS.nearDepthBins)!;
    expect(bins.title).toBe('Bins near depth 6, last hour');
    expect(bins.rows.map((r) => r.cells.slice(0, 2).map((c) => c.text))).toEqual([['4', '5'], ['5', '8'], ['6', '3'], ['7', '1']]);
    // Bin 4 was two under the depth throughout (depth 6 after the first half hour, 5 before it: one under then).
    const bin4 = bins.rows[0]!.cells[2]!;
    expect(bin4.detail).toMatch(/^connected peers in bin 4 over the last hour: 12 → 1 \(min 1, max 12\)$/);
    // Bin 7 was past the near-depth window while the depth was 5: those cells are gaps; the unread poll is one too.
    const bin7 = bins.rows[3]!.cells[2]!;
    expect(bin7.trend!.slice(0, 6).every((level) => level === null)).toBe(true);
    expect(bin7.trend!.slice(7).every((level) => level !== null)).toBe(true);
    const series = binSeries(node.trend!, 4);
    expect(series.values[6]).toBeNull();
    expect(series.values.filter((v) => v === 0)).toEqual([]);
  });

  it('without a ring the figure says no sample yet; an unread wallet is unknown with why, never a zero', () => {
    const snapshot = withSnapshot(healthySnapshot(T0), { wallet: unreachable });
    const node: FleetNodeFacts = { name: 'a', url: 'http://a:1633', active: true, snapshot, gates: computeGates(snapshot), pollError: null, polling: false };
    const content = withScreenTrends('swap', { status: 'ready', subtitle: null, sections: [{ kind: 'facts', id: 'chequebook', title: null, rows: [] }], drill: null }, node);
    const wallet = facts(content, TREND_SECTIONS.wallet)!;
    expect(wallet.rows[0]).toMatchObject({ label: 'xBZZ', value: expect.stringMatching(/^unknown: \/wallet: network error/), tone: 'muted', spark: { text: '—', detail: 'xBZZ balance: no sample in the last hour yet' } });
  });

  it('is the same object until the ring records a new poll', () => {
    const trends = new FleetTrends(10_000);
    const snapshot = healthySnapshot(T0);
    trends.record('a', snapshot);
    const node: FleetNodeFacts = { name: 'a', url: 'http://a:1633', active: true, snapshot, gates: computeGates(snapshot), pollError: null, polling: false, trend: trends.reader('a')! };
    const content: ScreenContent = { status: 'ready', subtitle: null, sections: [{ kind: 'facts', id: 'chain', title: null, rows: [{ label: 'Lag', value: '4 blocks' }] }], drill: null };
    const first = withScreenTrends('apiHealth', content, node);
    expect(withScreenTrends('apiHealth', content, node)).toBe(first);
    trends.record('a', healthySnapshot(T0 + 10_000));
    expect(withScreenTrends('apiHealth', content, node)).not.toBe(first);
  });
});

/** An hour of polls 5 minutes apart: depth 5 then 6, bin 4 thinning 12 → 1, reserve rising, one poll unread. */
function trendedNode(): FleetNodeFacts {
  const trends = new FleetTrends(10_000);
  let last = healthySnapshot(T0);
  for (let k = 0; k < TREND_CELLS; k++) {
    const at = T0 - (TREND_CELLS - 1 - k) * 5 * MIN;
    const depth = k < 6 ? 5 : 6;
    const perBin = [9, 9, 9, 9, 12 - k, 8, 3, 1, ...new Array<number>(24).fill(0)];
    last = k === 6 ? { ...withSnapshot(healthySnapshot(at), { status: unreachable, topology: unreachable }) } : withSnapshot(healthySnapshot(at), { topology: { depth, connectedPerBin: perBin }, status: { reserveSizeWithinRadius: 2_000_000 + k * 10_000 } });
    trends.record('a', last);
  }
  return { name: 'a', url: 'http://a:1633', active: true, snapshot: last, gates: computeGates(last), pollError: null, polling: false, trend: trends.reader('a')! };
}

const overlay = 'a0'.repeat(32);
const settledRadius: RadiusInputs = {
  takenAtMs: T0,
  status: ok({ overlay, reserveSize: 3_000_000, reserveSizeWithinRadius: 2_900_000, pullsyncRate: 0, storageRadius: 10, connectedPeers: 150, neighborhoodSize: 4, committedDepth: 10 }),
  reserve: ok({ radius: 10, storageRadius: 10, commitment: 2 ** 32, reserveCapacityDoubling: 0 }),
  peers: ok([{ overlay: 'a0' + '11'.repeat(31), proximity: 10, committedDepth: 10 }]),
  neighborhoods: ok([{ neighborhood: '1010000000', reserveSizeWithinRadius: 2_900_000, proximity: 10 }]),
  topology: ok({ depth: 10, connectedPerBin: [12, 11, 10, 9, 9, 9, 9, 9, 9, 9, 3, 2] }),
  change: { kind: 'unknown', why: 'one reading' },
};
