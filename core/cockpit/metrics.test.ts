import { describe, expect, it } from 'vitest';
import { LatencyHistogram, labelValue, renderMetrics, snakeGateId } from './metrics.js';
import { fleetFacts } from './interaction/view-fixtures.js';
import { computeGates } from './gates.js';
import { refused, unreachable, withSnapshot } from './snapshot-fixtures.js';
import type { NodeHealthSnapshot } from './health-snapshot.js';

describe('Prometheus exposition', () => {
  it('names gates in snake case', () => {
    expect(['apiReachable', 'chainRpcFresh', 'binSaturation', 'redistributionHealthy', 'stampTtl'].map((id) => snakeGateId(id as never))).toEqual([
      'api_reachable', 'chain_rpc_fresh', 'bin_saturation', 'redistribution_healthy', 'stamp_ttl',
    ]);
  });

  it('escapes label values', () => {
    expect(labelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
  });

  it('renders gates, up, fleet counts and worst TTL per node; a node not polled yet has no gate series', () => {
    const [healthy, frozen, down, fresh] = fleetFacts(['n1', 'n2', 'http://10.0.0.3:1633', 'n4']);
    const frozenSnapshot = withSnapshot(frozen!.snapshot!, { redistributionstate: { isFrozen: true } });
    const downSnapshot = { ...down!.snapshot!, health: unreachable };
    const text = renderMetrics([
      healthy!,
      { ...frozen!, snapshot: frozenSnapshot, gates: computeGates(frozenSnapshot) },
      { ...down!, snapshot: downSnapshot, gates: computeGates(downSnapshot) },
      { ...fresh!, snapshot: null, gates: null },
    ]);
    expect(text).toContain('# TYPE cockpit_gate_state gauge\ncockpit_gate_state{node="n1",gate="api_reachable"} 0\n');
    expect(text).toContain('cockpit_gate_state{node="n2",gate="not_frozen"} 2\n');
    expect(text).toContain('cockpit_gate_state{node="n1",gate="api_version"} 0\n');
    expect(text).not.toContain('node="n4",gate=');
    expect(text).toContain('cockpit_node_up{node="n1"} 1\ncockpit_node_up{node="n2"} 1\ncockpit_node_up{node="http://10.0.0.3:1633"} 0\ncockpit_node_up{node="n4"} 0\n');
    expect(text).toContain('cockpit_fleet_nodes{status="pass"} 1\ncockpit_fleet_nodes{status="warn"} 0\ncockpit_fleet_nodes{status="fail"} 2\ncockpit_fleet_nodes{status="unknown"} 0\n');
    expect(text).toMatch(/cockpit_stamp_ttl_worst_seconds\{node="n1"\} \d+\n/);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('a gate that could not be measured is -1, never 2: a node answering 500 fails API reachable only', () => {
    const [erring, blind] = fleetFacts(['n500', 'nblind']);
    const every500 = Object.fromEntries(Object.keys(erring!.snapshot!).map((key) => [key, key === 'takenAtMs' ? 1 : refused(500, '500 Internal Server Error')])) as unknown as NodeHealthSnapshot;
    // Bee answers everything but knows no TTL yet: nothing fails or warns, one gate is not measured.
    const noTtl = withSnapshot(blind!.snapshot!, { stamps: [{ batchID: 'a'.repeat(64), batchTTL: -1, usable: true, depth: 20, label: '' }] });
    const text = renderMetrics([
      { ...erring!, snapshot: every500, gates: computeGates(every500) },
      { ...blind!, snapshot: noTtl, gates: computeGates(noTtl) },
    ]);
    expect(text).toContain('# HELP cockpit_gate_state Health gate of a node: 0 pass, 1 warn, 2 fail, -1 not measured.');
    expect(text).toContain('cockpit_gate_state{node="n500",gate="api_reachable"} 2\n');
    const n500 = text.split('\n').filter((line) => line.startsWith('cockpit_gate_state{node="n500"') && !line.includes('api_reachable'));
    expect(n500).toHaveLength(10);
    for (const line of n500) expect(line).toMatch(/ -1$/);
    expect(text).toContain('cockpit_gate_state{node="nblind",gate="stamp_ttl"} -1\n');
    expect(text).toContain('cockpit_fleet_nodes{status="pass"} 0\ncockpit_fleet_nodes{status="warn"} 0\ncockpit_fleet_nodes{status="fail"} 1\ncockpit_fleet_nodes{status="unknown"} 1\n');
  });

  it('keeps cumulative latency buckets, sum, count and errors per node and endpoint, cancellations apart', () => {
    const latency = new LatencyHistogram();
    latency.record('n1', 'GET /health', 3, 'ok');
    latency.record('n1', 'GET /health', 40, 'ok');
    latency.record('n1', 'GET /health', 20_000, 'failed');
    latency.record('n1', 'GET /health', 9_000, 'cancelled');
    latency.record('http://10.0.0.3:1633', 'GET /health', 7, 'ok');
    const lines = latency.render();
    expect(lines).toContain('cockpit_http_request_duration_seconds_bucket{node="n1",endpoint="GET /health",le="0.005"} 1');
    expect(lines).toContain('cockpit_http_request_duration_seconds_bucket{node="n1",endpoint="GET /health",le="0.05"} 2');
    expect(lines).toContain('cockpit_http_request_duration_seconds_bucket{node="n1",endpoint="GET /health",le="10"} 2');
    expect(lines).toContain('cockpit_http_request_duration_seconds_bucket{node="n1",endpoint="GET /health",le="+Inf"} 3');
    expect(lines).toContain('cockpit_http_request_duration_seconds_count{node="n1",endpoint="GET /health"} 3');
    expect(lines).toContain('cockpit_http_request_errors_total{node="n1",endpoint="GET /health"} 1');
    expect(lines).toContain('cockpit_http_request_duration_seconds_count{node="http://10.0.0.3:1633",endpoint="GET /health"} 1');
    expect(lines).toContain('cockpit_http_request_errors_total{node="http://10.0.0.3:1633",endpoint="GET /health"} 0');
    // The cancelled call is counted apart: not in the buckets, the count, the sum or the errors.
    expect(lines).toContain('cockpit_http_request_cancellations_total{node="n1",endpoint="GET /health"} 1');
    expect(lines).toContain('cockpit_http_request_duration_seconds_sum{node="n1",endpoint="GET /health"} 20.043');
  });

  it('bounds the series: templates per node and nodes', () => {
    const latency = new LatencyHistogram(2, 2);
    for (const node of ['a', 'b', 'c']) for (const endpoint of ['GET /x', 'GET /y', 'GET /z']) latency.record(node, endpoint, 1, 'ok');
    const counts = latency.render().filter((line) => line.startsWith('cockpit_http_request_duration_seconds_count'));
    expect(counts).toEqual([
      'cockpit_http_request_duration_seconds_count{node="a",endpoint="GET /x"} 1',
      'cockpit_http_request_duration_seconds_count{node="a",endpoint="GET /y"} 1',
      'cockpit_http_request_duration_seconds_count{node="b",endpoint="GET /x"} 1',
      'cockpit_http_request_duration_seconds_count{node="b",endpoint="GET /y"} 1',
    ]);
  });
});
