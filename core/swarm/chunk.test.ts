import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeChunk } from '@fairdatasociety/bmt-js';
import { bytesToHex, readUint64LE, uint64LE } from './bytes.js';
import { CHUNK_SIZE, MAX_CHUNK_DATA_SIZE, SPAN_SIZE, isValidContentChunk, makeContentChunk, parseChunkData } from './chunk.js';
import { InputError } from './input-error.js';

describe('makeContentChunk', () => {
  it('builds span ‖ payload with the bmt-js address, span defaulting to the payload length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: CHUNK_SIZE }), (payload) => {
        const chunk = makeContentChunk(payload);
        expect(readUint64LE(chunk.data)).toBe(BigInt(payload.length));
        expect(chunk.data.subarray(SPAN_SIZE)).toEqual(payload);
        expect(bytesToHex(chunk.address)).toBe(bytesToHex(makeChunk(payload).address()));
      }),
      { numRuns: 80 },
    );
  });

  it('uses an explicit span (intermediate chunks) like bmt-js startingSpanValue', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: CHUNK_SIZE }), fc.integer({ min: 1, max: 2 ** 32 - 1 }) /* bmt-js: max 2^32-1, and it reads 0 as "use the payload length" */, (payload, span) => {
        const chunk = makeContentChunk(payload, BigInt(span));
        expect(readUint64LE(chunk.data)).toBe(BigInt(span));
        expect(bytesToHex(chunk.address)).toBe(bytesToHex(makeChunk(payload, { startingSpanValue: span }).address()));
      }),
      { numRuns: 60 },
    );
  });

  it('does not alias the caller payload', () => {
    const payload = new Uint8Array([1, 2, 3]);
    const chunk = makeContentChunk(payload);
    payload[0] = 9;
    expect(chunk.data[SPAN_SIZE]).toBe(1);
  });

  it('rejects oversize payloads and out-of-range spans with InputError', () => {
    expect(() => makeContentChunk(new Uint8Array(CHUNK_SIZE + 1))).toThrow(InputError);
    expect(() => makeContentChunk(new Uint8Array(1), -1n)).toThrow(/unsigned 64-bit/);
    expect(() => makeContentChunk(new Uint8Array(1), 1n << 64n)).toThrow(InputError);
    expect(makeContentChunk(new Uint8Array(0), (1n << 64n) - 1n).data.subarray(0, 8)).toEqual(new Uint8Array(8).fill(255));
  });
});

describe('parseChunkData', () => {
  it('round-trips makeContentChunk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: CHUNK_SIZE }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (payload, span) => {
        const parsed = parseChunkData(makeContentChunk(payload, span).data);
        expect(parsed.span).toEqual(uint64LE(span));
        expect(parsed.payload).toEqual(payload);
      }),
      { numRuns: 60 },
    );
  });

  it('accepts exactly 8..4104 bytes and throws only InputError otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CHUNK_DATA_SIZE + 40 }), (length) => {
        const data = new Uint8Array(length);
        if (length >= SPAN_SIZE && length <= MAX_CHUNK_DATA_SIZE) {
          expect(parseChunkData(data).payload.length).toBe(length - SPAN_SIZE);
        } else {
          expect(() => parseChunkData(data)).toThrow(InputError);
        }
      }),
      { numRuns: 200 },
    );
    expect(() => parseChunkData(new Uint8Array(7))).toThrow(/8 to 4104 bytes/);
    expect(() => parseChunkData('not bytes' as unknown as Uint8Array)).toThrow(InputError);
  });
});

describe('isValidContentChunk', () => {
  it('accepts a chunk and rejects any single flipped bit in its data or address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(), fc.boolean(), (payload, where, inAddress) => {
        const { address, data } = makeContentChunk(payload);
        expect(isValidContentChunk(address, data)).toBe(true);
        const target = inAddress ? address.slice() : data.slice();
        const bit = where % (target.length * 8);
        target[bit >> 3]! ^= 1 << (bit & 7);
        expect(inAddress ? isValidContentChunk(target, data) : isValidContentChunk(address, target)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('returns false (never throws) for malformed or truncated input', () => {
    const { address, data } = makeContentChunk(new Uint8Array(100).fill(3));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat({ max: data.length - 1 }), (randomAddress, cut) => {
        expect(isValidContentChunk(randomAddress, data)).toBe(false);
        expect(isValidContentChunk(address, data.subarray(0, cut))).toBe(false);
      }),
      { numRuns: 100 },
    );
    expect(isValidContentChunk(address, new Uint8Array(MAX_CHUNK_DATA_SIZE + 1))).toBe(false);
  });
});
