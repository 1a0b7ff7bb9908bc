/**
 * S15 Fleet (2-cockpit.md §1): one row per configured node, polled in parallel: aggregate status, peer count,
 * worst stamp TTL and the /health ping. Enter, a double click or `Switch to` makes the selected node active;
 * `r` re-polls every node at once. A node that cannot be judged (unreachable, hanging, not Bee, missing token)
 * says why in its own row; the other rows keep updating. Pure: fleet facts in, ScreenContent out.
 */
import { worstBatch } from '../gate-rules.js';
import { clockTime, formatDuration } from '../format.js';
import { fleetNodeStatus } from '../node-status.js';
import { GATE_THRESHOLDS } from '../gate-definitions.js';
import { fleetRowHint } from '../gate-remedies.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { CellView, TableSection } from '../view/view-model.js';
import { trendCell, trendColumn } from './trend-cell.js';
import { nodeDetail, selectedFleetNode } from './fleet-detail.js';

function fleetDetail(fleet: readonly FleetNodeFacts[], selectedNode: string | null) {
  const node = selectedFleetNode(fleet, selectedNode);
  return node ? [nodeDetail(node)] : [];
}

export const FLEET_TABLE = 'nodes';
import { REPOLL_ACTION, SWITCH_ACTION } from '../bindings/screen-actions.js';
// The screen's action ids are the binding table's (keys and buttons name the same action).
export { REPOLL_ACTION, SWITCH_ACTION };

type FleetRow = TableSection['rows'][number];
// Per gate ladder, a row per (active, default, ascii, URL column shown) combination: 16 slots.
// A row read from Prometheus is keyed by its facts object instead (the engine keeps it while its reading
// holds): its gate ladder can stay the same while its peers, TTL, ping or staleness change.
const rowCache = new WeakMap<object, (FleetRow | undefined)[]>();

/** The marks of the first column: the active node ● and the default node ★ (`@` and `*` under --ascii). */
export const FLEET_MARKS = { unicode: { active: '●', default: '★' }, ascii: { active: '@', default: '*' } } as const;

// S15 per fleet array (and --ascii, and the selected node): the engine keeps the array while no row changed, so a
// view between two readings of a 1000-node fleet from Prometheus reuses the screen instead of walking every row again.
const screens = new WeakMap<readonly FleetNodeFacts[], [{ selected: string | null; content: ScreenContent }?, { selected: string | null; content: ScreenContent }?]>();

/** @param selectedNode the selected row's node name (the screen learns it from `screen.select`): its detail block. */
export function fleetScreen(fleet: readonly FleetNodeFacts[], ascii = false, selectedNode: string | null = null): ScreenContent {
  const known = screens.get(fleet);
  const cached = known?.[ascii ? 1 : 0];
  if (cached && cached.selected === selectedNode) return cached.content;
  const content = buildFleetScreen(fleet, ascii, selectedNode);
  const entry = known ?? [];
  entry[ascii ? 1 : 0] = { selected: selectedNode, content };
  screens.set(fleet, entry);
  return content;
}

function buildFleetScreen(fleet: readonly FleetNodeFacts[], ascii: boolean, selectedNode: string | null): ScreenContent {
  // The summary counts the rows' tones (a row's tone is its node's status): the rows are cached per poll, so a
  // view of 200 nodes judges only the nodes whose poll changed, not all 200 again.
  const table = fleetTable(fleet, ascii);
  const tones = { ok: 0, warn: 0, fail: 0 } as Record<string, number>;
  let newest = 0;
  let unknown = 0;
  for (const row of table.rows) if (row.tone !== undefined && row.tone in tones) tones[row.tone]!++;
  let stale = 0;
  for (const node of fleet) {
    newest = Math.max(newest, node.snapshot?.takenAtMs ?? node.remote?.readAtMs ?? 0);
    // Statuses are cached per gate ladder: this judges nothing twice.
    const status = fleetNodeStatus(node);
    if (status.worst === 'Unknown') unknown++;
    else if (node.remote && status.worst === null && status.tone === 'muted') stale++;
  }
  const count = (tone: string) => tones[tone]!;
  const prometheus = fleet.find((node) => node.remote)?.remote;
  const notMeasured = unknown ? `, ${unknown} not measured` : '';
  const staleText = stale ? `, ${stale} stale or unknown` : '';
  const summary = `${fleet.length} node${fleet.length === 1 ? '' : 's'}: ${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail${notMeasured}${staleText}`;
  return {
    status: 'ready',
    subtitle: `${summary}${prometheus ? ` · from Prometheus ${prometheus.prometheusUrl}` : ''}${newest ? ` · last answer ${clockTime(newest)}` : ' · polling…'}`,
    sections: [
      table,
      {
        kind: 'actions',
        id: 'actions',
        title: null,
        actions: [
          { id: SWITCH_ACTION, label: 'Switch to', enabled: fleet.length > 1 },
          { id: REPOLL_ACTION, label: 'Re-poll', enabled: true },
        ],
      },
      // The selected node's facts and gates beside (wide) or under (narrow) the table (issue 28 item 1).
      ...fleetDetail(fleet, selectedNode),
    ],
    drill: null,
  };
}

/**
 * One row per node, each node named once: an ad-hoc node (named by its URL) is its URL, so the URL column is
 * there only when some node has a name of its own, and is empty on the rows whose name is the URL. A row whose
 * node is warn or fail carries the gate behind it and what to do (gate-remedies.ts) as its hint.
 */
function fleetTable(fleet: readonly FleetNodeFacts[], ascii: boolean): TableSection {
  const marks = ascii ? FLEET_MARKS.ascii : FLEET_MARKS.unicode;
  const showUrl = fleet.some((node) => node.name !== node.url);
  return {
    kind: 'table',
    id: FLEET_TABLE,
    title: null,
    columns: [
      { id: 'active', label: '', align: 'left', priority: 1, kind: 'mark' },
      { id: 'node', label: 'Node', align: 'left', priority: 1, kind: 'name' },
      { id: 'status', label: 'Status', align: 'left', priority: 1, kind: 'status' },
      { id: 'peers', label: 'Peers', align: 'right', priority: 2, kind: 'count' },
      trendColumn('Peers, last hour'),
      { id: 'ttl', label: 'Worst TTL', align: 'right', priority: 2, kind: 'duration' },
      { id: 'ping', label: 'Ping', align: 'right', priority: 3, kind: 'latency' },
      ...(showUrl ? [{ id: 'url', label: 'URL', align: 'left', priority: 4, kind: 'url' } as const] : []),
    ],
    rows: fleet.map((node) => {
      // A row changes only with its node's poll (or the active node): 200 rows are not rebuilt per view.
      const slot = (node.active ? 1 : 0) + (node.isDefault ? 2 : 0) + (ascii ? 4 : 0) + (showUrl ? 8 : 0);
      const key = node.remote && !node.snapshot ? node : node.gates;
      const cache = key ? rowCache.get(key) : undefined;
      const cached = cache?.[slot];
      if (cached) return cached;
      const status = fleetNodeStatus(node);
      const hint = node.gates && (status.tone === 'warn' || status.tone === 'fail') ? fleetRowHint(node.gates) : null;
      const row: FleetRow = {
        key: node.name,
        tone: status.tone,
        cells: [
          markCell(node, marks),
          { text: node.name },
          { text: status.text, tone: status.tone },
          peersCell(node),
          trendCell(node.trend, node.snapshot ? 'peers' : null, node.snapshot?.takenAtMs ?? 0),
          ttlCell(node),
          pingCell(node),
          ...(showUrl ? [node.name === node.url ? { text: '—', detail: 'named by its URL (the Node column)' } : { text: node.url }] : []),
        ],
        ...(hint ? { hint } : {}),
      };
      if (key) {
        const entry = rowCache.get(key) ?? [];
        entry[slot] = row;
        rowCache.set(key, entry);
      }
      return row;
    }),
    selectable: true,
    emptyText: 'no nodes configured',
  };
}

/** The active (●) and default (★) marks, each said in words on hover: the column has no heading to say it. */
function markCell(node: FleetNodeFacts, marks: { readonly active: string; readonly default: string }) {
  const said = [node.active ? 'the active node (the one the other screens show)' : null, node.isDefault ? 'the default node (the one the cockpit started on)' : null].filter((part) => part !== null);
  return { text: `${node.active ? marks.active : ''}${node.isDefault ? marks.default : ''}`, ...(said.length > 0 ? { detail: said.join('; ') } : {}) };
}

/** What Prometheus says of a row that has no poll of its own (the fleet from Prometheus), current facts only. */
function remoteFacts(node: FleetNodeFacts) {
  const facts = node.snapshot ? null : node.remote?.facts;
  return facts && !facts.stale && !node.remote?.error ? facts : null;
}

function peersCell(node: FleetNodeFacts): CellView {
  const s = node.snapshot;
  const remote = remoteFacts(node);
  if (remote) return remote.peers === null ? { text: '?', tone: 'muted', full: 'unknown: Prometheus has no bee_kademlia_currently_connected_peers for this node' } : { text: String(remote.peers) };
  if (!s) return { text: '–', tone: 'muted' };
  if (s.status.ok) return { text: String(s.status.value.connectedPeers) };
  if (s.topology.ok) return { text: String(s.topology.value.connected) };
  return { text: '–', tone: 'muted' };
}

function ttlCell(node: FleetNodeFacts): CellView {
  const remote = remoteFacts(node);
  if (remote) {
    const ttl = remote.worstTtlSeconds;
    if (ttl === null) return { text: '?', tone: 'muted', full: 'unknown: no cockpit_stamp_ttl_worst_seconds for this node' };
    return { text: formatDuration(ttl), tone: ttl < GATE_THRESHOLDS.stampTtlFailSeconds ? 'fail' : ttl < GATE_THRESHOLDS.stampTtlWarnSeconds ? 'warn' : 'ok' };
  }
  const worst = node.snapshot ? worstBatch(node.snapshot) : null;
  if (!worst) return { text: '–', tone: 'muted' };
  const tone = worst.batchTTL < GATE_THRESHOLDS.stampTtlFailSeconds ? 'fail' : worst.batchTTL < GATE_THRESHOLDS.stampTtlWarnSeconds ? 'warn' : 'ok';
  // The column holds the TTL at every width; which batch it is, is a detail (cell-text.ts).
  return { text: formatDuration(worst.batchTTL), tone, detail: `worst batch ${worst.batchID}${worst.label ? ` (${worst.label})` : ''}` };
}

function pingCell(node: FleetNodeFacts): CellView {
  const remote = remoteFacts(node);
  if (remote) return remote.pingMs === null ? { text: '?', tone: 'muted', full: 'unknown: no /health call latency for this node in Prometheus' } : { text: `${remote.pingMs} ms` };
  const s = node.snapshot;
  if (!s || s.healthMs === undefined) return { text: '–', tone: 'muted' };
  return s.health.ok ? { text: `${s.healthMs} ms` } : { text: `${s.healthMs} ms`, tone: 'fail' };
}
