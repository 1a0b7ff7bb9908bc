/** `readiness`: one line per gate (PASS, WARN, FAIL, UNKNOWN), then the summary line. */
import type { OnceData } from '../../../config-schema/once-results.js';
import type { EndpointFailure } from '../health-snapshot.js';
import { describeSummary, type Gate } from '../gates.js';
import { describeUnreadableHealth } from '../unreadable-health.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import type { VerbTextOf } from './verb-text.js';

const LABEL: Record<Gate['state'], string> = { Pass: 'PASS', Warn: 'WARN', Fail: 'FAIL', Unknown: 'UNKNOWN' };
const LABEL_WIDTH = 9;
const NAME_WIDTH = 24;

/** `FAIL     peer count              1 connected peer: too few …`; the reason quotes the node, so it is shown, not obeyed. */
export function formatGateLine(gate: Pick<Gate, 'state' | 'name' | 'reason'>): string {
  return `${LABEL[gate.state].padEnd(LABEL_WIDTH)}${gate.name.padEnd(NAME_WIDTH)}${showControlCharacters(gate.reason)}`;
}

/** The data of a node that cannot be judged at all: no gates, only why (/health unreadable, a 401). */
type Unjudgeable = { node: string; error: EndpointFailure; gates?: undefined };

export const verbText: VerbTextOf<OnceData<'readiness'> | Unjudgeable> = (status, data) => {
  if (data.gates === undefined) return { message: describeUnreadableHealth(data.node, (data as Unjudgeable).error) };
  const gates = data.gates as Gate[];
  const lines = gates.map(formatGateLine);
  if (status === 'error') return { message: `${data.node} cannot be judged: ${describeSummary(gates)}`, text: lines.join('\n') };
  const message = `${data.node} ${data.summary.fail ? 'unhealthy' : 'ready'}: ${describeSummary(gates)}`;
  return { message, text: [...lines, message].join('\n') };
};
