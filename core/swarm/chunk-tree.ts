/**
 * Streaming splitter and hasher for Bee's file chunk tree (plain here; encrypted-chunk-tree.ts plugs an
 * encrypting ChunkSealer into the same writer).
 * At redundancy level 0 (the default here) the reference equals Bee's `/bytes` reference uploaded with
 * `swarm-redundancy-level: 0` and bee-js's `MerkleTree.root`.
 *
 * Tree rules (bee-api.md §3): data is cut into 4096-byte leaves; an intermediate chunk holds up to 128
 * child references and its span is the sum of its children's spans; at the end of the data, a level
 * whose last group holds a single reference carries that reference up unchanged instead of wrapping it;
 * the root is the single reference left at the top, and its span is the total length.
 *
 * With `redundancyLevel` 1..4 the writer follows Bee v2.8.1's hashtrie + redundancy pipeline: a level
 * takes at most maxDataShards(level) data references; when it is wrapped, every child chunk
 * (span ‖ payload zero-padded to 4104 bytes) is a Reed-Solomon data shard, parityCount(level, n) parity
 * shards are computed, each stored as a chunk (its first 8 bytes are its span), and their references
 * are appended after the data references; the wrapped chunk's span gets 128 + level in its top byte.
 * A carried lone reference also carries its chunk into the level above's shards, as Bee does.
 * Root replicas (dispersed SOCs) are not produced here. References at every level 0..4 equal those of
 * Bee v2.8.1's own upload pipeline (test/oracles/bee-file-pipeline.test.ts).
 *
 * Memory is bounded: one open leaf and one open intermediate chunk per tree level (plus, with
 * redundancy, the padded child chunks of each open level), never the file. Chunks reach `onChunk`
 * children first (parity chunks right before their parent), so the root chunk is always the last.
 */
import { BRANCHES, CHUNK_SIZE, MAX_CHUNK_DATA_SIZE, SEGMENT_SIZE, makeContentChunk, type Chunk, type ChunkAddresser } from './chunk.js';
import { readUint64LE, uint64LE } from './bytes.js';
import { encodeParity } from './erasure.js';
import { InputError } from './input-error.js';
import { encodeSpan, maxDataShards, parityCount, type RedundancyLevel } from './redundancy.js';

export interface ChunkTreeOptions {
  /** Receives every chunk of the tree (leaves, parity and intermediates, root last), e.g. to store it. */
  onChunk?: (chunk: Chunk) => void;
  /** BMT engine for every chunk address; default fast-bmt's engine (see chunk.ts). */
  bmt?: ChunkAddresser;
  /** Bee's erasure-coding level (0 NONE .. 4 PARANOID); default 0. */
  redundancyLevel?: RedundancyLevel;
  /** How each data or intermediate chunk is stored and referenced; default plain (encrypted-chunk-tree.ts seals encrypted). */
  sealer?: ChunkSealer;
}

/**
 * Stores one tree chunk: plain (reference = its 32-byte address) or encrypted (reference = address ‖ key,
 * 64 bytes). The tree rules are the same either way; only the reference width, and so the number of
 * references an intermediate chunk holds, differ. Parity chunks are always stored plain.
 */
export interface ChunkSealer {
  readonly encrypted: boolean;
  /** Returns the chunk's reference and its stored data (span ‖ payload as it goes to the network). */
  seal(span: Uint8Array, payload: Uint8Array): { reference: Uint8Array; data: Uint8Array };
}

export function plainSealer(bmt?: ChunkAddresser): ChunkSealer {
  return {
    encrypted: false,
    seal: (span, payload) => {
      const chunk = makeContentChunk(payload, readUint64LE(span), bmt);
      return { reference: chunk.address, data: chunk.data };
    },
  };
}

/** One open intermediate chunk: data references so far, the sum of their spans and (redundancy) their chunks. */
interface OpenLevel {
  refs: Uint8Array;
  count: number;
  span: bigint;
  /** Stored child chunks zero-padded to 4104 bytes, one per reference; only kept when redundancy is on. */
  shards: Uint8Array[];
}

export class ChunkTreeWriter {
  readonly #onChunk: (chunk: Chunk) => void;
  readonly #bmt: ChunkAddresser | undefined;
  readonly #sealer: ChunkSealer;
  /** 32 plain, 64 encrypted (address ‖ key). */
  readonly #refSize: number;
  /** Set once a subtree shorter than full was appended: it must be the last part of the data. */
  #endedBySubtree = false;
  readonly #level: RedundancyLevel;
  readonly #maxRefs: number;
  readonly #leaf = new Uint8Array(CHUNK_SIZE);
  #leafFill = 0;
  #leafCount = 0;
  /** #levels[0] collects leaf references; #levels[i] collects references to chunks of #levels[i-1]. */
  readonly #levels: OpenLevel[] = [];
  #finished = false;

  constructor(options: ChunkTreeOptions = {}) {
    this.#onChunk = options.onChunk ?? (() => {});
    this.#bmt = options.bmt;
    this.#sealer = options.sealer ?? plainSealer(options.bmt);
    this.#refSize = this.#sealer.encrypted ? 2 * SEGMENT_SIZE : SEGMENT_SIZE;
    this.#level = options.redundancyLevel ?? 0;
    this.#maxRefs = maxDataShards(this.#level, this.#sealer.encrypted);
  }

  write(data: Uint8Array): void {
    if (this.#finished) throw new InputError('chunk tree write', 'after finish()', 'write() before finish()');
    if (!(data instanceof Uint8Array)) throw new InputError('chunk tree data', String(data), 'a Uint8Array');
    if (this.#endedBySubtree && data.length > 0) throw new InputError('chunk tree write', 'after a short subtree', 'a short subtree last');
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(CHUNK_SIZE - this.#leafFill, data.length - offset);
      this.#leaf.set(data.subarray(offset, offset + take), this.#leafFill);
      this.#leafFill += take;
      offset += take;
      if (this.#leafFill === CHUNK_SIZE) this.#flushLeaf();
    }
  }

  /**
   * Appends the root and span of a subtree of up to 128^height leaves hashed elsewhere (a worker thread;
   * height 0 is one leaf whose address the caller computed), in data order, in place of its bytes.
   * Redundancy level 0 only, and only on subtree boundaries: no open leaf, nothing open below `height`.
   * Only the last subtree may be short; its own root is exactly what this writer would have carried up
   * to `height`, so the tree comes out identical.
   */
  appendSubtree(reference: Uint8Array, span: bigint, height: number): void {
    if (this.#finished) throw new InputError('chunk tree subtree', 'after finish()', 'appendSubtree() before finish()');
    if (this.#level !== 0) throw new InputError('chunk tree subtree', `redundancy level ${this.#level}`, 'redundancy level 0');
    if (this.#sealer.encrypted) throw new InputError('chunk tree subtree', 'an encrypted tree', 'an unencrypted tree');
    if (!(reference instanceof Uint8Array) || reference.length !== SEGMENT_SIZE) {
      throw new InputError('subtree reference', String(reference?.length), `${SEGMENT_SIZE} bytes`);
    }
    const full = Number.isInteger(height) && height >= 0 ? BigInt(CHUNK_SIZE) * BigInt(BRANCHES) ** BigInt(height) : 0n;
    if (full === 0n || span <= 0n || span > full) {
      throw new InputError('subtree', `height ${height}, span ${span}`, 'height ≥ 0 and 0 < span ≤ 4096·128^height');
    }
    let openBelow = false;
    for (let i = 0; i < height && i < this.#levels.length; i++) openBelow ||= this.#levels[i]!.count > 0;
    if (this.#endedBySubtree || this.#leafFill > 0 || openBelow) {
      throw new InputError('subtree', 'not on a subtree boundary', `whole subtrees of 128^${height} leaves, a short one only last`);
    }
    this.#endedBySubtree = span < full;
    this.#leafCount++;
    this.#append(height, reference.slice(), span, undefined);
  }

  /** Ends the data. `reference` is the root address; `span` the total data length (without a level byte). */
  finish(): { reference: Uint8Array; span: bigint } {
    if (this.#finished) throw new InputError('chunk tree finish', 'called twice', 'a single finish() call');
    this.#finished = true;
    // An empty input still has one (empty) leaf: its address is the well-known empty-chunk address.
    if (this.#leafFill > 0 || this.#leafCount === 0) this.#flushLeaf();
    for (let i = 0; ; i++) {
      const level = this.#levels[i]!;
      const isTop = i === this.#levels.length - 1;
      if (isTop && level.count === 1) {
        return { reference: level.refs.slice(0, this.#refSize), span: level.span };
      }
      if (level.count === 0) continue;
      if (level.count === 1) {
        // A lone trailing reference is carried up unchanged (Bee's hashtrie does the same).
        const ref = level.refs.slice(0, this.#refSize);
        const { span, shards } = level;
        resetLevel(level);
        this.#append(i + 1, ref, span, shards[0]);
      } else {
        this.#wrapLevel(i);
      }
    }
  }

  /** Seals one chunk, hands its stored form to onChunk and returns its reference and stored data. */
  #store(span: Uint8Array, payload: Uint8Array): { reference: Uint8Array; data: Uint8Array } {
    const sealed = this.#sealer.seal(span, payload);
    this.#onChunk({ address: sealed.reference.slice(0, SEGMENT_SIZE), data: sealed.data });
    return sealed;
  }

  #flushLeaf(): void {
    const span = BigInt(this.#leafFill);
    const { reference, data } = this.#store(uint64LE(span), this.#leaf.subarray(0, this.#leafFill));
    this.#leafCount++;
    this.#leafFill = 0;
    this.#append(0, reference, span, this.#level > 0 ? padToShard(data) : undefined);
  }

  /** Adds a child reference to level `index`, wrapping the level into a chunk once it is full. */
  #append(index: number, ref: Uint8Array, span: bigint, shard: Uint8Array | undefined): void {
    while (this.#levels.length <= index) {
      this.#levels.push({ refs: new Uint8Array(BRANCHES * SEGMENT_SIZE), count: 0, span: 0n, shards: [] });
    }
    const level = this.#levels[index]!;
    level.refs.set(ref, level.count * this.#refSize);
    level.count++;
    level.span += span;
    if (shard) level.shards.push(shard);
    if (level.count === this.#maxRefs) this.#wrapLevel(index);
  }

  /** Emits level `index` (plus its parity chunks) as an intermediate chunk and passes its reference up. */
  #wrapLevel(index: number): void {
    const level = this.#levels[index]!;
    const parities = parityCount(this.#level, level.count, this.#sealer.encrypted);
    let payloadLength = level.count * this.#refSize;
    for (const parity of parities > 0 ? encodeParity(level.shards, parities) : []) {
      const chunk = makeContentChunk(parity.subarray(8), readUint64LE(parity), this.#bmt);
      this.#onChunk(chunk);
      level.refs.set(chunk.address, payloadLength);
      payloadLength += SEGMENT_SIZE;
    }
    const span = level.span;
    // With parity, the span carries 128 + level in its top byte; the address (and the encryption) covers it too.
    const spanBytes = parities > 0 ? encodeSpan(span, this.#level) : uint64LE(span);
    const { reference, data } = this.#store(spanBytes, level.refs.subarray(0, payloadLength));
    resetLevel(level);
    this.#append(index + 1, reference, span, this.#level > 0 ? padToShard(data) : undefined);
  }
}

function resetLevel(level: OpenLevel): void {
  level.count = 0;
  level.span = 0n;
  level.shards = [];
}

/** Bee's erasure shards are whole stored chunks (span ‖ payload) zero-padded to 4104 bytes (encrypted ones are full already). */
function padToShard(data: Uint8Array): Uint8Array {
  const shard = new Uint8Array(MAX_CHUNK_DATA_SIZE);
  shard.set(data);
  return shard;
}

/** Root reference of `data`'s chunk tree (in-memory convenience over ChunkTreeWriter). */
export function chunkTreeRoot(data: Uint8Array, redundancyLevel: RedundancyLevel = 0): Uint8Array {
  const writer = new ChunkTreeWriter({ redundancyLevel });
  writer.write(data);
  return writer.finish().reference;
}

/** Root reference plus every chunk of the tree (root last), for small in-memory data. */
export function splitIntoChunks(data: Uint8Array, redundancyLevel: RedundancyLevel = 0): { reference: Uint8Array; chunks: Chunk[] } {
  const chunks: Chunk[] = [];
  const writer = new ChunkTreeWriter({ onChunk: (chunk) => chunks.push(chunk), redundancyLevel });
  writer.write(data);
  return { reference: writer.finish().reference, chunks };
}
