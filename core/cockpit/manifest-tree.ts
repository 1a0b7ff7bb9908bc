/**
 * The S11 lazy manifest walker, as pure data (2-cockpit.md §1: "takes a root reference; forks expand lazily
 * and only the visible subtree is fetched").
 *
 * A mantaray node's fork records (in its parent) give each child's prefix, type flags, metadata and node
 * reference, but not the child's own entry (the target reference of a file) nor its forks: those are in the
 * child's bytes. So a row is shown from its parent's record, and its node is fetched once the row is shown:
 * expanding a node fetches exactly its direct children, the rows that appear. Nothing below a collapsed row
 * is ever fetched. The walk starts with the root fetched and expanded.
 *
 * Everything here is plain, serialisable data (it lives in a machine's context): the tree is a record keyed
 * by the hex of each node's full path bytes (the root is `''`), updated by returning new objects.
 */
import { bytesToHex, hexToBytes, utf8Decode } from '../swarm/bytes.js';
import { hasType, isZeroEntry, NODE_TYPE_EDGE, NODE_TYPE_VALUE, parseNode } from '../swarm/mantaray.js';

/** One fork as the parent records it. */
export interface ForkRecord {
  /** Hex of the full path bytes up to and including this fork's prefix: the child's key in the tree. */
  readonly key: string;
  readonly prefixText: string;
  readonly type: number;
  readonly reference: string;
  readonly metadata: Readonly<Record<string, string>> | null;
}

/** What a fetched node says about itself. */
export interface LoadedNode {
  /** Target reference (hex), or null for a directory / metadata node (zero entry). */
  readonly entry: string | null;
  readonly forks: readonly ForkRecord[];
}

export type NodeLoad = 'unloaded' | 'loading' | 'loaded' | 'failed';

export interface TreeNode {
  readonly key: string;
  readonly parent: string | null;
  readonly depth: number;
  readonly prefixText: string;
  /** The full path from the root, as text (invalid UTF-8 shows as U+FFFD). */
  readonly pathText: string;
  readonly reference: string;
  readonly type: number;
  readonly metadata: Readonly<Record<string, string>> | null;
  readonly load: NodeLoad;
  readonly error: string | null;
  readonly entry: string | null;
  /** Child keys in fork order, once loaded. */
  readonly children: readonly string[] | null;
  readonly expanded: boolean;
}

export interface ManifestTree {
  readonly root: string;
  readonly nodes: Readonly<Record<string, TreeNode>>;
}

/** Reads one node's bytes into the records the tree keeps. Throws InputError when they are no mantaray node. */
export function readManifestNode(bytes: Uint8Array, reference: string, parentKey: string): LoadedNode {
  const node = parseNode(bytes, { reference: hexToBytes(reference) });
  const forks = [...(node.forks ?? new Map()).entries()]
    .sort(([a], [b]) => a - b)
    .map(([, fork]) => ({
      key: parentKey + bytesToHex(fork.prefix),
      prefixText: utf8Decode(fork.prefix),
      type: fork.node.type,
      reference: fork.node.reference ? bytesToHex(fork.node.reference) : '',
      metadata: fork.node.metadata ?? null,
    }));
  return { entry: isZeroEntry(node.entry) ? null : bytesToHex(node.entry!), forks };
}

/** A walk of `rootReference`: the root is being fetched. */
export function startTree(rootReference: string): ManifestTree {
  const root: TreeNode = {
    key: '',
    parent: null,
    depth: -1,
    prefixText: '',
    pathText: '',
    reference: rootReference,
    type: NODE_TYPE_EDGE,
    metadata: null,
    load: 'loading',
    error: null,
    entry: null,
    children: null,
    expanded: true,
  };
  return { root: rootReference, nodes: { '': root } };
}

export interface TreeChange {
  readonly tree: ManifestTree;
  /** Nodes that became visible unloaded and must be fetched now (marked `loading` in `tree`). */
  readonly toLoad: readonly { readonly key: string; readonly reference: string }[];
}

function withNodes(tree: ManifestTree, changed: readonly TreeNode[]): ManifestTree {
  const nodes = { ...tree.nodes };
  for (const node of changed) nodes[node.key] = node;
  return { root: tree.root, nodes };
}

/** Marks the unloaded children of an expanded node as loading and lists them. */
function loadVisibleChildren(tree: ManifestTree, key: string): TreeChange {
  const node = tree.nodes[key];
  if (!node || !node.expanded || node.children === null) return { tree, toLoad: [] };
  const pending = node.children.map((k) => tree.nodes[k]!).filter((child) => child.load === 'unloaded' && child.reference !== '');
  const toLoad = pending.map((child) => ({ key: child.key, reference: child.reference }));
  return { tree: withNodes(tree, pending.map((child) => ({ ...child, load: 'loading' as const }))), toLoad };
}

/** A fetched node arrived: record it, add its forks as unloaded rows, and fetch them if the node is expanded. */
export function nodeLoaded(tree: ManifestTree, key: string, loaded: LoadedNode): TreeChange {
  const node = tree.nodes[key];
  if (!node) return { tree, toLoad: [] };
  const children: TreeNode[] = loaded.forks.map((fork) => ({
    key: fork.key,
    parent: key,
    depth: node.depth + 1,
    prefixText: fork.prefixText,
    pathText: node.pathText + fork.prefixText,
    reference: fork.reference,
    type: fork.type,
    metadata: fork.metadata,
    load: 'unloaded',
    error: null,
    entry: null,
    children: null,
    expanded: false,
  }));
  const updated: TreeNode = { ...node, load: 'loaded', error: null, entry: loaded.entry, children: children.map((c) => c.key) };
  return loadVisibleChildren(withNodes(tree, [updated, ...children]), key);
}

export function nodeFailed(tree: ManifestTree, key: string, error: string): ManifestTree {
  const node = tree.nodes[key];
  return node ? withNodes(tree, [{ ...node, load: 'failed', error }]) : tree;
}

/** Enter on a row: a loaded node with forks opens (fetching its children) or closes; a failed one is retried. */
export function toggleNode(tree: ManifestTree, key: string): TreeChange {
  const node = tree.nodes[key];
  if (!node) return { tree, toLoad: [] };
  if (node.load === 'failed' && node.reference !== '') {
    return { tree: withNodes(tree, [{ ...node, load: 'loading', error: null }]), toLoad: [{ key, reference: node.reference }] };
  }
  if (node.load !== 'loaded' || !node.children?.length) return { tree, toLoad: [] };
  if (node.expanded) return { tree: withNodes(tree, [{ ...node, expanded: false }]), toLoad: [] };
  return loadVisibleChildren(withNodes(tree, [{ ...node, expanded: true }]), key);
}

/** Rows in display order: the root's forks, and below each expanded node its own forks. */
export function visibleNodes(tree: ManifestTree): TreeNode[] {
  const out: TreeNode[] = [];
  const visit = (key: string): void => {
    const node = tree.nodes[key];
    if (!node?.expanded || !node.children) return;
    for (const child of node.children) {
      out.push(tree.nodes[child]!);
      visit(child);
    }
  };
  visit('');
  return out;
}

/** Nodes whose chunks have been asked for: the root plus every row ever shown (a test's "fetched only the visible subtree"). */
export function requestedKeys(tree: ManifestTree): string[] {
  return Object.values(tree.nodes).filter((n) => n.load !== 'unloaded').map((n) => n.key);
}

export const isValueNode = (node: Pick<TreeNode, 'type'>): boolean => hasType(node.type, NODE_TYPE_VALUE);
/** Has forks of its own, as the parent's record says (known before the node is fetched). */
export const isEdgeNode = (node: Pick<TreeNode, 'type' | 'children'>): boolean =>
  node.children !== null ? node.children.length > 0 : hasType(node.type, NODE_TYPE_EDGE);
