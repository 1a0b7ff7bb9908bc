import { describe, expect, it } from 'vitest';
import { appendToQueue, queuePosition } from './queue-index.js';

describe('queue index', () => {
  it('finds each address of each version, and nothing a version does not hold', () => {
    const v1 = ['a'];
    const v2 = appendToQueue(v1, ['b', 'c']);
    const v3 = appendToQueue(v2, ['d']);
    expect([queuePosition(v3, 'a'), queuePosition(v3, 'c'), queuePosition(v3, 'd')]).toEqual([0, 2, 3]);
    expect(queuePosition(v2, 'd')).toBeUndefined();
    expect(queuePosition(v1, 'b')).toBeUndefined();
    expect(v1).toEqual(['a']);
  });

  it('keeps sibling versions apart (two continuations of one snapshot)', () => {
    const base = appendToQueue(['r'], ['x']);
    const left = appendToQueue(base, ['p', 'q']);
    const right = appendToQueue(base, ['q', 'p']);
    expect([queuePosition(left, 'p'), queuePosition(left, 'q')]).toEqual([2, 3]);
    expect([queuePosition(right, 'q'), queuePosition(right, 'p')]).toEqual([2, 3]);
    expect(queuePosition(base, 'p')).toBeUndefined();
    const deeper = appendToQueue(right, ['z']);
    expect(queuePosition(deeper, 'z')).toBe(4);
    expect(queuePosition(left, 'z')).toBeUndefined();
  });
});
