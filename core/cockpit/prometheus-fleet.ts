/**
 * The fleet read from Prometheus (`[fleet] prometheus_url`, `--fleet-prometheus`): the PromQL the cockpit asks,
 * and the answers turned into one row per node. Pure: query results in, facts out.
 *
 * What Prometheus already holds, from headless `cockpit --serve-metrics` shards and Bee's own `/metrics`:
 * - `cockpit_gate_state{node,gate}` → the node's gates (0 pass, 1 warn, 2 fail; -1 not measured where the
 *   exporting cockpit says so);
 * - `cockpit_node_up{node}` and its sample time → up, and whether Prometheus still hears about the node;
 * - `cockpit_stamp_ttl_worst_seconds{node}` → worst TTL;
 * - `bee_kademlia_currently_connected_peers{node}` (Bee's series) → peers; absent → unknown;
 * - the shards' /health call latency → ping; absent → unknown.
 * A node whose latest sample is older than `staleAfterMs`, or whose series Prometheus marked stale (its shard
 * stopped answering: it drops out of instant queries), is stale: shown as such with the time it was last heard
 * of, never as healthy, and its gates are not judged.
 */
import { GATE_IDS, GATE_NAMES, type Gate, type GateId, type GateState } from './gate-definitions.js';
import { GATE_VALUE, snakeGateId } from './metrics.js';

/** One instant-vector sample as Prometheus's HTTP API answers it. */
export interface PromVectorSample {
  readonly metric: Readonly<Record<string, string>>;
  /** [unix seconds, value text] */
  readonly value: readonly [number, string];
}

const KNOWN_GATES = `gate=~"${GATE_IDS.map(snakeGateId).join('|')}"`;

/**
 * The round's PromQL. Answers that shrink with the fleet's health (issue 27 item 7: at 1000 nodes every gate of
 * every node, with all its labels, was about 2 MB a round): the gates that do not pass, and per node only how
 * many of the ladder's gates pass; the nodes whose cockpit cannot read /health, and per node when Prometheus last
 * heard of it (what tells stale from current). Every answer carries the `node` label alone (`by (node)`).
 */
export const FLEET_QUERIES = {
  gates: `max by (node, gate) (cockpit_gate_state{${KNOWN_GATES}}) != 0`,
  passing: `count by (node) (max by (node, gate) (cockpit_gate_state{${KNOWN_GATES}}) == 0)`,
  up: 'min by (node) (cockpit_node_up) != 1',
  seen: 'max by (node) (timestamp(cockpit_node_up))',
  ttl: 'min by (node) (cockpit_stamp_ttl_worst_seconds)',
  peers: 'max by (node) (bee_kademlia_currently_connected_peers)',
  ping: 'sum by (node) (rate(cockpit_http_request_duration_seconds_sum{endpoint="GET /health"}[2m])) / sum by (node) (rate(cockpit_http_request_duration_seconds_count{endpoint="GET /health"}[2m]))',
} as const;

/**
 * Asked only in a round where some node's passing gates cannot be told from the count alone (its exporter sends
 * part of the ladder, or a ladder is being written while Prometheus scrapes): which of its gates pass.
 */
export const PASSING_GATES_QUERY = `max by (node, gate) (cockpit_gate_state{${KNOWN_GATES}}) == 0`;

/**
 * How often a cockpit reading its fleet from Prometheus asks (issue 27 item 7): every 5 s, a third of the usual
 * 15 s scrape. The fleet's round is seven instant queries at one instant over what Prometheus holds, whose
 * answers shrink with the fleet's health (FLEET_QUERIES), so asking three times a scrape costs little, while asking once a fleet
 * interval (15 s) added up to a whole interval between a sample arriving and its row changing:
 * bench:fleet-prometheus measures that stage apart.
 */
export const PROMETHEUS_QUERY_INTERVAL_MS = 5_000;

/**
 * The round's interval: a third of the fleet interval, never under 5 s (so `--polling slow`, 45 s in the window,
 * asks every 15 s: the knob for a site whose answers are large) and never slower than the fleet interval itself.
 * An explicit `asked` (the engine's option) wins, within the fleet interval.
 */
export function prometheusQueryIntervalMs(fleetPollIntervalMs: number, asked?: number): number {
  return Math.min(fleetPollIntervalMs, asked ?? Math.max(PROMETHEUS_QUERY_INTERVAL_MS, Math.round(fleetPollIntervalMs / 3)));
}

export type FleetQueryName = keyof typeof FLEET_QUERIES;
/**
 * The round's answers. `gates` holds the gates that do not pass (an answer that also holds the passing ones is
 * read the same); `passing`, per node, how many pass; `passingGates`, when asked, which; `up` the nodes whose
 * value is not 1 (one that holds every node is read the same).
 */
export type FleetAnswers = Readonly<Record<FleetQueryName, readonly PromVectorSample[]> & { passingGates?: readonly PromVectorSample[] }>;

export interface PromNodeFacts {
  readonly name: string;
  /** Gates as the exporting cockpit judged them; null when stale or never exported. */
  readonly gates: readonly Gate[] | null;
  readonly up: boolean | null;
  readonly worstTtlSeconds: number | null;
  readonly peers: number | null;
  readonly pingMs: number | null;
  /** When Prometheus last got a sample for the node (ms), null when it never did. */
  readonly lastSeenMs: number | null;
  readonly stale: boolean;
}

export interface PromFleetReading {
  readonly atMs: number;
  readonly nodes: readonly PromNodeFacts[];
}

const STATE_OF: Readonly<Record<string, GateState>> = { '0': 'Pass', '1': 'Warn', '2': 'Fail', '-1': 'Unknown' };
const ID_OF = new Map<string, GateId>(GATE_IDS.map((id) => [snakeGateId(id), id]));

function byNode(samples: readonly PromVectorSample[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const sample of samples) {
    const node = sample.metric.node;
    const value = Number(sample.value[1]);
    if (node !== undefined && Number.isFinite(value)) out.set(node, value);
  }
  return out;
}

/** Every node's gate samples, grouped once per reading. */
function gatesByNode(...answers: (readonly PromVectorSample[] | undefined)[]): Map<string, Map<GateId, GateState>> {
  const out = new Map<string, Map<GateId, GateState>>();
  for (const sample of answers.flatMap((samples) => samples ?? [])) {
    const node = sample.metric.node;
    const id = ID_OF.get(sample.metric.gate ?? '');
    const state = STATE_OF[sample.value[1]];
    if (node === undefined || !id || !state) continue;
    let values = out.get(node);
    if (!values) out.set(node, (values = new Map()));
    values.set(id, state);
  }
  return out;
}

/**
 * A node's ladder from its gates that do not pass and the count of those that do: when the two make the whole
 * ladder, every gate not named is a pass. Otherwise which gates pass is not known from the count: null, and the
 * round asks PASSING_GATES_QUERY (needsPassingGates).
 */
function completeLadder(values: Map<GateId, GateState> | undefined, passing: number | undefined): Map<GateId, GateState> | null | undefined {
  const named = values ? [...values.values()].filter((state) => state === 'Pass').length : 0;
  const unnamed = (passing ?? 0) - named;
  if (unnamed <= 0) return values;
  if ((values?.size ?? 0) + unnamed !== GATE_IDS.length) return null;
  const ladder = new Map(values);
  for (const id of GATE_IDS) if (!ladder.has(id)) ladder.set(id, 'Pass');
  return ladder;
}

/** Whether some node's passing gates cannot be told from the round's answers: then PASSING_GATES_QUERY is asked too. */
export function needsPassingGates(answers: Omit<FleetAnswers, 'passingGates'>): boolean {
  const gates = gatesByNode(answers.gates);
  for (const [node, count] of byNode(answers.passing)) if (completeLadder(gates.get(node), count) === null) return true;
  return false;
}

function gatesOf(values: ReadonlyMap<GateId, GateState> | null | undefined, before: readonly Gate[] | null | undefined): readonly Gate[] | null {
  if (!values || values.size === 0) return null;
  // No gate changed since the last reading: the same array, so what reads it (the alert step, the rows) can
  // tell at once that nothing did.
  if (before && before.length === values.size && before.every((gate) => values.get(gate.id) === gate.state)) return before;
  return GATE_IDS.filter((id) => values.has(id)).map((id) => ({
    id,
    name: GATE_NAMES[id],
    state: values.get(id)!,
    reason: `from Prometheus: cockpit_gate_state ${GATE_VALUE[values.get(id)!]} (the exporting cockpit's S1 says why)`,
    applicable: true,
  }));
}

/**
 * One row per node: the configured names when given (in their order), else every `node` label Prometheus has
 * for `cockpit_node_up`, sorted.
 */
export function readFleet(answers: FleetAnswers, nowMs: number, staleAfterMs: number, names?: readonly string[], previous?: PromFleetReading | null): PromFleetReading {
  const up = byNode(answers.up);
  const seen = byNode(answers.seen);
  const ttl = byNode(answers.ttl);
  const peers = byNode(answers.peers);
  const ping = byNode(answers.ping);
  const passing = byNode(answers.passing);
  const gates = gatesByNode(answers.gates, answers.passingGates);
  // A node Prometheus stopped hearing about (its shard's series went stale) keeps its row, with when it was
  // last heard of.
  const before = new Map((previous?.nodes ?? []).map((node) => [node.name, node]));
  const list = names && names.length > 0 ? names : [...new Set([...seen.keys(), ...gates.keys(), ...before.keys()])].sort();
  const nodes = list.map((name): PromNodeFacts => {
    const last = before.get(name);
    const lastSeenMs = seen.has(name) ? Math.round(seen.get(name)! * 1000) : (last?.lastSeenMs ?? null);
    // Absent now (Prometheus marked the series stale), or its last sample too old.
    const stale = !seen.has(name) || lastSeenMs === null || nowMs - lastSeenMs > staleAfterMs;
    const facts: PromNodeFacts = {
      name,
      // A ladder the answers cannot complete (PASSING_GATES_QUERY not asked or not answered) is not judged.
      gates: stale ? null : gatesOf(answers.passingGates ? gates.get(name) : completeLadder(gates.get(name), passing.get(name)), last?.gates),
      // Heard of (its cockpit_node_up has a sample) and not among those whose value is not 1: up.
      up: stale ? null : up.has(name) ? up.get(name) === 1 : true,
      worstTtlSeconds: stale ? null : (ttl.get(name) ?? null),
      peers: stale ? null : (peers.get(name) ?? null),
      pingMs: stale || !ping.has(name) ? null : Math.round(ping.get(name)! * 1000),
      lastSeenMs,
      stale,
    };
    // A row whose facts are all as before is the same object: the rows and S15's lines built from it are kept.
    return last && sameFacts(last, facts) ? last : facts;
  });
  return { atMs: nowMs, nodes };
}

function sameFacts(a: PromNodeFacts, b: PromNodeFacts): boolean {
  return a.gates === b.gates && a.up === b.up && a.worstTtlSeconds === b.worstTtlSeconds && a.peers === b.peers && a.pingMs === b.pingMs && a.lastSeenMs === b.lastSeenMs && a.stale === b.stale;
}

/** A fleet row's facts when the fleet comes from Prometheus (FleetNodeFacts.remote). */
export interface RemoteFleetFacts {
  readonly prometheusUrl: string;
  /** The node's row of the last reading; null before the first, or when Prometheus has no such node. */
  readonly facts: PromNodeFacts | null;
  /** The last round's failure (Prometheus unreachable, an error answer): the facts are not current. */
  readonly error: string | null;
  /** When the last reading was taken (ms), null before the first. */
  readonly readAtMs: number | null;
}

/** The cockpit_fleet_nodes-style counts of a reading: stale and never-seen nodes count apart. */
export function fleetCounts(reading: PromFleetReading): { pass: number; warn: number; fail: number; stale: number } {
  const counts = { pass: 0, warn: 0, fail: 0, stale: 0 };
  for (const node of reading.nodes) {
    if (node.stale) counts.stale++;
    else if (node.up === false || node.gates?.some((g) => g.state === 'Fail')) counts.fail++;
    else if (node.gates?.some((g) => g.state === 'Warn')) counts.warn++;
    else counts.pass++;
  }
  return counts;
}
