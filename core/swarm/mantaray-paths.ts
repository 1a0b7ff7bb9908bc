/**
 * Walking and editing a mantaray trie (model in mantaray.ts). Lookups need the nodes on the path to be
 * loaded; `enumerateForks` works on a single parsed node, so a lazy walker can fetch children on demand.
 *
 * Editing comes in two styles because Bee and bee-js build different tries from the same paths:
 * - 'bee' (default) ports Bee's Node.Add: a path longer than 30 bytes is cut relative to where it
 *   leaves the existing trie, re-adding a path overwrites its entry, and the type flags are stateful
 *   (e.g. a node's path-separator bit is recomputed from the whole remaining path when a longer path
 *   passes through it, so it can be set on a node whose own prefix has no '/').
 * - 'bee-js' ports bee-js 12.1.0's MantarayNode.addFork: the path is cut into absolute 30-byte pieces
 *   first, re-adding an existing path (or an existing directory node) changes nothing, and type flags
 *   are those bee-js derives when marshalling.
 */
import { bytesToHex, concatBytes, hexToBytes, utf8Decode } from './bytes.js';
import { InputError } from './input-error.js';
import {
  MAX_PREFIX_LENGTH,
  NODE_TYPE_EDGE,
  NODE_TYPE_VALUE,
  NODE_TYPE_WITH_METADATA,
  NODE_TYPE_WITH_PATH_SEPARATOR,
  createNode,
  deriveBeeJsType,
  hasType,
  type ManifestDialect,
  type MantarayFork,
  type MantarayNode,
} from './mantaray.js';
import { noteAdded, noteRemoved } from './mantaray-index.js';
import { commonPrefixLength, loadedForks, nodesAlong, toPathBytes, type ManifestPath } from './mantaray-lookup.js';

export type { ManifestEntry, ManifestPath } from './mantaray-lookup.js';
export { lookupNode, lookupPath } from './mantaray-lookup.js';

export interface ForkSummary {
  /** First prefix byte: the key in the parent's fork bitmap. */
  key: number;
  /** The prefix as text (invalid UTF-8 shows as U+FFFD; prefixes may split a multi-byte character). */
  prefix: string;
  prefixBytes: Uint8Array;
  type: number;
  /** Hex address of the child node's serialized bytes. */
  reference: string;
  metadata: Record<string, string> | undefined;
}

/** One node's forks in bitmap order, from the node's own bytes only (children need not be loaded). */
export function enumerateForks(node: MantarayNode): ForkSummary[] {
  const forks = loadedForks(node);
  return [...forks.keys()]
    .sort((a, b) => a - b)
    .map((key) => {
      const { prefix, node: child } = forks.get(key)!;
      return {
        key,
        prefix: utf8Decode(prefix),
        prefixBytes: prefix,
        type: child.type,
        reference: child.reference ? bytesToHex(child.reference) : '',
        metadata: child.metadata,
      };
    });
}

export interface ListedEntry {
  path: string;
  pathBytes: Uint8Array;
  entry: Uint8Array;
  metadata: Record<string, string> | undefined;
}

/** Every value node of a fully loaded trie, depth first in byte order. */
export function listEntries(root: MantarayNode): ListedEntry[] {
  const out: ListedEntry[] = [];
  const visit = (node: MantarayNode, path: Uint8Array): void => {
    for (const key of [...loadedForks(node).keys()].sort((a, b) => a - b)) {
      const { prefix, node: child } = node.forks!.get(key)!;
      const childPath = concatBytes(path, prefix);
      if (hasType(child.type, NODE_TYPE_VALUE)) {
        out.push({ path: utf8Decode(childPath), pathBytes: childPath, entry: child.entry ?? new Uint8Array(0), metadata: child.metadata });
      }
      visit(child, childPath);
    }
  };
  visit(root, new Uint8Array(0));
  return out;
}

function toEntryBytes(entry: Uint8Array | string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = typeof entry === 'string' ? hexToBytes(entry) : entry;
  } catch {
    throw new InputError('manifest entry reference', String(entry), '64 or 128 hex characters');
  }
  if (bytes.length !== 0 && bytes.length !== 32 && bytes.length !== 64) {
    throw new InputError('manifest entry reference', bytesToHex(bytes), '32 or 64 bytes (or empty for a directory entry)');
  }
  return bytes;
}

export interface EditOptions {
  style?: ManifestDialect;
}

/**
 * Adds (Bee style: or replaces) the entry at `path`. `entry` may be empty for a directory or metadata
 * node such as "/". Metadata is stored only when it has keys in Bee style, whenever given in bee-js style.
 */
export function addPath(
  root: MantarayNode,
  path: ManifestPath,
  entry: Uint8Array | string,
  metadata?: Record<string, string>,
  options: EditOptions = {},
): void {
  const pathBytes = toPathBytes(path);
  if (pathBytes.length === 0) throw new InputError('manifest path', '', 'a non-empty path');
  const entryBytes = toEntryBytes(entry);
  if (options.style === 'bee-js') addBeeJs(root, pathBytes, entryBytes.length > 0 ? entryBytes : undefined, metadata);
  else addBee(root, pathBytes, entryBytes, metadata);
  // Every node an add creates or splits off lies along its path; the others keep their full paths.
  noteAdded(root, pathBytes, nodesAlong(root, pathBytes));
}

function childOf(parent: MantarayNode): MantarayNode {
  return createNode({ obfuscationKey: parent.obfuscationKey, refBytesSize: parent.refBytesSize });
}

/** Bee's rule: the separator bit is set when a '/' occurs after the first byte of `path`. */
function updatePathSeparator(node: MantarayNode, path: Uint8Array): void {
  if (path.indexOf(0x2f) > 0) node.type |= NODE_TYPE_WITH_PATH_SEPARATOR;
  else node.type &= ~NODE_TYPE_WITH_PATH_SEPARATOR;
}

function setValue(node: MantarayNode, entry: Uint8Array, metadata: Record<string, string> | undefined): void {
  node.entry = entry;
  node.type |= NODE_TYPE_VALUE;
  if (metadata && Object.keys(metadata).length > 0) {
    node.metadata = { ...metadata };
    node.type |= NODE_TYPE_WITH_METADATA;
  }
}

function addBee(node: MantarayNode, path: Uint8Array, entry: Uint8Array, metadata: Record<string, string> | undefined): void {
  if (node.refBytesSize === 0) {
    if (entry.length > 0) node.refBytesSize = entry.length;
  } else if (entry.length > 0 && entry.length !== node.refBytesSize) {
    throw new InputError('manifest entry reference', bytesToHex(entry), `${node.refBytesSize} bytes like the rest of this manifest`);
  }
  node.reference = undefined;
  if (path.length === 0) return setValue(node, entry, metadata);

  const forks = loadedForks(node);
  const key = path[0]!;
  const existing = forks.get(key);
  node.type |= NODE_TYPE_EDGE;
  if (!existing) {
    const child = childOf(node);
    if (path.length > MAX_PREFIX_LENGTH) {
      const prefix = path.slice(0, MAX_PREFIX_LENGTH);
      addBee(child, path.subarray(MAX_PREFIX_LENGTH), entry, metadata);
      updatePathSeparator(child, prefix);
      forks.set(key, { prefix, node: child });
      return;
    }
    setValue(child, entry, metadata);
    updatePathSeparator(child, path);
    forks.set(key, { prefix: path.slice(), node: child });
    return;
  }
  const common = commonPrefixLength(existing.prefix, path);
  const rest = existing.prefix.subarray(common);
  let next = existing.node;
  if (rest.length > 0) {
    // Split the existing fork: a new node takes the shared part, the old child hangs below it.
    next = childOf(node);
    updatePathSeparator(existing.node, rest);
    next.forks!.set(rest[0]!, { prefix: rest.slice(), node: existing.node });
    next.type |= NODE_TYPE_EDGE;
    if (path.length === common) next.type |= NODE_TYPE_VALUE;
  }
  // Bee recomputes the bit from the whole remaining path here, not from the node's own prefix.
  updatePathSeparator(next, path);
  addBee(next, path.subarray(common), entry, metadata);
  forks.set(key, { prefix: path.slice(0, common), node: next });
}

/** bee-js findClosest: the deepest node whose path is a whole-fork prefix of `path`, and its length. */
function findClosest(node: MantarayNode, path: Uint8Array): [MantarayNode, number] {
  let matched = 0;
  for (;;) {
    const rest = path.subarray(matched);
    const fork = rest.length > 0 ? loadedForks(node).get(rest[0]!) : undefined;
    if (!fork || commonPrefixLength(fork.prefix, rest) !== fork.prefix.length) return [node, matched];
    node = fork.node;
    matched += fork.prefix.length;
  }
}

function addBeeJs(root: MantarayNode, path: Uint8Array, entry: Uint8Array | undefined, metadata: Record<string, string> | undefined): void {
  let tip = root;
  for (let start = 0; start < path.length; start += MAX_PREFIX_LENGTH) {
    const piece = path.subarray(start, start + MAX_PREFIX_LENGTH);
    const isLast = start + MAX_PREFIX_LENGTH >= path.length;
    const [closest, matched] = findClosest(tip, piece);
    tip = closest;
    const remaining = piece.slice(matched);
    if (remaining.length === 0) continue;
    // bee-js writes an absent target as 32 zero bytes, so its nodes are 32 wide unless given a 64-byte entry.
    const child = createNode({ obfuscationKey: tip.obfuscationKey, refBytesSize: 32 });
    if (isLast) {
      if (entry) child.refBytesSize = entry.length;
      child.entry = entry;
      child.metadata = metadata ? { ...metadata } : undefined;
    }
    const fresh: MantarayFork = { prefix: remaining, node: child };
    const existing = tip.forks!.get(remaining[0]!);
    tip.forks!.set(remaining[0]!, existing ? splitBeeJs(fresh, existing) : fresh);
    retype(child, fresh.prefix);
    retype(tip, undefined);
    tip = child;
  }
  clearReferencesAlong(root, path);
}

/** Every node whose subtree changed must be re-hashed, including those findClosest skipped over. */
function clearReferencesAlong(root: MantarayNode, path: Uint8Array): void {
  let node = root;
  let rest = path;
  node.reference = undefined;
  while (rest.length > 0) {
    const fork = node.forks?.get(rest[0]!);
    if (!fork || commonPrefixLength(fork.prefix, rest) !== fork.prefix.length) return;
    node = fork.node;
    node.reference = undefined;
    rest = rest.subarray(fork.prefix.length);
  }
}

/** bee-js Fork.split: hang one fork below the other, or both below a new node holding their common part. */
function splitBeeJs(a: MantarayFork, b: MantarayFork): MantarayFork {
  const common = commonPrefixLength(a.prefix, b.prefix);
  if (common === a.prefix.length || common === b.prefix.length) {
    const [upper, lower] = common === a.prefix.length ? [a, b] : [b, a];
    lower.prefix = lower.prefix.slice(common);
    upper.node.forks!.set(lower.prefix[0]!, lower);
    retype(lower.node, lower.prefix);
    retype(upper.node, upper.prefix);
    return upper;
  }
  const node = createNode({ obfuscationKey: a.node.obfuscationKey, refBytesSize: 32 });
  const shared: MantarayFork = { prefix: a.prefix.slice(0, common), node };
  for (const fork of [a, b]) {
    fork.prefix = fork.prefix.slice(common);
    shared.node.forks!.set(fork.prefix[0]!, fork);
    retype(fork.node, fork.prefix);
  }
  retype(shared.node, shared.prefix);
  return shared;
}

/** Keeps `type` equal to what bee-js would derive, so lookups and Bee-dialect writes see the same flags. */
function retype(node: MantarayNode, prefix: Uint8Array | undefined): void {
  if (prefix) node.type = deriveBeeJsType(node, prefix);
  else if (node.forks && node.forks.size > 0) node.type |= NODE_TYPE_EDGE;
}

/**
 * Bee's Remove: drops the fork whose full path equals `path`, together with everything below it.
 * Returns false when no fork ends exactly at `path`.
 */
export function removePath(root: MantarayNode, path: ManifestPath): boolean {
  const pathBytes = toPathBytes(path);
  let rest = pathBytes;
  if (rest.length === 0) throw new InputError('manifest path', '', 'a non-empty path');
  const visited: MantarayNode[] = [];
  let node = root;
  for (;;) {
    const forks = loadedForks(node);
    const fork = forks.get(rest[0]!);
    if (!fork || commonPrefixLength(fork.prefix, rest) !== fork.prefix.length) return false;
    visited.push(node);
    rest = rest.subarray(fork.prefix.length);
    if (rest.length === 0) {
      forks.delete(fork.prefix[0]!);
      for (const n of visited) n.reference = undefined;
      noteRemoved(root, pathBytes, fork.node);
      return true;
    }
    node = fork.node;
  }
}
