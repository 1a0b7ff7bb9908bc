import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex } from './bytes.js';
import { encodeParity, gfMul, recoverDataShards } from './erasure.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';

/**
 * Vectors produced by github.com/klauspost/reedsolomon v1.11.8 (the version Bee v2.8.1 pins),
 * `reedsolomon.New(data, parity)` + `Encode`, on shards where data shard s, byte i = (s·31 + i·7 + 3) mod 256.
 * Columns: data shards, parity shards, shard size, first 8 bytes of parity shard 0,
 * keccak256 of all parity shards concatenated. The shapes are ones Bee uses (119+9 and 37+89 are full
 * MEDIUM and PARANOID chunks; 4104 is span + payload).
 */
const KLAUSPOST_VECTORS: Array<[number, number, number, string, string]> = [
  [1, 2, 16, '030a11181f262d34', '0073ee1a7a34cc5d7a9b0a1f7054615eeefbde8f3218211ed01490d4fb10f8ec'],
  [2, 3, 64, '414c53465de0effa', '6ad9ab962cbda78fa60801a0f6611859192f46b89c9af191ac753a216dbe4299'],
  [5, 4, 4104, '5e8dac93bafeefe8', '532ca808dddc34dd6b38ac34934cf0923cf4b6f5617c30349d84de597109de31'],
  [119, 9, 4104, '6c32f7e9888e56f8', 'c33319921963311a2f72b52d0f02e31f26200f4db093d48b51ca94d4316a4db5'],
  [10, 89, 40, '8ab49a475522bc27', '2cd6af78db13616f27539c3524cde6ef8ac6b784133ad649dcdfe33990f71f7a'],
  [37, 89, 4104, 'e5cb7541bd39ea2d', '63151895eb485031e684b5cf1ea504a35d945e8d1e2d33897e742d58999f9e28'],
  [107, 21, 100, 'c7117aed14af1963', '4404d46b34cc1c4bbf0b474c76e13dcb5e105206f337a4a982ff5eb125776d89'],
];

function vectorShards(count: number, size: number): Uint8Array[] {
  return Array.from({ length: count }, (_, s) => Uint8Array.from({ length: size }, (_, i) => (s * 31 + i * 7 + 3) & 0xff));
}

describe('GF(2^8)', () => {
  it('multiplies with the 0x11d field: 2·128 = 0x1d, a·1 = a, a·0 = 0, commutative', () => {
    expect(gfMul(2, 128)).toBe(0x1d);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (a, b) => {
        expect(gfMul(a, 1)).toBe(a);
        expect(gfMul(a, 0)).toBe(0);
        expect(gfMul(a, b)).toBe(gfMul(b, a));
      }),
    );
  });
});

describe('encodeParity', () => {
  for (const [data, parity, size, head, digest] of KLAUSPOST_VECTORS) {
    it(`equals klauspost/reedsolomon for ${data} data + ${parity} parity shards of ${size} bytes`, () => {
      const parities = encodeParity(vectorShards(data, size), parity);
      expect(parities).toHaveLength(parity);
      expect(bytesToHex(parities[0]!.subarray(0, 8))).toBe(head);
      expect(bytesToHex(keccak256(...parities))).toBe(digest);
    });
  }

  it('rejects shards of unequal length and impossible shapes with InputError', () => {
    expect(() => encodeParity([new Uint8Array(4), new Uint8Array(5)], 2)).toThrow(InputError);
    expect(() => encodeParity([new Uint8Array(4)], 0)).toThrow(InputError);
    expect(() => encodeParity(vectorShards(200, 1), 57)).toThrow(InputError);
  });
});

describe('recoverDataShards', () => {
  it('rebuilds the data after erasing any parity-count shards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer(),
        (dataCount, parityCount, size, seed) => {
          const data = Array.from({ length: dataCount }, (_, s) => Uint8Array.from({ length: size }, (_, i) => (seed + s * 131 + i * 17) & 0xff));
          const all: Array<Uint8Array | undefined> = [...data, ...encodeParity(data, parityCount)];
          // Erase exactly parityCount shards at pseudo-random positions.
          let state = seed >>> 0;
          let erased = 0;
          while (erased < parityCount) {
            state = (Math.imul(state, 1103515245) + 12345) >>> 0;
            const index = state % all.length;
            if (all[index] !== undefined) {
              all[index] = undefined;
              erased++;
            }
          }
          expect(recoverDataShards(all, dataCount)).toEqual(data);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rebuilds a full MEDIUM chunk set (119 + 9 chunk-sized shards) with 9 data shards lost', () => {
    const data = vectorShards(119, 4104);
    const all: Array<Uint8Array | undefined> = [...data, ...encodeParity(data, 9)];
    for (const lost of [0, 13, 27, 40, 59, 77, 90, 101, 118]) all[lost] = undefined;
    expect(recoverDataShards(all, 119)).toEqual(data);
  });

  it('refuses when fewer than dataCount shards survive', () => {
    const data = vectorShards(3, 8);
    const all: Array<Uint8Array | undefined> = [...data, ...encodeParity(data, 2)];
    all[0] = all[1] = all[4] = undefined;
    expect(() => recoverDataShards(all, 3)).toThrow(InputError);
  });
});
