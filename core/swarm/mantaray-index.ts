/**
 * A path index for mantaray tries: full path as text → node, so looking up a string path is one Map get
 * instead of a walk down the forks (0.1–0.2 µs against 1–3 µs per lookup in a 5,000-entry manifest).
 *
 * - Which nodes: every node whose full path (its prefixes from the root, concatenated) is valid UTF-8. A node
 *   whose path ends inside a multi-byte character (a prefix may split one) can never be the answer to a text
 *   path, so it is left out. The value flag is read at lookup time, so the index only records shape.
 * - When it is built: on the first addPath on a root (a manifest built in memory is indexed as it grows), else
 *   lazily, on the second lookup on the same root (a tool that looks up one path in a parsed manifest pays for
 *   the walk, not for an index); only when every node of the trie is loaded (a lazily loaded trie is walked until
 *   it is whole).
 * - How it stays true: addPath and removePath on the indexed root update it in place; any other change to a
 *   trie's shape (an edit on a subtree, loading a node) bumps a shared epoch, which makes every index stale and
 *   rebuilt on demand. Nothing else in the code changes a trie's forks.
 */
import type { MantarayNode } from './mantaray.js';

let epoch = 0;

/** A trie changed shape outside the index's own upkeep (e.g. loadNode filled in a node's forks). */
export function noteTrieChanged(): void {
  epoch++;
}

interface RootState {
  /** The epoch the index (or the finding that it cannot be built) belongs to. */
  epoch: number;
  lookups: number;
  /** undefined: not built yet, or the trie is not fully loaded. */
  nodes: Map<string, MantarayNode> | undefined;
}

const states = new WeakMap<MantarayNode, RootState>();
/** Exact UTF-8: fails on a path that ends inside a character; keeps a leading U+FEFF as a path byte sequence. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BUILD_AFTER_LOOKUPS = 2;
/**
 * Whether a string has an unpaired surrogate: String.prototype.isWellFormed (ES2024, Node 20+, every current
 * browser) where it exists — a miss is a fifth of the benchmark's lookups and the native check costs a fraction
 * of a regex test — else a `u` regex, in which a surrogate pair is one code point, so only a lone one is \p{Cs}.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const hasLoneSurrogate: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => !(text as string & { isWellFormed(): boolean }).isWellFormed()
    : (text) => LONE_SURROGATE.test(text);

function asText(pathBytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(pathBytes);
  } catch {
    return undefined;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Adds `node` and everything below it, at `pathBytes`; false when some node below is not loaded. */
function indexSubtree(nodes: Map<string, MantarayNode>, node: MantarayNode, pathBytes: Uint8Array): boolean {
  const text = asText(pathBytes);
  if (text !== undefined) nodes.set(text, node);
  if (node.forks === undefined) return false;
  for (const fork of node.forks.values()) {
    if (!indexSubtree(nodes, fork.node, concat(pathBytes, fork.prefix))) return false;
  }
  return true;
}

function build(root: MantarayNode): Map<string, MantarayNode> | undefined {
  const nodes = new Map<string, MantarayNode>();
  return indexSubtree(nodes, root, new Uint8Array(0)) ? nodes : undefined;
}

/** The root last answered from its index, and that index (a manifest served or benchmarked is looked up in a row). */
let lastRoot: MantarayNode | undefined;
let lastNodes: Map<string, MantarayNode> | undefined;
let lastEpoch = -1;

/**
 * The node at text path `path` from the index of `root`: a node, `null` when the index knows the path is not
 * there, or undefined when the caller should walk: one of the first lookups on this root, the trie is not fully
 * loaded, or the index misses a path that is not well-formed text (a lone surrogate encodes as U+FFFD bytes,
 * which the walk matches; the index's keys never hold one). The last root's index is kept aside, so a run of
 * lookups on one root costs one Map get each (no WeakMap get, no regex on a hit).
 */
export function findIndexed(root: MantarayNode, path: string): MantarayNode | null | undefined {
  const nodes = root === lastRoot && lastEpoch === epoch ? lastNodes! : indexFor(root);
  if (nodes === undefined) return undefined;
  const node = nodes.get(path);
  if (node !== undefined) return node;
  return hasLoneSurrogate(path) ? undefined : null;
}

function indexFor(root: MantarayNode): Map<string, MantarayNode> | undefined {
  let state = states.get(root);
  if (state === undefined || state.epoch !== epoch) {
    state = { epoch, lookups: state?.lookups ?? 0, nodes: undefined };
    states.set(root, state);
  }
  if (state.nodes === undefined) {
    if (++state.lookups < BUILD_AFTER_LOOKUPS) return undefined;
    state.nodes = build(root);
    // A trie that is not whole stays unindexed for this epoch (loading a node starts a new one).
    if (state.nodes === undefined) {
      state.lookups = -Infinity;
      return undefined;
    }
  }
  lastRoot = root;
  lastNodes = state.nodes;
  lastEpoch = epoch;
  return state.nodes;
}

/**
 * After addPath(root, pathBytes): the nodes along the path are (re)indexed; other roots' indexes go stale. The
 * first add on a root indexes it whole (a trie built in memory is a few nodes then), so a manifest built path by
 * path has its index from the start and no lookup pays for building it.
 */
export function noteAdded(root: MantarayNode, pathBytes: Uint8Array, nodesAlong: readonly [MantarayNode, number][]): void {
  const state = states.get(root);
  const current = state !== undefined && state.epoch === epoch && state.nodes !== undefined;
  epoch++;
  if (state === undefined) {
    states.set(root, { epoch, lookups: 0, nodes: build(root) });
    return;
  }
  if (!current) return;
  for (const [node, end] of nodesAlong) {
    const text = asText(pathBytes.subarray(0, end));
    if (text !== undefined) state.nodes!.set(text, node);
  }
  state.epoch = epoch;
}

/** After removePath(root, …) dropped `removed`, whose full path was `pathBytes`: its subtree leaves the index. */
export function noteRemoved(root: MantarayNode, pathBytes: Uint8Array, removed: MantarayNode): void {
  const state = states.get(root);
  const current = state !== undefined && state.epoch === epoch && state.nodes !== undefined;
  epoch++;
  if (!current) return;
  const gone = new Map<string, MantarayNode>();
  indexSubtree(gone, removed, pathBytes);
  for (const [text, node] of gone) if (state.nodes!.get(text) === node) state.nodes!.delete(text);
  state.epoch = epoch;
}

/** Whether `root` has a current path index (for tests and benchmarks: the index is otherwise invisible). */
export function hasPathIndex(root: MantarayNode): boolean {
  const state = states.get(root);
  return state !== undefined && state.epoch === epoch && state.nodes !== undefined;
}
