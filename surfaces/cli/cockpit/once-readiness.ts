/**
 * `cockpit --once readiness [URL]`: one health poll and the gate ladder (core/cockpit/gates.ts), no UI.
 * Text: one line per gate, then a summary line. `--json` data: `{ node, gates: [{id, name, state, reason,
 * applicable}], summary: {pass, warn, fail, worst} }`.
 *
 * Status and exit code (2-cockpit.md §7): `ok` (0) when no gate fails, Warn included; `unhealthy` (1) when
 * any gate fails, including "API reachable" on a node whose /health answers 5xx; `error` (2) when /health
 * cannot be read at all (network, timeout, not Bee JSON, a 4xx) or any endpoint answers 401 (missing or
 * wrong token), because then there is no node to judge, only a connection or configuration to fix.
 */
import { fetchHealthSnapshot } from '../../../actors/cockpit/health-snapshot.js';
import { createNodeClient } from '../../../actors/node-client/index.js';
import { computeGates, describeSummary, summarizeGates, type Gate } from '../../../core/cockpit/gates.js';
import { describeUnreadableHealth, unjudgeableBecause } from '../../../core/cockpit/node-status.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { timeoutOf, type OnceResult, type OnceRun } from './once.js';
import { resolveNodeTarget } from './node-target.js';

const LABEL: Record<Gate['state'], string> = { Pass: 'PASS', Warn: 'WARN', Fail: 'FAIL' };
const NAME_WIDTH = 24;

/** `FAIL  peer count                1 connected peer: too few …`; the reason quotes the node, so it is shown, not obeyed. */
export function formatGateLine(gate: Gate): string {
  return `${LABEL[gate.state]}  ${gate.name.padEnd(NAME_WIDTH)}${showControlCharacters(gate.reason)}`;
}

export const details = `Asks /health, /readiness, /status, /topology, /chainstate, /wallet, /reservestate, /redistributionstate and
/stamps once and prints one line per gate (PASS, WARN, FAIL), then a summary. Exit 0 when no gate fails,
1 when one does, 2 when the node cannot be judged (unreachable, not Bee, a 401: pass --token).`;

export const run: OnceRun = async (args, context): Promise<OnceResult> => {
  const target = await resolveNodeTarget('readiness', args, context);
  const client = createNodeClient({ baseUrl: target.url, timeoutMs: timeoutOf(context), ...(target.token ? { token: target.token } : {}) });
  const snapshot = await fetchHealthSnapshot(client);
  // Unreadable /health, or a 401 anywhere (Bee keeps /health open on nodes behind a token): no node to judge.
  const problem = unjudgeableBecause(snapshot);
  if (problem) return { verb: 'readiness', status: 'error', message: describeUnreadableHealth(target.url, problem), data: { node: target.url, error: problem } };
  const gates = computeGates(snapshot);
  const summary = summarizeGates(gates);
  const verdict = summary.fail ? 'unhealthy' : 'ready';
  const message = `${target.url} ${verdict}: ${describeSummary(gates)}`;
  return {
    verb: 'readiness',
    status: summary.fail ? 'unhealthy' : 'ok',
    message,
    data: { node: target.url, gates, summary },
    text: [...gates.map(formatGateLine), message].join('\n'),
  };
};
