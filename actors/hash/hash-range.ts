/**
 * Streams a byte range of an open file into a chunk tree with bounded memory: two read buffers of
 * 1 MiB, so the next read is already under way while the current block is hashed. A range hasher owns
 * its buffers and reuses them for every range (a worker hashes hundreds of ranges; fresh buffers each
 * time left hundreds of MiB of dead ArrayBuffers waiting for the garbage collector). Leaves are addressed
 * straight from the read buffer by the engine and handed to the writer as height-0 subtrees, so no
 * per-leaf chunk copy is made (the garbage of those copies is what drove peak RSS up under load).
 */
import type { FileHandle } from 'node:fs/promises';
import { uint64LE } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE, type ChunkAddresser } from '../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';

export const READ_BLOCK_BYTES = 1 << 20;

export interface RangeHash {
  reference: Uint8Array;
  span: bigint;
}

const FULL_LEAF_SPAN = uint64LE(BigInt(CHUNK_SIZE));

/** Fills `buffer` from `position` up to `wanted` bytes; fewer only at end of file. */
async function readFully(file: FileHandle, buffer: Uint8Array, wanted: number, position: number): Promise<Uint8Array> {
  let filled = 0;
  while (filled < wanted) {
    const { bytesRead } = await file.read(buffer, filled, wanted - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * Reads [offset, offset + length) in order, in blocks of whole leaves (all but the last block are
 * 1 MiB). Fails when the file turns out shorter than that.
 */
async function* readBlocks(file: FileHandle, offset: number, length: number, buffers: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  const end = offset + length;
  let position = offset;
  let turn = 0;
  const readAt = (at: number) => readFully(file, buffers[turn]!, Math.min(READ_BLOCK_BYTES, end - at), at);
  let pending = position < end ? readAt(position) : undefined;
  while (pending) {
    const block = await pending;
    const expected = Math.min(READ_BLOCK_BYTES, end - position);
    if (block.length < expected) throw new ShortFileError(`file ended at byte ${position + block.length}, expected ${end} bytes (changed while hashing?)`);
    position += block.length;
    turn ^= 1;
    pending = position < end ? readAt(position) : undefined;
    yield block;
  }
}

/** The file ended before the range did: it is shorter than its size said, or it shrank while hashing. */
export class ShortFileError extends Error {
  override name = 'ShortFileError';
}

export type RangeHasher = (file: FileHandle, offset: number, length: number) => Promise<RangeHash>;

/**
 * Hashes whatever reading `file` from its current position gives, to end of file: pipes, character devices
 * and pseudo files, whose size is unknown or wrong. Reads are sequential (no positions: a pipe has none) and
 * a leaf is addressed once it is full, so memory stays at one read block.
 */
export async function hashStream(file: FileHandle, bmt: ChunkAddresser, signal?: AbortSignal): Promise<RangeHash> {
  const writer = new ChunkTreeWriter({ bmt });
  const block = new Uint8Array(READ_BLOCK_BYTES);
  let filled = 0;
  const flushLeaves = (final: boolean) => {
    let at = 0;
    while (filled - at >= CHUNK_SIZE || (final && filled - at > 0)) {
      const leaf = block.subarray(at, Math.min(at + CHUNK_SIZE, filled));
      writer.appendSubtree(bmt.chunkAddress(leaf.length === CHUNK_SIZE ? FULL_LEAF_SPAN : uint64LE(BigInt(leaf.length)), leaf), BigInt(leaf.length), 0);
      at += leaf.length;
    }
    block.copyWithin(0, at, filled);
    filled -= at;
  };
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await file.read(block, filled, block.length - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
    if (filled === block.length) flushLeaves(false);
  }
  flushLeaves(true);
  return writer.finish();
}

/**
 * Hashes whatever reading `file` gives, to end of file, into a tree erasure-coded at `level` (Bee's upload with
 * `swarm-redundancy-level: level`): the writer cuts the leaves, adds each intermediate chunk's parity chunks
 * and marks its span. Sequential, on this thread: parity needs every child chunk of a level in turn, so the
 * subtree plan of the parallel path does not apply. Memory: one read block and one open chunk per tree level.
 */
export async function hashStreamAtLevel(file: FileHandle, bmt: ChunkAddresser, level: RedundancyLevel, signal?: AbortSignal): Promise<RangeHash> {
  const writer = new ChunkTreeWriter({ bmt, redundancyLevel: level });
  const block = new Uint8Array(READ_BLOCK_BYTES);
  for (;;) {
    signal?.throwIfAborted();
    const { bytesRead } = await file.read(block, 0, block.length, null);
    if (bytesRead === 0) break;
    writer.write(block.subarray(0, bytesRead));
  }
  return writer.finish();
}

/**
 * Returns a function giving the chunk-tree root and span of a range, as if the range were a file of its
 * own. Calls must not overlap (they share the read buffers); the worker and hashFile run them in turn.
 */
export function createRangeHasher(bmt: ChunkAddresser): RangeHasher {
  const buffers = [new Uint8Array(READ_BLOCK_BYTES), new Uint8Array(READ_BLOCK_BYTES)];
  return async (file, offset, length) => {
    const writer = new ChunkTreeWriter({ bmt });
    for await (const block of readBlocks(file, offset, length, buffers)) {
      for (let at = 0; at < block.length; at += CHUNK_SIZE) {
        const leaf = block.subarray(at, Math.min(at + CHUNK_SIZE, block.length));
        const span = leaf.length === CHUNK_SIZE ? FULL_LEAF_SPAN : uint64LE(BigInt(leaf.length));
        writer.appendSubtree(bmt.chunkAddress(span, leaf), BigInt(leaf.length), 0);
      }
    }
    return writer.finish();
  };
}
