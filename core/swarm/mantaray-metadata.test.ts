import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8, encodeMetadataField, goJsonStringify } from './mantaray-metadata.js';
import { leafAddress, makeContentChunk } from './chunk.js';

/** Strings rich in what the fast paths must get right: surrogates (paired and lone), U+E000+, ASCII, prefixes. */
const trickyText = fc.string({
  unit: fc.constantFrom('a', 'b', 'é', '\u2028', '<', '\ud7ff', '\ue000', '\uffff', '\ud83d', '\ude00', '\ud83d\ude00', '\udbff\udfff'),
  maxLength: 6,
});

describe('metadata encoding fast paths', () => {
  it('orders strings by their UTF-8 bytes (as Go sorts map keys), surrogates and prefixes included', () => {
    fc.assert(
      fc.property(trickyText, trickyText, (a, b) => {
        expect(Math.sign(compareUtf8(a, b))).toBe(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
      }),
      { numRuns: 20_000 },
    );
    expect(goJsonStringify({ '\ue000': '1', '\ud83d\ude00': '2', z: '3' })).toBe('{"z":"3","\ue000":"1","\ud83d\ude00":"2"}');
  });

  it('writes a lone surrogate as U+FFFD and a pair as itself', () => {
    expect(goJsonStringify({ k: 'a\ud83db' })).toBe('{"k":"a\ufffdb"}');
    expect(goJsonStringify({ k: '\ud83d\ude00' })).toBe('{"k":"\ud83d\ude00"}');
    expect(encodeMetadataField({ k: 'v' }).length % 32).toBe(0);
  });
});

describe('leafAddress', () => {
  it('equals the address of the leaf chunk makeContentChunk builds, at every payload length', () => {
    for (let n = 0; n <= 4096; n += n < 70 ? 1 : 61) {
      const payload = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
      expect(leafAddress(payload)).toEqual(makeContentChunk(payload).address);
    }
    expect(() => leafAddress(new Uint8Array(4097))).toThrow(/at most 4096 bytes/);
  });
});
