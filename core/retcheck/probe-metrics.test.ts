import { describe, expect, it } from 'vitest';
import type { RetcheckReport } from '../../config-schema/retcheck-report.js';
import { parseExposition, renderExposition } from '../prometheus/exposition.js';
import { probeFamilies } from './probe-metrics.js';

const report: RetcheckReport = {
  reference: 'ab'.repeat(32),
  status: 'partial',
  vantages: [
    { node_url: 'http://a', retrievable: true, elapsed_ms: 120 },
    { node_url: 'http://b', retrievable: null, elapsed_ms: 30, error: 'connect ECONNREFUSED' },
    { node_url: 'http://c', retrievable: false, elapsed_ms: 80 },
  ],
  gateways: [{ url: 'https://gw', retrievable: true, elapsed_ms: 5, status_code: 200, error: null }],
  chunk_stats: { per_vantage: { 'http://a': { total: 5, found: 5, missing: 0, elapsed_p50_ms: 1, elapsed_p95_ms: 2, elapsed_max_ms: 3 } }, per_neighborhood: {} },
  spec_version: 1,
};

const values = (text: string) => [...parseExposition(text).values()].flatMap((f) => f.series).map((s) => `${s.name}${JSON.stringify(s.labels)} ${s.value}`);

describe('probe series', () => {
  it('a report: success, per-vantage answers (none for the vantage without one), the status enum, chunks', () => {
    expect(values(renderExposition(probeFamilies({ kind: 'report', report }, 1.25)))).toEqual([
      'retcheck_probe_success{} 1',
      'retcheck_probe_timed_out{} 0',
      'retcheck_duration_seconds{} 1.25',
      'retcheck_status{"status":"retrievable"} 0',
      'retcheck_status{"status":"partial"} 1',
      'retcheck_status{"status":"unretrievable"} 0',
      'retcheck_status{"status":"error"} 0',
      'retcheck_retrievable{"node":"http://a"} 1',
      'retcheck_retrievable{"node":"http://c"} 0',
      'retcheck_vantage_duration_seconds{"node":"http://a"} 0.12',
      'retcheck_vantage_duration_seconds{"node":"http://b"} 0.03',
      'retcheck_vantage_duration_seconds{"node":"http://c"} 0.08',
      'retcheck_gateway_retrievable{"gateway":"https://gw"} 1',
      'retcheck_chunks_found{"node":"http://a"} 5',
      'retcheck_chunks_missing{"node":"http://a"} 0',
    ]);
  });
  it('no report: a failed or timed-out check is an unsuccessful probe with nothing else claimed', () => {
    expect(values(renderExposition(probeFamilies({ kind: 'failed', error: 'feed lookup failed' }, 0.5)))).toEqual(['retcheck_probe_success{} 0', 'retcheck_probe_timed_out{} 0', 'retcheck_duration_seconds{} 0.5']);
    expect(values(renderExposition(probeFamilies({ kind: 'timedOut' }, 9.5)))).toEqual(['retcheck_probe_success{} 0', 'retcheck_probe_timed_out{} 1', 'retcheck_duration_seconds{} 9.5']);
  });
  it('a report where every vantage errored is not a successful probe', () => {
    const errored: RetcheckReport = { ...report, status: 'error', vantages: [report.vantages[1]!], gateways: [] };
    expect(values(renderExposition(probeFamilies({ kind: 'report', report: errored }, 1)))[0]).toBe('retcheck_probe_success{} 0');
  });
});
