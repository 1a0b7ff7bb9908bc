import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCallStats, OVERFLOW_TEMPLATE, percentile } from './call-stats.js';

const call = (template: string, ms: number, extra: { status?: number; error?: boolean } = {}) => ({
  method: 'GET',
  template,
  url: `http://127.0.0.1:1633${template}`,
  ms,
  ...(extra.status === undefined ? {} : { status: extra.status }),
  ...(extra.error ? { error: { code: 'timeout' as const, message: 'GET … -> timeout' } } : {}),
});

describe('percentile (nearest rank)', () => {
  it('gives the textbook values on 1..100', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(samples, 50), percentile(samples, 95), percentile(samples, 99), percentile(samples, 100)]).toEqual([50, 95, 99, 100]);
  });
  it('is null for no samples and the sample itself for one', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 99)).toBe(7);
  });
  it('always returns a member with at least p% of samples at or below it', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 100 }), (raw, p) => {
        const sorted = [...raw].sort((a, b) => a - b);
        const value = percentile(sorted, p)!;
        const atOrBelow = sorted.filter((s) => s <= value).length;
        return sorted.includes(value) && atOrBelow / sorted.length >= p / 100;
      }),
      { numRuns: 100 },
    );
  });
});

describe('createCallStats', () => {
  it('groups by method + template and reports count, errors, P50/P95/P99/max', () => {
    const stats = createCallStats();
    for (let ms = 1; ms <= 100; ms++) stats.record(call('/stamps/{id}', ms, { status: 200 }));
    stats.record(call('/stamps/{id}', 500, { status: 404 }));
    stats.record(call('/health', 3, { error: true }));
    const [health, stamps] = stats.snapshot();
    expect(health).toMatchObject({ template: 'GET /health', count: 1, errors: 1, lastErrorCode: 'timeout', max: 3 });
    expect(stamps).toMatchObject({ template: 'GET /stamps/{id}', count: 101, errors: 1, lastStatus: 404, p50: 51, p95: 96, p99: 100, max: 500 });
  });

  it('counts calls the caller cancelled apart: not errors, not latencies', () => {
    const stats = createCallStats();
    stats.record(call('/pins', 4, { status: 200 }));
    stats.record({ method: 'GET', template: '/pins', url: 'http://127.0.0.1:1633/pins', ms: 9_000, error: { code: 'aborted', message: 'GET … -> aborted' } });
    stats.record({ method: 'GET', template: '/tags', url: 'http://127.0.0.1:1633/tags', ms: 50, error: { code: 'aborted', message: 'GET … -> aborted' } });
    const [pins, tags] = stats.snapshot();
    expect(pins).toMatchObject({ template: 'GET /pins', count: 2, errors: 0, cancelled: 1, p99: 4, max: 4, window: 1 });
    expect(tags).toMatchObject({ template: 'GET /tags', count: 1, errors: 0, cancelled: 1, lastErrorCode: 'aborted', p50: null, max: null, window: 0 });
  });

  it('keeps only the last windowSize samples for percentiles but lifetime count and max', () => {
    const stats = createCallStats({ windowSize: 10 });
    stats.record(call('/peers', 10_000, { status: 200 }));
    for (let i = 0; i < 1000; i++) stats.record(call('/peers', 5, { status: 200 }));
    const [peers] = stats.snapshot();
    expect(peers).toMatchObject({ count: 1001, window: 10, p99: 5, max: 10_000 });
  });

  it('folds templates beyond maxEndpoints into one overflow row', () => {
    const stats = createCallStats({ maxEndpoints: 3 });
    for (let i = 0; i < 50; i++) stats.record(call(`/probe-${i}`, 1));
    const rows = stats.snapshot();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.template === OVERFLOW_TEMPLATE)?.count).toBe(48);
  });

  it('never stores the concrete URL, and reset empties it', () => {
    const stats = createCallStats();
    stats.record({ ...call('/bytes/{ref}', 2), url: 'http://127.0.0.1:1633/bytes/' + 'ab'.repeat(32) });
    expect(JSON.stringify(stats.snapshot())).not.toContain('abab');
    stats.reset();
    expect(stats.snapshot()).toEqual([]);
  });
});
