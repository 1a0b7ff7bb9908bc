import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregateStatus, exitCodeForStatus, EXIT } from './status.js';
import { gatewayVerdict } from './gateway-verdict.js';
import { percentile } from './percentiles.js';

describe('aggregateStatus (spec §3 table)', () => {
  it('maps each row of the table', () => {
    expect(aggregateStatus([true, true])).toBe('retrievable');
    expect(aggregateStatus([true, false])).toBe('partial');
    expect(aggregateStatus([true, null])).toBe('partial');
    expect(aggregateStatus([false, null])).toBe('unretrievable');
    expect(aggregateStatus([false])).toBe('unretrievable');
    expect(aggregateStatus([null, null])).toBe('error');
    expect(aggregateStatus([])).toBe('error');
  });
  it('exit code is 0 exactly when someone said yes', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(true, false, null), { maxLength: 12 }), (answers) => {
        const code = exitCodeForStatus(aggregateStatus(answers));
        return answers.includes(true) ? code === EXIT.ok : code === EXIT.notRetrievable;
      }),
    );
  });
});

describe('gatewayVerdict', () => {
  it('reads 2xx/3xx as yes, 404/500/504 as no, other codes as no answer', () => {
    expect(gatewayVerdict(200).retrievable).toBe(true);
    expect(gatewayVerdict(308).retrievable).toBe(true);
    expect(gatewayVerdict(404).retrievable).toBe(false);
    expect(gatewayVerdict(500).retrievable).toBe(false);
    expect(gatewayVerdict(504).retrievable).toBe(false);
    expect(gatewayVerdict(429)).toEqual({ retrievable: null, error: expect.stringContaining('HTTP 429') });
    expect(gatewayVerdict(503).retrievable).toBeNull();
  });
});

describe('percentile', () => {
  it('is nearest-rank and bounded by min/max', () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 1 }), fc.integer({ min: 1, max: 100 }), (xs, p) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const v = percentile(sorted, p);
        return v >= sorted[0]! && v <= sorted[sorted.length - 1]!;
      }),
    );
  });
});
