import { describe, expect, it } from 'vitest';
import { describePinCheck, nextPinSort, pinState, sortPins } from './pin-integrity.js';

describe('pin integrity rule', () => {
  it('reads a check line as OK, Damaged or Empty', () => {
    expect(pinState(null)).toBe('Unchecked');
    expect(pinState(null, true)).toBe('Checking');
    expect(pinState({ total: 5, missing: 0, invalid: 0 })).toBe('OK');
    expect(pinState({ total: 5, missing: 1, invalid: 0 })).toBe('Damaged');
    expect(pinState({ total: 5, missing: 0, invalid: 2 })).toBe('Damaged');
    expect(pinState({ total: 0, missing: 0, invalid: 0 })).toBe('Empty');
    expect(describePinCheck({ total: 9, missing: 2, invalid: 1 })).toBe('2 missing, 1 invalid of 9 chunks: re-pin or re-upload to repair');
  });

  it('cycles the sort and orders by reference, bad first, total chunks', () => {
    expect([nextPinSort('reference'), nextPinSort('badFirst'), nextPinSort('totalChunks')]).toEqual(['badFirst', 'totalChunks', 'reference']);
    const rows = [
      { reference: 'cc', check: { total: 10, missing: 0, invalid: 0 } },
      { reference: 'aa', check: null },
      { reference: 'dd', check: { total: 3, missing: 1, invalid: 0 } },
      { reference: 'bb', check: { total: 7, missing: 2, invalid: 1 } },
      { reference: 'ee', check: { total: 0, missing: 0, invalid: 0 } },
    ];
    expect(sortPins(rows, 'reference').map((r) => r.reference)).toEqual(['aa', 'bb', 'cc', 'dd', 'ee']);
    expect(sortPins(rows, 'badFirst').map((r) => r.reference)).toEqual(['bb', 'dd', 'ee', 'aa', 'cc']);
    expect(sortPins(rows, 'totalChunks').map((r) => r.reference)).toEqual(['cc', 'bb', 'dd', 'ee', 'aa']);
  });
});
