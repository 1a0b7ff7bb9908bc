/**
 * Streams a byte range of an open file through a ChunkTreeWriter with bounded memory: two read buffers
 * of 1 MiB, so the next read is already under way while the current block is hashed.
 */
import type { FileHandle } from 'node:fs/promises';
import type { ChunkAddresser } from '../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../core/swarm/chunk-tree.js';

export const READ_BLOCK_BYTES = 1 << 20;

export interface RangeHash {
  reference: Uint8Array;
  span: bigint;
}

/** Reads [offset, offset + length) in order. Fails when the file turns out shorter than that. */
async function* readBlocks(file: FileHandle, offset: number, length: number): AsyncGenerator<Uint8Array> {
  const buffers = [new Uint8Array(READ_BLOCK_BYTES), new Uint8Array(READ_BLOCK_BYTES)];
  let position = offset;
  const end = offset + length;
  let turn = 0;
  const readInto = (buffer: Uint8Array, at: number) =>
    file.read(buffer, 0, Math.min(buffer.length, end - at), at).then(({ bytesRead }) => buffer.subarray(0, bytesRead));
  let pending = position < end ? readInto(buffers[0]!, position) : undefined;
  while (pending) {
    const block = await pending;
    if (block.length === 0) throw new Error(`file ended at byte ${position}, expected ${end} bytes (changed while hashing?)`);
    position += block.length;
    turn ^= 1;
    pending = position < end ? readInto(buffers[turn]!, position) : undefined;
    yield block;
  }
}

/** Chunk-tree root and span of the range, as if the range were a file of its own. */
export async function hashFileRange(file: FileHandle, offset: number, length: number, bmt: ChunkAddresser): Promise<RangeHash> {
  const writer = new ChunkTreeWriter({ bmt });
  for await (const block of readBlocks(file, offset, length)) writer.write(block);
  return writer.finish();
}
