import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8Encode } from '../core/swarm/bytes.js';
import { decodeUintWord, encodeDeployment, encodeFunctionCall, encodeParams, functionSelector, type AbiEntry } from './abi.js';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');

describe('functionSelector', () => {
  it('matches the selectors every ERC-20 / AccessControl tool agrees on', () => {
    expect(bytesToHex(functionSelector('transfer(address,uint256)'))).toBe('a9059cbb');
    expect(bytesToHex(functionSelector('balanceOf(address)'))).toBe('70a08231');
    expect(bytesToHex(functionSelector('grantRole(bytes32,address)'))).toBe('2f2ff15d');
  });
});

describe('encodeParams', () => {
  it('lays out the BzzToken constructor (string,string,uint256) as head offsets then padded tails', () => {
    const hex = bytesToHex(encodeParams(['string', 'string', 'uint256'], ['Bee', 'BZZ', 0]));
    const bee = bytesToHex(utf8Encode('Bee')).padEnd(64, '0');
    const bzz = bytesToHex(utf8Encode('BZZ')).padEnd(64, '0');
    expect(hex).toBe(word(0x60) + word(0xa0) + word(0) + word(3) + bee + word(3) + bzz);
  });

  it('left-pads addresses and right-pads fixed bytes', () => {
    const address = '0x' + 'ab'.repeat(20);
    const role = '0x' + '01'.repeat(32);
    expect(bytesToHex(encodeParams(['address', 'bytes32', 'bool'], [address, role, true]))).toBe('0'.repeat(24) + 'ab'.repeat(20) + '01'.repeat(32) + word(1));
  });

  it('round-trips any uint256 through decodeUintWord', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (n) => {
        expect(decodeUintWord('0x' + bytesToHex(encodeParams(['uint256'], [n])))).toBe(n);
      }),
      { numRuns: 100 },
    );
  });

  it('points every dynamic head at a length word followed by the exact bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n })), { maxLength: 6 }), (values) => {
        const types = values.map((v) => (typeof v === 'string' ? 'string' : 'uint64'));
        const out = encodeParams(types, values);
        expect(out.length % 32).toBe(0);
        const hex = bytesToHex(out);
        values.forEach((v, i) => {
          const head = decodeUintWord(hex, i);
          if (typeof v !== 'string') return expect(head).toBe(v);
          const at = Number(head) / 32;
          const bytes = utf8Encode(v);
          expect(decodeUintWord(hex, at)).toBe(BigInt(bytes.length));
          expect(hex.slice((at + 1) * 64, (at + 1) * 64 + bytes.length * 2)).toBe(bytesToHex(bytes));
        });
      }),
      { numRuns: 100 },
    );
  });

  it('refuses values that do not fit their type', () => {
    expect(() => encodeParams(['uint8'], [256])).toThrow(/uint8 out of range/);
    expect(() => encodeParams(['uint256'], [-1n])).toThrow(/out of range/);
    expect(() => encodeParams(['address'], ['0x1234'])).toThrow(/address expects/);
    expect(() => encodeParams(['bytes32'], ['0x01'])).toThrow(/bytes32 expects 32 bytes/);
    expect(() => encodeParams(['uint256', 'uint256'], [1])).toThrow(/expected 2 arguments, got 1/);
    expect(() => encodeParams(['int256'], [1])).toThrow(/unsupported ABI type int256/);
  });
});

describe('encodeFunctionCall / encodeDeployment', () => {
  const abi: AbiEntry[] = [
    { type: 'constructor', inputs: [{ name: '_bzzToken', type: 'address' }, { name: '_minimumBucketDepth', type: 'uint8' }] },
    { type: 'function', name: 'setPrice', inputs: [{ name: '_price', type: 'uint32' }] },
    { type: 'function', name: 'twin', inputs: [] },
    { type: 'function', name: 'twin', inputs: [{ name: 'x', type: 'uint256' }] },
  ];

  it('takes parameter types from the ABI, so setPrice is encoded as setPrice(uint32)', () => {
    expect(encodeFunctionCall(abi, 'setPrice', [24000])).toBe('0x' + bytesToHex(functionSelector('setPrice(uint32)')) + word(24000));
  });

  it('fails loudly on unknown or overloaded names instead of guessing', () => {
    expect(() => encodeFunctionCall(abi, 'nope', [])).toThrow(/0 functions named nope/);
    expect(() => encodeFunctionCall(abi, 'twin', [])).toThrow(/2 functions named twin/);
    expect(() => encodeFunctionCall(abi, 'setPrice', [])).toThrow(/expected 1 arguments/);
  });

  it('appends the constructor arguments to the creation code', () => {
    const bin = '0x6080604052';
    const token = '0x' + '11'.repeat(20);
    expect(hexToBytes(encodeDeployment(bin, abi, [token, 16]))).toEqual(hexToBytes('6080604052' + '0'.repeat(24) + '11'.repeat(20) + word(16)));
  });
});
