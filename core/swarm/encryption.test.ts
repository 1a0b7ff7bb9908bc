import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, readUint64LE, uint64LE } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import {
  DATA_INIT_COUNTER, SPAN_INIT_COUNTER, decryptChunk, decryptChunkData, decryptedPayloadLength, encryptChunk, segmentKey,
  splitEncryptedReference, transcrypt,
} from './encryption.js';
import { encodeSpan } from './redundancy.js';

const key32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('keystream (Bee v2.8.1 pkg/encryption)', () => {
  it('reproduces TestEncryptDataLengthEqualsPadding: 4096 zero bytes, key 8abf…6e49, counter 0', () => {
    // The expected 4096-byte ciphertext of Bee's test, pinned by its first and last segments and its keccak256.
    const out = transcrypt(new Uint8Array(4096), hexToBytes('8abf1502f557f15026716030fb6384792583daf39608a3cd02ff2f47e9bc6e49'), 0);
    expect(bytesToHex(out.subarray(0, 32))).toBe('352187af3a843decc63ceca6cb01ea39dbcf77caf0a8f705f5c30d557044ceec');
    expect(bytesToHex(out.subarray(4064))).toBe('719f67da7bcc2fce073c01e87c62ea3cdbcd589cfc41281f2f4c757c742d6d1e');
    expect(bytesToHex(keccak256(out))).toBe('eab9772cbbd2b8dacaccb949a6539d856b707251894ce1642717b5912b7296fb');
  });

  it('is the same cipher text whether encrypted whole or segment by segment (TestEncryptSectioned)', () => {
    fc.assert(
      fc.property(key32, fc.uint8Array({ minLength: 0, maxLength: 300 }), fc.nat(1000), (key, data, counter) => {
        const whole = transcrypt(data, key, counter);
        for (let i = 0; i * 32 < data.length; i++) {
          expect(transcrypt(data.subarray(i * 32, i * 32 + 32), key, counter + i)).toEqual(whole.subarray(i * 32, i * 32 + 32));
        }
        expect(transcrypt(whole, key, counter)).toEqual(data);
      }),
      { numRuns: 50 },
    );
  });

  it('encrypts the span with counter 128 and the payload from counter 0', () => {
    expect(SPAN_INIT_COUNTER).toBe(128);
    expect(DATA_INIT_COUNTER).toBe(0);
    const key = new Uint8Array(32).fill(7);
    const { data } = encryptChunk(uint64LE(5n), Uint8Array.of(1, 2, 3, 4, 5), key);
    const spanStream = segmentKey(key, 128);
    expect(data.subarray(0, 8)).toEqual(uint64LE(5n).map((b, i) => b ^ spanStream[i]!));
    const dataStream = segmentKey(key, 0);
    expect(data.subarray(8, 13)).toEqual(Uint8Array.of(1, 2, 3, 4, 5).map((b, i) => b ^ dataStream[i]!));
  });
});

describe('encryptChunk / decryptChunk', () => {
  it('round-trips random leaves, with and without injected padding; stored data is always 4104 bytes', () => {
    fc.assert(
      fc.property(key32, fc.uint8Array({ minLength: 0, maxLength: 4096 }), fc.boolean(), fc.integer(), (key, payload, pad, seed) => {
        const padding = pad ? (n: number) => Uint8Array.from({ length: n }, (_, i) => (seed + i * 31) & 0xff) : undefined;
        const { data } = encryptChunk(uint64LE(BigInt(payload.length)), payload, key, padding);
        expect(data.length).toBe(4104);
        const plain = decryptChunk(data, key);
        expect(readUint64LE(plain.span)).toBe(BigInt(payload.length));
        expect(plain.payload).toEqual(payload);
        expect(decryptChunkData(data, key)).toEqual(Uint8Array.of(...uint64LE(BigInt(payload.length)), ...payload));
      }),
      { numRuns: 60 },
    );
  });

  it('cuts an intermediate payload by its span: 64-byte data refs plus 32-byte parity refs', () => {
    // 3 leaves, no redundancy: 3 refs of 64 bytes.
    expect(decryptedPayloadLength(uint64LE(3n * 4096n - 5n))).toBe(192);
    // 64 full leaves fill an encrypted chunk.
    expect(decryptedPayloadLength(uint64LE(64n * 4096n))).toBe(4096);
    // Level 1 (MEDIUM), 2 data shards: 3 parity refs.
    expect(decryptedPayloadLength(encodeSpan(4097n, 1))).toBe(2 * 64 + 3 * 32);
    const key = new Uint8Array(32).fill(1);
    const refs = Uint8Array.from({ length: 192 }, (_, i) => i + 1);
    const { data } = encryptChunk(uint64LE(3n * 4096n), refs, key);
    expect(decryptChunk(data, key).payload).toEqual(refs);
  });

  it('rejects bad keys, spans, payloads and stored lengths with InputError', () => {
    const key = new Uint8Array(32);
    expect(() => encryptChunk(new Uint8Array(7), new Uint8Array(0), key)).toThrow(InputError);
    expect(() => encryptChunk(new Uint8Array(8), new Uint8Array(4097), key)).toThrow(InputError);
    expect(() => encryptChunk(new Uint8Array(8), new Uint8Array(1), new Uint8Array(31))).toThrow(/encryption key/);
    expect(() => encryptChunk(new Uint8Array(8), new Uint8Array(1), key, () => new Uint8Array(3))).toThrow(/padding/);
    expect(() => decryptChunk(new Uint8Array(4103), key)).toThrow(/4104 bytes/);
    expect(() => splitEncryptedReference(new Uint8Array(32))).toThrow(InputError);
  });

  it('fuzz: random stored bytes under a random key either decrypt to at most 4096 bytes or throw InputError', () => {
    fc.assert(
      fc.property(key32, fc.uint8Array({ minLength: 4104, maxLength: 4104 }), (key, data) => {
        try {
          const { span, payload } = decryptChunk(data, key);
          expect(span.length).toBe(8);
          expect(payload.length).toBeLessThanOrEqual(4096);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(key32, fc.uint8Array({ maxLength: 5000 }), (key, data) => {
        if (data.length === 4104) return;
        expect(() => decryptChunk(data, key)).toThrow(InputError);
      }),
      { numRuns: 50 },
    );
  });

  it('a wrong key never gives the plain text back: InputError (impossible level byte) or garbage', () => {
    const payload = new Uint8Array(100).fill(9);
    const { data } = encryptChunk(uint64LE(100n), payload, new Uint8Array(32).fill(1));
    expect(() => decryptChunk(data, new Uint8Array(32).fill(2))).toThrow(/wrong decryption key/);
    fc.assert(
      fc.property(key32, (wrong) => {
        fc.pre(wrong.some((b) => b !== 1));
        try {
          expect(decryptChunk(data, wrong).payload).not.toEqual(payload);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('splits a 64-byte reference into address and key', () => {
    const ref = Uint8Array.from({ length: 64 }, (_, i) => i);
    const { address, key } = splitEncryptedReference(ref);
    expect(address).toEqual(ref.subarray(0, 32));
    expect(key).toEqual(ref.subarray(32));
  });
});
