import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatUnits, shortId } from './format.js';

describe('format helpers', () => {
  it('formatUnits: whole and fraction digits, no false zero for dust', () => {
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    expect(formatUnits(1_234_560_000_000_000_000n, 18)).toBe('1.2345');
    expect(formatUnits(0n, 16)).toBe('0');
    expect(formatUnits(1n, 16)).toBe('<0.0001');
    expect(formatUnits(-5n * 10n ** 15n, 16)).toBe('-0.5');
  });

  it('formatUnits agrees with exact division on random amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (value) => {
        const text = formatUnits(value, 18);
        if (text.startsWith('<')) {
          expect(value > 0n && value < 10n ** 14n).toBe(true);
        } else {
          const [whole, fraction = ''] = text.split('.');
          expect(BigInt(whole!)).toBe(value / 10n ** 18n);
          expect(fraction.length).toBeLessThanOrEqual(4);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('formatDuration, shortId, formatCount', () => {
    expect([0, 59, 60, 3599, 3600, 3660, 86_399, 86_400, 172_787].map(formatDuration)).toEqual(['0 s', '59 s', '1 min', '59 min', '1 h', '1 h 1 min', '23 h 59 min', '1 d', '1 d 23 h']);
    expect(shortId('84b9d6815e03fb4c')).toBe('84b9d681…');
    expect(shortId('abc')).toBe('abc');
    expect([0, 999, 1000, 65_536, 2_500_000].map(formatCount)).toEqual(['0', '999', '1,000', '65,536', '2,500,000']);
  });
});

describe('screen format helpers', () => {
  it('formatCompact: three significant digits with an SI suffix', async () => {
    const { formatCompact, formatBzz, formatMs, formatPercent } = await import('./format.js');
    expect([62_208_000_000n, 1_658_880_000, 850_000, 12, 999, 1000, 1_000_000].map((n) => formatCompact(n))).toEqual(['62.2 G', '1.66 G', '850 k', '12', '999', '1 k', '1 M']);
    expect([formatBzz('10000000000000000'), formatBzz(25n * 10n ** 14n), formatBzz(null), formatBzz(0n), formatBzz(13_500_000n), formatBzz(10n ** 12n)]).toEqual(['1 xBZZ', '0.25 xBZZ', '—', '0 xBZZ', '13.5 M PLUR', '0.0001 xBZZ']);
    expect([formatMs(0.84), formatMs(12.4), formatMs(1250), formatMs(null)]).toEqual(['0.8 ms', '12 ms', '1.25 s', '—']);
    expect([formatPercent(0), formatPercent(3 / 64), formatPercent(0.5), formatPercent(1)]).toEqual(['0 %', '4.7 %', '50 %', '100 %']);
  });
});
