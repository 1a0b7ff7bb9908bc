/**
 * Walks every chunk a reference depends on, manifest-aware, as Bee's traverser does for stewardship and
 * pinning: the reference's own chunk tree; if its joined bytes parse as a mantaray node, every fork's node
 * (recursively) and every non-zero entry's file tree. Which chunks can be seen depends on the source:
 * stewardship passes a network-only source, pin checks the local store.
 *
 * A reference whose chunk is a valid single-owner chunk (a feed update, a root replica) is a tree of that one
 * chunk, as in Bee v2.8.1's traverser (pkg/traversal: "if this is a SOC, the traversal will just be the single
 * chunk"): its wrapped data is never read as a file tree.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { verifyChunk } from '../../core/swarm/verify-chunk.js';
import { isZeroEntry, parseNode, type MantarayNode } from '../../core/swarm/mantaray.js';
import { contentSize, readAll, walkTree, type ChunkSource, type RecoverFn, type TreeWalk } from './joiner.js';

/** Bounds a hostile or cyclic manifest. */
const MAX_MANIFEST_NODES = 10_000;
/** Manifest nodes are small; larger content is never joined just to see whether it parses as one. */
const MAX_MANIFEST_NODE_BYTES = 1 << 20;

/**
 * `everyChunk`: Bee's stewardship and re-upload traversal: every chunk, parity included, and nothing rebuilt
 * (joiner.ts walkTree). Without it, a download's view: data chunks, missing ones rebuilt from parity.
 */
export function traverseReference(source: ChunkSource, rootHex: string, options: { recover?: RecoverFn; everyChunk?: boolean } = {}): TreeWalk {
  const total: TreeWalk = { addresses: [], missing: [], invalid: [] };
  const seenNodes = new Set<string>();
  const visitFile = (hex: string): TreeWalk => {
    const walk = walkTree(source, hex, options.recover, { everyChunk: options.everyChunk === true });
    total.addresses.push(...walk.addresses);
    total.missing.push(...walk.missing);
    total.invalid.push(...walk.invalid);
    return walk;
  };
  const visitManifestNode = (hex: string, isRoot: boolean): void => {
    if (seenNodes.has(hex) || seenNodes.size >= MAX_MANIFEST_NODES) return;
    seenNodes.add(hex);
    const walk = visitFile(hex);
    if (walk.missing.length > 0 || walk.invalid.length > 0) return;
    const node = contentSize(source, hex) <= MAX_MANIFEST_NODE_BYTES ? tryParseManifest(readAll(source, hex)) : undefined;
    if (node === undefined) {
      // A non-root fork that is not a manifest node is corrupt; a root that is not a manifest is plain data.
      if (!isRoot) total.invalid.push(hex);
      return;
    }
    if (!isZeroEntry(node.entry) && node.entry !== undefined) visitFile(bytesToHex(node.entry));
    for (const fork of node.forks?.values() ?? []) {
      if (fork.node.reference !== undefined) visitManifestNode(bytesToHex(fork.node.reference), false);
    }
  };
  if (rootHex.length === 64 && isSingleOwnerChunk(source, rootHex)) {
    total.addresses.push(rootHex);
    return total;
  }
  visitManifestNode(rootHex, true);
  return total;
}

function isSingleOwnerChunk(source: ChunkSource, addressHex: string): boolean {
  const data = source(addressHex);
  return data !== undefined && verifyChunk(hexToBytes(addressHex), data).kind === 'soc';
}

function tryParseManifest(bytes: Uint8Array): MantarayNode | undefined {
  try {
    return parseNode(bytes);
  } catch {
    return undefined;
  }
}
