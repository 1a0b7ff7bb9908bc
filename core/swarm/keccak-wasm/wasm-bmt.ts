/**
 * BMT hashing on the WebAssembly keccak kernel. The whole 4096-byte BMT buffer lives in kernel memory:
 * the payload is copied in once, every level is hashed in place by one `hash_pairs` call, and the chunk
 * address comes from `hash_span`, so a chunk costs eight calls into WebAssembly and no allocations but
 * the returned 32 bytes. Results equal bmt.ts byte for byte (same zero-subtree shortcut, same errors).
 */
import type { Bmt, BmtPairHasher } from '../bmt.js';
import { InputError } from '../input-error.js';
import type { KeccakKernel } from './kernel.js';
import { KERNEL_LAYOUT as L } from './layout.js';

const PADDED_SIZE = 4096;
const SEGMENT = 32;
const LEVELS = 7;
const PAIRS_PER_CALL = PADDED_SIZE / 64;

export type WasmBmt = Bmt & BmtPairHasher;

export function createWasmBmt(kernel: KeccakKernel): WasmBmt {
  const mem = kernel.memory;
  initZeroHashes(kernel);

  /** Leaves the BMT root of `payload` at L.payload. */
  function rootInPlace(payload: Uint8Array, what: string): void {
    if (!(payload instanceof Uint8Array) || payload.length > PADDED_SIZE) {
      throw new InputError(what, describe(payload), `at most ${PADDED_SIZE} bytes`);
    }
    // Nodes at the current level that depend on payload bytes; the rest equal zero-subtree hashes.
    let liveNodes = Math.ceil(payload.length / SEGMENT);
    if (liveNodes === 0) {
      mem.copyWithin(L.payload, zeroHashAt(LEVELS), zeroHashAt(LEVELS) + SEGMENT);
      return;
    }
    mem.set(payload, L.payload);
    mem.fill(0, L.payload + payload.length, L.payload + Math.ceil(liveNodes / 2) * 64);
    for (let level = 0; level < LEVELS; level++) {
      const livePairs = Math.ceil(liveNodes / 2);
      if (level > 0 && liveNodes % 2 === 1) {
        mem.copyWithin(L.payload + liveNodes * SEGMENT, zeroHashAt(level), zeroHashAt(level) + SEGMENT);
      }
      kernel.hashPairs(L.payload, livePairs);
      liveNodes = livePairs;
    }
  }

  return {
    root(payload) {
      rootInPlace(payload, 'BMT payload');
      return mem.slice(L.payload, L.payload + SEGMENT);
    },
    chunkAddress(span, payload) {
      if (!(span instanceof Uint8Array) || span.length !== 8) {
        throw new InputError('chunk span', describe(span), '8 bytes (uint64 little-endian)');
      }
      rootInPlace(payload, 'BMT payload');
      mem.set(span, L.span);
      kernel.hashSpan(L.span, L.payload, L.address);
      return mem.slice(L.address, L.address + SEGMENT);
    },
    hashPairsInPlace(buffer, pairCount) {
      // Batches of up to 64 pairs; batch b's digests land before batch b+1's pairs, so order keeps it safe.
      for (let first = 0; first < pairCount; first += PAIRS_PER_CALL) {
        const count = Math.min(PAIRS_PER_CALL, pairCount - first);
        mem.set(buffer.subarray(first * 64, (first + count) * 64), L.payload);
        kernel.hashPairs(L.payload, count);
        buffer.set(mem.subarray(L.payload, L.payload + count * SEGMENT), first * SEGMENT);
      }
    },
  };
}

function zeroHashAt(level: number): number {
  return L.zeroHashes + level * SEGMENT;
}

/** zeroHashes[l] = root of an all-zero subtree of 2^l segments; level 0 is the 32 zero bytes memory starts with. */
function initZeroHashes(kernel: KeccakKernel): void {
  const mem = kernel.memory;
  mem.fill(0, zeroHashAt(0), zeroHashAt(0) + SEGMENT);
  for (let level = 1; level <= LEVELS; level++) {
    const below = zeroHashAt(level - 1);
    mem.copyWithin(L.payload, below, below + SEGMENT);
    mem.copyWithin(L.payload + SEGMENT, below, below + SEGMENT);
    kernel.hashPairs(L.payload, 1);
    mem.copyWithin(zeroHashAt(level), L.payload, L.payload + SEGMENT);
  }
}

function describe(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : String(value);
}
