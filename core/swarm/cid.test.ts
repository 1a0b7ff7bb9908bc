import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Reference } from '@ethersphere/bee-js';
import { ReferenceType, decodeCid as swarmCidDecode, encodeReference } from '@ethersphere/swarm-cid';
import { bytesToHex, hexToBytes } from './bytes.js';
import { base32Decode, base32Encode, decodeCid, encodeCid, type CidType } from './cid.js';
import { InputError } from './input-error.js';

const KNOWN_CID = 'bah5acgzaitxyvem2pivg7y3hclkfcich3nagzr5mlqdnu5zr4dfypovrb74q';
const ref32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
const cidType = fc.constantFrom<CidType>('manifest', 'feed');

describe('Swarm CID', () => {
  it('decodes the bee-js test vector 44ef8a91…ab10ff9 and encodes it back', () => {
    const { reference, type } = decodeCid(KNOWN_CID);
    expect(type).toBe('manifest');
    expect(reference).toBe('44ef8a919a7a2a6fe36712d4512047db406cc7ac5c06da7731e0cb87bab10ff9');
    expect(encodeCid(hexToBytes(reference), 'manifest')).toBe(KNOWN_CID);
  });

  it('encodes like bee-js Reference#toCid and @ethersphere/swarm-cid, with the documented prefixes', () => {
    fc.assert(
      fc.property(ref32, cidType, (ref, type) => {
        const cid = encodeCid(ref, type);
        expect(cid).toBe(new Reference(ref).toCid(type));
        expect(cid).toBe(encodeReference(bytesToHex(ref), type === 'feed' ? ReferenceType.FEED : ReferenceType.MANIFEST).toString());
        expect(cid).toHaveLength(61);
        expect(cid.startsWith(type === 'feed' ? 'bah5qcgza' : 'bah5acgza')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('decodes what the oracles encode, and they decode what we encode', () => {
    fc.assert(
      fc.property(ref32, cidType, (ref, type) => {
        const theirs = encodeReference(bytesToHex(ref), type === 'feed' ? ReferenceType.FEED : ReferenceType.MANIFEST).toString();
        expect(decodeCid(theirs)).toEqual({ reference: bytesToHex(ref), type });
        expect(swarmCidDecode(encodeCid(ref, type))).toEqual({ reference: bytesToHex(ref), type });
        expect(new Reference(encodeCid(ref, type)).toHex()).toBe(bytesToHex(ref));
      }),
      { numRuns: 100 },
    );
  });

  it('accepts the uppercase multibase spelling and surrounding whitespace', () => {
    expect(decodeCid(` ${KNOWN_CID.toUpperCase()}\n`)).toEqual(decodeCid(KNOWN_CID));
  });

  it('rejects encrypted references, wrong prefixes, codecs and hashes with InputError', () => {
    expect(() => encodeCid(new Uint8Array(64), 'manifest')).toThrow(/encrypted/);
    expect(() => decodeCid(KNOWN_CID.slice(1))).toThrow(/no 'b' multibase prefix/);
    expect(() => decodeCid(`z${KNOWN_CID.slice(1)}`)).toThrow(InputError);
    const swarmNs = `b${base32Encode(Uint8Array.of(0x01, 0xe4, 0x01, 0x1b, 0x20, ...new Uint8Array(32)))}`;
    expect(() => decodeCid(swarmNs)).toThrow(/codec bytes e401/);
    const sha256 = `b${base32Encode(Uint8Array.of(0x01, 0xfa, 0x01, 0x12, 0x20, ...new Uint8Array(32)))}`;
    expect(() => decodeCid(sha256)).toThrow(/multihash header 1220/);
    const v0 = `b${base32Encode(Uint8Array.of(0x00, 0xfa, 0x01, 0x1b, 0x20, ...new Uint8Array(32)))}`;
    expect(() => decodeCid(v0)).toThrow(/version byte 0/);
  });

  it('fuzz: random strings, truncations and corruptions of valid CIDs only ever throw InputError', () => {
    const corrupted = fc.tuple(ref32, cidType, fc.nat({ max: 61 }), fc.nat({ max: 60 }), fc.constantFrom('a', '1', '=', 'z', '')).map(([ref, type, cut, at, ch]) => {
      const cid = encodeCid(ref, type);
      return ch === '' ? cid.slice(0, cut) : cid.slice(0, at) + ch + cid.slice(at + 1);
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^b[a-z2-7]{0,70}$/), corrupted), (text) => {
        try {
          const { reference, type } = decodeCid(text);
          expect(reference).toMatch(/^[0-9a-f]{64}$/);
          expect(['manifest', 'feed']).toContain(type);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('base32', () => {
  it('round-trips and matches the RFC 4648 test vectors (lowercase, unpadded)', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'my'], ['fo', 'mzxq'], ['foo', 'mzxw6'], ['foob', 'mzxw6yq'], ['fooba', 'mzxw6ytb'], ['foobar', 'mzxw6ytboi']];
    for (const [plain, encoded] of vectors) expect(base32Encode(new TextEncoder().encode(plain))).toBe(encoded);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => {
        expect(base32Decode(base32Encode(b))).toEqual(b);
      }),
    );
  });

  it('refuses impossible lengths and non-zero padding bits, which have no canonical byte string', () => {
    expect(base32Decode('m')).toMatch(/length/);
    expect(base32Decode('mz')).toMatch(/padding bits/);
    expect(base32Decode('my=')).toMatch(/length|non-base32/);
  });
});
