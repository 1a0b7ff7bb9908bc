import { describe, expect, it } from 'vitest';
import { fleetNodeStatus } from './node-status.js';
import { fleetCounts, prometheusQueryIntervalMs, readFleet, type FleetAnswers, type PromVectorSample } from './prometheus-fleet.js';

const t = 1_700_000_000; // Prometheus sample time, seconds
const v = (metric: Record<string, string>, value: string | number, at = t): PromVectorSample => ({ metric, value: [at, String(value)] });
const answers = (over: Partial<FleetAnswers> = {}): FleetAnswers => ({
  gates: [v({ node: 'a', gate: 'api_reachable' }, 0), v({ node: 'a', gate: 'stamp_ttl' }, 1), v({ node: 'b', gate: 'not_frozen' }, 2), v({ node: 'a', gate: 'unknown_gate' }, 2)],
  up: [v({ node: 'a' }, 1), v({ node: 'b' }, 1), v({ node: 'c' }, 0)],
  seen: [v({ node: 'a' }, t), v({ node: 'b' }, t), v({ node: 'c' }, t)],
  ttl: [v({ node: 'a' }, 3600)],
  peers: [v({ node: 'a' }, 42)],
  ping: [v({ node: 'a' }, 0.0042)],
  ...over,
});
const now = t * 1000 + 2_000;

describe('the fleet read from PromQL answers', () => {
  it('a row per node label, sorted: gates in ladder order, up, TTL, peers and ping where Prometheus has them', () => {
    const reading = readFleet(answers(), now, 60_000);
    expect(reading.nodes.map((n) => n.name)).toEqual(['a', 'b', 'c']);
    const a = reading.nodes[0]!;
    expect(a).toMatchObject({ up: true, worstTtlSeconds: 3600, peers: 42, pingMs: 4, lastSeenMs: t * 1000, stale: false });
    expect(a.gates!.map((g) => [g.id, g.state])).toEqual([
      ['apiReachable', 'Pass'],
      ['stampTtl', 'Warn'],
    ]);
    expect(reading.nodes[1]).toMatchObject({ peers: null, pingMs: null, worstTtlSeconds: null });
    expect(fleetCounts(reading)).toEqual({ pass: 0, warn: 1, fail: 2, stale: 0 });
  });

  it('the configured names, in their order, when given; a configured node Prometheus lacks is stale with no last sight', () => {
    const reading = readFleet(answers(), now, 60_000, ['c', 'zz', 'a']);
    expect(reading.nodes.map((n) => [n.name, n.stale, n.lastSeenMs])).toEqual([
      ['c', false, t * 1000],
      ['zz', true, null],
      ['a', false, t * 1000],
    ]);
  });

  it('a node whose series went stale keeps its row, stale since it was last heard of; an old sample is stale too', () => {
    const first = readFleet(answers(), now, 60_000);
    const gone = readFleet(answers({ up: [v({ node: 'a' }, 1)], seen: [v({ node: 'a' }, t)] }), now + 15_000, 60_000, undefined, first);
    const b = gone.nodes.find((n) => n.name === 'b')!;
    expect(b).toMatchObject({ stale: true, lastSeenMs: t * 1000, gates: null, up: null });
    const old = readFleet(answers(), now + 120_000, 60_000);
    expect(old.nodes.every((n) => n.stale)).toBe(true);
  });
});

describe('a row’s status from Prometheus', () => {
  const remote = (over: object = {}) => ({ prometheusUrl: 'http://p:9090', facts: null, error: null, readAtMs: now, ...over });
  const reading = readFleet(answers(), now, 60_000);
  const row = (name: string, over: object = {}) => {
    const facts = reading.nodes.find((n) => n.name === name)!;
    return { snapshot: null, gates: facts.gates, pollError: null, remote: remote({ facts, ...over }) };
  };

  it('judges its gates, says down for cockpit_node_up 0, stale with the age, unknown when Prometheus cannot be read', () => {
    expect(fleetNodeStatus(row('a'))).toEqual({ tone: 'warn', text: '1 warn', up: true, worst: 'Warn' });
    expect(fleetNodeStatus(row('b'))).toMatchObject({ tone: 'fail', text: '1 fail' });
    expect(fleetNodeStatus(row('c'))).toEqual({ tone: 'fail', text: 'down: its cockpit cannot read /health (cockpit_node_up 0)', up: false, worst: null });
    const stale = { ...reading.nodes[0]!, stale: true };
    expect(fleetNodeStatus({ snapshot: null, gates: null, pollError: null, remote: remote({ facts: stale, readAtMs: t * 1000 + 95_000 }) })).toEqual({ tone: 'muted', text: 'stale: Prometheus last heard of it 95 s ago', up: false, worst: null });
    expect(fleetNodeStatus(row('a', { error: 'HTTP 503' })).text).toBe('unknown: cannot read Prometheus (HTTP 503)');
    expect(fleetNodeStatus({ snapshot: null, gates: null, pollError: null, remote: remote({ facts: null, readAtMs: null }) }).text).toBe('asking Prometheus…');
    expect(fleetNodeStatus({ snapshot: null, gates: null, pollError: null, remote: remote() }).text).toBe('not in Prometheus: no cockpit exports this node');
  });
});

describe('prometheusQueryIntervalMs', () => {
  it('asks every 5 s at the window’s and the terminal’s fleet intervals, a third of a slow one, never slower than the fleet interval', () => {
    expect(prometheusQueryIntervalMs(15_000)).toBe(5_000);
    expect(prometheusQueryIntervalMs(10_000)).toBe(5_000);
    expect(prometheusQueryIntervalMs(45_000)).toBe(15_000);
    expect(prometheusQueryIntervalMs(2_000)).toBe(2_000);
    expect(prometheusQueryIntervalMs(15_000, 1_000)).toBe(1_000);
    expect(prometheusQueryIntervalMs(15_000, 60_000)).toBe(15_000);
  });
});
