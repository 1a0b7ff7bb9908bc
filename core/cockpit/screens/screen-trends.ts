/**
 * Sparklines beside the figures of the node screens (issue 28 item 3): the engine's trend ring of the active node
 * (node-trends.ts) drawn next to the figure each screen shows, so "is the reserve still growing? since when are
 * peers dropping?" is answered where the figure is. The screen models stay as they are; this adds, per screen:
 * - a `spark` on the facts rows that show a ringed figure (S4 depth = storage radius; S5 and S7 radius-doctor's
 *   storage radius, reserve and peers near depth; S6 connected peers; S8 chain lag);
 * - S2's batches a `Last hour` column after TTL, drawn on the worst batch's row;
 * - the rows of figures a screen did not show yet: S3 the node wallet's xBZZ and native
 *   balances, S6 the connected peers of each bin near the depth (a series per bin), S8 this node's API p95.
 * The values of those rows are the fleet poll's (the same poll the ring records), or the screen's own poll for S6.
 * Pure and memoised per screen content and ring sample, so a view rebuilt without a new poll is the same object.
 */
import { worstBatch } from '../gate-rules.js';
import { formatBzz, formatCount, formatMs, formatNative } from '../format.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import type { TrendReader } from '../node-trends.js';
import { NEAR_DEPTH_OFFSETS, type TrendFigure } from '../trend-ring.js';
import type { ScreenId } from '../view/screens.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { FactsRow, FactsSection, Section, TableSection } from '../view/view-model.js';
import { failureLine } from './common.js';
import type { PeersTopologyFacts } from './peers.js';
import { BATCH_TABLE } from './stamps.js';
import { binTrendCell, trendCell, trendColumn } from './trend-cell.js';

/** A facts row of a screen that shows a ringed figure: section id and row label. */
interface FactTrend {
  readonly section: string;
  readonly label: string;
  readonly figure: TrendFigure;
}

const RADIUS_DOCTOR: readonly FactTrend[] = [
  { section: 'radiusDoctor', label: 'Storage radius', figure: 'radius' },
  { section: 'radiusDoctor', label: 'Reserve in radius', figure: 'reserve' },
  { section: 'radiusDoctor', label: 'Peers near depth', figure: 'nearDepth' },
];

/** Which facts rows carry which figure's hour, per screen (S1 and S15 draw theirs in their own models). */
export const FACT_TRENDS: Partial<Record<ScreenId, readonly FactTrend[]>> = {
  lottery: [{ section: 'rchash', label: 'Depth', figure: 'radius' }],
  warmup: RADIUS_DOCTOR,
  peers: [{ section: 'summary', label: 'connected', figure: 'peers' }],
  network: RADIUS_DOCTOR,
  apiHealth: [{ section: 'chain', label: 'Lag', figure: 'chainLag' }],
};

/** The section ids this module adds (tests and faces can find them). */
export const TREND_SECTIONS = { worstTtl: 'worstTtl', wallet: 'wallet', nearDepthBins: 'nearDepthBins', nodeLatency: 'nodeLatency' } as const;

interface Memo {
  readonly reader: TrendReader | undefined;
  readonly lastAtMs: number | null;
  readonly snapshot: FleetNodeFacts['snapshot'];
  readonly content: ScreenContent;
}
const memo = new WeakMap<ScreenContent, Memo>();

/**
 * `content` with the active node's sparklines beside its figures. `topology`: S6's own poll (its bins near the
 * depth are listed from it). The same object back when nothing about the screen or the ring changed.
 */
export function withScreenTrends(screen: ScreenId, content: ScreenContent, node: FleetNodeFacts | undefined, topology: PeersTopologyFacts | null = null): ScreenContent {
  if (content.sections.length === 0) return content;
  const reader = node?.trend;
  const lastAtMs = reader?.lastAtMs ?? null;
  const snapshot = node?.snapshot ?? null;
  const cached = memo.get(content);
  if (cached && cached.reader === reader && cached.lastAtMs === lastAtMs && cached.snapshot === snapshot) return cached.content;
  const decorated = decorate(screen, content, node, reader, lastAtMs ?? snapshot?.takenAtMs ?? 0, topology);
  memo.set(content, { reader, lastAtMs, snapshot, content: decorated });
  return decorated;
}

function decorate(screen: ScreenId, content: ScreenContent, node: FleetNodeFacts | undefined, reader: TrendReader | undefined, endMs: number, topology: PeersTopologyFacts | null): ScreenContent {
  const wanted = FACT_TRENDS[screen] ?? [];
  let sections: Section[] = content.sections.map((section) => (section.kind === 'facts' ? withSparks(section, wanted, reader, endMs) : section));
  if (screen === 'stamps') sections = sections.map((s) => (s.kind === 'table' && s.id === BATCH_TABLE ? withWorstTtlColumn(s, node, reader, endMs) : s));
  if (screen === 'swap') sections = insertAfter(sections, 'chequebook', walletSection(node, reader, endMs));
  if (screen === 'peers' && topology) sections = insertAfter(sections, 'summary', nearDepthBinsSection(topology, reader, endMs));
  if (screen === 'apiHealth') sections = insertAfter(sections, 'chain', latencySection(reader, endMs));
  return { ...content, sections };
}

function withSparks(section: FactsSection, wanted: readonly FactTrend[], reader: TrendReader | undefined, endMs: number): FactsSection {
  const mine = wanted.filter((w) => w.section === section.id);
  if (mine.length === 0) return section;
  const rows = section.rows.map((row): FactsRow => {
    const figure = mine.find((w) => w.label === row.label)?.figure;
    return figure ? { ...row, spark: trendCell(reader, figure, endMs) } : row;
  });
  return { ...section, rows };
}

/** After the section `id` (or at the end when the screen has none, e.g. a failed part drawn as text). */
function insertAfter(sections: Section[], id: string, added: Section): Section[] {
  const at = sections.findIndex((s) => s.id === id);
  return at < 0 ? [...sections, added] : [...sections.slice(0, at + 1), added, ...sections.slice(at + 1)];
}

/**
 * S2: the worst batch's TTL (what the stamp-TTL gate judges, from the fleet poll) over the hour, in a column right
 * after the batches' TTL, on that batch's row (the ring keeps the worst TTL only: the other rows' cells are empty).
 * A table, not a facts line: it stays with the batches in the wide layout instead of taking a pane from them.
 */
function withWorstTtlColumn(section: TableSection, node: FleetNodeFacts | undefined, reader: TrendReader | undefined, endMs: number): TableSection {
  const worst = node?.snapshot ? worstBatch(node.snapshot) : null;
  const at = section.columns.findIndex((c) => c.id === 'ttl');
  if (!worst || at < 0 || !section.rows.some((row) => row.key === worst.batchID)) return section;
  const insert = <T>(list: readonly T[], item: T) => [...list.slice(0, at + 1), item, ...list.slice(at + 1)];
  return {
    ...section,
    columns: insert(section.columns, { ...trendColumn('Last hour', 2), id: TREND_SECTIONS.worstTtl }),
    rows: section.rows.map((row) => ({ ...row, cells: insert(row.cells, row.key === worst.batchID ? trendCell(reader, 'stampTtl', endMs) : { text: '' }) })),
  };
}

/** S3: the node wallet (`/wallet`, read by the fleet poll): what the wallet gate judges, with each balance's hour. */
function walletSection(node: FleetNodeFacts | undefined, reader: TrendReader | undefined, endMs: number): FactsSection {
  const wallet = node?.snapshot?.wallet;
  const unread = !wallet ? 'not polled yet' : wallet.ok ? null : `unknown: ${failureLine('/wallet', wallet.error)}`;
  const bzz = wallet?.ok ? wallet.value.bzzBalance : null;
  const native = wallet?.ok ? wallet.value.nativeTokenBalance : null;
  const balance = (amount: string | null, format: (v: string) => string) =>
    unread !== null ? { value: unread, tone: 'muted' as const } : amount === null ? { value: 'not reported by Bee', tone: 'muted' as const } : { value: format(amount), ...(BigInt(amount) === 0n ? { tone: 'fail' as const } : {}) };
  return {
    kind: 'facts',
    id: TREND_SECTIONS.wallet,
    title: 'Node wallet',
    rows: [
      { label: 'xBZZ', ...balance(bzz, formatBzz), spark: trendCell(reader, 'bzz', endMs) },
      { label: 'Native token', ...balance(native, formatNative), spark: trendCell(reader, 'native', endMs) },
    ],
  };
}

/**
 * S6: connected peers of each bin near the depth (two under it, the depth's and the next), now from the screen's
 * poll and over the hour from the ring: which bin is thinning, not only the least connected one.
 */
function nearDepthBinsSection(topology: PeersTopologyFacts, reader: TrendReader | undefined, endMs: number): TableSection {
  const bins = NEAR_DEPTH_OFFSETS.map((offset) => topology.depth + offset).filter((bin) => bin >= 0 && bin < topology.connectedPerBin.length);
  return {
    kind: 'table',
    id: TREND_SECTIONS.nearDepthBins,
    title: `Bins near depth ${topology.depth}, last hour`,
    selectable: false,
    emptyText: 'depth 0 and no bins reported',
    columns: [
      { id: 'bin', label: 'Bin', align: 'right', priority: 1, kind: 'number' },
      { id: 'connected', label: 'Connected', align: 'right', priority: 1, kind: 'count' },
      trendColumn('Last hour', 1),
    ],
    rows: bins.map((bin) => ({
      key: String(bin),
      cells: [
        { text: String(bin), detail: bin < topology.depth ? 'under the depth: wants 8 or more connected peers' : 'the neighbourhood: every peer in it is connected' },
        { text: formatCount(topology.connectedPerBin[bin] ?? 0) },
        binTrendCell(reader, bin, endMs),
      ],
    })),
  };
}

/** S8: this node's API p95 (the calls it answered between two fleet polls), with its hour. */
function latencySection(reader: TrendReader | undefined, endMs: number): FactsSection {
  const p95 = reader ? newest(reader, 'apiP95') : null;
  const value = p95 === null ? { value: 'not measured: no call to this node was answered between the last two polls', tone: 'muted' as const } : { value: `${formatMs(p95)} (calls answered between the last two polls)` };
  return { kind: 'facts', id: TREND_SECTIONS.nodeLatency, title: 'This node', rows: [{ label: 'API p95', ...value, spark: trendCell(reader, 'apiP95', endMs) }] };
}

/** The newest sample of a figure if it was read (a gap in the newest sample is not replaced by an older value). */
function newest(reader: TrendReader, figure: TrendFigure): number | null {
  const { values } = reader.series(figure, reader.lastAtMs ?? -Infinity);
  return values.at(-1) ?? null;
}
