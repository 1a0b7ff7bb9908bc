/**
 * `retcheck … --pushgateway URL`: one run's result pushed to a Prometheus Pushgateway, for cron and Kubernetes
 * CronJob runs that end before any scrape. The series are the exporter's probe series
 * (core/retcheck/probe-metrics.ts); the group is `job="retcheck"`, `ref="<reference hex, or feed:OWNER:TOPIC>"` (the label the exporter's scrape config gives probes), so each
 * reference keeps its own last result and a new run of it replaces the old one (PUT).
 */
import { renderExposition } from '../../core/prometheus/exposition.js';
import type { CheckTarget } from '../../core/retcheck/check-input.js';
import { probeFamilies, type ProbeOutcome } from '../../core/retcheck/probe-metrics.js';

export const PUSH_TIMEOUT_MS = 10_000;

/** The grouping label of a run: the reference hex, or `feed:<owner>:<topic>`. */
export function pushGroupReference(target: CheckTarget): string {
  return target.kind === 'reference' ? target.reference : `feed:${target.owner}:${target.topic}`;
}

/** The Pushgateway URL of the run's group. */
export function pushGroupUrl(pushgateway: string, target: CheckTarget): string {
  return `${pushgateway}/metrics/job/retcheck/ref/${encodeURIComponent(pushGroupReference(target))}`;
}

/** PUTs the run; resolves with nothing, or rejects with a one-line reason (HTTP status and body excerpt, or the transport error). */
export async function pushRunResult(pushgateway: string, target: CheckTarget, outcome: ProbeOutcome, seconds: number, signal?: AbortSignal): Promise<void> {
  const url = pushGroupUrl(pushgateway, target);
  const timeout = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' },
      body: renderExposition(probeFamilies(outcome, seconds)),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`PUT ${url}: ${timeout.aborted ? `no answer within ${PUSH_TIMEOUT_MS / 1000} s` : (cause ?? (error as Error).message)}`);
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new Error(`PUT ${url}: HTTP ${response.status}${body ? ` ${body}` : ''}`);
  }
  await response.arrayBuffer().catch(() => undefined);
}
