import { describe, expect, it } from 'vitest';
import { bytesToHex, utf8Encode } from '../swarm/bytes.js';
import { saveManifest } from '../swarm/manifest-hash.js';
import { createNode, serializeNode, type MantarayNode } from '../swarm/mantaray.js';
import { addPath } from '../swarm/mantaray-paths.js';
import { nodeFailed, nodeLoaded, readManifestNode, requestedKeys, startTree, toggleNode, visibleNodes, type ManifestTree, type TreeChange } from './manifest-tree.js';

const ref = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

/** A website manifest and every node's bytes by reference (what GET /bytes/{ref} would answer). */
function website() {
  const root = createNode();
  addPath(root, 'index.html', ref(1), { 'Content-Type': 'text/html', Filename: 'index.html' });
  addPath(root, 'img/logo.png', ref(2), { 'Content-Type': 'image/png', Filename: 'logo.png' });
  addPath(root, 'img/icon.png', ref(3), { 'Content-Type': 'image/png', Filename: 'icon.png' });
  addPath(root, 'docs/a/deep.txt', ref(4), { 'Content-Type': 'text/plain', Filename: 'deep.txt' });
  const rootRef = bytesToHex(saveManifest(root));
  const store = new Map<string, Uint8Array>();
  const visit = (node: MantarayNode, prefix: Uint8Array) => {
    store.set(bytesToHex(node.reference!), serializeNode(node, { prefix }));
    for (const fork of node.forks?.values() ?? []) visit(fork.node, fork.prefix);
  };
  visit(root, new Uint8Array(0));
  return { rootRef, store };
}

describe('lazy manifest tree', () => {
  const { rootRef, store } = website();
  /** Fetches what a change asks for, as the loader actor does, and applies it. */
  const settle = (change: TreeChange): ManifestTree => {
    let tree = change.tree;
    for (const { key, reference } of change.toLoad) {
      const next = nodeLoaded(tree, key, readManifestNode(store.get(reference)!, reference, key));
      tree = settle(next);
    }
    return tree;
  };
  const labels = (tree: ManifestTree) => visibleNodes(tree).map((n) => `${' '.repeat(n.depth)}${n.prefixText}${n.expanded ? '/' : ''}`);

  it('fetches the root and its direct children only, then one level per expansion', () => {
    let tree = startTree(rootRef);
    // Loading the root shows its forks and asks for exactly those nodes, nothing deeper.
    const first = nodeLoaded(tree, '', readManifestNode(store.get(rootRef)!, rootRef, ''));
    expect(first.toLoad.map((l) => l.key)).toEqual(visibleNodes(first.tree).map((n) => n.key));
    tree = settle(first);
    const shown = visibleNodes(tree);
    // Bee's trie: one fork per distinct first byte under the root.
    expect(shown.map((n) => n.prefixText)).toEqual(['docs/a/deep.txt', 'i']);
    expect(requestedKeys(tree).sort()).toEqual(['', ...shown.map((n) => n.key)].sort());

    const img = shown.find((n) => n.prefixText.startsWith('i'))!;
    expect(img.children?.length).toBeGreaterThan(0);
    const opened = toggleNode(tree, img.key);
    expect(opened.toLoad.length).toBe(img.children!.length);
    tree = settle(opened);
    expect(requestedKeys(tree).length).toBe(1 + visibleNodes(tree).length);
    // Closing hides the rows but keeps them; reopening fetches nothing again.
    const closed = toggleNode(tree, img.key);
    expect(closed.toLoad).toEqual([]);
    const reopened = toggleNode(closed.tree, img.key);
    expect(reopened.toLoad).toEqual([]);
    expect(labels(reopened.tree)).toEqual(labels(tree));
  });

  it('keeps entries and metadata of files, paths from the root', () => {
    let tree = settle(nodeLoaded(startTree(rootRef), '', readManifestNode(store.get(rootRef)!, rootRef, '')));
    for (const node of visibleNodes(tree)) if (node.children?.length) tree = settle(toggleNode(tree, node.key));
    const all = Object.values(tree.nodes);
    const index = all.find((n) => n.pathText === 'index.html')!;
    expect(index).toMatchObject({ entry: ref(1), metadata: { 'Content-Type': 'text/html', Filename: 'index.html' }, load: 'loaded' });
  });

  it('marks a node that cannot be fetched, and Enter retries it', () => {
    const tree = nodeLoaded(startTree(rootRef), '', readManifestNode(store.get(rootRef)!, rootRef, ''));
    const victim = tree.toLoad[0]!;
    const failed = nodeFailed(tree.tree, victim.key, 'HTTP 404');
    expect(failed.nodes[victim.key]).toMatchObject({ load: 'failed', error: 'HTTP 404' });
    expect(toggleNode(failed, victim.key).toLoad).toEqual([victim]);
  });

  it('refuses bytes that are no mantaray node', () => {
    expect(() => readManifestNode(utf8Encode('hello, this is not a manifest at all, just text'), ref(9), '')).toThrow(/mantaray/);
  });
});
