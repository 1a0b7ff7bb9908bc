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
import { ChunkTreeWriter, type ChunkSealer } from './chunk-tree.js';
import { bytesToHex, concatBytes, readUint64LE } from './bytes.js';
import { ENCRYPTED_REFERENCE_SIZE, ENCRYPTION_KEY_SIZE, decryptChunk, encryptChunk, splitEncryptedReference, type RandomBytes } from './encryption.js';
import { InputError } from './input-error.js';
import { decodeSpan, splitIntermediateRefs, type RedundancyLevel } from './redundancy.js';

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

/**
 * Seals each chunk as Bee's encryption pipeline does: encrypt span ‖ payload under a fresh key (padding the
 * payload to 4096 bytes), address the ciphertext, and reference it as address ‖ key.
 */
export function encryptingSealer(options: Pick<EncryptedChunkTreeOptions, 'randomKey' | 'padding' | 'bmt'>): ChunkSealer {
  return {
    encrypted: true,
    seal(span, payload) {
      const key = options.randomKey();
      if (!(key instanceof Uint8Array) || key.length !== ENCRYPTION_KEY_SIZE) {
        throw new InputError('randomKey() result', key instanceof Uint8Array ? `${key.length} bytes` : String(key), `${ENCRYPTION_KEY_SIZE} bytes`);
      }
      const { data } = encryptChunk(span, payload, key, options.padding);
      const chunk = makeContentChunk(data.subarray(SPAN_SIZE), readUint64LE(data), options.bmt);
      const reference = new Uint8Array(ENCRYPTED_REFERENCE_SIZE);
      reference.set(chunk.address, 0);
      reference.set(key, SEGMENT_SIZE);
      return { reference, data: chunk.data };
    },
  };
}

/** The chunk-tree writer with the encrypting sealer: `finish().reference` is 64 bytes (address ‖ key). */
export class EncryptedChunkTreeWriter extends ChunkTreeWriter {
  constructor(options: EncryptedChunkTreeOptions) {
    if (typeof options?.randomKey !== 'function') throw new InputError('encrypted chunk tree options', String(options?.randomKey), 'a randomKey function');
    super({
      ...(options.onChunk ? { onChunk: options.onChunk } : {}),
      ...(options.bmt ? { bmt: options.bmt } : {}),
      ...(options.redundancyLevel !== undefined ? { redundancyLevel: options.redundancyLevel } : {}),
      sealer: encryptingSealer(options),
    });
  }
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
