/** Synthetic runner results for the report tests (real files come from the smoke test). */
import { RESULT_SCHEMA_ID, type CaseResult, type RunnerName, type RunnerResult } from '../../config-schema/bench-result.js';
import { paramKey } from '../lib/spec.js';

export interface FakeCase {
  id: string;
  params: Record<string, number>;
  ms?: number[];
  skipped?: string;
  failed?: string;
  bytes?: number;
  check?: string;
}

export function fakeCase(c: FakeCase): CaseResult {
  const it = c.ms ?? [];
  const sorted = [...it].sort((a, b) => a - b);
  const med = it.length === 0 ? null : sorted.length % 2 ? sorted[sorted.length >> 1]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  return {
    id: c.id,
    kind: c.id.startsWith('cpu.') ? 'cpu' : 'net',
    params: c.params,
    param_key: paramKey(c.params),
    skipped: c.skipped !== undefined,
    skip_reason: c.skipped ?? '',
    failed: c.failed !== undefined,
    error: c.failed ?? '',
    iterations_ms: it,
    median_ms: c.skipped || c.failed ? null : med,
    cpu_ms: it.map((t) => t * 0.9),
    peak_rss_mb: it.length ? 80 : null,
    bytes: c.bytes ?? 0,
    throughput_mb_s: med && c.bytes ? c.bytes / 1e6 / (med / 1000) : null,
    units: 10,
    unit: 'op',
    ...(c.check ? { check: c.check } : {}),
  };
}

export function fakeResult(runner: RunnerName, cases: FakeCase[], specHash = 'a'.repeat(64)): RunnerResult {
  return {
    schema: RESULT_SCHEMA_ID,
    runner,
    client: { name: `${runner} client`, version: '1.0.0', language: 'test', note: '' },
    spec_hash: specHash,
    node_url: 'http://127.0.0.1:1',
    batch_id: 'b'.repeat(64),
    iterations: 5,
    sizes_mb: [1, 10],
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:01:00Z',
    host: { os: 'linux', arch: 'x64', cpus: 2, runtime: 'test' },
    cases: cases.map(fakeCase),
  };
}
