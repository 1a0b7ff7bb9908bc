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
import { SNAPSHOT_ENDPOINTS } from '../../../core/cockpit/health-snapshot.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { timeoutOf, type OnceResult, type OnceRun } from './once.js';
import { describeUnreadableHealth, healthUnreadable, resolveNodeTarget } from './node-target.js';

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
  const target = resolveNodeTarget('readiness', args, context);
  const client = createNodeClient({ baseUrl: target.url, timeoutMs: timeoutOf(context), ...(target.token ? { token: target.token } : {}) });
  const snapshot = await fetchHealthSnapshot(client);
  if (!snapshot.health.ok && healthUnreadable(snapshot.health.error)) {
    return { verb: 'readiness', status: 'error', message: describeUnreadableHealth(target.url, snapshot.health.error), data: { node: target.url, error: snapshot.health.error } };
  }
  // /health is open on nodes behind a token (Bee keeps the root probes public): a 401 elsewhere is the
  // same "cannot judge" as a 401 on /health.
  const locked = SNAPSHOT_ENDPOINTS.map((endpoint) => snapshot[endpoint]).find((f) => !f.ok && f.error.code === 'http' && f.error.status === 401);
  if (locked && !locked.ok) {
    return { verb: 'readiness', status: 'error', message: describeUnreadableHealth(target.url, locked.error), data: { node: target.url, error: locked.error } };
  }
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
