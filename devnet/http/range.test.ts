import { describe, expect, it } from 'vitest';
import { decideRange } from './range.js';

describe('decideRange', () => {
  it('follows Go ServeContent for single ranges', () => {
    expect(decideRange(undefined, 10)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=2-4', 10)).toEqual({ kind: 'partial', start: 2, end: 5 });
    expect(decideRange('bytes=7-', 10)).toEqual({ kind: 'partial', start: 7, end: 10 });
    expect(decideRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 10 });
    expect(decideRange('bytes=5-100', 10)).toEqual({ kind: 'partial', start: 5, end: 10 });
    expect(decideRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('items=1-2', 10)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'full' });
  });
});
