/**
 * How one node is doing, in one short line and a tone: the top bar's node chip, the S15 fleet row, the picker.
 * From the latest health snapshot and its gates. A node that cannot be judged at all (unreachable, hanging,
 * not Bee, missing token) says why, in words that name the fix; a node that can is summarised by its gates.
 *
 * `--once readiness` and `version-check` use the same reading of a failed /health (healthUnreadable,
 * describeUnreadableHealth, in unreadable-health.ts), so the one-shot verbs and the interactive cockpit never disagree about a node.
 */
import type { Gate } from './gate-definitions.js';
import { summarizeGates } from './gates.js';
import { SNAPSHOT_ENDPOINTS, type EndpointFailure, type NodeHealthSnapshot } from './health-snapshot.js';
import type { Tone } from './view/view-model.js';
import type { RemoteFleetFacts } from './prometheus-fleet.js';

import { healthUnreadable } from './unreadable-health.js';

/**
 * Why this snapshot cannot be judged: /health unreadable, or any endpoint answering 401 (Bee keeps /health
 * open on nodes behind a token, so a missing token shows on the other endpoints). Null when it can be judged.
 */
export function unjudgeableBecause(snapshot: NodeHealthSnapshot): EndpointFailure | null {
  if (!snapshot.health.ok && healthUnreadable(snapshot.health.error)) return snapshot.health.error;
  for (const endpoint of SNAPSHOT_ENDPOINTS) {
    const fetched = snapshot[endpoint];
    if (!fetched.ok && fetched.error.code === 'http' && fetched.error.status === 401) return fetched.error;
  }
  return null;
}

/** The problem as a fleet row says it (the URL is in its own column). */
export function describeNodeProblem(error: EndpointFailure): string {
  if (error.code === 'http' && error.status === 401) return 'needs a token (401): pass --token or set NODE_TOKEN';
  if (error.code === 'http' && error.status === 404) return '/health answered 404: not a Bee node API?';
  if (error.code === 'http') return `answered HTTP ${error.status ?? '?'}: ${error.detail}`;
  if (error.code === 'network') return `unreachable: ${error.detail}`;
  if (error.code === 'timeout') return `no complete answer: ${error.detail}`;
  if (error.code === 'invalid-response') return `not a Bee answer: ${error.detail}`;
  return error.detail;
}

export interface NodeStatus {
  readonly tone: Tone;
  /** `ok`, `2 fail, 1 warn`, `1 fail, 10 not measured`, `polling…`, `unreachable: …`. */
  readonly text: string;
  /** The node answered as a Bee node this poll (Prometheus `cockpit_node_up`). */
  readonly up: boolean;
  /** The worst gate, or null when the node cannot be judged (or has not been polled). */
  readonly worst: Gate['state'] | null;
}

// Unknown is muted, never red: a gate that could not be measured is not a failure of what it measures.
const TONE: Record<Gate['state'], Tone> = { Pass: 'ok', Warn: 'warn', Fail: 'fail', Unknown: 'muted' };

export function gateTone(state: Gate['state']): Tone {
  return TONE[state];
}

// Views recompute every node's status many times per poll (fleet rows, top bar, picker): one per gate ladder.
const judged = new WeakMap<readonly Gate[], NodeStatus>();

export function nodeStatus(snapshot: NodeHealthSnapshot | null, gates: readonly Gate[] | null, pollError: string | null = null): NodeStatus {
  if (!snapshot || !gates) {
    return pollError ? { tone: 'fail', text: `poll failed: ${pollError}`, up: false, worst: null } : { tone: 'muted', text: 'polling…', up: false, worst: null };
  }
  let status = judged.get(gates);
  if (!status) judged.set(gates, (status = judge(snapshot, gates)));
  return status;
}

/** A fleet row as nodeStatus sees it: its own poll, or what Prometheus says (the fleet from Prometheus). */
export interface FleetRowFacts {
  readonly snapshot: NodeHealthSnapshot | null;
  readonly gates: readonly Gate[] | null;
  readonly pollError: string | null;
  readonly remote?: RemoteFleetFacts;
}

/**
 * A row's status: its own poll when it has one (the active node is still polled directly), else Prometheus's
 * facts. A node Prometheus stopped hearing about is stale, with its age; a Prometheus that cannot be read makes
 * every such row unknown, with why: neither is ever shown healthy.
 */
export function fleetNodeStatus(node: FleetRowFacts): NodeStatus {
  if (node.snapshot || !node.remote) return nodeStatus(node.snapshot, node.gates, node.pollError);
  const { remote } = node;
  const facts = remote.facts;
  if (remote.error) return { tone: 'muted', text: `unknown: cannot read Prometheus (${remote.error})`, up: false, worst: null };
  if (remote.readAtMs === null) return { tone: 'muted', text: 'asking Prometheus…', up: false, worst: null };
  if (!facts || facts.lastSeenMs === null) return { tone: 'muted', text: 'not in Prometheus: no cockpit exports this node', up: false, worst: null };
  if (facts.stale) return { tone: 'muted', text: `stale: Prometheus last heard of it ${formatAge(remote.readAtMs - facts.lastSeenMs)} ago`, up: false, worst: null };
  if (facts.up === false) return { tone: 'fail', text: 'down: its cockpit cannot read /health (cockpit_node_up 0)', up: false, worst: null };
  if (!node.gates || node.gates.length === 0) return { tone: 'muted', text: 'up; no gates exported yet', up: facts.up === true, worst: null };
  return { ...summaryStatus(node.gates), up: facts.up === true };
}

function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

function judge(snapshot: NodeHealthSnapshot, gates: readonly Gate[]): NodeStatus {
  const problem = unjudgeableBecause(snapshot);
  if (problem) return { tone: 'fail', text: describeNodeProblem(problem), up: false, worst: null };
  return { ...summaryStatus(gates), up: true };
}

/** `2 fail, 1 warn, 3 not measured` or `ok`, with the worst gate's tone. */
function summaryStatus(gates: readonly Gate[]): Omit<NodeStatus, 'up'> {
  const summary = summarizeGates(gates);
  const parts = [summary.fail ? `${summary.fail} fail` : '', summary.warn ? `${summary.warn} warn` : '', summary.unknown ? `${summary.unknown} not measured` : ''].filter(Boolean);
  return { tone: TONE[summary.worst], text: parts.length ? parts.join(', ') : 'ok', worst: summary.worst };
}
