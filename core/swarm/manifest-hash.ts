/**
 * Hashing, saving and loading whole mantaray manifests. Each node's bytes are stored exactly like
 * `/bytes` content: a chunk tree (a node with many forks or much metadata exceeds 4 KiB), and a fork
 * points at its child's tree root. Saving is bottom-up because a parent embeds its children's references.
 * Pure: chunks go to a callback and fetching is injected, so devnet, actors and tests decide the I/O.
 * Plain (unencrypted) trees only: references are 32 bytes. A node over 4 KiB is split at `redundancyLevel`
 * (default 0), as Bee's upload handlers save manifest nodes through the upload's own pipeline.
 */
import { CHUNK_SIZE, leafAddress, makeContentChunk, type Chunk } from './chunk.js';
import { ChunkTreeWriter } from './chunk-tree.js';
import { bytesToHex, hexToBytes } from './bytes.js';
import { InputError } from './input-error.js';
import { parseNode, serializeNode, type ManifestDialect, type MantarayNode } from './mantaray.js';
import type { RedundancyLevel } from './redundancy.js';
import { noteTrieChanged } from './mantaray-index.js';

export interface SaveManifestOptions {
  dialect?: ManifestDialect;
  /** Receives every chunk of every node's tree, children before parents, the root node's root chunk last. */
  onChunk?: (chunk: Chunk) => void;
  /** Erasure-coding level of each node's chunk tree (changes only nodes over 4 KiB); default 0. */
  redundancyLevel?: RedundancyLevel;
}

/**
 * Serializes every loaded node bottom-up, records each node's `reference`, and returns the root's.
 * Nodes that were never loaded keep the reference they were parsed with (their bytes are already stored).
 */
export function saveManifest(root: MantarayNode, options: SaveManifestOptions = {}): Uint8Array {
  return saveNode(root, new Uint8Array(0), options);
}

function saveNode(node: MantarayNode, prefix: Uint8Array, options: SaveManifestOptions): Uint8Array {
  if (node.forks === undefined) {
    if (!node.reference) throw new Error('mantaray node is neither loaded nor referenced');
    return node.reference;
  }
  for (const fork of node.forks.values()) saveNode(fork.node, fork.prefix, options);
  const bytes = serializeNode(node, { dialect: options.dialect ?? 'bee', prefix });
  if (bytes.length <= CHUNK_SIZE) {
    // Nearly every node fits one chunk: its tree is that one leaf, the same at every redundancy level (parity is
    // only added where a level of the tree holds several references), so the writer's buffers are not needed.
    if (options.onChunk) {
      const chunk = makeContentChunk(bytes);
      options.onChunk(chunk);
      node.reference = chunk.address;
    } else {
      node.reference = leafAddress(bytes);
    }
    return node.reference;
  }
  const writer = new ChunkTreeWriter({ ...(options.onChunk ? { onChunk: options.onChunk } : {}), ...(options.redundancyLevel ? { redundancyLevel: options.redundancyLevel } : {}) });
  writer.write(bytes);
  node.reference = writer.finish().reference;
  return node.reference;
}

/** Root reference as hex, without keeping chunks: the address Bee would answer for this manifest. */
export function manifestReferenceHex(root: MantarayNode, dialect: ManifestDialect = 'bee'): string {
  return bytesToHex(saveManifest(root, { dialect }));
}

/** Fetches a node's stored bytes (the joined chunk tree) by its reference. */
export type FetchManifestBytes = (reference: Uint8Array) => Promise<Uint8Array>;

export interface LoadManifestOptions {
  /** 'root' parses only the root node (walk further with loadChildren); 'full' loads the whole trie. */
  depth?: 'root' | 'full';
  /** Passed to parseNode: how to read forks of a node whose reference size is 0. */
  dialect?: ManifestDialect;
  /** Stops runaway walks of hostile manifests. Default 100 000 nodes. */
  maxNodes?: number;
}

export async function loadManifest(
  rootReference: Uint8Array | string,
  fetchBytes: FetchManifestBytes,
  options: LoadManifestOptions = {},
): Promise<MantarayNode> {
  const reference = toReference(rootReference);
  const parseOptions = options.dialect ? { reference, dialect: options.dialect } : { reference };
  const root = parseNode(await fetchBytes(reference), parseOptions);
  if (options.depth === 'full') {
    const budget = { left: (options.maxNodes ?? 100_000) - 1 };
    await loadSubtree(root, fetchBytes, options.dialect, budget);
  }
  return root;
}

/**
 * Loads one node that is known only by reference: fills in its entry, obfuscation key, reference size
 * and forks, and keeps the type and metadata its parent's fork record gave it.
 */
export async function loadNode(node: MantarayNode, fetchBytes: FetchManifestBytes, dialect?: ManifestDialect): Promise<MantarayNode> {
  if (node.forks !== undefined) return node;
  if (!node.reference) throw new Error('mantaray node has no reference to load it by');
  const parsed = parseNode(await fetchBytes(node.reference), dialect ? { reference: node.reference, dialect } : { reference: node.reference });
  node.obfuscationKey = parsed.obfuscationKey;
  node.refBytesSize = parsed.refBytesSize;
  node.entry = parsed.entry;
  node.forks = parsed.forks;
  noteTrieChanged();
  return node;
}

/** Loads every direct child of a loaded node, in parallel: one step of a lazy walk. */
export async function loadChildren(node: MantarayNode, fetchBytes: FetchManifestBytes, dialect?: ManifestDialect): Promise<void> {
  if (node.forks === undefined) throw new Error('load the node itself before its children');
  await Promise.all([...node.forks.values()].map((fork) => loadNode(fork.node, fetchBytes, dialect)));
}

async function loadSubtree(node: MantarayNode, fetchBytes: FetchManifestBytes, dialect: ManifestDialect | undefined, budget: { left: number }): Promise<void> {
  const forks = [...(node.forks?.values() ?? [])];
  budget.left -= forks.length;
  if (budget.left < 0) throw new InputError('mantaray manifest', `more than the node budget`, 'a manifest within maxNodes nodes');
  await loadChildren(node, fetchBytes, dialect);
  for (const fork of forks) await loadSubtree(fork.node, fetchBytes, dialect, budget);
}

function toReference(reference: Uint8Array | string): Uint8Array {
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof reference === 'string' ? hexToBytes(reference) : reference;
  } catch {
    bytes = undefined;
  }
  // 64 bytes is an encrypted reference (address ‖ key); fetchBytes decides how to read it.
  if (!bytes || (bytes.length !== 32 && bytes.length !== 64)) {
    const shown = typeof reference === 'string' ? reference : bytesToHex(reference);
    throw new InputError('manifest reference', shown, '32 or 64 bytes (64 or 128 hex characters)');
  }
  return bytes;
}
