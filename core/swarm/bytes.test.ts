import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex, hexToBytes, concatBytes, bytesEqual, uint64LE, readUint64LE, uint64BE, readUint64BE } from './bytes.js';
import { keccak256 } from './keccak.js';
import { utf8Encode } from './bytes.js';

describe('hex', () => {
  it('round-trips random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (b) => bytesEqual(hexToBytes(bytesToHex(b)), b)));
  });
  it('rejects odd length and non-hex characters with a position', () => {
    expect(() => hexToBytes('abc')).toThrow(/odd number/);
    expect(() => hexToBytes('zz')).toThrow(/position 0/);
    expect(() => hexToBytes('0g')).toThrow(/position 1/);
  });
  it('accepts 0x and upper case', () => {
    expect(bytesToHex(hexToBytes('0xABcd'))).toBe('abcd');
  });
});

describe('integers and concat', () => {
  it('uint64 LE/BE round-trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => readUint64LE(uint64LE(n)) === n && readUint64BE(uint64BE(n)) === n),
    );
  });
  it('concat keeps order', () => {
    expect(bytesToHex(concatBytes(new Uint8Array([1]), new Uint8Array([2, 3])))).toBe('010203');
  });
});

describe('keccak256', () => {
  it('matches the well-known empty-input digest', () => {
    expect(bytesToHex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
  it('hashes parts as their concatenation', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array(), (a, b) => bytesEqual(keccak256(a, b), keccak256(concatBytes(a, b)))),
    );
    expect(bytesToHex(keccak256(utf8Encode('mantaray:0.2')))).toMatch(/^5768b3b6a7db56d21d1abff40d41cebfc83448fed8d7e9b06ec0d3b073f28f7b/);
  });
});
