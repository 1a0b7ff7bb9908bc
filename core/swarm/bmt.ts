/**
 * Binary Merkle Tree (BMT) hash of one chunk payload, the inner hash of every Swarm chunk address.
 *
 * The payload is zero-padded to 4096 bytes and cut into 128 segments of 32 bytes; each parent is
 * keccak256(left ‖ right), seven levels up to a 32-byte root. The chunk address is
 * keccak256(span(8, LE) ‖ root).
 *
 * Speed notes:
 * - Every level is hashed in place in one reusable 4096-byte buffer: pair i (bytes 64i..64i+64) becomes
 *   node i (bytes 32i..32i+32) of the next level. No per-node arrays are built here.
 * - The hashing of pairs goes through a `BmtPairHasher`, so a faster engine (WASM keccak that hashes many
 *   pairs per call) can replace the portable one via `createBmt` without touching callers.
 * - Subtrees that lie wholly in the zero padding have a known hash per level, so a short payload only
 *   hashes the pairs that contain data (a 31-byte leaf costs 7 keccak calls, not 127).
 */
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';

/** Padded payload size and segment size of the BMT (Bee's ChunkSize and SectionSize). */
const PADDED_SIZE = 4096;
const SEGMENT = 32;
const LEVELS = 7; // log2(4096 / 32)

/**
 * Hashes `pairCount` adjacent 64-byte pairs of `buffer` in place: the keccak256 of bytes [64i, 64i+64)
 * is written to bytes [32i, 32i+32). Processing i in ascending order never overwrites an unread pair,
 * because digest i ends at 32i+32 ≤ 64i for i ≥ 1 and pair 0 is read before its digest is written.
 */
export interface BmtPairHasher {
  hashPairsInPlace(buffer: Uint8Array, pairCount: number): void;
}

/** The portable engine: one keccak256 call per pair through core/swarm/keccak.ts. */
export const portablePairHasher: BmtPairHasher = {
  hashPairsInPlace(buffer, pairCount) {
    for (let i = 0; i < pairCount; i++) {
      const digest = keccak256(buffer.subarray(i * 64, i * 64 + 64));
      buffer.set(digest, i * SEGMENT);
    }
  },
};

export interface Bmt {
  /** BMT root of a payload of at most 4096 bytes. */
  root(payload: Uint8Array): Uint8Array;
  /** keccak256(span ‖ root(payload)): the content-addressed chunk address. */
  chunkAddress(span: Uint8Array, payload: Uint8Array): Uint8Array;
}

/** Builds a BMT hasher around a pair-hashing engine. Each instance owns its scratch buffer. */
export function createBmt(hasher: BmtPairHasher): Bmt {
  const scratch = new Uint8Array(PADDED_SIZE);
  const zeroHashes = zeroSubtreeHashes(hasher);

  function root(payload: Uint8Array): Uint8Array {
    if (!(payload instanceof Uint8Array) || payload.length > PADDED_SIZE) {
      throw new InputError('BMT payload', describe(payload), `at most ${PADDED_SIZE} bytes`);
    }
    // Nodes at the current level that depend on payload bytes; the rest equal zeroHashes[level].
    let liveNodes = Math.ceil(payload.length / SEGMENT);
    if (liveNodes === 0) return zeroHashes[LEVELS]!.slice();
    let livePairs = Math.ceil(liveNodes / 2);
    scratch.set(payload, 0);
    scratch.fill(0, payload.length, livePairs * 64);
    for (let level = 0; level < LEVELS; level++) {
      livePairs = Math.ceil(liveNodes / 2);
      // An odd live count leaves the last pair's right half in the padding: put its known hash there.
      if (level > 0 && liveNodes % 2 === 1) scratch.set(zeroHashes[level]!, liveNodes * SEGMENT);
      hasher.hashPairsInPlace(scratch, livePairs);
      liveNodes = livePairs;
    }
    return scratch.slice(0, SEGMENT);
  }

  function chunkAddress(span: Uint8Array, payload: Uint8Array): Uint8Array {
    if (!(span instanceof Uint8Array) || span.length !== 8) {
      throw new InputError('chunk span', describe(span), '8 bytes (uint64 little-endian)');
    }
    return keccak256(span, root(payload));
  }

  return { root, chunkAddress };
}

/** zeroHashes[l] is the root of an all-zero subtree with 2^l segments (zeroHashes[0] = 32 zero bytes). */
function zeroSubtreeHashes(hasher: BmtPairHasher): Uint8Array[] {
  const hashes = [new Uint8Array(SEGMENT)];
  const pair = new Uint8Array(64);
  for (let level = 1; level <= LEVELS; level++) {
    const below = hashes[level - 1]!;
    pair.set(below, 0);
    pair.set(below, SEGMENT);
    hasher.hashPairsInPlace(pair, 1);
    hashes.push(pair.slice(0, SEGMENT));
  }
  return hashes;
}

function describe(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : String(value);
}

// Built on first use, not at import: its zero-subtree hashes compile the keccak kernel, which a command that never
// hashes (every bin imports the node client, and the client imports this) should not pay at start-up.
let defaultBmtInstance: Bmt | undefined;
function defaultBmt(): Bmt {
  return (defaultBmtInstance ??= createBmt(portablePairHasher));
}

/** BMT root (32 bytes) of `payload` zero-padded to 4096 bytes. Throws InputError above 4096 bytes. */
export function bmtRoot(payload: Uint8Array): Uint8Array {
  return defaultBmt().root(payload);
}

/** Chunk address keccak256(span ‖ bmtRoot(payload)); `span` must be 8 bytes. */
export function bmtChunkAddress(span: Uint8Array, payload: Uint8Array): Uint8Array {
  return defaultBmt().chunkAddress(span, payload);
}
