/**
 * The shape of one chunk of a file tree: a leaf (its payload is content) or an intermediate chunk (its
 * payload is child references). For redundancy-encoded trees Bee marks intermediate chunks that carry
 * parity by setting the span's top byte to 128 + level; the data references come first, then the parities,
 * and each child covers `childCapacity` bytes of content except possibly the last.
 */
import { readUint64LE } from '../../core/swarm/bytes.js';
import { CHUNK_SIZE, SEGMENT_SIZE, SPAN_SIZE, BRANCHES } from '../../core/swarm/chunk.js';
import { InputError } from '../../core/swarm/input-error.js';
import { parityCount, maxDataShards } from './redundancy-table.js';

export type ChunkNode =
  | { kind: 'leaf'; span: bigint; payload: Uint8Array }
  | {
      kind: 'intermediate';
      span: bigint;
      level: number;
      dataRefs: Uint8Array[];
      parityRefs: Uint8Array[];
      /** Content bytes under each data child (all but the last child are full). */
      childCapacity: number;
    };

/** Decodes span and redundancy level: the top span byte is 128 + level when parities follow the data refs. */
export function decodeSpanLevel(spanBytes: Uint8Array): { span: bigint; level: number } {
  const marker = spanBytes[SPAN_SIZE - 1]!;
  if (marker < 128) return { span: readUint64LE(spanBytes), level: 0 };
  const cleared = spanBytes.slice(0, SPAN_SIZE);
  cleared[SPAN_SIZE - 1] = 0;
  return { span: readUint64LE(cleared), level: marker - 128 };
}

export function describeChunk(data: Uint8Array): ChunkNode {
  if (data.length < SPAN_SIZE || data.length > SPAN_SIZE + CHUNK_SIZE) {
    throw new InputError('tree chunk', `${data.length} bytes`, 'an 8-byte span followed by at most 4096 bytes');
  }
  const { span, level } = decodeSpanLevel(data.subarray(0, SPAN_SIZE));
  const payload = data.subarray(SPAN_SIZE);
  if (span <= BigInt(CHUNK_SIZE) && level === 0) {
    if (BigInt(payload.length) !== span) throw new InputError('leaf chunk', `span ${span}, payload ${payload.length}`, 'payload length equal to the span');
    return { kind: 'leaf', span, payload };
  }
  if (payload.length % SEGMENT_SIZE !== 0 || payload.length === 0) {
    throw new InputError('intermediate chunk', `${payload.length} payload bytes`, 'a whole number of 32-byte references');
  }
  const branching = level === 0 ? BRANCHES : maxDataShards(level);
  let childCapacity = CHUNK_SIZE;
  while (BigInt(childCapacity) * BigInt(branching) < span) childCapacity *= branching;
  const dataCount = Number((span + BigInt(childCapacity) - 1n) / BigInt(childCapacity));
  const parities = level === 0 ? 0 : parityCount(level, dataCount);
  if ((dataCount + parities) * SEGMENT_SIZE !== payload.length) {
    throw new InputError('intermediate chunk', `${payload.length / SEGMENT_SIZE} references for span ${span} at level ${level}`, `${dataCount} data and ${parities} parity references`);
  }
  const refs: Uint8Array[] = [];
  for (let i = 0; i < dataCount + parities; i++) refs.push(payload.subarray(i * SEGMENT_SIZE, (i + 1) * SEGMENT_SIZE));
  return { kind: 'intermediate', span, level, dataRefs: refs.slice(0, dataCount), parityRefs: refs.slice(dataCount), childCapacity };
}
