/**
 * One retcheck run as Prometheus series: the answer of the exporter's `GET /probe` and what
 * `retcheck --pushgateway` pushes. Pure: the run's outcome in, metric families out.
 *
 * - `retcheck_probe_success` 1 when the check ran to a report in which at least one vantage or gateway
 *   answered (status retrievable, partial or unretrievable); 0 when it could not (feed lookup failed, every
 *   vantage errored, the deadline passed).
 * - `retcheck_retrievable{node}` per vantage: 1 yes, 0 no; absent for a vantage that gave no answer.
 *   `retcheck_gateway_retrievable{gateway}` the same per gateway.
 * - `retcheck_status{status}` an enum gauge: one series per report status, 1 on the report's (none without one).
 * - `retcheck_duration_seconds` the whole run; `retcheck_vantage_duration_seconds{node}` each stewardship answer.
 * - `retcheck_chunks_found{node}`, `retcheck_chunks_missing{node}` per vantage, with per_chunk=1 only.
 * - `retcheck_probe_timed_out` 1 when the deadline cut the run short.
 */
import type { ReportStatus, RetcheckReport } from '../../config-schema/retcheck-report.js';
import type { MetricFamily, Sample } from '../prometheus/exposition.js';

export type ProbeOutcome =
  | { readonly kind: 'report'; readonly report: RetcheckReport }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'timedOut' };

const STATUSES: readonly ReportStatus[] = ['retrievable', 'partial', 'unretrievable', 'error'];

const gauge = (name: string, help: string, samples: readonly Sample[]): MetricFamily => ({ name, help, type: 'gauge', samples });
const bit = (value: boolean) => (value ? 1 : 0);

export function probeSucceeded(outcome: ProbeOutcome): boolean {
  return outcome.kind === 'report' && outcome.report.status !== 'error';
}

export function probeFamilies(outcome: ProbeOutcome, durationSeconds: number): MetricFamily[] {
  const families: MetricFamily[] = [
    gauge('retcheck_probe_success', 'Whether the check ran and at least one vantage or gateway answered.', [{ value: bit(probeSucceeded(outcome)) }]),
    gauge('retcheck_probe_timed_out', 'Whether the deadline cut the check short.', [{ value: bit(outcome.kind === 'timedOut') }]),
    gauge('retcheck_duration_seconds', 'How long the whole check took.', [{ value: durationSeconds }]),
  ];
  if (outcome.kind !== 'report') return families;
  const { report } = outcome;
  const answered = report.vantages.filter((v) => v.retrievable !== null);
  families.push(
    gauge('retcheck_status', 'The report status as an enum: 1 on the current status.', STATUSES.map((status) => ({ labels: { status }, value: bit(report.status === status) }))),
    gauge('retcheck_retrievable', 'Per vantage: 1 when the node can retrieve the content through the network, 0 when not (absent without an answer).', answered.map((v) => ({ labels: { node: v.node_url }, value: bit(v.retrievable === true) }))),
    gauge('retcheck_vantage_duration_seconds', 'Per vantage: time from the request to the stewardship answer (or the failure).', report.vantages.map((v) => ({ labels: { node: v.node_url }, value: v.elapsed_ms / 1000 }))),
  );
  const gateways = (report.gateways ?? []).filter((g) => g.retrievable !== null);
  if (gateways.length > 0) {
    families.push(gauge('retcheck_gateway_retrievable', 'Per gateway: 1 when its HEAD found the content, 0 when not (absent without an answer).', gateways.map((g) => ({ labels: { gateway: g.url }, value: bit(g.retrievable === true) }))));
  }
  const perVantage = report.chunk_stats?.per_vantage;
  if (perVantage) {
    const entries = Object.entries(perVantage);
    families.push(
      gauge('retcheck_chunks_found', 'Per vantage: chunks of the walked manifest the node fetched.', entries.map(([node, stats]) => ({ labels: { node }, value: stats.found }))),
      gauge('retcheck_chunks_missing', 'Per vantage: chunks of the walked manifest the node could not fetch.', entries.map(([node, stats]) => ({ labels: { node }, value: stats.missing }))),
    );
  }
  return families.filter((family) => family.samples.length > 0);
}
