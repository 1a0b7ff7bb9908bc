/**
 * Looking a path up in a mantaray trie (model in mantaray.ts; editing in mantaray-paths.ts). Lookups need the
 * nodes on the path to be loaded. A text path in a trie looked up more than once is answered from the path
 * index (mantaray-index.ts); otherwise the forks are walked, comparing bytes in place (no copy per level).
 */
import { utf8Encode } from './bytes.js';
import { findIndexed } from './mantaray-index.js';
import { NODE_TYPE_VALUE, hasType, type MantarayFork, type MantarayNode } from './mantaray.js';

export type ManifestPath = string | Uint8Array;

export const toPathBytes = (path: ManifestPath): Uint8Array => (typeof path === 'string' ? utf8Encode(path) : path);

export function loadedForks(node: MantarayNode): Map<number, MantarayFork> {
  if (node.forks === undefined) throw new Error('mantaray node is not loaded: fetch its bytes (loadManifest) before walking it');
  return node.forks;
}

export function commonPrefixLength(a: Uint8Array, b: Uint8Array): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The node reached by `path` when every fork prefix on the way matches whole (Bee's LookupNode). A text path in
 * a trie looked up more than once is answered from the path index (mantaray-index.ts); otherwise the forks are
 * walked, comparing bytes in place.
 */
export function lookupNode(root: MantarayNode, path: ManifestPath): MantarayNode | undefined {
  if (typeof path === 'string') {
    const indexed = findIndexed(root, path);
    if (indexed !== undefined) return indexed ?? undefined;
  }
  return walk(root, toPathBytes(path));
}

function walk(root: MantarayNode, bytes: Uint8Array): MantarayNode | undefined {
  let node = root;
  let at = 0;
  while (at < bytes.length) {
    const fork = loadedForks(node).get(bytes[at]!);
    if (!fork) return undefined;
    const prefix = fork.prefix;
    if (at + prefix.length > bytes.length) return undefined;
    for (let i = 1; i < prefix.length; i++) if (prefix[i] !== bytes[at + i]) return undefined;
    node = fork.node;
    at += prefix.length;
  }
  return node;
}

/** The nodes along `path` from the root (the root excluded) with the byte length of the path each ends at. */
export function nodesAlong(root: MantarayNode, bytes: Uint8Array): [MantarayNode, number][] {
  const out: [MantarayNode, number][] = [];
  let node = root;
  let at = 0;
  while (at < bytes.length) {
    const fork = node.forks?.get(bytes[at]!);
    if (!fork || commonPrefixLength(fork.prefix, bytes.subarray(at)) !== fork.prefix.length) break;
    node = fork.node;
    at += fork.prefix.length;
    out.push([node, at]);
  }
  return out;
}

export interface ManifestEntry {
  /** The target reference (may be empty or zeros for directory/metadata nodes such as "/"). */
  entry: Uint8Array;
  metadata: Record<string, string> | undefined;
  node: MantarayNode;
}

/** Bee's Lookup: a non-empty path must end on a node flagged as a value. */
export function lookupPath(root: MantarayNode, path: ManifestPath): ManifestEntry | undefined {
  const node = lookupNode(root, path);
  if (!node || (path.length > 0 && !hasType(node.type, NODE_TYPE_VALUE))) return undefined;
  return { entry: node.entry ?? EMPTY, metadata: node.metadata, node };
}

const EMPTY = new Uint8Array(0);
