/**
 * Erasure-code recovery of a missing child chunk, as Bee's redundancy getter does: the parent's data
 * children (each zero-padded to 4104 bytes) and parity chunks are Reed-Solomon shards; any `data count`
 * of them rebuild the rest. The rebuilt shard is trimmed back to real chunk data (a leaf to its span,
 * an intermediate to its last non-zero reference), which has the same address because BMT zero-pads.
 * In an encrypted tree the shards are the stored (encrypted, always 4104-byte) chunks, fetched by the
 * address half of each data reference; the rebuilt child is then decrypted with its key half.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE, MAX_CHUNK_DATA_SIZE, SEGMENT_SIZE, SPAN_SIZE } from '../../core/swarm/chunk.js';
import { recoverDataShards } from '../../core/swarm/erasure.js';
import { decryptChunkData, ENCRYPTED_REFERENCE_SIZE } from '../../core/swarm/encryption.js';
import { decodeSpan } from '../../core/swarm/redundancy.js';
import type { ChunkSource } from './joiner.js';
import type { ChunkNode } from './tree-shape.js';

export function recoverFromParity(source: ChunkSource, parent: ChunkNode & { kind: 'intermediate' }, childIndex: number): Uint8Array | undefined {
  if (parent.parityRefs.length === 0) return undefined;
  const shards = [...parent.dataRefs, ...parent.parityRefs].map((ref) => {
    const data = source(bytesToHex(ref.subarray(0, SEGMENT_SIZE)));
    return data === undefined ? undefined : padded(data);
  });
  let rebuilt: Uint8Array[];
  try {
    rebuilt = recoverDataShards(shards, parent.dataRefs.length);
  } catch {
    return undefined; // fewer surviving shards than data shards: not recoverable
  }
  const shard = rebuilt[childIndex];
  if (shard === undefined) return undefined;
  const ref = parent.dataRefs[childIndex]!;
  if (ref.length !== ENCRYPTED_REFERENCE_SIZE) return trimmed(shard);
  try {
    return decryptChunkData(shard, ref.subarray(SEGMENT_SIZE));
  } catch {
    return undefined; // the rebuilt bytes do not decrypt under the reference's key
  }
}

function padded(data: Uint8Array): Uint8Array {
  if (data.length === MAX_CHUNK_DATA_SIZE) return data;
  const out = new Uint8Array(MAX_CHUNK_DATA_SIZE);
  out.set(data.subarray(0, MAX_CHUNK_DATA_SIZE));
  return out;
}

function trimmed(shard: Uint8Array): Uint8Array {
  const { size, level } = decodeSpan(shard.subarray(0, SPAN_SIZE));
  if (level === 0 && size <= BigInt(CHUNK_SIZE)) return shard.slice(0, SPAN_SIZE + Number(size));
  let end = shard.length;
  while (end - SEGMENT_SIZE >= SPAN_SIZE && shard.subarray(end - SEGMENT_SIZE, end).every((b) => b === 0)) end -= SEGMENT_SIZE;
  return shard.slice(0, end);
}
