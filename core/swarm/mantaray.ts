/**
 * Mantaray manifest nodes (format "mantaray:0.2", bee-api.md §5.2): the in-memory model and its
 * byte encoding. Pure: no I/O. Path editing lives in mantaray-paths.ts, hashing in manifest-hash.ts.
 *
 * Two writers exist in the wild and they disagree on a few bytes, so serialization takes a dialect:
 * - 'bee' (default) reproduces Bee's Go marshaller: the node type byte is whatever the editing history
 *   left in `type`, metadata JSON has sorted keys with HTML-safe escapes, and metadata padding adds a
 *   whole extra 32 newlines when 2 + length is already a multiple of 32 above 32.
 * - 'bee-js' reproduces bee-js 12.1.0's MantarayNode.marshal: type bits are derived from the child,
 *   JSON keeps insertion order, padding stops at the exact multiple, and a node reached by the prefix
 *   "/" without a target is written with reference size 0 and no entry.
 */
import { bytesEqual, bytesToHex, hexToBytes, utf8Decode } from './bytes.js';
import { InputError } from './input-error.js';
import { encodeMetadataField } from './mantaray-metadata.js';

export { encodeMetadataField, goJsonStringify } from './mantaray-metadata.js';

export const NODE_TYPE_VALUE = 2;
export const NODE_TYPE_EDGE = 4;
export const NODE_TYPE_WITH_PATH_SEPARATOR = 8;
export const NODE_TYPE_WITH_METADATA = 16;

/** First 31 bytes of keccak256("mantaray:0.2") and of keccak256("mantaray:0.1"). */
export const VERSION_02_HASH = hexToBytes('5768b3b6a7db56d21d1abff40d41cebfc83448fed8d7e9b06ec0d3b073f28f7b').subarray(0, 31);
export const VERSION_01_HASH = hexToBytes('025184789d63635766d78c41900196b57d7400875ebe4d9b5d1e76bd9652a9b7').subarray(0, 31);

export const OBFUSCATION_KEY_SIZE = 32;
export const MAX_PREFIX_LENGTH = 30;
const HEADER_SIZE = 64; // obfuscation key 32 + version hash 31 + reference size 1
const FORK_PRE_REFERENCE_SIZE = 32; // type 1 + prefix length 1 + prefix 30
const SLASH = 0x2f;

export type ManifestDialect = 'bee' | 'bee-js';

export interface MantarayFork {
  /** 1..30 bytes; the first byte is the key under which the fork sits in its parent. */
  prefix: Uint8Array;
  node: MantarayNode;
}

export interface MantarayNode {
  /** 32 bytes, stored in clear; every later byte is XORed with it. All zeros for unencrypted manifests. */
  obfuscationKey: Uint8Array;
  /** Width of the entry and of fork references: 32, 64, or 0 for a node that never received a reference. */
  refBytesSize: number;
  /** The target reference, or undefined for a pure directory node (written as zeros). */
  entry: Uint8Array | undefined;
  /** Type flags as written in the parent's fork record (a root's type is not persisted). */
  type: number;
  /** String map written in the parent's fork record, present when the type has NODE_TYPE_WITH_METADATA. */
  metadata: Record<string, string> | undefined;
  /** Children keyed by the first prefix byte; undefined while the node is only known by reference. */
  forks: Map<number, MantarayFork> | undefined;
  /** Address of this node's serialized bytes (their chunk-tree root), once parsed, loaded or saved. */
  reference: Uint8Array | undefined;
}

export function createNode(options: { obfuscationKey?: Uint8Array; refBytesSize?: number } = {}): MantarayNode {
  return {
    obfuscationKey: options.obfuscationKey ? Uint8Array.from(options.obfuscationKey) : new Uint8Array(OBFUSCATION_KEY_SIZE),
    refBytesSize: options.refBytesSize ?? 0,
    entry: undefined,
    type: 0,
    metadata: undefined,
    forks: new Map(),
    reference: undefined,
  };
}

export const hasType = (type: number, flag: number): boolean => (type & flag) === flag;

/** True when the entry is absent or all zeros: Bee's "no target" for directory and metadata nodes. */
export function isZeroEntry(entry: Uint8Array | undefined): boolean {
  return entry === undefined || entry.every((b) => b === 0);
}

/**
 * The type byte bee-js derives when it marshals a fork: value when the child has a target (or sits at
 * prefix "/"), edge when it has children, path separator when the prefix holds '/' and is not just "/",
 * metadata when a metadata object is present (even an empty one).
 */
export function deriveBeeJsType(node: MantarayNode, prefix: Uint8Array): number {
  const isSlash = prefix.length === 1 && prefix[0] === SLASH;
  let type = 0;
  if (!isBeeJsNullTarget(node.entry) || isSlash) type |= NODE_TYPE_VALUE;
  if (node.forks !== undefined ? node.forks.size > 0 : hasType(node.type, NODE_TYPE_EDGE)) type |= NODE_TYPE_EDGE;
  if (prefix.includes(SLASH) && !isSlash) type |= NODE_TYPE_WITH_PATH_SEPARATOR;
  if (node.metadata !== undefined) type |= NODE_TYPE_WITH_METADATA;
  return type;
}

/** bee-js compares against its 32-byte NULL_ADDRESS, so a 64-byte zero entry still counts as a target. */
const isBeeJsNullTarget = (entry: Uint8Array | undefined): boolean =>
  entry === undefined || (entry.length === 32 && isZeroEntry(entry));

export interface SerializeOptions {
  dialect?: ManifestDialect;
  /** The prefix under which this node hangs in its parent; bee-js treats a target-less "/" node specially. */
  prefix?: Uint8Array;
}

/** The node's bytes as stored in Swarm. Every child must carry its `reference` (see manifest-hash.ts). */
export function serializeNode(node: MantarayNode, options: SerializeOptions = {}): Uint8Array {
  const dialect = options.dialect ?? 'bee';
  if (node.obfuscationKey.length !== OBFUSCATION_KEY_SIZE) throw new RangeError('mantaray obfuscation key must be 32 bytes');
  if (node.forks === undefined) throw new Error('cannot serialize a mantaray node that was never loaded');
  const { refSize, entry } = dialect === 'bee' ? beeEntry(node) : beeJsEntry(node, options.prefix ?? new Uint8Array(0));
  const forks = [...node.forks.entries()].sort((a, b) => a[0] - b[0]).map(([, fork]) => forkRecord(fork, dialect, refSize));

  // Written once into one buffer of the final size: a manifest save serializes every node of the trie.
  let size = HEADER_SIZE + entry.length + 32;
  for (const f of forks) size += FORK_PRE_REFERENCE_SIZE + f.reference.length + (f.metadata?.length ?? 0);
  const out = new Uint8Array(size);
  out.set(node.obfuscationKey, 0);
  out.set(VERSION_02_HASH, OBFUSCATION_KEY_SIZE);
  out[HEADER_SIZE - 1] = refSize;
  out.set(entry, HEADER_SIZE);
  let offset = HEADER_SIZE + entry.length;
  for (const key of node.forks.keys()) out[offset + (key >> 3)]! |= 1 << (key & 7);
  offset += 32;
  for (const f of forks) {
    out[offset] = f.type;
    out[offset + 1] = f.prefix.length;
    out.set(f.prefix, offset + 2);
    offset += FORK_PRE_REFERENCE_SIZE;
    out.set(f.reference, offset);
    offset += f.reference.length;
    if (f.metadata) {
      out.set(f.metadata, offset);
      offset += f.metadata.length;
    }
  }
  xorInPlace(out.subarray(OBFUSCATION_KEY_SIZE), node.obfuscationKey);
  return out;
}

interface ForkRecord {
  type: number;
  prefix: Uint8Array;
  reference: Uint8Array;
  metadata: Uint8Array | undefined;
}

function beeEntry(node: MantarayNode): { refSize: number; entry: Uint8Array } {
  let refSize = node.refBytesSize;
  // Bee v2.8.1+ (#5484): a node that only ever received empty entries takes its width from its own entry
  // or its first child's reference at marshal time; older Bee wrote 0 and then could not read its forks.
  if (refSize === 0) {
    if (node.entry && node.entry.length > 0) refSize = node.entry.length;
    else refSize = [...node.forks!.values()].find((f) => f.node.reference && f.node.reference.length > 0)?.node.reference?.length ?? 0;
  }
  if (refSize > 255) throw new RangeError(`mantaray reference size ${refSize} does not fit one byte`);
  // Go copies the entry into a zeroed buffer of refBytesSize, so a missing entry becomes zeros.
  const entry = new Uint8Array(refSize);
  if (node.entry) entry.set(node.entry.subarray(0, refSize));
  return { refSize, entry };
}

function beeJsEntry(node: MantarayNode, prefix: Uint8Array): { refSize: number; entry: Uint8Array } {
  const isSlash = prefix.length === 1 && prefix[0] === SLASH;
  if (isSlash && isBeeJsNullTarget(node.entry)) return { refSize: 0, entry: new Uint8Array(0) };
  const entry = node.entry ?? new Uint8Array(32);
  return { refSize: entry.length, entry };
}

function forkRecord(fork: MantarayFork, dialect: ManifestDialect, parentRefSize: number): ForkRecord {
  const { prefix, node } = fork;
  if (prefix.length < 1 || prefix.length > MAX_PREFIX_LENGTH) throw new RangeError(`mantaray fork prefix must be 1..30 bytes, got ${prefix.length}`);
  if (!node.reference) throw new Error(`mantaray child "${utf8Decode(prefix)}" has no reference yet: save children first`);
  if (dialect === 'bee' && parentRefSize > 0 && node.reference.length !== parentRefSize) {
    // Readers take fork references to be as wide as the parent's entry, so a mismatch would be unreadable.
    throw new RangeError(`mantaray child reference is ${node.reference.length} bytes in a ${parentRefSize}-byte node`);
  }
  const type = dialect === 'bee' || node.forks === undefined ? node.type : deriveBeeJsType(node, prefix);
  const metadata = hasType(type, NODE_TYPE_WITH_METADATA) ? encodeMetadataField(node.metadata ?? {}, dialect) : undefined;
  return { type, prefix, reference: node.reference, metadata };
}

function xorInPlace(data: Uint8Array, key: Uint8Array): void {
  if (key.every((b) => b === 0)) return;
  for (let i = 0; i < data.length; i++) data[i]! ^= key[i % key.length]!;
}

export interface ParseOptions {
  /**
   * How to treat a node whose reference size is 0 but whose bitmap lists forks. Bee ('bee', default)
   * reads no forks from such a node; bee-js reads them with 32-byte references.
   */
  dialect?: ManifestDialect;
  /** The address the bytes were fetched by, recorded on the node. */
  reference?: Uint8Array;
}

/**
 * Parses one node (format 0.2, or 0.1 which has no metadata). Children come back unloaded: each knows
 * its reference, type and metadata from the fork record, and `forks` stays undefined until fetched.
 */
export function parseNode(bytes: Uint8Array, options: ParseOptions = {}): MantarayNode {
  const what = 'mantaray node';
  if (bytes.length < HEADER_SIZE) throw new InputError(what, `${bytes.length} bytes`, 'at least 64 bytes (obfuscation key, version hash, reference size)');
  const obfuscationKey = bytes.slice(0, OBFUSCATION_KEY_SIZE);
  const data = bytes.slice(OBFUSCATION_KEY_SIZE);
  xorInPlace(data, obfuscationKey);

  const versionHash = data.subarray(0, 31);
  const isV2 = bytesEqual(versionHash, VERSION_02_HASH);
  if (!isV2 && !bytesEqual(versionHash, VERSION_01_HASH)) {
    throw new InputError('mantaray version hash', bytesToHex(versionHash), 'mantaray:0.2 (5768b3b6…) or mantaray:0.1 (02518478…)');
  }
  const refBytesSize = data[31]!;
  if (refBytesSize !== 0 && refBytesSize !== 32 && refBytesSize !== 64) {
    throw new InputError('mantaray reference size', String(refBytesSize), '0, 32 or 64');
  }
  let offset = 32;
  need(data, offset + refBytesSize + 32, 'entry and fork bitmap');
  const entry = refBytesSize > 0 ? data.slice(offset, offset + refBytesSize) : undefined;
  offset += refBytesSize;
  const bitmap = data.subarray(offset, offset + 32);
  offset += 32;

  const node: MantarayNode = { ...createNode({ obfuscationKey, refBytesSize }), entry, reference: options.reference?.slice() };
  const forks = node.forks!;
  // A root's own type is not stored; Bee marks it an edge when the bitmap lists any fork.
  if (bitmap.some((b) => b !== 0)) node.type = NODE_TYPE_EDGE;
  let forkRefSize = refBytesSize;
  if (refBytesSize === 0) {
    if ((options.dialect ?? 'bee') === 'bee' || !isV2) return node;
    forkRefSize = options.reference?.length ?? 32;
  }
  for (let key = 0; key < 256; key++) {
    if ((bitmap[key >> 3]! & (1 << (key & 7))) === 0) continue;
    offset = parseFork(data, offset, forkRefSize, isV2, key, forks, obfuscationKey, refBytesSize);
  }
  return node;
}

function parseFork(
  data: Uint8Array,
  offset: number,
  refSize: number,
  isV2: boolean,
  key: number,
  forks: Map<number, MantarayFork>,
  obfuscationKey: Uint8Array,
  refBytesSize: number,
): number {
  const label = `fork 0x${key.toString(16).padStart(2, '0')}`;
  need(data, offset + FORK_PRE_REFERENCE_SIZE + refSize, label);
  const type = data[offset]!;
  const prefixLength = data[offset + 1]!;
  if (prefixLength < 1 || prefixLength > MAX_PREFIX_LENGTH) {
    throw new InputError(`mantaray ${label} prefix length`, String(prefixLength), '1..30');
  }
  const prefix = data.slice(offset + 2, offset + 2 + prefixLength);
  if (prefix[0] !== key) throw new InputError(`mantaray ${label} prefix`, bytesToHex(prefix), `a prefix starting with byte 0x${key.toString(16)} as the fork bitmap says`);
  let end = offset + FORK_PRE_REFERENCE_SIZE;
  const reference = data.slice(end, end + refSize);
  end += refSize;
  let metadata: Record<string, string> | undefined;
  if (isV2 && hasType(type, NODE_TYPE_WITH_METADATA)) {
    need(data, end + 2, `${label} metadata length`);
    const size = (data[end]! << 8) | data[end + 1]!;
    end += 2;
    need(data, end + size, `${label} metadata`);
    if (size > 0) metadata = parseMetadata(data.subarray(end, end + size), label);
    end += size;
  }
  const child: MantarayNode = { ...createNode({ obfuscationKey, refBytesSize }), type, metadata, forks: undefined, reference };
  forks.set(key, { prefix, node: child });
  return end;
}

function parseMetadata(bytes: Uint8Array, label: string): Record<string, string> | undefined {
  const text = utf8Decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(`mantaray ${label} metadata`, text, 'a JSON object of strings padded with newlines');
  }
  if (value === null) return undefined; // Go marshals a nil map as null
  if (typeof value !== 'object' || Array.isArray(value)) throw new InputError(`mantaray ${label} metadata`, text, 'a JSON object of strings');
  for (const v of Object.values(value)) {
    if (typeof v !== 'string') throw new InputError(`mantaray ${label} metadata`, text, 'a JSON object whose values are all strings');
  }
  return value as Record<string, string>;
}

function need(data: Uint8Array, length: number, part: string): void {
  if (data.length < length) {
    throw new InputError('mantaray node', `${data.length + OBFUSCATION_KEY_SIZE} bytes`, `at least ${length + OBFUSCATION_KEY_SIZE} bytes to hold the ${part} (data truncated)`);
  }
}
