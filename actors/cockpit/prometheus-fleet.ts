/**
 * The Prometheus fleet's `queryFleet` actor: the fleet's PromQL (core/cockpit/prometheus-fleet.ts) as instant
 * queries on Prometheus's HTTP API (`GET /api/v1/query`), all at once. Federation, Thanos Query and Mimir
 * answer the same API, so any of them can stand in for one Prometheus. A refused connection, a timeout, a non-2xx
 * answer or an error status fails the round with a one-line reason; nothing is guessed.
 */
import { fromPromise } from 'xstate';
import { FLEET_QUERIES, needsPassingGates, PASSING_GATES_QUERY, readFleet, type FleetAnswers, type FleetQueryName, type PromFleetReading, type PromVectorSample } from '../../core/cockpit/prometheus-fleet.js';
import type { QueryFleetInput } from '../../machines/cockpit/prometheus-fleet.machine.js';

export const PROMETHEUS_QUERY_TIMEOUT_MS = 10_000;

/**
 * When a node's latest sample counts as stale: four of the cockpit's own intervals, and never under a minute
 * (a shard scraped every 15 s misses a scrape or two before anything is wrong).
 */
export function staleAfterMs(pollIntervalMs: number): number {
  return Math.max(60_000, 4 * pollIntervalMs);
}

/** One instant query; the vector's samples. */
export async function instantQuery(prometheusUrl: string, expr: string, signal: AbortSignal, timeoutMs = PROMETHEUS_QUERY_TIMEOUT_MS, atS?: number): Promise<PromVectorSample[]> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const url = `${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}${atS === undefined ? '' : `&time=${atS.toFixed(3)}`}`;
  let response;
  try {
    const { request } = await import('undici');
    response = await request(url, { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'cockpit' }, signal: AbortSignal.any([signal, deadline]) });
  } catch (error) {
    if (deadline.aborted && !signal.aborted) throw new Error(`Prometheus ${prometheusUrl}: no answer within ${timeoutMs} ms`);
    const code = (error as { code?: string }).code;
    throw new Error(`Prometheus ${prometheusUrl}: cannot query (${code ?? (error as Error).message})`);
  }
  const text = await response.body.text();
  let body: { status?: string; error?: string; data?: { resultType?: string; result?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`Prometheus ${prometheusUrl}: HTTP ${response.statusCode}, not a query answer`);
  }
  if (response.statusCode !== 200 || body.status !== 'success') throw new Error(`Prometheus ${prometheusUrl}: ${body.error ?? `HTTP ${response.statusCode}`} (query ${expr.slice(0, 60)})`);
  if (body.data?.resultType !== 'vector' || !Array.isArray(body.data.result)) throw new Error(`Prometheus ${prometheusUrl}: expected a vector for ${expr.slice(0, 60)}`);
  return body.data.result as PromVectorSample[];
}

/**
 * All the fleet's queries at once, read into rows; which gates pass is asked only in a round where the counts
 * cannot tell (core/cockpit/prometheus-fleet.ts, needsPassingGates).
 */
export async function queryFleet(prometheusUrl: string, input: QueryFleetInput, signal: AbortSignal, nowMs: () => number, staleAfterMs: number): Promise<PromFleetReading> {
  // Every query of the round at one instant: a scrape landing between two of them cannot split a ladder.
  const atS = Date.now() / 1000; // Prometheus's clock is the wall clock, whatever clock the engine runs on
  const entries = await Promise.all((Object.keys(FLEET_QUERIES) as FleetQueryName[]).map(async (name) => [name, await instantQuery(prometheusUrl, FLEET_QUERIES[name], signal, PROMETHEUS_QUERY_TIMEOUT_MS, atS)] as const));
  const answers = Object.fromEntries(entries) as unknown as FleetAnswers;
  const full = needsPassingGates(answers) ? { ...answers, passingGates: await instantQuery(prometheusUrl, PASSING_GATES_QUERY, signal, PROMETHEUS_QUERY_TIMEOUT_MS, atS) } : answers;
  return readFleet(full, nowMs(), staleAfterMs, input.names, input.previous);
}

/** The actor, bound to one Prometheus. */
export function queryFleetLogic(prometheusUrl: string, staleAfterMs: number, now: () => number = Date.now) {
  return fromPromise<PromFleetReading, QueryFleetInput>(({ input, signal }) => queryFleet(prometheusUrl, input, signal, now, staleAfterMs));
}
