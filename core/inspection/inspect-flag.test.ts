import { describe, expect, it } from 'vitest';
import { CUT_CYCLE, CUT_DEPTH, inspectionJson } from './inspection-json.js';
import { parseInspectFlag } from './inspect-flag.js';

describe('parseInspectFlag', () => {
  it('the bare flag starts the bridge; a ws:// or wss:// URL is the address, as given', () => {
    expect(parseInspectFlag(true)).toEqual({ target: { kind: 'bridge' } });
    expect(parseInspectFlag('ws://127.0.0.1:8080')).toEqual({ target: { kind: 'url', url: 'ws://127.0.0.1:8080' } });
    expect(parseInspectFlag('WSS://inspect.example:443/path')).toEqual({ target: { kind: 'url', url: 'WSS://inspect.example:443/path' } });
  });

  it('another URL is the command’s own argument (a node), and the flag starts the bridge', () => {
    expect(parseInspectFlag('http://n1:1633')).toEqual({ target: { kind: 'bridge' }, argument: 'http://n1:1633' });
  });

  it('refuses a word that is no URL, a URL with no host, and credentials', () => {
    expect(() => parseInspectFlag('notaurl')).toThrow('invalid --inspect address "notaurl": expected a ws:// or wss:// URL (--inspect ws://127.0.0.1:8080), or --inspect with no value (last, or before another option) to start a local bridge');
    expect(() => parseInspectFlag('ws://')).toThrow(/expected a ws:\/\/ or wss:\/\/ URL with a host/);
    expect(() => parseInspectFlag('ws://user:secret@127.0.0.1:1')).toThrow(/without credentials/);
  });
});

describe('inspectionJson', () => {
  it('writes actor refs by their toJSON, cuts cycles and depth, drops functions, keeps bigints and errors readable', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    const value = { ref: { toJSON: () => ({ id: 'child' }) }, cyclic, fn: () => 1, big: 10n ** 30n, error: new TypeError('boom'), bytes: new Uint8Array(4096), deep: { a: { b: { c: 1 } } }, nan: NaN };
    expect(JSON.parse(inspectionJson(value, 3))).toEqual({
      ref: { id: 'child' },
      cyclic: { name: 'a', self: CUT_CYCLE },
      big: '1000000000000000000000000000000',
      error: { name: 'TypeError', message: 'boom' },
      bytes: '[Uint8Array, 4096 bytes]',
      deep: { a: { b: CUT_DEPTH } },
      nan: 'NaN',
    });
  });

  it('node text stays data: the same string once parsed, no raw control character on the wire', () => {
    const text = 'x\u001b]0;title\u0007\u009b2J\u202e\u2028y';
    const wire = inspectionJson({ text });
    expect(wire).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
    expect(JSON.parse(wire)).toEqual({ text });
  });
});
