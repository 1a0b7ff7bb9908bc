import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../bytes.js';
import { createWasmKeccak } from './sponge.js';

const noble = (data: Uint8Array) => bytesToHex(keccak_256(data));
const wasm = createWasmKeccak();
const hex = (data: Uint8Array) => bytesToHex(wasm.hash([data]));

describe('WebAssembly keccak256 sponge against @noble/hashes', () => {
  it('every length from 0 to 700 bytes (the 136-byte block edges five times over)', () => {
    const data = new Uint8Array(randomBytes(700));
    for (let n = 0; n <= 700; n++) expect(hex(data.subarray(0, n)), `length ${n}`).toBe(noble(data.subarray(0, n)));
  });

  it('the known vectors: empty input and "abc"', () => {
    expect(hex(new Uint8Array(0))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(hex(new TextEncoder().encode('abc'))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });

  it('random inputs up to 300 KB (several input-buffer refills), whole and split into random parts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000 }), fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 6 }), (length, cuts) => {
        const data = new Uint8Array(randomBytes(length));
        const expected = noble(data);
        expect(hex(data)).toBe(expected);
        const at = [0, ...cuts.map((c) => c % (length + 1)).sort((a, b) => a - b), length];
        const parts = at.slice(1).map((end, i) => data.subarray(at[i]!, end));
        expect(bytesToHex(wasm.hash(parts))).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('buffer-edge lengths: exactly one input buffer, one byte either side, and multiples of it', () => {
    const buffer = 466 * 136;
    for (const n of [buffer - 1, buffer, buffer + 1, 2 * buffer, 2 * buffer + 135, 3 * buffer - 136]) {
      const data = new Uint8Array(randomBytes(n));
      expect(hex(data), `length ${n}`).toBe(noble(data));
    }
  });
});
