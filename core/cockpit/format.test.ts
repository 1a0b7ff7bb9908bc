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
          const [whole, fraction = ''] = text.replaceAll(',', '').split('.');
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

describe('numbers and units (issue 23 item 8)', () => {
  it('groups big integers by thousands, amounts and counts alike', async () => {
    const { formatBzzExact, formatCount, formatUnits, groupDigits } = await import('./format.js');
    expect([groupDigits(37_324_800_000n), groupDigits('-1234567'), formatCount(999), formatCount(1_000_000n)]).toEqual(['37,324,800,000', '-1,234,567', '999', '1,000,000']);
    expect(formatUnits(12_345n * 10n ** 16n + 5n * 10n ** 15n, 16)).toBe('12,345.5');
    expect([formatBzzExact(37_324_800_000n), formatBzzExact(5_218_385_264_640_000_000n), formatBzzExact(0n)]).toEqual(['37,324,800,000 PLUR', '521.8385 xBZZ', '0 xBZZ']);
  });

  it('chooses PLUR or xBZZ by magnitude, one unit for amounts shown together', async () => {
    const { bzzUnitFor, formatBzzIn } = await import('./format.js');
    expect(bzzUnitFor(['405000000', '0'])).toBe('PLUR');
    expect(bzzUnitFor(['405000000', String(2n * 10n ** 16n)])).toBe('xBZZ');
    expect(bzzUnitFor(['0', null, undefined])).toBe('xBZZ');
    // The S3 column of the issue: `405 M PLUR` beside `0 xBZZ` becomes one unit.
    expect(['405000000', '0'].map((v) => formatBzzIn(v, bzzUnitFor(['405000000', '0'])))).toEqual(['405 M PLUR', '0 PLUR']);
    expect(formatBzzIn('13500000', 'xBZZ')).toBe('0.00000000135 xBZZ');
    // A chequebook card adds up: total = available + owed, in the digits shown.
    const { formatBzzSet } = await import('./format.js');
    const total = 10n * 10n ** 16n;
    expect(formatBzzSet([total, total - 13_500_000n, 13_500_000n])).toEqual(['10 xBZZ', '9.99999999865 xBZZ', '0.00000000135 xBZZ']);
    expect(formatBzzSet([405_000_000n, 0n])).toEqual(['405,000,000 PLUR', '0 PLUR']);
  });

  it('pairs the units of received and sent: each its own, a side of zeros takes the other\'s', async () => {
    const { pairedBzzUnits } = await import('./format.js');
    expect(pairedBzzUnits(['10300000000', '405000000'], ['0', '0'])).toEqual(['PLUR', 'PLUR']);
    expect(pairedBzzUnits(['0'], [String(2n * 10n ** 16n)])).toEqual(['xBZZ', 'xBZZ']);
    expect(pairedBzzUnits([null], ['368000000'])).toEqual(['PLUR', 'PLUR']);
    expect(pairedBzzUnits(['1350000000'], [String(2n * 10n ** 16n)])).toEqual(['PLUR', 'xBZZ']);
    expect(pairedBzzUnits(['0'], ['0'])).toEqual(['xBZZ', 'xBZZ']);
  });

  it('shows small amounts with three significant digits and compared amounts apart', async () => {
    const { formatToken, formatTokensApart, NATIVE_DECIMALS } = await import('./format.js');
    expect([formatToken(9_997n * 10n ** 14n, 18), formatToken(3_750_000_000_000_000n, 18), formatToken(63_908_000_000_000_000_000n, 18)]).toEqual(['0.9997', '0.00375', '63.908']);
    expect(formatTokensApart(3_749_999_999_999_999n, 3_750_000_000_000_000n, NATIVE_DECIMALS)).toEqual(['0.00374', '0.00375']);
    expect(formatTokensApart(1_000_000_000_000_000_001n, 1_000_000_000_000_000_002n, NATIVE_DECIMALS)).toEqual(['1.000000000000000001', '1.000000000000000002']);
  });

  it('never reads a positive amount, share or duration as nothing, nor a part as whole', async () => {
    const { formatDuration, formatPercent, formatProximity, againstTarget } = await import('./format.js');
    expect([formatPercent(0.0000762), formatPercent(0.99998), formatPercent(1), formatDuration(0.2), formatDuration(0)]).toEqual(['<0.1 %', '99 %', '100 %', '<1 s', '0 s']);
    expect([formatProximity(12), formatProximity(256), formatProximity(256, 'target'), formatProximity(3, 'target')]).toEqual(['PO 12', 'identical', 'identical to target', 'PO 3 to target']);
    expect([againstTarget(41, 16, 'connected peers'), againstTarget(9, 16, 'connected peers'), againstTarget(65_536, 65_536, 'chunks')]).toEqual([
      '41 connected peers, above the 16 target',
      '9 connected peers, below the 16 target',
      '65,536 chunks, at the 65,536 target',
    ]);
  });
});
