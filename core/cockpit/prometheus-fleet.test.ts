import { describe, expect, it } from 'vitest';
import { fleetNodeStatus } from './node-status.js';
import { fleetScreen } from './screens/fleet.js';
import type { TableSection } from './view/view-model.js';
import { GATE_IDS } from './gate-definitions.js';
import { snakeGateId } from './metrics.js';
import { fleetCounts, needsPassingGates, prometheusQueryIntervalMs, readFleet, type FleetAnswers, type PromVectorSample } from './prometheus-fleet.js';

const t = 1_700_000_000; // Prometheus sample time, seconds
const v = (metric: Record<string, string>, value: string | number, at = t): PromVectorSample => ({ metric, value: [at, String(value)] });
const answers = (over: Partial<FleetAnswers> = {}): FleetAnswers => ({
  gates: [v({ node: 'a', gate: 'api_reachable' }, 0), v({ node: 'a', gate: 'stamp_ttl' }, 1), v({ node: 'b', gate: 'not_frozen' }, 2), v({ node: 'a', gate: 'unknown_gate' }, 2)],
  up: [v({ node: 'a' }, 1), v({ node: 'b' }, 1), v({ node: 'c' }, 0)],
  seen: [v({ node: 'a' }, t), v({ node: 'b' }, t), v({ node: 'c' }, t)],
  ttl: [v({ node: 'a' }, 3600)],
  peers: [v({ node: 'a' }, 42)],
  ping: [v({ node: 'a' }, 0.0042)],
  passing: [],
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

describe('answers that shrink with the fleet’s health: the gates that do not pass, and a count of those that do', () => {
  const ladder = GATE_IDS.length;
  const only = (over: Partial<FleetAnswers>) => answers({ gates: [], up: [], seen: ['a', 'b', 'c'].map((node) => v({ node }, t)), ...over });

  it('a node whose passing count and failing gates make the whole ladder: every other gate passes; none named: all pass', () => {
    const reading = readFleet(only({ gates: [v({ node: 'b', gate: 'not_frozen' }, 2), v({ node: 'b', gate: 'stamp_ttl' }, -1)], passing: [v({ node: 'a' }, ladder), v({ node: 'b' }, ladder - 2)] }), now, 60_000);
    const [a, b, c] = reading.nodes;
    expect(a!.gates!.map((g) => [g.id, g.state])).toEqual(GATE_IDS.map((id) => [id, 'Pass']));
    expect(b!.gates!.filter((g) => g.state !== 'Pass').map((g) => [g.id, g.state])).toEqual([['notFrozen', 'Fail'], ['stampTtl', 'Unknown']]);
    expect(b!.gates).toHaveLength(ladder);
    // Heard of (cockpit_node_up has a sample) and not among the nodes whose value is not 1: up. c exports no gate yet.
    expect(reading.nodes.map((n) => n.up)).toEqual([true, true, true]);
    expect(c!.gates).toBeNull();
    expect(needsPassingGates(only({ passing: [v({ node: 'a' }, ladder)] }))).toBe(false);
    // Down per its cockpit (cockpit_node_up 0): among the answer's nodes.
    expect(readFleet(only({ up: [v({ node: 'c' }, 0)] }), now, 60_000).nodes[2]!.up).toBe(false);
  });

  it('a part of the ladder (an exporter that sends only some gates): which pass is asked, never guessed', () => {
    const partial = only({ passing: [v({ node: 'a' }, 2)] });
    expect(needsPassingGates(partial)).toBe(true);
    // Not asked (or not answered): the node's gates are not judged.
    expect(readFleet(partial, now, 60_000).nodes[0]!.gates).toBeNull();
    const asked = readFleet({ ...partial, passingGates: [v({ node: 'a', gate: snakeGateId('apiReachable') }, 0), v({ node: 'a', gate: snakeGateId('peerCount') }, 0)] }, now, 60_000);
    expect(asked.nodes[0]!.gates!.map((g) => [g.id, g.state])).toEqual([['apiReachable', 'Pass'], ['peerCount', 'Pass']]);
  });
});

describe('a reading kept where nothing changed (the reader at 1000 nodes builds only what changed)', () => {
  it('a node with the same facts is the same object; an unchanged ladder is the same array; any change is new', () => {
    const first = readFleet(answers(), now, 60_000);
    const again = readFleet(answers(), now + 5_000, 60_000, undefined, first);
    expect(again.nodes.map((n, i) => n === first.nodes[i])).toEqual([true, true, true]);
    // b's peers appear: a new row, the same ladder; a's stamp TTL gate fails: a new ladder.
    const next = readFleet(answers({ peers: [v({ node: 'a' }, 42), v({ node: 'b' }, 7)], gates: [v({ node: 'a', gate: 'api_reachable' }, 0), v({ node: 'a', gate: 'stamp_ttl' }, 2), v({ node: 'b', gate: 'not_frozen' }, 2)] }), now + 10_000, 60_000, undefined, again);
    const [a, b] = next.nodes;
    expect(b).not.toBe(again.nodes[1]);
    expect(b!.peers).toBe(7);
    expect(b!.gates).toBe(again.nodes[1]!.gates);
    expect(a!.gates).not.toBe(again.nodes[0]!.gates);
    expect(a!.gates!.map((g) => g.state)).toEqual(['Pass', 'Fail']);
    // A gate that is no longer exported: a new ladder without it, never the old one.
    const fewer = readFleet(answers({ gates: [v({ node: 'a', gate: 'api_reachable' }, 0)] }), now + 15_000, 60_000, undefined, next);
    expect(fewer.nodes[0]!.gates!.map((g) => g.id)).toEqual(['apiReachable']);
  });
});

describe('S15 rows from Prometheus', () => {
  it('a row whose ladder stayed the same still shows its new peers and its staleness (rows are kept per facts, not per ladder)', () => {
    const first = readFleet(answers(), now, 60_000);
    const later = readFleet(answers({ peers: [v({ node: 'a' }, 43)] }), now + 5_000, 60_000, undefined, first);
    expect(later.nodes[0]!.gates).toBe(first.nodes[0]!.gates);
    const rows = (reading: typeof first) =>
      fleetScreen(reading.nodes.map((facts) => ({ name: facts.name, url: '', active: false, isDefault: false, snapshot: null, gates: facts.gates, pollError: null, polling: false, remote: { prometheusUrl: 'http://p:9090', facts, error: null, readAtMs: reading.atMs } })));
    const cells = (reading: typeof first) => (rows(reading).sections[0] as TableSection).rows[0]!.cells.map((c) => c.text);
    expect(cells(first)).toContain('42');
    expect(cells(later)).toContain('43');
    const gone = readFleet(answers({ up: [], seen: [] }), now + 10_000, 60_000, undefined, later);
    expect(cells(gone).some((text) => text.startsWith('stale: Prometheus last heard of it'))).toBe(true);
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
