/**
 * Small pieces every screen model uses to turn fetched facts into view text: why an endpoint's answer is
 * missing (one line an operator can act on), and the subtitle that says where the data came from.
 */
import { clockTime } from '../format.js';
import type { EndpointFailure, Fetched } from '../health-snapshot.js';

/** One line on why `/endpoint` gave nothing, naming the usual cause of each refusal. */
export function describeFailure(endpoint: string, error: EndpointFailure, known: Readonly<Partial<Record<number, string>>> = {}): string {
  if (error.code === 'http' && error.status !== undefined) {
    const meaning = known[error.status];
    if (meaning) return `${meaning} (/${endpoint} ${error.status})`;
    if (error.status === 401) return `the node needs a token: pass --token or set NODE_TOKEN (/${endpoint} 401)`;
  }
  if (error.code === 'timeout') return `/${endpoint} did not answer in time: ${error.detail}`;
  if (error.code === 'network') return `cannot reach the node: ${error.detail}`;
  if (error.code === 'invalid-response') return `/${endpoint} did not answer as Bee does: ${error.detail}`;
  return `no answer from /${endpoint}: ${error.detail}`;
}

/** `polled at 14:03:12`, or the failure of the latest poll next to the time of the data still shown. */
export function pollSubtitle(takenAtMs: number, failure: string | null, shownAtMs: number | null): string {
  if (failure === null) return `polled at ${clockTime(takenAtMs)}`;
  return shownAtMs === null ? failure : `${failure}; showing data from ${clockTime(shownAtMs)}`;
}

export const valueOf = <T>(f: Fetched<T> | undefined): T | undefined => (f && f.ok ? f.value : undefined);
