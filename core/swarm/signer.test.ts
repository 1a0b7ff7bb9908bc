import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PrivateKey, Signature } from '@ethersphere/bee-js';
import { bytesToHex, concatBytes, hexToBytes, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import {
  ethPersonalDigest,
  privateKeyToAddress,
  publicKeyToAddress,
  randomPrivateKey,
  recoverAddress,
  recoverMessageSigner,
  signDigest,
  signMessage,
} from './signer.js';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const toScalar = (bytes: Uint8Array): bigint => BigInt(`0x${bytesToHex(bytes) || '0'}`);
/** Random valid secp256k1 private keys (the filter almost never rejects). */
const privateKeyArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => toScalar(k) > 0n && toScalar(k) < CURVE_ORDER);

describe('addresses', () => {
  it('derives the well-known address of private key 1', () => {
    const one = new Uint8Array(32);
    one[31] = 1;
    expect(bytesToHex(privateKeyToAddress(one))).toBe('7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });

  it('matches bee-js PrivateKey.publicKey().address() on random keys, from every public key encoding', () => {
    fc.assert(
      fc.property(privateKeyArb, (key) => {
        const publicKey = new PrivateKey(key).publicKey();
        const expected = publicKey.address().toHex();
        expect(bytesToHex(privateKeyToAddress(key))).toBe(expected);
        expect(bytesToHex(publicKeyToAddress(publicKey.toUint8Array()))).toBe(expected);
        expect(bytesToHex(publicKeyToAddress(publicKey.toCompressedUint8Array()))).toBe(expected);
      }),
      { numRuns: 15 },
    );
  });

  it('randomPrivateKey gives distinct usable keys', () => {
    const a = randomPrivateKey();
    const b = randomPrivateKey();
    expect(a).toHaveLength(32);
    expect(bytesToHex(a)).not.toBe(bytesToHex(b));
    expect(privateKeyToAddress(a)).toHaveLength(20);
  });

  it('randomPrivateKey never hands out the same bytes twice across refills of its random pool (100 keys, 32 per draw)', () => {
    const keys = Array.from({ length: 100 }, () => bytesToHex(randomPrivateKey()));
    expect(new Set(keys).size).toBe(100);
    for (const k of keys) expect(k).not.toBe('00'.repeat(32));
  });

  it('rejects a zero key, a key ≥ the group order and wrong lengths with InputError', () => {
    expect(() => privateKeyToAddress(new Uint8Array(32))).toThrow(InputError);
    expect(() => privateKeyToAddress(new Uint8Array(32).fill(0xff))).toThrow(InputError);
    expect(() => privateKeyToAddress(new Uint8Array(31).fill(1))).toThrow(InputError);
    expect(() => publicKeyToAddress(new Uint8Array(33))).toThrow(InputError);
  });
});

describe('signing', () => {
  it('ethPersonalDigest is keccak256 of the 32-byte personal-message prefix and the data', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (data) => {
        const expected = keccak256(concatBytes(utf8Encode('\x19Ethereum Signed Message:\n32'), data));
        expect(bytesToHex(ethPersonalDigest(data))).toBe(bytesToHex(expected));
      }),
    );
    expect(() => ethPersonalDigest(new Uint8Array(31))).toThrow(InputError);
  });

  it('signatures made here recover in bee-js, and bee-js signatures recover here', () => {
    fc.assert(
      fc.property(privateKeyArb, fc.uint8Array({ maxLength: 200 }), (key, message) => {
        const signer = new PrivateKey(key);
        const owner = signer.publicKey().address().toHex();
        const ours = signMessage(key, message);
        expect(ours).toHaveLength(65);
        expect([27, 28]).toContain(ours[64]);
        expect(new Signature(ours).recoverPublicKey(message).address().toHex()).toBe(owner);
        const theirs = signer.sign(message).toUint8Array();
        expect(bytesToHex(recoverMessageSigner(theirs, message))).toBe(owner);
      }),
      { numRuns: 12 }, // bee-js's pure-BigInt curve arithmetic takes ~0.3 s per signature
    );
  });

  it('is deterministic (RFC 6979) and low-s, as Ethereum requires', () => {
    fc.assert(
      fc.property(privateKeyArb, fc.uint8Array({ minLength: 32, maxLength: 32 }), (key, digest) => {
        const signature = signDigest(key, digest);
        expect(bytesToHex(signDigest(key, digest))).toBe(bytesToHex(signature));
        expect(toScalar(signature.subarray(32, 64)) <= CURVE_ORDER / 2n).toBe(true);
        expect(bytesToHex(recoverAddress(signature, digest))).toBe(bytesToHex(privateKeyToAddress(key)));
      }),
      { numRuns: 30 },
    );
  });

  it('signatures and addresses handed out earlier keep their bytes while many more are made (shared slabs and buffers)', () => {
    const key = hexToBytes('42'.repeat(32));
    const messages = Array.from({ length: 300 }, (_, i) => utf8Encode(`slab ${i}`));
    const signatures = messages.map((m) => signMessage(key, m));
    const hexes = signatures.map(bytesToHex);
    const owners = signatures.map((s, i) => recoverMessageSigner(s, messages[i]!));
    const otherOwner = privateKeyToAddress(hexToBytes('43'.repeat(32)));
    for (let i = 0; i < 300; i++) signMessage(hexToBytes('43'.repeat(32)), messages[i]!);
    const expectedOwner = bytesToHex(privateKeyToAddress(key));
    signatures.forEach((s, i) => {
      expect(s).toHaveLength(65);
      expect(bytesToHex(s), `signature ${i}`).toBe(hexes[i]);
      expect(bytesToHex(signMessage(key, messages[i]!))).toBe(hexes[i]);
      expect(bytesToHex(owners[i]!)).toBe(expectedOwner);
    });
    expect(bytesToHex(otherOwner)).not.toBe(expectedOwner);
    expect(bytesToHex(otherOwner)).toBe(bytesToHex(privateKeyToAddress(hexToBytes('43'.repeat(32)))));
  });

  it('rejects v = 0/1 (Bee feeds v straight back into recovery) and malformed signatures', () => {
    const key = hexToBytes('11'.repeat(32));
    const digest = keccak256(utf8Encode('x'));
    const signature = signDigest(key, digest);
    const zeroBased = signature.slice();
    zeroBased[64] = signature[64]! - 27;
    expect(() => recoverAddress(zeroBased, digest)).toThrow(/v = [01]/);
    expect(() => recoverAddress(signature.subarray(0, 64), digest)).toThrow(InputError);
    const zeroR = signature.slice();
    zeroR.fill(0, 0, 32);
    expect(() => recoverAddress(zeroR, digest)).toThrow(InputError);
  });

  it('fuzz: recovery from random 65 bytes either yields an address or throws InputError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 65, maxLength: 65 }), fc.boolean(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (sig, fixV, digest) => {
        if (fixV) sig[64] = 27 + (sig[64]! & 1);
        try {
          expect(recoverAddress(sig, digest)).toHaveLength(20);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 100 },
    );
  });
});
