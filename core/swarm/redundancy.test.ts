import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex, concatBytes, readUint64LE, uint64LE } from './bytes.js';
import { parseChunkData, type Chunk } from './chunk.js';
import { splitIntoChunks } from './chunk-tree.js';
import { encodeParity, recoverDataShards } from './erasure.js';
import { InputError } from './input-error.js';
import {
  decodeSpan,
  decodeSpanHeader,
  encodeSpan,
  maxDataShards,
  parityCount,
  referenceCount,
  splitIntermediateRefs,
  type RedundancyLevel,
} from './redundancy.js';

const LEVELS: RedundancyLevel[] = [0, 1, 2, 3, 4];

describe('Bee v2.8.1 erasure tables', () => {
  it('gives the parity counts of level.go at table boundaries', () => {
    const points: Array<[RedundancyLevel, number, boolean, number]> = [
      [0, 128, false, 0],
      [1, 128, false, 9], [1, 95, false, 9], [1, 94, false, 8], [1, 2, false, 3], [1, 1, false, 2], [1, 0, false, 0],
      [2, 105, false, 21], [2, 104, false, 20], [2, 1, false, 4],
      [3, 93, false, 31], [3, 92, false, 30], [3, 1, false, 5],
      [4, 37, false, 89], [4, 36, false, 87], [4, 2, false, 23], [4, 1, false, 19],
      [1, 64, true, 9], [1, 46, true, 8], [1, 1, true, 3],
      [2, 52, true, 21], [2, 1, true, 5],
      [3, 46, true, 31], [3, 2, true, 8], [3, 1, true, 6],
      [4, 18, true, 87], [4, 1, true, 23],
    ];
    for (const [level, shards, encrypted, parities] of points) {
      expect(parityCount(level, shards, encrypted), `level ${level}, ${shards} shards, encrypted ${encrypted}`).toBe(parities);
    }
  });

  it('fits data plus parity references into one chunk (GetMaxShards / GetMaxEncShards)', () => {
    expect(LEVELS.map((l) => maxDataShards(l, false))).toEqual([128, 119, 107, 97, 39]);
    expect(LEVELS.map((l) => maxDataShards(l, true))).toEqual([64, 59, 53, 48, 20]);
    for (const level of LEVELS) {
      for (const encrypted of [false, true]) {
        const data = maxDataShards(level, encrypted);
        const bytes = data * (encrypted ? 64 : 32) + parityCount(level, data, encrypted) * 32;
        expect(bytes).toBeLessThanOrEqual(4096);
      }
    }
  });

  it('never gives fewer parities to more shards', () => {
    for (const level of LEVELS) {
      for (const encrypted of [false, true]) {
        for (let n = 1; n < maxDataShards(level, encrypted); n++) {
          expect(parityCount(level, n + 1, encrypted)).toBeGreaterThanOrEqual(parityCount(level, n, encrypted));
        }
      }
    }
  });

  it('rejects levels outside 0..4', () => {
    expect(() => parityCount(5 as RedundancyLevel, 1, false)).toThrow(InputError);
    expect(() => maxDataShards(-1 as RedundancyLevel, false)).toThrow(InputError);
  });
});

describe('span level byte', () => {
  it('round-trips size and level', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 56n - 1n }), fc.constantFrom(...LEVELS), (size, level) => {
        const span = encodeSpan(size, level);
        expect(decodeSpan(span)).toEqual({ size, level });
        if (level > 0) expect(span[7]).toBe(128 + level);
      }),
    );
  });

  it('reads plain spans (top byte ≤ 128) as level 0 with the full 64-bit size', () => {
    expect(decodeSpan(uint64LE(4096n))).toEqual({ size: 4096n, level: 0 });
    expect(decodeSpan(uint64LE(128n << 56n))).toEqual({ size: 128n << 56n, level: 0 });
    expect(encodeSpan(2n ** 64n - 1n, 0)).toEqual(new Uint8Array(8).fill(255));
  });

  it('rejects bad spans, level bytes above 132 and oversize sizes with InputError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        try {
          const { level } = decodeSpan(bytes);
          expect(bytes.length).toBe(8);
          expect(level).toBeLessThanOrEqual(4);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
    );
    expect(() => decodeSpan(concatBytes(new Uint8Array(7), new Uint8Array([133])))).toThrow(InputError);
    expect(() => encodeSpan(2n ** 56n, 1)).toThrow(InputError);
    expect(() => encodeSpan(-1n, 0)).toThrow(InputError);
  });
});

describe('referenceCount', () => {
  it('counts children of a subtree whose left children are full', () => {
    expect(referenceCount(119n * 4096n, 1, false)).toEqual({ data: 119, parity: 9 });
    expect(referenceCount(120n * 4096n, 1, false)).toEqual({ data: 2, parity: 3 });
    expect(referenceCount(2n * 4096n + 1n, 1, false)).toEqual({ data: 3, parity: 3 });
    expect(referenceCount(39n * 39n * 4096n + 1n, 4, false)).toEqual({ data: 2, parity: 23 });
  });
});

/** Walks a tree from its root with splitIntermediateRefs only, checking parity and returning the file bytes. */
function walk(store: Map<string, Uint8Array>, reference: Uint8Array, expectedLevel: RedundancyLevel, isRoot = true): Uint8Array {
  const data = store.get(bytesToHex(reference))!;
  const { span, payload } = parseChunkData(data);
  const { size } = decodeSpan(span);
  if (size <= BigInt(payload.length)) return payload;
  const refs = splitIntermediateRefs(payload, span, false);
  expect(refs.level).toBe(expectedLevel);
  expect(refs.parity.length).toBe(parityCount(expectedLevel, refs.data.length, false));
  if (refs.parity.length > 0) {
    const shards = refs.data.map((ref) => padded(store.get(bytesToHex(ref))!));
    const parities = encodeParity(shards, refs.parity.length);
    refs.parity.forEach((ref, i) => expect(store.get(bytesToHex(ref))).toEqual(parities[i]));
  }
  if (refs.parity.length > 0 && isRoot) {
    // At the root (to keep the run short): lose as many children as there are parities and rebuild them.
    const shards = refs.data.map((ref) => padded(store.get(bytesToHex(ref))!));
    const parities = refs.parity.map((ref) => store.get(bytesToHex(ref))!);
    const damaged: Array<Uint8Array | undefined> = [...shards, ...parities];
    for (let i = 0; i < Math.min(refs.parity.length, shards.length); i++) damaged[(i * 7) % shards.length] = undefined;
    expect(recoverDataShards(damaged, shards.length)).toEqual(shards);
  }
  return concatBytes(...refs.data.map((ref) => walk(store, ref, expectedLevel, false)));
}

function padded(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4104);
  out.set(data);
  return out;
}

function sample(size: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 73 + seed * 11 + (i >> 9)) & 0xff);
}

describe('splitIntermediateRefs on trees from ChunkTreeWriter', () => {
  it('reads back every level of redundancy, with parity that matches and recovers the children', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEVELS),
        fc.oneof(fc.integer({ min: 0, max: 120_000 }), fc.constantFrom(4097, 8192, 39 * 4096, 39 * 4096 + 1, 40 * 4096 + 5)),
        (level, size) => {
          const input = sample(size, level);
          const { reference, chunks } = splitIntoChunks(input, level);
          const store = new Map<string, Uint8Array>(chunks.map((c: Chunk) => [bytesToHex(c.address), c.data]));
          expect(walk(store, reference, level)).toEqual(input);
          expect(chunks.at(-1)!.address).toEqual(reference);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);

  it('treats every reference as data at level 0 and rejects leaves and ragged payloads', () => {
    const refs = new Uint8Array(3 * 32).fill(1);
    expect(splitIntermediateRefs(refs, uint64LE(3n * 4096n), false).data).toHaveLength(3);
    expect(splitIntermediateRefs(refs.subarray(0, 64), uint64LE(3n * 4096n), true).data).toHaveLength(1);
    // A decrypted intermediate chunk arrives zero-padded to 4096 bytes: the padding is not a reference.
    const paddedPayload = new Uint8Array(4096);
    paddedPayload.set(refs.subarray(0, 64));
    expect(splitIntermediateRefs(paddedPayload, uint64LE(3n * 4096n), true).data).toEqual([refs.subarray(0, 64)]);
    expect(() => splitIntermediateRefs(refs, uint64LE(50n), false)).toThrow(/leaf/);
    expect(() => splitIntermediateRefs(refs.subarray(0, 33), uint64LE(3n * 4096n), false)).toThrow(InputError);
    // Level 1 with 3 data refs needs 3 parity refs after them.
    expect(() => splitIntermediateRefs(refs, encodeSpan(3n * 4096n, 1), false)).toThrow(InputError);
  });

  it('throws only InputError on random payloads and spans', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4200 }), fc.uint8Array({ minLength: 8, maxLength: 8 }), fc.boolean(), (payload, span, encrypted) => {
        try {
          const { data, parity } = splitIntermediateRefs(payload, span, encrypted);
          expect(data.length).toBeGreaterThan(0);
          expect(parity.every((p) => p.length === 32)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('level-1 root chunk layout', () => {
  it('marks the root span with 129 and keeps the size in the lower 7 bytes', () => {
    const { chunks } = splitIntoChunks(sample(3 * 4096, 1), 1);
    const root = parseChunkData(chunks.at(-1)!.data);
    expect(root.span[7]).toBe(129);
    expect(readUint64LE(root.span) & ((1n << 56n) - 1n)).toBe(3n * 4096n);
    expect(root.payload.length).toBe((3 + 3) * 32);
  });
});

describe("decodeSpanHeader: Bee v2.8.1's HEAD /bytes Content-Length (the root span as a signed int64)", () => {
  it('reads the negative header Bee sent for 1,000,032 bytes at level 1, and plain sizes', () => {
    expect(decodeSpanHeader('-9151314442815847840')).toEqual({ size: 1_000_032n, level: 1 });
    expect(decodeSpanHeader('1000032')).toEqual({ size: 1_000_032n, level: 0 });
    expect(decodeSpanHeader('0')).toEqual({ size: 0n, level: 0 });
    expect(decodeSpanHeader(' 10 ')).toEqual({ size: 10n, level: 0 });
  });

  it('round-trips every level and size the way Go prints int64(LittleEndian.Uint64(span))', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 56n) - 1n }), fc.constantFrom<RedundancyLevel>(0, 1, 2, 3, 4), (size, level) => {
        const printed = BigInt.asIntN(64, readUint64LE(encodeSpan(size, level))).toString();
        expect(decodeSpanHeader(printed)).toEqual({ size, level });
        // The same span printed unsigned (a Bee that fixed the sign) reads the same.
        expect(decodeSpanHeader(readUint64LE(encodeSpan(size, level)).toString())).toEqual({ size, level });
      }),
    );
  });

  it('refuses what is not a 64-bit integer or not a span Bee writes', () => {
    for (const bad of ['', 'abc', '1.5', '+3', '-', '18446744073709551616', '-9223372036854775809', '-1']) expect(decodeSpanHeader(bad), bad).toBeUndefined();
  });
});
