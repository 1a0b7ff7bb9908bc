/**
 * Reads a file chunk tree back: its size, a byte range of its content, or the addresses of every chunk in it.
 * Chunks come from a `ChunkSource` so the same code serves downloads (local store, then network) and
 * stewardship (network only). Redundancy-encoded trees are read through `tree-shape.ts`, which knows how
 * many of an intermediate chunk's references are data and how large each child's subtree is.
 *
 * References are hex: 64 hex for plain content, 128 hex (address ‖ key) for encrypted content. A
 * `ChunkSource` always serves stored chunks by their 64-hex address; `fetchTreeChunk` decrypts, as Bee's
 * decrypting getter does, so the tree walk itself sees plain chunks either way.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { decryptChunkData } from '../../core/swarm/encryption.js';
import { recoverFromParity } from './recovery.js';
import { describeChunk, type ChunkNode } from './tree-shape.js';

export type ChunkSource = (addressHex: string) => Uint8Array | undefined;

export class MissingChunkError extends Error {
  constructor(readonly addressHex: string) {
    super(`chunk ${addressHex} not found`);
  }
}

const isEncryptedRef = (refHex: string): boolean => refHex.length === 128;

/**
 * Plain chunk data (span ‖ payload) for a reference: a 64-hex reference is the stored chunk itself; a
 * 128-hex one fetches its address half and decrypts with its key half (InputError when that fails).
 */
export function fetchTreeChunk(source: ChunkSource, refHex: string): Uint8Array | undefined {
  if (!isEncryptedRef(refHex)) return source(refHex);
  const stored = source(refHex.slice(0, 64));
  return stored === undefined ? undefined : decryptChunkData(stored, hexToBytes(refHex.slice(64)));
}

/** Fetches (decrypting if need be) and validates the shape of one chunk of a file tree. */
export function loadNode(source: ChunkSource, refHex: string): ChunkNode {
  const data = fetchTreeChunk(source, refHex);
  if (data === undefined) throw new MissingChunkError(refHex.slice(0, 64));
  return describeChunk(data, isEncryptedRef(refHex));
}

/** Total content length (the root chunk's span without its redundancy marker). */
export function contentSize(source: ChunkSource, rootHex: string): number {
  return Number(loadNode(source, rootHex).span);
}

/** Content bytes [start, end) of the tree rooted at `rootHex`. */
export function readRange(source: ChunkSource, rootHex: string, start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, end - start));
  if (out.length > 0) copyRange(source, loadNode(source, rootHex), 0, start, end, out);
  return out;
}

export function readAll(source: ChunkSource, rootHex: string): Uint8Array {
  const root = loadNode(source, rootHex);
  const out = new Uint8Array(Number(root.span));
  if (out.length > 0) copyRange(source, root, 0, 0, out.length, out);
  return out;
}

/** Copies the part of `node` (whose content starts at `nodeOffset`) that falls in [start, end) into `out`. */
function copyRange(source: ChunkSource, node: ChunkNode, nodeOffset: number, start: number, end: number, out: Uint8Array): void {
  if (node.kind === 'leaf') {
    const from = Math.max(start, nodeOffset) - nodeOffset;
    const to = Math.min(end, nodeOffset + node.payload.length) - nodeOffset;
    if (to > from) out.set(node.payload.subarray(from, to), nodeOffset + from - start);
    return;
  }
  for (let i = 0; i < node.dataRefs.length; i++) {
    const childStart = nodeOffset + i * node.childCapacity;
    const childEnd = Math.min(childStart + node.childCapacity, nodeOffset + Number(node.span));
    if (childEnd <= start || childStart >= end) continue;
    const childHex = bytesToHex(node.dataRefs[i]!);
    const childData = fetchTreeChunk(source, childHex) ?? recoverFromParity(source, node, i);
    if (childData === undefined) throw new MissingChunkError(childHex.slice(0, 64));
    copyRange(source, describeChunk(childData, isEncryptedRef(childHex)), childStart, start, end, out);
  }
}

export interface TreeWalk {
  /** Every chunk address reached (64 hex, also for encrypted references), root first. */
  addresses: string[];
  /** Addresses the source could not provide. */
  missing: string[];
  /** Chunks present but not a well-formed tree chunk. */
  invalid: string[];
}

/**
 * Visits every data chunk of the tree. By default parity chunks are not required: a download (Bee's joiner) falls
 * back to parity only when a data chunk is missing, so a missing data chunk under an erasure-coded parent is
 * recovered through `recover` when enough siblings and parities are present. With `everyChunk` the walk is
 * Bee's IterateChunkAddresses as stewardship and re-upload use it (pkg/file/joiner, pkg/steward): every chunk,
 * parity included, must be there, and nothing is rebuilt.
 */
export function walkTree(source: ChunkSource, rootHex: string, recover: RecoverFn | undefined = recoverFromParity, options: { everyChunk?: boolean } = {}): TreeWalk {
  const walk: TreeWalk = { addresses: [], missing: [], invalid: [] };
  visit(source, rootHex, walk, options.everyChunk ? undefined : recover, options.everyChunk === true);
  return walk;
}

/** Rebuilds a missing child from its parent's other references; returns the chunk data or undefined. */
export type RecoverFn = (source: ChunkSource, parent: ChunkNode & { kind: 'intermediate' }, childIndex: number) => Uint8Array | undefined;

/** `data` is the reference's plain (decrypted) chunk data when the caller already has it. */
function visit(source: ChunkSource, refHex: string, walk: TreeWalk, recover: RecoverFn | undefined, everyChunk: boolean, data?: Uint8Array): void {
  const addressHex = refHex.slice(0, 64);
  walk.addresses.push(addressHex);
  let node: ChunkNode;
  try {
    const bytes = data ?? fetchTreeChunk(source, refHex);
    if (bytes === undefined) {
      walk.missing.push(addressHex);
      return;
    }
    node = describeChunk(bytes, isEncryptedRef(refHex));
  } catch {
    walk.invalid.push(addressHex);
    return;
  }
  if (node.kind === 'leaf') return;
  node.dataRefs.forEach((ref, index) => {
    const childHex = bytesToHex(ref);
    let childData: Uint8Array | undefined;
    try {
      childData = fetchTreeChunk(source, childHex) ?? recover?.(source, node, index);
    } catch {
      walk.addresses.push(childHex.slice(0, 64));
      walk.invalid.push(childHex.slice(0, 64));
      return;
    }
    if (childData === undefined) {
      walk.addresses.push(childHex.slice(0, 64));
      walk.missing.push(childHex.slice(0, 64));
      return;
    }
    visit(source, childHex, walk, recover, everyChunk, childData);
  });
  if (!everyChunk) return;
  for (const ref of node.parityRefs) {
    const parityHex = bytesToHex(ref);
    walk.addresses.push(parityHex);
    if (source(parityHex) === undefined) walk.missing.push(parityHex);
  }
}
