/**
 * `cockpit --serve-metrics`: the fleet in the Prometheus text exposition format (version 0.0.4), rendered from
 * the engine's fleet facts and the cockpit's own outbound calls. Pure: facts in, text out; the latency
 * histogram is a small mutable store fed by the node clients' call hook.
 *
 * Series (documented with examples in docs/cockpit.md "Prometheus"):
 * - `cockpit_gate_state{node,gate}` 0 pass, 1 warn, 2 fail, -1 not measured (the gate's endpoint gave no usable
 *   answer: negative, so no `== 2`, `> 0` or `>= 1` rule mistakes it for a failure); `gate` is the gate's name
 *   in snake case, the ten S1 gates and `api_version`. Absent for a node before its first answered poll.
 * - `cockpit_node_up{node}` 1 when the node's last poll got Bee's answer on /health, else 0.
 * - `cockpit_fleet_nodes{status="pass|warn|fail|unknown"}` nodes by their worst gate (unjudgeable nodes count
 *   as fail; `unknown`: nothing fails or warns but some gate was not measured; nodes not polled yet are not
 *   counted).
 * - `cockpit_stamp_ttl_worst_seconds{node}` the worst usable batch's TTL; absent without a known TTL.
 * - `cockpit_http_request_duration_seconds{node,endpoint}` histogram of the cockpit's own calls per node and
 *   endpoint template (`GET /stamps/{id}`), `cockpit_http_request_errors_total{node,endpoint}`, and
 *   `cockpit_http_request_cancellations_total{node,endpoint}`: calls the cockpit cancelled itself, which are
 *   neither errors nor in the histogram (core/cockpit/call-outcome.ts).
 * A node from the command line without a name is named by its URL. The cockpit's own `cockpit_build_info` and
 * the standard `process_*` series come from runtime-metrics.ts.
 */
import type { CallOutcome } from './call-outcome.js';
import { GATE_IDS, type GateId, type GateState } from './gate-definitions.js';
import { worstBatch } from './gate-rules.js';
import { fleetNodeStatus } from './node-status.js';
import type { FleetNodeFacts } from './interaction/screen-env.js';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Prometheus' default buckets, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The value of `cockpit_gate_state`: -1 for a gate that could not be measured. */
export const GATE_VALUE: Readonly<Record<GateState, number>> = { Pass: 0, Warn: 1, Fail: 2, Unknown: -1 };

/** `apiReachable` → `api_reachable`. */
export function snakeGateId(id: GateId): string {
  return id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A label value with `\`, `"` and newlines escaped, as the text format requires. */
export function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export const labels = (pairs: Readonly<Record<string, string>>) =>
  `{${Object.entries(pairs)
    .map(([key, value]) => `${key}="${labelValue(value)}"`)
    .join(',')}}`;

interface EndpointLatency {
  readonly counts: number[];
  sum: number;
  count: number;
  errors: number;
  cancelled: number;
}

/**
 * Call latencies per node and endpoint template, in cumulative buckets. Bounded: at most `maxEndpoints`
 * templates per node (a node's API has far fewer) and `maxNodes` nodes (the configured fleet is smaller).
 */
export class LatencyHistogram {
  private readonly nodes = new Map<string, Map<string, EndpointLatency>>();

  constructor(
    private readonly maxEndpoints = 256,
    private readonly maxNodes = 10_000,
  ) {}

  record(node: string, endpoint: string, ms: number, outcome: CallOutcome): void {
    let endpoints = this.nodes.get(node);
    if (!endpoints) {
      if (this.nodes.size >= this.maxNodes) return;
      this.nodes.set(node, (endpoints = new Map()));
    }
    let entry = endpoints.get(endpoint);
    if (!entry) {
      if (endpoints.size >= this.maxEndpoints) return;
      endpoints.set(endpoint, (entry = { counts: new Array<number>(LATENCY_BUCKETS.length).fill(0), sum: 0, count: 0, errors: 0, cancelled: 0 }));
    }
    // When the cockpit gave up on a call says nothing of the node's latency.
    if (outcome === 'cancelled') {
      entry.cancelled++;
      return;
    }
    const seconds = ms / 1000;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]!) entry.counts[i]!++;
    entry.sum += seconds;
    entry.count++;
    if (outcome === 'failed') entry.errors++;
  }

  render(): string[] {
    const lines = [
      '# HELP cockpit_http_request_duration_seconds Latency of the cockpit’s own calls to nodes, per node and endpoint template.',
      '# TYPE cockpit_http_request_duration_seconds histogram',
    ];
    const byName = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const series = byName(this.nodes).flatMap(([node, endpoints]) => byName(endpoints).map(([endpoint, entry]) => ({ node, endpoint, entry })));
    for (const { node, endpoint, entry } of series) {
      LATENCY_BUCKETS.forEach((le, i) => lines.push(`cockpit_http_request_duration_seconds_bucket${labels({ node, endpoint, le: String(le) })} ${entry.counts[i]}`));
      lines.push(`cockpit_http_request_duration_seconds_bucket${labels({ node, endpoint, le: '+Inf' })} ${entry.count}`);
      lines.push(`cockpit_http_request_duration_seconds_sum${labels({ node, endpoint })} ${entry.sum}`);
      lines.push(`cockpit_http_request_duration_seconds_count${labels({ node, endpoint })} ${entry.count}`);
    }
    lines.push('# HELP cockpit_http_request_errors_total Calls that failed or answered 400 and above, per node and endpoint template.', '# TYPE cockpit_http_request_errors_total counter');
    for (const { node, endpoint, entry } of series) lines.push(`cockpit_http_request_errors_total${labels({ node, endpoint })} ${entry.errors}`);
    lines.push(
      '# HELP cockpit_http_request_cancellations_total Calls the cockpit cancelled itself (a screen left, a node switched, the engine stopped), per node and endpoint template: not errors, not in the latency histogram.',
      '# TYPE cockpit_http_request_cancellations_total counter',
    );
    for (const { node, endpoint, entry } of series) lines.push(`cockpit_http_request_cancellations_total${labels({ node, endpoint })} ${entry.cancelled}`);
    return lines;
  }
}

export function renderMetrics(fleet: readonly FleetNodeFacts[], latency?: LatencyHistogram): string {
  const lines: string[] = [];
  const statuses = fleet.map((node) => ({ node, status: fleetNodeStatus(node) }));
  // Rows read from Prometheus (the fleet from Prometheus) are counted in cockpit_fleet_nodes but not exported
  // again per node: those series are already in Prometheus, from the cockpit that polls the node.
  const polledHere = statuses.filter(({ node }) => !node.remote || node.snapshot !== null);

  lines.push('# HELP cockpit_gate_state Health gate of a node: 0 pass, 1 warn, 2 fail, -1 not measured.', '# TYPE cockpit_gate_state gauge');
  for (const { node } of polledHere) {
    if (!node.gates) continue;
    for (const id of GATE_IDS) {
      const gate = node.gates.find((g) => g.id === id);
      if (gate) lines.push(`cockpit_gate_state${labels({ node: node.name, gate: snakeGateId(id) })} ${GATE_VALUE[gate.state]}`);
    }
  }

  lines.push('# HELP cockpit_node_up 1 when the node answered its last /health poll as Bee does, else 0.', '# TYPE cockpit_node_up gauge');
  for (const { node } of polledHere) lines.push(`cockpit_node_up${labels({ node: node.name })} ${node.snapshot?.health.ok ? 1 : 0}`);

  lines.push(
    '# HELP cockpit_fleet_nodes Nodes by their worst gate (a node that cannot be judged counts as fail; unknown: a gate not measured, none failing or warning).',
    '# TYPE cockpit_fleet_nodes gauge',
  );
  // Judged nodes: polled here, or read from Prometheus and current (a stale row or an unreadable Prometheus is
  // not counted).
  const polled = statuses.filter(({ node, status }) => node.snapshot !== null || status.tone === 'fail' || (node.remote !== undefined && status.worst !== null));
  const count = (tone: string) => polled.filter(({ status }) => status.tone === tone).length;
  const unknown = polled.filter(({ status }) => status.worst === 'Unknown').length;
  lines.push(
    `cockpit_fleet_nodes{status="pass"} ${count('ok')}`,
    `cockpit_fleet_nodes{status="warn"} ${count('warn')}`,
    `cockpit_fleet_nodes{status="fail"} ${count('fail')}`,
    `cockpit_fleet_nodes{status="unknown"} ${unknown}`,
  );

  lines.push('# HELP cockpit_stamp_ttl_worst_seconds TTL of the node’s worst postage batch, in seconds.', '# TYPE cockpit_stamp_ttl_worst_seconds gauge');
  for (const { node } of polledHere) {
    const worst = node.snapshot ? worstBatch(node.snapshot) : null;
    if (worst) lines.push(`cockpit_stamp_ttl_worst_seconds${labels({ node: node.name })} ${worst.batchTTL}`);
  }

  if (latency) lines.push(...latency.render());
  return `${lines.join('\n')}\n`;
}
