/**
 * `cockpit --once readiness [URL]`: one health poll and the gate ladder (core/cockpit/gates.ts), no UI.
 * Text: one line per gate (PASS, WARN, FAIL, UNKNOWN), then a summary line. `--json` data: `{ node, gates:
 * [{id, name, state, reason, applicable}], summary: {pass, warn, fail, unknown, worst} }`; a gate that could
 * not be measured has state `Unknown` and a reason starting `not measured:`.
 *
 * Status and exit code (2-cockpit.md §7):
 * - `unhealthy` (1) when any gate fails, including "API reachable" on a node whose /health answers 5xx, even
 *   if other gates could not be measured: a failure the node showed is known whatever the others are.
 * - `error` (2) when /health cannot be read at all (network, timeout, not Bee JSON, a 4xx) or any endpoint
 *   answers 401 (missing or wrong token): there is no node to judge, only a connection or configuration to fix.
 * - `error` (2) too when nothing fails but some gate was not measured (an endpoint answered 5xx, timed out or
 *   answered something that is not Bee's): green cannot be vouched for. The ladder still goes to stdout (text)
 *   or into `data` (JSON, with `error: {code: "not-measured", detail}` naming the first such gate).
 * - `ok` (0) when every gate was measured and none fails (warnings allowed).
 */
import { fetchHealthSnapshot } from '../health-snapshot.js';
import { createNodeClient } from '../../node-client/index.js';
import { computeGates, summarizeGates } from '../../../core/cockpit/gates.js';
import { unjudgeableBecause } from '../../../core/cockpit/node-status.js';
import { timeoutOf, type OnceResult, type OnceRun } from './verb.js';
import { resolveNodeTarget } from './node-target.js';

export const details = `Asks /health, /readiness, /status, /topology, /chainstate, /wallet, /reservestate, /redistributionstate and
/stamps once and prints one line per gate (PASS, WARN, FAIL, or UNKNOWN: not measured, with why), then a
summary. Exit 0 when every gate was measured and none fails, 1 when one fails, 2 when the node cannot be
judged (unreachable, not Bee, a 401: pass --token; or no gate fails but some could not be measured).`;

export const run: OnceRun = async (args, context): Promise<OnceResult> => {
  const target = await resolveNodeTarget('readiness', args, context);
  const client = createNodeClient({ baseUrl: target.url, timeoutMs: timeoutOf(context), ...(target.token ? { token: target.token } : {}) });
  const snapshot = await fetchHealthSnapshot(client);
  // Unreadable /health, or a 401 anywhere (Bee keeps /health open on nodes behind a token): no node to judge.
  const problem = unjudgeableBecause(snapshot);
  if (problem) return { verb: 'readiness', status: 'error', data: { node: target.url, error: problem } };
  const gates = computeGates(snapshot);
  const summary = summarizeGates(gates);
  if (!summary.fail && summary.unknown) {
    const first = gates.find((gate) => gate.state === 'Unknown')!;
    const error = { code: 'not-measured', detail: `${first.name}: ${first.reason}` };
    return { verb: 'readiness', status: 'error', data: { node: target.url, gates, summary, error } };
  }
  return { verb: 'readiness', status: summary.fail ? 'unhealthy' : 'ok', data: { node: target.url, gates, summary } };
};
