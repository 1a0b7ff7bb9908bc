import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shareUnchanged } from './share-unchanged.js';

describe('shareUnchanged', () => {
  it('returns the previous value when nothing changed', () => {
    const previous = { a: [1, { b: 'x' }], c: null, d: { e: true } };
    expect(shareUnchanged(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
  });

  it('keeps the identity of every unchanged part and gives the changed parts new values', () => {
    const previous = { topBar: { node: 'n1' }, screen: { sections: [{ id: 's', rows: [1, 2] }], selection: 1 }, logPane: { lines: ['a'] } };
    const next = { topBar: { node: 'n1' }, screen: { sections: [{ id: 's', rows: [1, 2] }], selection: 2 }, logPane: { lines: ['a', 'b'] } };
    const shared = shareUnchanged(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.topBar).toBe(previous.topBar);
    expect(shared.screen).not.toBe(previous.screen);
    expect(shared.screen.sections).toBe(previous.screen.sections);
    expect(shared.logPane.lines).not.toBe(previous.logPane.lines);
  });

  it('treats added and removed keys, and array length changes, as changes', () => {
    expect(shareUnchanged({ a: 1 } as Record<string, number>, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    const previous = { a: 1, b: 2 } as Record<string, number>;
    expect(shareUnchanged(previous, { a: 1 })).toEqual({ a: 1 });
    expect(shareUnchanged([1, 2], [1])).toEqual([1]);
    expect(shareUnchanged({ x: [1] } as unknown, { x: { 0: 1 } } as unknown)).toEqual({ x: { 0: 1 } });
  });

  it('keeps a key named __proto__ as data (JSON.parse makes it an own key), never as the prototype', () => {
    const next = JSON.parse('{"__proto__": false, "a": 1}') as unknown;
    const shared = shareUnchanged({} as unknown, next) as Record<string, unknown>;
    expect(Object.keys(shared)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
    expect(shareUnchanged(JSON.parse('{"__proto__": false}') as unknown, next)).toEqual(next);
    const same = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(shareUnchanged(same, JSON.parse('{"__proto__": {"x": 1}}') as unknown)).toBe(same);
  });

  it('is always deep-equal to the next value', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      expect(shareUnchanged(a, b)).toEqual(b);
    }));
  });
});
