/**
 * Bee's encrypted file chunk tree (v2.8.1 pkg/file/pipeline/builder newEncryptionPipeline + hashtrie):
 * the same tree rules as chunk-tree.ts, but every chunk, leaves and intermediates alike, is encrypted
 * with its own fresh key before it is BMT-hashed (encryption.ts), and a reference is address ‖ key
 * (64 bytes), so an intermediate chunk holds at most 64 of them (ENCRYPTED_BRANCHES).
 *
 * An intermediate chunk's plain span is the sum of its children's plain spans (the hashtrie keeps the
 * unencrypted span beside each reference). With `redundancyLevel` > 0 a level takes at most
 * maxDataShards(level, true) data references; the Reed-Solomon shards are the *stored* (encrypted,
 * always 4104-byte) child chunks, the parity chunks are stored plain and referenced by 32-byte
 * addresses after the 64-byte data references, and the span's top byte gets 128 + level before the
 * chunk is encrypted. Root replicas (dispersed SOCs) are not produced here, as in chunk-tree.ts.
 *
 * Keys and padding are injected (`randomKey`, `padding`), so the tree is a function of its inputs.
 * Chunks reach `onChunk` children first, so the root chunk is the last.
 */
import { CHUNK_SIZE, MAX_CHUNK_DATA_SIZE, SEGMENT_SIZE, SPAN_SIZE, makeContentChunk, type Chunk, type ChunkAddresser } from './chunk.js';
import { bytesToHex, concatBytes, readUint64LE, uint64LE } from './bytes.js';
import { encodeParity } from './erasure.js';
import { ENCRYPTED_REFERENCE_SIZE, ENCRYPTION_KEY_SIZE, decryptChunk, encryptChunk, splitEncryptedReference, type RandomBytes } from './encryption.js';
import { InputError } from './input-error.js';
import { decodeSpan, encodeSpan, maxDataShards, parityCount, splitIntermediateRefs, type RedundancyLevel } from './redundancy.js';

export interface EncryptedChunkTreeOptions {
  /** A fresh 32-byte key per chunk (Bee: crypto random). */
  randomKey: () => Uint8Array;
  /** Fills each ciphertext past its payload (Bee: random); default see encryptChunk. */
  padding?: RandomBytes;
  /** Receives every stored chunk: encrypted data chunks and intermediates, plain parity chunks; root last. */
  onChunk?: (chunk: Chunk) => void;
  bmt?: ChunkAddresser;
  redundancyLevel?: RedundancyLevel;
}

interface OpenLevel {
  /** Data references (64 bytes each) followed, when wrapping, by parity references (32 bytes each). */
  refs: Uint8Array;
  count: number;
  span: bigint;
  /** The stored (encrypted) child chunks, one per data reference; only kept when redundancy is on. */
  shards: Uint8Array[];
}

export class EncryptedChunkTreeWriter {
  readonly #options: EncryptedChunkTreeOptions;
  readonly #onChunk: (chunk: Chunk) => void;
  readonly #level: RedundancyLevel;
  readonly #maxRefs: number;
  readonly #leaf = new Uint8Array(CHUNK_SIZE);
  #leafFill = 0;
  #leafCount = 0;
  readonly #levels: OpenLevel[] = [];
  #finished = false;

  constructor(options: EncryptedChunkTreeOptions) {
    if (typeof options?.randomKey !== 'function') throw new InputError('encrypted chunk tree options', String(options?.randomKey), 'a randomKey function');
    this.#options = options;
    this.#onChunk = options.onChunk ?? (() => {});
    this.#level = options.redundancyLevel ?? 0;
    this.#maxRefs = maxDataShards(this.#level, true);
  }

  write(data: Uint8Array): void {
    if (this.#finished) throw new InputError('chunk tree write', 'after finish()', 'write() before finish()');
    if (!(data instanceof Uint8Array)) throw new InputError('chunk tree data', String(data), 'a Uint8Array');
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(CHUNK_SIZE - this.#leafFill, data.length - offset);
      this.#leaf.set(data.subarray(offset, offset + take), this.#leafFill);
      this.#leafFill += take;
      offset += take;
      if (this.#leafFill === CHUNK_SIZE) this.#flushLeaf();
    }
  }

  /** Ends the data. `reference` is address ‖ key of the root chunk; `span` the total data length. */
  finish(): { reference: Uint8Array; span: bigint } {
    if (this.#finished) throw new InputError('chunk tree finish', 'called twice', 'a single finish() call');
    this.#finished = true;
    if (this.#leafFill > 0 || this.#leafCount === 0) this.#flushLeaf();
    for (let i = 0; ; i++) {
      const level = this.#levels[i]!;
      const isTop = i === this.#levels.length - 1;
      if (isTop && level.count === 1) return { reference: level.refs.slice(0, ENCRYPTED_REFERENCE_SIZE), span: level.span };
      if (level.count === 0) continue;
      if (level.count === 1) {
        // A lone trailing reference (and, with redundancy, its stored chunk) is carried up unchanged.
        const ref = level.refs.slice(0, ENCRYPTED_REFERENCE_SIZE);
        const { span, shards } = level;
        resetLevel(level);
        this.#append(i + 1, ref, span, shards[0]);
      } else {
        this.#wrapLevel(i);
      }
    }
  }

  /** Encrypts span ‖ payload under a fresh key, emits the stored chunk and returns its 64-byte reference. */
  #storeEncrypted(span: Uint8Array, payload: Uint8Array): { reference: Uint8Array; stored: Uint8Array } {
    const key = this.#options.randomKey();
    if (!(key instanceof Uint8Array) || key.length !== ENCRYPTION_KEY_SIZE) {
      throw new InputError('randomKey() result', key instanceof Uint8Array ? `${key.length} bytes` : String(key), `${ENCRYPTION_KEY_SIZE} bytes`);
    }
    const { data } = encryptChunk(span, payload, key, this.#options.padding);
    const chunk = makeContentChunk(data.subarray(SPAN_SIZE), readUint64LE(data), this.#options.bmt);
    this.#onChunk(chunk);
    const reference = new Uint8Array(ENCRYPTED_REFERENCE_SIZE);
    reference.set(chunk.address, 0);
    reference.set(key, SEGMENT_SIZE);
    return { reference, stored: chunk.data };
  }

  #flushLeaf(): void {
    const span = BigInt(this.#leafFill);
    const { reference, stored } = this.#storeEncrypted(uint64LE(span), this.#leaf.slice(0, this.#leafFill));
    this.#leafCount++;
    this.#leafFill = 0;
    this.#append(0, reference, span, this.#level > 0 ? stored : undefined);
  }

  #append(index: number, ref: Uint8Array, span: bigint, shard: Uint8Array | undefined): void {
    while (this.#levels.length <= index) {
      this.#levels.push({ refs: new Uint8Array(CHUNK_SIZE), count: 0, span: 0n, shards: [] });
    }
    const level = this.#levels[index]!;
    level.refs.set(ref, level.count * ENCRYPTED_REFERENCE_SIZE);
    level.count++;
    level.span += span;
    if (shard) level.shards.push(shard);
    if (level.count === this.#maxRefs) this.#wrapLevel(index);
  }

  #wrapLevel(index: number): void {
    const level = this.#levels[index]!;
    const parities = parityCount(this.#level, level.count, true);
    let payloadLength = level.count * ENCRYPTED_REFERENCE_SIZE;
    // Stored encrypted chunks are always 4104 bytes, so they are whole shards as they are.
    for (const parity of parities > 0 ? encodeParity(level.shards, parities) : []) {
      const chunk = makeContentChunk(parity.subarray(SPAN_SIZE), readUint64LE(parity), this.#options.bmt);
      this.#onChunk(chunk);
      level.refs.set(chunk.address, payloadLength);
      payloadLength += SEGMENT_SIZE;
    }
    const span = level.span;
    const spanBytes = parities > 0 ? encodeSpan(span, this.#level) : uint64LE(span);
    const { reference, stored } = this.#storeEncrypted(spanBytes, level.refs.slice(0, payloadLength));
    resetLevel(level);
    this.#append(index + 1, reference, span, this.#level > 0 ? stored : undefined);
  }
}

function resetLevel(level: OpenLevel): void {
  level.count = 0;
  level.span = 0n;
  level.shards = [];
}

/** Encrypted root reference plus every stored chunk (root last), for small in-memory data. */
export function splitIntoEncryptedChunks(
  data: Uint8Array,
  options: Omit<EncryptedChunkTreeOptions, 'onChunk'>,
): { reference: Uint8Array; chunks: Chunk[] } {
  const chunks: Chunk[] = [];
  const writer = new EncryptedChunkTreeWriter({ ...options, onChunk: (chunk) => chunks.push(chunk) });
  writer.write(data);
  return { reference: writer.finish().reference, chunks };
}

export interface EncryptedChild {
  address: Uint8Array;
  key: Uint8Array;
}

/**
 * For walkers: the data children of a stored encrypted tree chunk, given the key from its reference.
 * A leaf has none. Parity references (plain 32-byte addresses of erasure-code chunks) are not
 * children a walker must visit; `encryptedTreeChunk` returns them too.
 */
export function encryptedChildren(chunkData: Uint8Array, key: Uint8Array): EncryptedChild[] {
  return encryptedTreeChunk(chunkData, key).children;
}

/** Decrypts a stored tree chunk and tells a leaf from an intermediate chunk (with its child references). */
export function encryptedTreeChunk(
  chunkData: Uint8Array,
  key: Uint8Array,
): { span: Uint8Array; payload: Uint8Array; isLeaf: boolean; children: EncryptedChild[]; parity: Uint8Array[] } {
  const { span, payload } = decryptChunk(chunkData, key);
  const isLeaf = decodeSpan(span).size <= BigInt(CHUNK_SIZE);
  if (isLeaf) return { span, payload, isLeaf, children: [], parity: [] };
  const refs = splitIntermediateRefs(payload, span, true);
  const children = refs.data.map((ref) => ({ address: ref.slice(0, SEGMENT_SIZE), key: ref.slice(SEGMENT_SIZE) }));
  return { span, payload, isLeaf, children, parity: refs.parity };
}

/** Every stored encrypted chunk is exactly this long (span + payload padded to 4096). */
export const ENCRYPTED_CHUNK_DATA_SIZE = MAX_CHUNK_DATA_SIZE;

/** Fetches stored chunk data by its 32-byte address; undefined when unavailable. */
export type FetchChunk = (address: Uint8Array) => Uint8Array | undefined;

/**
 * Joins a whole encrypted tree back into its content (in memory; for small content and tests), reading
 * data references only, as Bee's joiner does when nothing is missing. Throws InputError naming the
 * first chunk the fetcher cannot provide or that does not decrypt into a tree chunk.
 */
export function joinEncryptedTree(reference: Uint8Array, fetch: FetchChunk): Uint8Array {
  const root = splitEncryptedReference(reference);
  const parts: Uint8Array[] = [];
  const visit = (address: Uint8Array, key: Uint8Array, depth: number): void => {
    if (depth > 8) throw new InputError('encrypted tree', 'deeper than 8 levels', 'a tree of at most 8 levels (cyclic or corrupt)');
    const data = fetch(address);
    if (data === undefined) throw new InputError('encrypted tree chunk', bytesToHex(address), 'a chunk the fetcher can provide');
    const node = encryptedTreeChunk(data, key);
    if (node.isLeaf) parts.push(node.payload);
    for (const child of node.children) visit(child.address, child.key, depth + 1);
  };
  visit(root.address, root.key, 0);
  return concatBytes(...parts);
}
