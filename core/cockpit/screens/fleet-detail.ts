/**
 * S15 Fleet: the selected node's detail block (issue 28 item 1): who the node is, when it last answered, and
 * its gate ladder one gate a line, so the room under (narrow) or beside (wide) the node table carries the facts
 * behind the row's one-word status. Only what the node's poller (or Prometheus, for a fleet read from there)
 * already read; a node that has not answered says so, never "ok" or "none".
 */
import { clockTime } from '../format.js';
import { fleetNodeStatus, gateTone } from '../node-status.js';
import type { FleetNodeFacts } from '../interaction/screen-env.js';
import type { FactsSection } from '../view/view-model.js';

export const NODE_DETAIL = 'node';

type FactRow = FactsSection['rows'][number];

function identity(node: FleetNodeFacts): FactRow[] {
  const roles = [node.active ? 'the active node (the screens show it)' : '', node.isDefault ? 'the default node (the cockpit started on it)' : ''].filter(Boolean);
  const s = node.snapshot;
  const version = s?.health.ok ? `Bee ${s.health.value.version}, API ${s.health.value.apiVersion}` : null;
  return [
    { label: 'Node', value: node.name === node.url ? node.url : `${node.name} (${node.url})` },
    ...(roles.length ? [{ label: 'Role', value: roles.join('; ') }] : []),
    { label: 'Status', value: fleetNodeStatus(node).text, tone: fleetNodeStatus(node).tone },
    ...(s ? [{ label: 'Version', value: version ?? 'unknown: /health did not answer', ...(version ? {} : { tone: 'muted' as const }) }] : []),
  ];
}

function lastAnswer(node: FleetNodeFacts): FactRow {
  const s = node.snapshot;
  if (s) return { label: 'Last poll', value: `${clockTime(s.takenAtMs)}${s.healthMs === undefined ? '' : `, /health answered in ${s.healthMs} ms`}` };
  if (node.remote?.readAtMs) return { label: 'Last read', value: `${clockTime(node.remote.readAtMs)} from Prometheus ${node.remote.prometheusUrl}` };
  if (node.pollError) return { label: 'Last poll', value: `failed: ${node.pollError}`, tone: 'fail' };
  return { label: 'Last poll', value: node.polling ? 'polling now, no answer yet' : 'not polled yet', tone: 'muted' };
}

/** The block for `node`: identity, the last answer, then one line per gate (`Pass: reason`). */
export function nodeDetail(node: FleetNodeFacts): FactsSection {
  const gates: FactRow[] = node.gates?.length
    ? node.gates.map((gate) => ({ label: gate.name, value: `${gate.state}: ${gate.reason}`, tone: gateTone(gate.state) }))
    : [{ label: 'Gates', value: 'unknown: no answer to judge them by yet', tone: 'muted' }];
  // Under the table, not beside it: a fleet with long statuses needs the table's whole width for its columns.
  return { kind: 'facts', id: NODE_DETAIL, title: `Selected node ${node.name}`, withRows: true, rows: [...identity(node), lastAnswer(node), ...gates] };
}

/** The node of the selected row (by name), else the first row's, where the engine's selection starts. */
export function selectedFleetNode(fleet: readonly FleetNodeFacts[], selectedNode: string | null): FleetNodeFacts | undefined {
  return fleet.find((node) => node.name === selectedNode) ?? fleet[0];
}
