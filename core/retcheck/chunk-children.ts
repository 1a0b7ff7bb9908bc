/**
 * What the per-chunk walk descends into from one chunk's bytes (span + payload), as GET /chunks returns them.
 *
 * - span size > 4096 (after stripping a redundancy level from the span's top byte): an intermediate chunk of
 *   a file tree. With erasure coding the payload holds data references followed by parity references
 *   (Bee's reader rule, core/swarm/redundancy.ts): data refs are `children`; parity refs are `parity`,
 *   chunks of the content to probe but never to descend into.
 * - otherwise, a payload that parses as a mantaray node (version hash check) is a manifest node: its forks'
 *   node references and its non-zero entry (the file's root chunk) are children.
 * - anything else is a leaf (raw content): no children.
 *
 * Encrypted content (128-hex references) is walked too: each chunk is decrypted with the key from its
 * reference (see chunkChildren's `key`).
 *
 * Limit, documented: a manifest node whose own bytes exceed 4 KiB is stored as a small chunk tree; its
 * chunks are walked as file chunks, but the forks below it are not discovered.
 */
import { parseChunkData, CHUNK_SIZE } from '../swarm/chunk.js';
import { bytesToHex } from '../swarm/bytes.js';
import { decodeSpan, splitIntermediateRefs, type RedundancyLevel } from '../swarm/redundancy.js';
import { encryptedTreeChunk } from '../swarm/encrypted-chunk-tree.js';
import { OBFUSCATION_KEY_SIZE, VERSION_01_HASH, VERSION_02_HASH } from '../swarm/mantaray.js';

export type ChunkKind = 'intermediate' | 'manifest' | 'leaf';

const SEGMENT = 32;
/** Bee marks an erasure-coded intermediate chunk by setting the span's last byte to 128 + level. */
const REDUNDANCY_FLAG = 0x80;

export function spanSize(span: Uint8Array): bigint {
  const { low, high } = spanWords(span);
  return (BigInt(high) << 32n) | BigInt(low);
}

/**
 * The span as two little-endian 32-bit words, read in place: the walk reads one span per fetched chunk, and
 * copying it into a fresh buffer and DataView cost more than the rest of the check.
 */
function spanWords(span: Uint8Array): { low: number; high: number } {
  if (span.length < 8) throw new RangeError(`a span is 8 bytes, got ${span.length}`);
  const top = span[7]! >= REDUNDANCY_FLAG ? 0 : span[7]!;
  return {
    low: (span[0]! | (span[1]! << 8) | (span[2]! << 16)) + span[3]! * 0x1000000,
    high: (span[4]! | (span[5]! << 8) | (span[6]! << 16)) + top * 0x1000000,
  };
}

/** spanSize(span) > CHUNK_SIZE without building a bigint. */
function spansMoreThanOneChunk(span: Uint8Array): boolean {
  const { low, high } = spanWords(span);
  return high > 0 || low > CHUNK_SIZE;
}

export interface ChunkChildren {
  kind: ChunkKind;
  /** Chunks to probe AND descend into (data refs, manifest forks and entries). */
  children: string[];
  /**
   * Parity chunks of an erasure-coded intermediate chunk: probe them, but never descend: their bytes are
   * Reed-Solomon parity of the siblings, so their "span" is not a size and their "payload" holds no refs.
   */
  parity: string[];
  /**
   * An intermediate chunk's subtree size (its span without the level byte) and redundancy level: with them the
   * report tells which children are data and which parity, and how large each child's subtree is.
   */
  tree?: { size: number; level: RedundancyLevel };
}

/**
 * Children of one chunk as GET /chunks returned it. For encrypted content pass the chunk's 32-byte key (the
 * second half of its 128-hex reference): the chunk is decrypted first, and its children come back as 128-hex
 * references (address ‖ key) so the walk can decrypt them in turn. Parity chunks are stored in clear.
 */
export function chunkChildren(data: Uint8Array, key?: Uint8Array): ChunkChildren {
  if (key) return encryptedChunkChildren(data, key);
  const { span, payload } = parseChunkData(data);
  if (spansMoreThanOneChunk(span)) {
    // Bee's reader rule: trailing all-zero words are padding; data refs first, then parity refs.
    const { data, parity, level } = splitIntermediateRefs(payload, span, false);
    const hex = (refs: Uint8Array[]) => refs.map((ref) => bytesToHex(ref.subarray(0, SEGMENT)));
    return { kind: 'intermediate', children: hex(data), parity: hex(parity), tree: { size: Number(decodeSpan(span).size), level } };
  }
  return manifestChildren(payload);
}

function encryptedChunkChildren(data: Uint8Array, key: Uint8Array): ChunkChildren {
  let tree;
  try {
    tree = encryptedTreeChunk(data, key);
  } catch {
    return { kind: 'leaf', children: [], parity: [] }; // does not decrypt into a tree chunk: nothing to follow
  }
  if (!tree.isLeaf) {
    const { size, level } = decodeSpan(tree.span);
    return {
      kind: 'intermediate',
      children: tree.children.map((c) => bytesToHex(c.address) + bytesToHex(c.key)),
      parity: tree.parity.map((ref) => bytesToHex(ref.subarray(0, SEGMENT))),
      tree: { size: Number(size), level },
    };
  }
  return manifestChildren(tree.payload);
}

/** A leaf payload that is a mantaray node yields its entry and forks (full references: 64 or 128 hex). */
function manifestChildren(payload: Uint8Array): ChunkChildren {
  // Most chunks of a walk are raw content: rule them out without building (and throwing) a parse error.
  if (!hasManifestVersionHash(payload)) return { kind: 'leaf', children: [], parity: [] };
  const children = manifestReferences(payload);
  return children === undefined ? { kind: 'leaf', children: [], parity: [] } : { kind: 'manifest', children, parity: [] };
}

const ENTRY_SIZE_AT = OBFUSCATION_KEY_SIZE + 31;
const FORK_HEADER = 32; // type 1 + prefix length 1 + prefix 30
const WITH_METADATA = 16;

/**
 * The entry and fork references of a mantaray node, read in place: what parseNode would give for them (Bee's
 * dialect: a node whose reference size is 0 lists no forks), without decoding metadata or copying prefixes,
 * which a walk of a collection (a manifest node per file) paid for on every node. Undefined when the bytes are
 * not a well-formed node. Bytes are de-obfuscated as read: byte i is payload[i] XOR key[i mod 32].
 */
export function manifestReferences(payload: Uint8Array): string[] | undefined {
  const at = (i: number) => payload[i]! ^ payload[i % OBFUSCATION_KEY_SIZE]!;
  const refSize = at(ENTRY_SIZE_AT);
  if (refSize !== 0 && refSize !== 32 && refSize !== 64) return undefined;
  let offset = ENTRY_SIZE_AT + 1;
  if (payload.length < offset + refSize + 32) return undefined;
  const refs = new Set<string>();
  const readRef = (from: number): void => {
    let hex = '';
    let zero = true;
    for (let i = from; i < from + refSize; i++) {
      const byte = at(i);
      if (byte !== 0) zero = false;
      hex += HEX[byte];
    }
    if (!zero) refs.add(hex);
  };
  if (refSize > 0) readRef(offset);
  offset += refSize;
  const bitmapAt = offset;
  offset += 32;
  if (refSize === 0) return [...refs];
  const isV2 = hasVersionHash(payload, VERSION_02_HASH);
  for (let key = 0; key < 256; key++) {
    if ((at(bitmapAt + (key >> 3)) & (1 << (key & 7))) === 0) continue;
    if (payload.length < offset + FORK_HEADER + refSize) return undefined;
    const type = at(offset);
    const prefixLength = at(offset + 1);
    if (prefixLength < 1 || prefixLength > 30 || at(offset + 2) !== key) return undefined;
    offset += FORK_HEADER;
    readRef(offset);
    offset += refSize;
    if (isV2 && (type & WITH_METADATA) === WITH_METADATA) {
      if (payload.length < offset + 2) return undefined;
      const size = (at(offset) << 8) | at(offset + 1);
      offset += 2 + size;
      if (payload.length < offset) return undefined;
    }
  }
  return [...refs];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const VERSION_HASH_SIZE = 31;

/** The version hash (bytes 32..62, XOR-obfuscated with the key in bytes 0..31) names mantaray 0.2 or 0.1. */
export function hasManifestVersionHash(payload: Uint8Array): boolean {
  if (payload.length < OBFUSCATION_KEY_SIZE + VERSION_HASH_SIZE + 1) return false;
  return hasVersionHash(payload, VERSION_02_HASH) || hasVersionHash(payload, VERSION_01_HASH);
}

function hasVersionHash(payload: Uint8Array, hash: Uint8Array): boolean {
  for (let i = 0; i < VERSION_HASH_SIZE; i++) if ((payload[OBFUSCATION_KEY_SIZE + i]! ^ payload[i]!) !== hash[i]) return false;
  return true;
}
