/**
 * Root replicas on the devnet, as Bee v2.8.1 keeps them (core/swarm/replicas.ts has the scheme).
 *
 * Upload: every tree Bee's upload pipeline finishes at redundancy level > 0 also stores dispersed replicas
 * of its root chunk: the root of a /bytes upload or of each file of a /bzz upload, and each manifest node
 * (Bee saves every node through its own pipeline), including a feed manifest. They are stamped, counted on
 * the tag and pushed like the upload's other chunks.
 *
 * Download: Bee opens the root of a joiner through a replica getter (level: `swarm-redundancy-level`,
 * default 4, PARANOID), so when the root chunk itself cannot be retrieved, any of its replicas serves: the
 * wrapped chunk (span ‖ payload zero-padded to 4096 bytes) is read as the root; the tree reader
 * (tree-shape.ts) reads a leaf only up to its span, as Bee's joiner does. Chunks below the root are
 * never looked up as replicas, and GET /chunks never is.
 */
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import type { MantarayNode } from '../../core/swarm/mantaray.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { replicaSlots } from '../../core/swarm/replicas.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';
import { uintHeader, type HeaderSource } from './headers.js';
import type { ChunkSource } from './joiner.js';
import type { UploadSession } from './upload.js';

/** Stores the root replicas of every manifest node saved in this upload (nodes with loaded forks). */
export function addManifestReplicas(session: UploadSession, root: MantarayNode): void {
  const visit = (manifestNode: MantarayNode): void => {
    if (manifestNode.forks === undefined || !manifestNode.reference) return;
    for (const fork of manifestNode.forks.values()) visit(fork.node);
    session.addRootReplicas(bytesToHex(manifestNode.reference));
  };
  visit(root);
}

/** The level a download tries replicas at: `swarm-redundancy-level`, else Bee's default download level 4. */
export function downloadReplicaLevel(req: HeaderSource): RedundancyLevel {
  return (uintHeader(req, 'swarm-redundancy-level', 4) ?? 4) as RedundancyLevel;
}

/**
 * `source`, except that a root address (per `isRoot`) nobody can serve is read from the first of its
 * replicas that can be retrieved, as the wrapped chunk's data.
 */
export function withRootReplicas(source: ChunkSource, isRoot: (addressHex: string) => boolean, level: RedundancyLevel): ChunkSource {
  if (level === 0) return source;
  return (addressHex) => {
    const found = source(addressHex);
    if (found !== undefined || !isRoot(addressHex)) return found;
    const root = hexToBytes(addressHex);
    for (const slot of replicaSlots(root, level)) {
      const stored = source(bytesToHex(slot.address));
      if (stored === undefined) continue;
      try {
        const soc = parseSingleOwnerChunk(stored, slot.address);
        if (bytesToHex(soc.wrappedAddress) === addressHex) return soc.wrappedData;
      } catch {
        // not a valid replica of this root: try the next one
      }
    }
    return undefined;
  };
}

