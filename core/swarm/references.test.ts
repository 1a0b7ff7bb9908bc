import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Reference } from '@ethersphere/bee-js';
import { bytesToHex } from './bytes.js';
import { InputError } from './input-error.js';
import { parseBatchId, parseEthAddress, parseOverlay, parseReference, parseTopic, referenceFromBytes } from './references.js';

/** Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit is slow to generate). */
const anyUtf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** The same bytes spelled the ways an operator might paste them: any case, optional 0x, stray whitespace. */
const spelled = (bytes: Uint8Array) =>
  fc.tuple(fc.boolean(), fc.boolean(), fc.constantFrom('', ' ', '\n', '\t ')).map(([prefix, upper, pad]) => {
    const hex = bytesToHex(bytes);
    return `${pad}${prefix ? '0x' : ''}${upper ? hex.toUpperCase() : hex}${pad}`;
  });

describe('parseReference', () => {
  it('accepts 32- and 64-byte references in any spelling and agrees with bee-js Reference', () => {
    const refBytes = fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 64, maxLength: 64 }));
    fc.assert(
      fc.property(refBytes.chain((b) => fc.tuple(fc.constant(b), spelled(b))), ([bytes, text]) => {
        const ref = parseReference(text);
        expect(ref.hex).toBe(bytesToHex(bytes));
        expect(ref.hex).toBe(new Reference(bytes).toHex());
        expect(ref.encrypted).toBe(bytes.length === 64);
        expect(bytesToHex(ref.address)).toBe(bytesToHex(bytes.subarray(0, 32)));
        expect(ref.key && bytesToHex(ref.key)).toBe(bytes.length === 64 ? bytesToHex(bytes.subarray(32)) : undefined);
      }),
    );
  });

  it('names the length found and the lengths expected', () => {
    expect(() => parseReference('ab'.repeat(31) + 'a')).toThrow(/found 63 characters/);
    expect(() => parseReference('ab'.repeat(31) + 'a')).toThrow(/64 or 128 hex characters \(32-byte or encrypted 64-byte reference\), optional 0x/);
    expect(() => parseReference('')).toThrow(/found 0 characters/);
    expect(() => parseReference('0x' + 'g'.repeat(64))).toThrow(/non-hex character "g" at position 0/);
    expect(() => parseReference('ab'.repeat(40), 'root reference')).toThrow(/^invalid root reference/);
  });

  it('fuzz: any string either parses to a 32/64-byte reference or throws InputError', () => {
    const hexish = fc.stringMatching(/^(0x)?[0-9a-fA-FxgG ]{0,140}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: anyUtf16Unit, maxLength: 140 }), hexish), (text) => {
        try {
          expect([32, 64]).toContain(parseReference(text).bytes.length);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fuzz: every truncation of a valid reference except the full ones is rejected', () => {
    const full = '0x' + 'c0ffee'.repeat(21) + 'ab';
    for (let n = 0; n <= full.length; n++) {
      const cut = full.slice(0, n);
      const length = cut.replace(/^0x/, '').length;
      if (length === 64 || length === 128) expect(parseReference(cut).hex).toHaveLength(length);
      else expect(() => parseReference(cut)).toThrow(InputError);
    }
  });

  it('referenceFromBytes copies its input and rejects other lengths', () => {
    const bytes = new Uint8Array(32).fill(1);
    const ref = referenceFromBytes(bytes);
    bytes[0] = 9;
    expect(ref.bytes[0]).toBe(1);
    expect(() => referenceFromBytes(new Uint8Array(33))).toThrow(InputError);
  });
});

describe('fixed-length identifiers', () => {
  const cases = [
    { parse: parseOverlay, size: 32 },
    { parse: parseBatchId, size: 32 },
    { parse: parseTopic, size: 32 },
    { parse: parseEthAddress, size: 20 },
  ];
  for (const { parse, size } of cases) {
    it(`${parse.name} accepts exactly ${size * 2} hex (any spelling) and rejects other lengths`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: size, maxLength: size }).chain((b) => fc.tuple(fc.constant(b), spelled(b))), ([bytes, text]) => {
          const value = parse(text);
          expect(value.hex).toBe(bytesToHex(bytes));
          expect(bytesToHex(value.bytes)).toBe(value.hex);
        }),
        { numRuns: 50 },
      );
      expect(() => parse('a'.repeat(size * 2 - 1))).toThrow(new RegExp(`${size * 2} hex characters.*found ${size * 2 - 1} characters`));
      expect(() => parse('a'.repeat(size * 2 + 2))).toThrow(InputError);
      expect(() => parse('z'.repeat(size * 2))).toThrow(/non-hex/);
    });
  }

  it('accepts an EIP-55 checksummed owner and lowercases it', () => {
    expect(parseEthAddress('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf').hex).toBe('7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });
});
