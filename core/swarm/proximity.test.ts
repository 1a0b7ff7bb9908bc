import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InputError } from './input-error.js';
import { MAX_PO, addressBits, beeProximity, neighborhood, proximity } from './proximity.js';

/** Oracle: compare the addresses as bit strings. */
const bitString = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(2).padStart(8, '0')).join('');
function commonPrefixBits(a: Uint8Array, b: Uint8Array): number {
  const x = bitString(a);
  const y = bitString(b);
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/** Two addresses that share a random-length prefix, so every PO from 0 to 256 is exercised. */
const addressPair = fc
  .tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat({ max: 256 }))
  .map(([a, noise, shared]) => {
    const b = a.slice();
    if (shared < 256) {
      const byte = shared >> 3;
      const bit = 0x80 >> (shared & 7);
      b[byte] = (a[byte]! ^ bit) ^ (noise[byte]! & (bit - 1)); // flip bit `shared`, scramble the bits after it
      for (let i = byte + 1; i < 32; i++) b[i] = noise[i]!;
    }
    return { a, b, shared };
  });

describe('proximity', () => {
  it('counts leading equal bits, 0..256', () => {
    fc.assert(
      fc.property(addressPair, ({ a, b, shared }) => {
        expect(proximity(a, b)).toBe(shared);
        expect(proximity(a, b)).toBe(commonPrefixBits(a, b));
        expect(proximity(b, a)).toBe(shared);
      }),
      { numRuns: 300 },
    );
  });

  it('follows the spec examples: 0 at a first-bit difference, 8 for an equal first byte, 256 for identical', () => {
    const zero = new Uint8Array(32);
    const high = new Uint8Array(32);
    high[0] = 0x80;
    const secondByte = new Uint8Array(32);
    secondByte[1] = 0x80;
    expect(proximity(zero, high)).toBe(0);
    expect(proximity(zero, secondByte)).toBe(8);
    expect(proximity(zero, zero.slice())).toBe(256);
  });

  it('beeProximity is proximity capped at MaxPO 31, as in Bee\'s swarm.Proximity', () => {
    fc.assert(
      fc.property(addressPair, ({ a, b }) => {
        expect(beeProximity(a, b)).toBe(Math.min(commonPrefixBits(a, b), MAX_PO));
      }),
      { numRuns: 300 },
    );
    expect(beeProximity(new Uint8Array([1]), new Uint8Array([1]))).toBe(MAX_PO);
  });
});

describe('neighborhood and address bits', () => {
  it('neighborhood is the first byte as two lowercase hex characters', () => {
    expect(neighborhood(new Uint8Array([0xab, 0xcd]))).toBe('ab');
    expect(neighborhood(new Uint8Array([0x05]))).toBe('05');
    expect(() => neighborhood(new Uint8Array(0))).toThrow(InputError);
  });

  it('addressBits is the leading bit string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 32 }), fc.nat({ max: 256 }), (bytes, n) => {
        const count = Math.min(n, bytes.length * 8);
        expect(addressBits(bytes, count)).toBe(bitString(bytes).slice(0, count));
      }),
    );
    expect(() => addressBits(new Uint8Array(1), 9)).toThrow(InputError);
  });
});
