/**
 * Small pieces every screen model of core/cockpit/screens uses: a failed endpoint as one line, clock times,
 * token amounts, table cells. Pure (no clock: times are passed in).
 */
import { clockTime, formatBzz } from '../format.js';
import type { EndpointFailure, Fetched } from '../health-snapshot.js';
import { oneLine } from '../text.js';
import type { CellView, Tone } from '../view/view-model.js';

export type { EndpointFailure, Fetched };

export const ok = <T>(value: T): Fetched<T> => ({ ok: true, value });
export const failed = <T = never>(error: EndpointFailure): Fetched<T> => ({ ok: false, error });

/**
 * Why `endpoint` gave nothing, in one line an operator can act on: a 404 on a route Bee has served for long
 * means an old or foreign node, 401 a missing token, 403 a feature switched off.
 */
export function failureLine(endpoint: string, failure: EndpointFailure): string {
  const detail = oneLine(failure.detail, 160);
  if (failure.code === 'http' && failure.status === 401) return `${endpoint}: ${detail} (pass --token or set NODE_TOKEN)`;
  if (failure.code === 'http' && failure.status === 404) return `${endpoint}: ${detail} (not served by this node: older Bee or not Bee?)`;
  if (failure.code === 'invalid-response') return `${endpoint}: the node answered something that is not Bee's: ${detail}`;
  return `${endpoint}: ${detail}`;
}

/** PLUR as xBZZ with its sign (`+0.0012 xBZZ`); `—` when the node did not say. */
export function formatSignedBzz(plur: string | null | undefined): string {
  if (plur === null || plur === undefined || !/^-?\d+$/.test(plur)) return '—';
  return `${BigInt(plur) > 0n ? '+' : ''}${formatBzz(plur)}`;
}

export { clockTime, formatBzz };

export function cell(text: string, tone?: Tone, full?: string): CellView {
  return { text, ...(tone ? { tone } : {}), ...(full !== undefined && full !== text ? { full } : {}) };
}

/** `polled at 14:03:12`, or the failure and the age of what is still shown. */
export function pollSubtitle(lastOkAtMs: number | null, error: string | null): string | null {
  if (error && lastOkAtMs !== null) return `${error}; showing data from ${clockTime(lastOkAtMs)}`;
  if (error) return error;
  return lastOkAtMs === null ? null : `polled at ${clockTime(lastOkAtMs)}`;
}
