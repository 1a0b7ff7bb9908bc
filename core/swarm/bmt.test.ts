import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeChunk } from '@fairdatasociety/bmt-js';
import { bmtChunkAddress, bmtRoot, createBmt, portablePairHasher, type BmtPairHasher } from './bmt.js';
import { bytesToHex, uint64LE, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';

/** Textbook BMT: pad, then reduce pairwise with fresh arrays. Slow but obviously right. */
function naiveBmtRoot(payload: Uint8Array): Uint8Array {
  const padded = new Uint8Array(4096);
  padded.set(payload);
  let nodes: Uint8Array[] = [];
  for (let i = 0; i < 128; i++) nodes.push(padded.subarray(i * 32, i * 32 + 32));
  while (nodes.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < nodes.length; i += 2) next.push(keccak256(nodes[i]!, nodes[i + 1]!));
    nodes = next;
  }
  return nodes[0]!;
}

const payloads = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }),
  fc.integer({ min: 0, max: 4096 }).map((n) => new Uint8Array(n).fill(7)),
  fc.constantFrom(0, 1, 31, 32, 33, 63, 64, 65, 2047, 2048, 2049, 4095, 4096).map((n) => new Uint8Array(n).map((_, i) => i % 251)),
);

describe('bmtRoot', () => {
  it('matches Bee vectors for the empty chunk and "Hello, Swarm!"', () => {
    expect(bytesToHex(bmtChunkAddress(uint64LE(0), new Uint8Array()))).toBe(
      'b34ca8c22b9e982354f9c7f50b470d66db428d880c8a904d5fe4ec9713171526',
    );
    const hello = utf8Encode('Hello, Swarm!');
    expect(bytesToHex(bmtChunkAddress(uint64LE(hello.length), hello))).toBe(
      '680bb26ce329867d9063251135dea6f02b58d0ef3d4eb9076c3d5fc03fe54cf6',
    );
  });

  it('equals the bmt-js root and the naive reduction on random payloads', () => {
    fc.assert(
      fc.property(payloads, (payload) => {
        const mine = bytesToHex(bmtRoot(payload));
        // bmt-js exposes the tree as levels; the last level is the 32-byte root.
        expect(mine).toBe(bytesToHex(makeChunk(payload).bmt().at(-1)!));
        expect(mine).toBe(bytesToHex(naiveBmtRoot(payload)));
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same root when trailing zero bytes are added (padding is zero)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4000 }), fc.integer({ min: 0, max: 96 }), (payload, extra) => {
        const padded = new Uint8Array(payload.length + extra);
        padded.set(payload);
        expect(bmtRoot(padded)).toEqual(bmtRoot(payload));
      }),
      { numRuns: 60 },
    );
  });

  it('does not let one call leak scratch state into the next', () => {
    const full = new Uint8Array(4096).fill(0xff);
    const short = new Uint8Array([1, 2, 3]);
    const expected = bmtRoot(short);
    bmtRoot(full);
    expect(bmtRoot(short)).toEqual(expected);
    expect(bmtRoot(short)).toEqual(naiveBmtRoot(short));
  });

  it('returns a fresh array the caller may keep', () => {
    const a = bmtRoot(new Uint8Array([1]));
    const copy = a.slice();
    bmtRoot(new Uint8Array([2]));
    expect(a).toEqual(copy);
  });

  it('rejects payloads above 4096 bytes and spans that are not 8 bytes with InputError', () => {
    expect(() => bmtRoot(new Uint8Array(4097))).toThrow(InputError);
    expect(() => bmtChunkAddress(new Uint8Array(7), new Uint8Array(1))).toThrow(/8 bytes/);
    expect(() => bmtChunkAddress(new Uint8Array(9), new Uint8Array(1))).toThrow(InputError);
  });
});

describe('createBmt with another engine', () => {
  it('routes every pair through the supplied engine and gets the same root', () => {
    let pairsHashed = 0;
    const counting: BmtPairHasher = {
      hashPairsInPlace(buffer, pairCount) {
        pairsHashed += pairCount;
        portablePairHasher.hashPairsInPlace(buffer, pairCount);
      },
    };
    const bmt = createBmt(counting);
    pairsHashed = 0;
    const full = new Uint8Array(4096).map((_, i) => i & 0xff);
    expect(bmt.root(full)).toEqual(bmtRoot(full));
    expect(pairsHashed).toBe(127);
    // A 31-byte payload touches one segment: one pair per level, the rest is known zero-subtree hashes.
    pairsHashed = 0;
    expect(bmt.root(full.subarray(0, 31))).toEqual(bmtRoot(full.subarray(0, 31)));
    expect(pairsHashed).toBe(7);
  });
});
