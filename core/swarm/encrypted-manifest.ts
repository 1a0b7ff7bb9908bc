/**
 * Saving a mantaray manifest the way Bee v2.8.1 does for `swarm-encrypt: true` uploads
 * (pkg/manifest/mantaray.go NewMantarayManifest(ls, encrypted=true), mantaray/marshal.go):
 * - Bee sets the all-zero obfuscation key only for unencrypted manifests; an encrypted trie's nodes have
 *   none, so each node draws its own random 32-byte key when it is marshalled. Here an all-zero key
 *   stands for "none yet" and is replaced by `randomKey()`; a node that already has a key keeps it.
 * - Every node's bytes are stored through the encrypting pipeline (encrypted-chunk-tree.ts), so fork
 *   references and the returned root reference are 64 bytes (address ‖ key), and refBytesSize is 64
 *   wherever entries are encrypted references.
 * Pure like manifest-hash.ts: chunks go to `onChunk`, randomness is injected.
 */
import type { Chunk } from './chunk.js';
import { EncryptedChunkTreeWriter, type EncryptedChunkTreeOptions } from './encrypted-chunk-tree.js';
import { serializeNode, type ManifestDialect, type MantarayNode } from './mantaray.js';

export interface SaveEncryptedManifestOptions extends Omit<EncryptedChunkTreeOptions, 'onChunk'> {
  dialect?: ManifestDialect;
  /** Receives every stored chunk of every node, children before parents, the root node's root chunk last. */
  onChunk?: (chunk: Chunk) => void;
}

/** Serializes and stores every loaded node bottom-up, records each 64-byte `reference`, returns the root's. */
export function saveEncryptedManifest(root: MantarayNode, options: SaveEncryptedManifestOptions): Uint8Array {
  return saveNode(root, new Uint8Array(0), options);
}

function saveNode(node: MantarayNode, prefix: Uint8Array, options: SaveEncryptedManifestOptions): Uint8Array {
  if (node.forks === undefined) {
    if (!node.reference) throw new Error('mantaray node is neither loaded nor referenced');
    return node.reference;
  }
  for (const fork of node.forks.values()) saveNode(fork.node, fork.prefix, options);
  if (node.obfuscationKey.every((b) => b === 0)) node.obfuscationKey = Uint8Array.from(options.randomKey());
  const bytes = serializeNode(node, { dialect: options.dialect ?? 'bee', prefix });
  const { dialect: _dialect, ...treeOptions } = options;
  const writer = new EncryptedChunkTreeWriter(treeOptions);
  writer.write(bytes);
  node.reference = writer.finish().reference;
  return node.reference;
}
