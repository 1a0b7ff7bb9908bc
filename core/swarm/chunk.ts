/**
 * Content-addressed chunks (CAC): wire data is span (8 bytes, uint64 LE) followed by 0..4096 payload
 * bytes, and the address is keccak256(span ‖ bmtRoot(payload)). See bee-api.md §3.
 */
import type { Bmt } from './bmt.js';
import { fastBmt } from './fast-bmt.js';
import { bytesEqual, uint64LE } from './bytes.js';
import { InputError } from './input-error.js';

import { CHUNK_SIZE, SEGMENT_SIZE, SPAN_SIZE } from './chunk-sizes.js';

export { BRANCHES, CHUNK_SIZE, ENCRYPTED_BRANCHES, SEGMENT_SIZE, SPAN_SIZE } from './chunk-sizes.js';

/** Largest valid chunk on the wire: span plus a full payload. */
export const MAX_CHUNK_DATA_SIZE = SPAN_SIZE + CHUNK_SIZE;

export interface Chunk {
  address: Uint8Array;
  /** span (8 bytes, LE) followed by the payload, exactly as stored and sent to Bee's /chunks. */
  data: Uint8Array;
}

const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * What computes chunk addresses. Default: fast-bmt's engine (WebAssembly keccak, SIMD where available, the
 * portable BMT where WebAssembly is missing). Every engine gives the same address; tests pin that.
 */
export type ChunkAddresser = Pick<Bmt, 'chunkAddress'>;

/**
 * Builds a content chunk. `span` defaults to the payload length (a leaf); intermediate chunks of a
 * file tree pass the subtree size instead. `bmt` selects the hashing engine; every engine gives the
 * same address.
 */
export function makeContentChunk(payload: Uint8Array, span?: bigint, bmt?: ChunkAddresser): Chunk {
  if (!(payload instanceof Uint8Array) || payload.length > CHUNK_SIZE) {
    throw new InputError('chunk payload', describeBytes(payload), `at most ${CHUNK_SIZE} bytes`);
  }
  const spanValue = span ?? BigInt(payload.length);
  if (typeof spanValue !== 'bigint' || spanValue < 0n || spanValue > MAX_UINT64) {
    throw new InputError('chunk span', String(spanValue), 'an unsigned 64-bit integer');
  }
  const spanBytes = uint64LE(spanValue);
  const data = new Uint8Array(SPAN_SIZE + payload.length);
  data.set(spanBytes, 0);
  data.set(payload, SPAN_SIZE);
  const address = (bmt ?? fastBmt()).chunkAddress(spanBytes, payload);
  return { address, data };
}

/** The address of a leaf chunk (span = payload length) without building its wire data: hashing only. */
export function leafAddress(payload: Uint8Array): Uint8Array {
  if (!(payload instanceof Uint8Array) || payload.length > CHUNK_SIZE) {
    throw new InputError('chunk payload', describeBytes(payload), `at most ${CHUNK_SIZE} bytes`);
  }
  return fastBmt().chunkAddress(uint64LE(payload.length), payload);
}

/** Splits chunk wire data into span and payload (views into `data`, not copies). */
export function parseChunkData(data: Uint8Array): { span: Uint8Array; payload: Uint8Array } {
  if (!(data instanceof Uint8Array) || data.length < SPAN_SIZE || data.length > MAX_CHUNK_DATA_SIZE) {
    throw new InputError(
      'chunk data',
      describeBytes(data),
      `${SPAN_SIZE} to ${MAX_CHUNK_DATA_SIZE} bytes (8-byte span followed by at most ${CHUNK_SIZE} payload bytes)`,
    );
  }
  return { span: data.subarray(0, SPAN_SIZE), payload: data.subarray(SPAN_SIZE) };
}

/** The content address of chunk wire data (span ‖ payload); InputError when it is not 8 to 4104 bytes. */
export function contentAddressOf(data: Uint8Array): Uint8Array {
  const { span, payload } = parseChunkData(data);
  return fastBmt().chunkAddress(span, payload);
}

/** True when `data` is well-formed chunk data whose content address is `address` (32 bytes). */
export function isValidContentChunk(address: Uint8Array, data: Uint8Array): boolean {
  if (!(address instanceof Uint8Array) || address.length !== SEGMENT_SIZE) return false;
  if (!(data instanceof Uint8Array) || data.length < SPAN_SIZE || data.length > MAX_CHUNK_DATA_SIZE) return false;
  return bytesEqual(contentAddressOf(data), address);
}

function describeBytes(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : String(value);
}
