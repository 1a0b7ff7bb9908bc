/**
 * Posting the cockpit's gate alerts to one Alertmanager: `POST <url>/api/v2/alerts` with a JSON array
 * (core/cockpit/alertmanager.ts writes it; active alerts carry an endsAt `validForMs` from now, as Prometheus
 * does). Any 2xx is delivered; anything else, a refused connection or no answer within the timeout is an error
 * the sink retries with back-off. The answer's body (Alertmanager's error text) is kept short in the message.
 */
import { fromPromise } from 'xstate';
import { alertsBody } from '../../core/cockpit/alertmanager.js';
import type { PostAlertsInput } from '../../machines/cockpit/alertmanager-sink.machine.js';

export const ALERTMANAGER_TIMEOUT_MS = 10_000;

export async function postAlerts(url: string, input: PostAlertsInput, signal: AbortSignal, nowMs: number, timeoutMs = ALERTMANAGER_TIMEOUT_MS): Promise<void> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let response;
  try {
    const { request } = await import('undici');
    response = await request(`${url}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'cockpit' },
      body: JSON.stringify(alertsBody(input.set, nowMs + input.validForMs)),
      signal: AbortSignal.any([signal, deadline]),
    });
  } catch (error) {
    if (deadline.aborted && !signal.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
    const code = (error as { code?: string }).code;
    throw new Error(code ? `cannot post (${code})` : `cannot post (${(error as Error).message})`);
  }
  const text = await response.body.text().catch(() => '');
  if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`HTTP ${response.statusCode}${text ? `: ${text.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''}`);
}

/** The Alertmanager sinks' `postAlerts` actor: each sink names its URL in the input. */
export function postAlertsLogic(now: () => number = Date.now, timeoutMs = ALERTMANAGER_TIMEOUT_MS) {
  return fromPromise<void, PostAlertsInput>(({ input, signal }) => postAlerts(input.url, input, signal, now(), timeoutMs));
}
