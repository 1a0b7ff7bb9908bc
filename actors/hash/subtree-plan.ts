/**
 * How a file is cut for parallel hashing: into runs of 128 leaves (512 KiB), each the complete subtree
 * under one level-1 intermediate chunk. Every run but the last is full, so each worker's result is the
 * reference a single-threaded writer would have produced at level 1 for that run; the last, partial run's
 * root is what that writer carries up to level 1 (a lone reference is carried unchanged). Appending the
 * results in order at level 1 therefore gives the same tree, byte for byte.
 */
import { BRANCHES, CHUNK_SIZE } from '../../core/swarm/chunk.js';

/** Height of a run's root: 1 = the run is one intermediate chunk's worth of leaves. */
export const SUBTREE_HEIGHT = 1;
export const SUBTREE_BYTES = CHUNK_SIZE * BRANCHES ** SUBTREE_HEIGHT;

export interface SubtreeTask {
  index: number;
  offset: number;
  length: number;
}

export function subtreeCount(fileSize: number): number {
  return Math.max(1, Math.ceil(fileSize / SUBTREE_BYTES));
}

/** The index-th run of a file of `fileSize` bytes. */
export function subtreeTask(fileSize: number, index: number): SubtreeTask {
  const offset = index * SUBTREE_BYTES;
  return { index, offset, length: Math.max(0, Math.min(SUBTREE_BYTES, fileSize - offset)) };
}
