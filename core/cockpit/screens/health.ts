/**
 * S1 Health (2-cockpit.md §1): the gate ladder of the active node and its worst-batch stamp TTL, from the
 * active node's fleet poller (the same poll the fleet row and the alerts read, so S1, S15 and the top bar
 * never disagree). Pure: facts in, ScreenContent out.
 */
import { describeSummary } from '../gates.js';
import { worstBatch } from '../gate-rules.js';
import { clockTime, formatDuration, shortId } from '../format.js';
import { gateTone, nodeStatus } from '../node-status.js';
import { GATE_THRESHOLDS, type GateId } from '../gate-definitions.js';
import { gateHints } from '../gate-remedies.js';
import type { TrendFigure } from '../trend-ring.js';
import { trendCell, trendColumn } from './trend-cell.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { FactsSection, TableSection, Tone } from '../view/view-model.js';

export function healthScreen(node: FleetNodeFacts | undefined): ScreenContent {
  if (!node || !node.snapshot || !node.gates) {
    const failed = node?.pollError ? `poll failed: ${node.pollError}` : null;
    return { status: failed ? 'error' : 'loading', subtitle: failed ?? `polling ${node?.url ?? 'the node'}…`, sections: [], drill: null };
  }
  const { snapshot, gates } = node;
  const status = nodeStatus(snapshot, gates, node.pollError);
  const polled = `polled ${clockTime(snapshot.takenAtMs)}`;
  const subtitle = status.up ? `${polled} · ${describeSummary(gates)}` : `${polled} · ${status.text}`;
  return {
    status: status.up ? 'ready' : 'error',
    subtitle,
    sections: [summarySection(node), gateTable(node)],
    drill: null,
  };
}

/** The figure whose last hour explains each gate (none for a gate whose figure is a yes/no or a version). */
const GATE_TREND: Readonly<Record<GateId, TrendFigure | null>> = {
  apiReachable: 'apiP95',
  chainRpcFresh: 'chainLag',
  walletFunded: 'bzz',
  warmupComplete: 'reserve',
  peerCount: 'peers',
  reserveFill: 'reserve',
  binSaturation: 'nearDepth',
  redistributionHealthy: 'radius',
  notFrozen: null,
  stampTtl: 'stampTtl',
  apiVersion: null,
};

function ttlTone(seconds: number): Tone {
  if (seconds < GATE_THRESHOLDS.stampTtlFailSeconds) return 'fail';
  return seconds < GATE_THRESHOLDS.stampTtlWarnSeconds ? 'warn' : 'ok';
}

function summarySection(node: FleetNodeFacts): FactsSection {
  const snapshot = node.snapshot!;
  const worst = worstBatch(snapshot);
  const stampGate = node.gates!.find((gate) => gate.id === 'stampTtl');
  const ttl = worst
    ? { value: `${formatDuration(worst.batchTTL)} (batch ${shortId(worst.batchID)}${worst.label ? `, ${worst.label}` : ''})`, tone: ttlTone(worst.batchTTL), detail: `batch ${worst.batchID}` }
    : { value: stampGate?.reason ?? 'unknown', tone: 'muted' as Tone };
  const health = snapshot.health.ok ? snapshot.health.value : null;
  return {
    kind: 'facts',
    id: 'summary',
    title: null,
    rows: [
      { label: 'Node', value: `${node.name === node.url ? node.url : `${node.name} (${node.url})`}` },
      { label: 'Worst-batch TTL', ...ttl, spark: trendCell(node.trend, 'stampTtl', snapshot.takenAtMs) },
      { label: 'Bee version', value: health ? `${health.version} (API ${health.apiVersion})` : 'unknown' },
    ],
  };
}

/** The ladder, each Warn or Fail gate with what to do under it and each not-measured gate with why (gate-remedies.ts). */
function gateTable(node: FleetNodeFacts): TableSection {
  const hints = gateHints(node.gates!);
  return {
    kind: 'table',
    id: 'gates',
    title: 'Gates',
    columns: [
      { id: 'gate', label: 'Gate', align: 'left', priority: 1, kind: 'name' },
      { id: 'state', label: 'State', align: 'left', priority: 1, kind: 'status' },
      trendColumn(),
      { id: 'reason', label: 'Reason', align: 'left', priority: 2, kind: 'text' },
    ],
    rows: node.gates!.map((gate, i) => {
      const hint = hints[i];
      return {
        key: gate.id,
        tone: gateTone(gate.state),
        cells: [
          { text: gate.name },
          { text: gate.applicable ? gate.state : `${gate.state} (n/a)`, tone: gateTone(gate.state) },
          trendCell(node.trend, GATE_TREND[gate.id], node.snapshot!.takenAtMs),
          { text: gate.reason },
        ],
        ...(hint ? { hint } : {}),
      };
    }),
    selectable: true,
    emptyText: 'no gates yet',
  };
}
