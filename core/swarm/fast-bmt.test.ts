import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeChunkedFile } from '@fairdatasociety/bmt-js';
import { bmtChunkAddress, bmtRoot, portablePairHasher } from './bmt.js';
import { bytesToHex, uint64LE } from './bytes.js';
import { makeContentChunk } from './chunk.js';
import { availableEngineKinds, createBmtEngine, fastBmt, loadBmtEngine, type BmtEngineKind } from './fast-bmt.js';
import { InputError } from './input-error.js';

const wasmKinds: BmtEngineKind[] = ['wasm-simd', 'wasm'];

describe('engine selection', () => {
  it('this Node runs both WebAssembly kernels, and the shared engine is the SIMD one', () => {
    expect(availableEngineKinds()).toEqual(['wasm-simd', 'wasm', 'portable']);
    expect(fastBmt().kind).toBe('wasm-simd');
    expect(fastBmt()).toBe(fastBmt());
  });

  it('honours a preferred kind and compiles asynchronously too', async () => {
    expect(createBmtEngine('wasm').kind).toBe('wasm');
    expect(createBmtEngine('portable').kind).toBe('portable');
    expect((await loadBmtEngine()).kind).toBe('wasm-simd');
  });
});

for (const kind of wasmKinds) {
  describe(`${kind} engine equals the portable engine`, () => {
    const engine = createBmtEngine(kind);

    it('on random payloads of every length class, root and chunk address', () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 0, maxLength: 4096 }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (payload, span) => {
          expect(bytesToHex(engine.root(payload))).toBe(bytesToHex(bmtRoot(payload)));
          const spanBytes = uint64LE(span);
          expect(bytesToHex(engine.chunkAddress(spanBytes, payload))).toBe(bytesToHex(bmtChunkAddress(spanBytes, payload)));
        }),
        { numRuns: 150 },
      );
    });

    it('on full random chunks and at segment boundaries, against bmt-js too', () => {
      const lengths = [0, 1, 31, 32, 33, 63, 64, 65, 2048, 2049, 4095, 4096];
      fc.assert(
        fc.property(fc.constantFrom(...lengths), fc.integer(), (length, seed) => {
          const payload = fc.sample(fc.uint8Array({ minLength: length, maxLength: length }), { numRuns: 1, seed })[0]!;
          const mine = bytesToHex(makeContentChunk(payload, undefined, engine).address);
          expect(mine).toBe(bytesToHex(makeContentChunk(payload).address));
          if (length > 0) expect(mine).toBe(bytesToHex(makeChunkedFile(payload).address()));
        }),
        { numRuns: 60 },
      );
    });

    it('hashes pairs in place like the portable pair hasher, for runs longer than one call', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 200 }), fc.integer(), (pairs, seed) => {
          const data = fc.sample(fc.uint8Array({ minLength: pairs * 64, maxLength: pairs * 64 }), { numRuns: 1, seed })[0]!;
          const viaEngine = data.slice();
          const viaPortable = data.slice();
          engine.hashPairsInPlace(viaEngine, pairs);
          portablePairHasher.hashPairsInPlace(viaPortable, pairs);
          expect(bytesToHex(viaEngine)).toBe(bytesToHex(viaPortable));
        }),
        { numRuns: 40 },
      );
    });

    it('rejects oversized payloads and bad spans with InputError, and stays usable afterwards', () => {
      expect(() => engine.root(new Uint8Array(4097))).toThrow(InputError);
      expect(() => engine.chunkAddress(new Uint8Array(7), new Uint8Array(1))).toThrow(InputError);
      const payload = new Uint8Array([1, 2, 3]);
      expect(bytesToHex(engine.root(payload))).toBe(bytesToHex(bmtRoot(payload)));
    });
  });
}

describe('portable fallback', () => {
  it('is chosen when the host has no WebAssembly, and gives the same address', () => {
    const saved = globalThis.WebAssembly;
    Reflect.set(globalThis, 'WebAssembly', undefined);
    try {
      expect(availableEngineKinds()).toEqual(['portable']);
      const engine = createBmtEngine();
      expect(engine.kind).toBe('portable');
      const payload = new Uint8Array(100).fill(7);
      expect(bytesToHex(engine.chunkAddress(uint64LE(100n), payload))).toBe(bytesToHex(bmtChunkAddress(uint64LE(100n), payload)));
    } finally {
      Reflect.set(globalThis, 'WebAssembly', saved);
    }
  });
});
