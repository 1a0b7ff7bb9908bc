import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Bee, EthAddress, Identifier, Reference } from '@ethersphere/bee-js';
import { bytesToHex, hexToBytes } from './bytes.js';
import { makeContentChunk } from './chunk.js';
import { InputError } from './input-error.js';
import { createSigner, privateKeyToAddress, signerFor } from './signer.js';
import { REPLICAS_OWNER_HEX, SOC_MAX_SIZE, SOC_MIN_SIZE, makeSingleOwnerChunk, parseSingleOwnerChunk, socAddress } from './soc.js';

// Constructing Bee opens no connection; only its pure chunk helpers are used as the oracle.
const bee = new Bee('http://127.0.0.1:9');
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const privateKeyArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => BigInt(`0x${bytesToHex(k)}`) > 0n && BigInt(`0x${bytesToHex(k)}`) < CURVE_ORDER);
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('socAddress', () => {
  it('matches bee-js calculateSingleOwnerChunkAddress', () => {
    fc.assert(
      fc.property(bytes32, fc.uint8Array({ minLength: 20, maxLength: 20 }), (id, owner) => {
        const expected = bee.calculateSingleOwnerChunkAddress(new Identifier(id), new EthAddress(owner)).toHex();
        expect(bytesToHex(socAddress(id, owner))).toBe(expected);
      }),
    );
  });
});

describe('makeSingleOwnerChunk / parseSingleOwnerChunk', () => {
  it('agrees with bee-js on address and owner, and each side parses the other side\'s bytes', () => {
    fc.assert(
      fc.property(privateKeyArb, bytes32, fc.uint8Array({ minLength: 1, maxLength: 4096 }), (key, id, payload) => {
        const wrapped = makeContentChunk(payload);
        const ours = makeSingleOwnerChunk(id, wrapped, key);
        const cac = bee.makeContentAddressedChunk(payload);
        const theirs = bee.makeSingleOwnerChunk(cac.address, cac.span, cac.payload, id, key);

        expect(bytesToHex(ours.address)).toBe(theirs.address.toHex());
        expect(bytesToHex(ours.owner)).toBe(theirs.owner.toHex());
        expect(ours.data.length).toBe(theirs.data.length);
        // Signatures differ (bee-js derives its nonce differently from RFC 6979); everything else is byte-equal.
        expect(bytesToHex(ours.data.subarray(0, 32))).toBe(bytesToHex(theirs.data.subarray(0, 32)));
        expect(bytesToHex(ours.data.subarray(97))).toBe(bytesToHex(theirs.data.subarray(97)));

        const fromBeeJs = parseSingleOwnerChunk(theirs.data, ours.address);
        expect(bytesToHex(fromBeeJs.owner)).toBe(bytesToHex(ours.owner));
        expect(bytesToHex(fromBeeJs.wrappedAddress)).toBe(bytesToHex(wrapped.address));
        expect(fromBeeJs.span).toBe(BigInt(payload.length));
        expect(bytesToHex(fromBeeJs.payload)).toBe(bytesToHex(payload));

        const inBeeJs = bee.unmarshalSingleOwnerChunk(ours.data, new Reference(ours.address));
        expect(inBeeJs.owner.toHex()).toBe(bytesToHex(privateKeyToAddress(key)));
        expect(inBeeJs.span.toBigInt()).toBe(BigInt(payload.length));
      }),
      { numRuns: 10 }, // bee-js's pure-BigInt curve arithmetic takes ~0.3 s per sign/recover
    );
  });

  it('round-trips every part, including an empty payload and a full 4096-byte one', () => {
    const key = hexToBytes('2a'.repeat(32));
    for (const size of [0, 1, 4095, 4096]) {
      const id = new Uint8Array(32).fill(size & 0xff);
      const payload = new Uint8Array(size).map((_, i) => i % 251);
      const wrapped = makeContentChunk(payload);
      const soc = makeSingleOwnerChunk(id, wrapped, key);
      expect(soc.data.length).toBe(SOC_MIN_SIZE + size);
      const parsed = parseSingleOwnerChunk(soc.data, soc.address);
      expect(bytesToHex(parsed.identifier)).toBe(bytesToHex(id));
      expect(bytesToHex(parsed.signature)).toBe(bytesToHex(soc.signature));
      expect(bytesToHex(parsed.wrappedData)).toBe(bytesToHex(wrapped.data));
      expect(bytesToHex(parsed.address)).toBe(bytesToHex(soc.address));
      // What the uploader needs is returned as made (views into data), nothing recovered to read it back.
      expect(bytesToHex(soc.identifier)).toBe(bytesToHex(id));
      expect(bytesToHex(soc.wrappedData)).toBe(bytesToHex(wrapped.data));
      expect(soc.wrappedData.buffer).toBe(soc.data.buffer);
    }
  });

  it('a Signer (owner derived once) gives the same bytes as its raw key; a raw key\'s signer is cached for the last key seen', () => {
    fc.assert(
      fc.property(privateKeyArb, bytes32, fc.uint8Array({ maxLength: 300 }), (key, id, payload) => {
        const wrapped = makeContentChunk(payload);
        const signer = createSigner(key);
        expect(bytesToHex(signer.address)).toBe(bytesToHex(privateKeyToAddress(key)));
        const viaSigner = makeSingleOwnerChunk(id, wrapped, signer);
        const viaKey = makeSingleOwnerChunk(id, wrapped, key);
        expect(bytesToHex(viaSigner.data)).toBe(bytesToHex(viaKey.data));
        expect(bytesToHex(viaSigner.owner)).toBe(signer.addressHex);
        expect(bytesToHex(parseSingleOwnerChunk(viaSigner.data, viaSigner.address).owner)).toBe(signer.addressHex);
      }),
      { numRuns: 20 },
    );
    const a = hexToBytes('01'.repeat(32));
    const b = hexToBytes('02'.repeat(32));
    expect(signerFor(a)).toBe(signerFor(a.slice()));
    expect(signerFor(b).addressHex).toBe(bytesToHex(privateKeyToAddress(b)));
    expect(signerFor(a).addressHex).toBe(bytesToHex(privateKeyToAddress(a)));
    const own = createSigner(a);
    expect(signerFor(own)).toBe(own);
  });

  it('rejects an address mismatch (tampered payload, identifier or signature) with InputError', () => {
    const key = hexToBytes('07'.repeat(32));
    const soc = makeSingleOwnerChunk(new Uint8Array(32).fill(1), makeContentChunk(new Uint8Array([1, 2, 3])), key);
    for (const offset of [0, 40, 100, soc.data.length - 1]) {
      const tampered = soc.data.slice();
      tampered[offset]! ^= 0x01;
      expect(() => parseSingleOwnerChunk(tampered, soc.address)).toThrow(InputError);
    }
    expect(() => parseSingleOwnerChunk(soc.data, new Uint8Array(32))).toThrow(/address/);
    expect(() => parseSingleOwnerChunk(soc.data, new Uint8Array(31))).toThrow(InputError);
  });

  it('enforces Bee\'s replica rule: replica-owner SOCs must mirror the wrapped address in identifier bytes 1..31', () => {
    // Bee signs dispersed replicas with the fixed key 0x01 followed by 31 zero bytes.
    const replicaKey = new Uint8Array(32);
    replicaKey[0] = 1;
    expect(bytesToHex(privateKeyToAddress(replicaKey))).toBe(REPLICAS_OWNER_HEX);
    const wrapped = makeContentChunk(new Uint8Array([9, 9, 9]));
    const mirrored = wrapped.address.slice();
    mirrored[0] = 0x80; // byte 0 carries the replica's dispersal bits and may differ
    const replica = makeSingleOwnerChunk(mirrored, wrapped, replicaKey);
    expect(bytesToHex(parseSingleOwnerChunk(replica.data, replica.address).owner)).toBe(REPLICAS_OWNER_HEX);
    const unrelated = makeSingleOwnerChunk(new Uint8Array(32).fill(3), wrapped, replicaKey);
    expect(() => parseSingleOwnerChunk(unrelated.data)).toThrow(/replica/);
    // Any other owner may use any identifier.
    const other = makeSingleOwnerChunk(new Uint8Array(32).fill(3), wrapped, hexToBytes('09'.repeat(32)));
    expect(() => parseSingleOwnerChunk(other.data, other.address)).not.toThrow();
  });

  it('rejects bad sizes and inputs with InputError', () => {
    const key = hexToBytes('07'.repeat(32));
    expect(() => parseSingleOwnerChunk(new Uint8Array(SOC_MIN_SIZE - 1))).toThrow(InputError);
    expect(() => parseSingleOwnerChunk(new Uint8Array(SOC_MAX_SIZE + 1))).toThrow(InputError);
    expect(() => makeSingleOwnerChunk(new Uint8Array(31), makeContentChunk(new Uint8Array(1)), key)).toThrow(InputError);
    expect(() => socAddress(new Uint8Array(32), new Uint8Array(32))).toThrow(InputError);
  });

  it('fuzz: random bytes, truncations and bit flips only ever throw InputError', () => {
    const key = hexToBytes('05'.repeat(32));
    const valid = makeSingleOwnerChunk(new Uint8Array(32).fill(5), makeContentChunk(new Uint8Array(64).fill(7)), key).data;
    const arbitrary = fc.oneof(
      fc.uint8Array({ maxLength: SOC_MAX_SIZE + 10 }),
      fc.nat({ max: valid.length }).map((n) => valid.slice(0, n)),
      fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 1, max: 255 })).map(([i, x]) => {
        const flipped = valid.slice();
        flipped[i]! ^= x;
        return flipped;
      }),
    );
    fc.assert(
      fc.property(arbitrary, (data) => {
        try {
          parseSingleOwnerChunk(data);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 150 },
    );
  });
});
