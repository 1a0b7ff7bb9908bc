/**
 * The shape of one chunk of a file tree: a leaf (its payload is content) or an intermediate chunk (its
 * payload is child references). Redundancy-encoded intermediate chunks carry 128 + level in the span's
 * top byte, data references first and parity references after them (core/swarm/redundancy.ts); each data
 * child covers `childCapacity` bytes of content except possibly the last. In an encrypted tree (read
 * decrypted, see joiner.ts) data references are 64 bytes (address ‖ key) and parity references 32.
 */
import { CHUNK_SIZE, SPAN_SIZE } from '../../core/swarm/chunk.js';
import { InputError } from '../../core/swarm/input-error.js';
import { decodeSpan, maxDataShards, splitIntermediateRefs } from '../../core/swarm/redundancy.js';

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

export function describeChunk(data: Uint8Array, encrypted = false): ChunkNode {
  if (data.length < SPAN_SIZE || data.length > SPAN_SIZE + CHUNK_SIZE) {
    throw new InputError('tree chunk', `${data.length} bytes`, 'an 8-byte span followed by at most 4096 bytes');
  }
  const spanBytes = data.subarray(0, SPAN_SIZE);
  const { size, level } = decodeSpan(spanBytes);
  const payload = data.subarray(SPAN_SIZE);
  if (level === 0 && size <= BigInt(CHUNK_SIZE)) {
    // Longer than the span only with zero padding (a root read from a replica wraps it padded to 4096 bytes),
    // which Bee's joiner ignores: it reads a leaf up to its span.
    const padding = payload.subarray(Number(size));
    if (BigInt(payload.length) < size || padding.some((b) => b !== 0)) {
      throw new InputError('leaf chunk', `span ${size}, payload ${payload.length}`, 'payload length equal to the span (or zero padding after it)');
    }
    return { kind: 'leaf', span: size, payload: payload.subarray(0, Number(size)) };
  }
  const refs = splitIntermediateRefs(payload, spanBytes, encrypted);
  const branching = BigInt(maxDataShards(level, encrypted));
  let childCapacity = BigInt(CHUNK_SIZE);
  while (childCapacity * branching < size) childCapacity *= branching;
  const expected = Number((size + childCapacity - 1n) / childCapacity);
  if (refs.data.length !== expected) {
    throw new InputError('intermediate chunk', `${refs.data.length} data references for ${size} bytes`, `${expected} data references`);
  }
  return { kind: 'intermediate', span: size, level, dataRefs: refs.data, parityRefs: refs.parity, childCapacity: Number(childCapacity) };
}
