/**
 * A chunk's 8-byte span with Bee's redundancy level in its top byte, and the signed Content-Length Bee prints it
 * as. No hashing here: the node client reads spans without loading the BMT (re-exported by redundancy.ts).
 */
import { uint64LE } from './bytes.js';
import { SPAN_SIZE } from './chunk-sizes.js';
import { InputError } from './input-error.js';
import type { RedundancyLevel } from './redundancy.js';

export const LEVEL_FLAG = 0x80;

/** Reads a span: a top byte above 128 carries the level (Bee's IsLevelEncoded), and is zeroed for the size. */
export function decodeSpan(span: Uint8Array): { size: bigint; level: RedundancyLevel } {
  if (!(span instanceof Uint8Array) || span.length !== SPAN_SIZE) {
    throw new InputError('span', span instanceof Uint8Array ? `${span.length} bytes` : String(span), '8 bytes');
  }
  const top = span[SPAN_SIZE - 1]!;
  let level = 0;
  if (top > LEVEL_FLAG) {
    level = top & 0x7f;
    if (level > 4) throw new InputError('span level byte', String(top), 'at most 132 (128 + PARANOID)');
  }
  const view = new DataView(span.buffer, span.byteOffset, SPAN_SIZE);
  const lower = BigInt(view.getUint32(0, true));
  const upper = BigInt(level > 0 ? view.getUint32(4, true) & 0x00ffffff : view.getUint32(4, true));
  return { size: (upper << 32n) | lower, level: level as RedundancyLevel };
}

const INT64_MIN = -(1n << 63n);
const UINT64_LIMIT = 1n << 64n;

/**
 * Reads the Content-Length that Bee v2.8.1 answers to HEAD /bytes/{ref}: the root chunk's span printed as a
 * *signed* 64-bit integer (pkg/api/bytes.go). For a root written at redundancy level > 0 the span's top byte
 * is 128 + level, so the header is negative: -9151314442815847840 is 1,000,032 bytes at level 1. Accepts that,
 * a plain size, and the same span printed unsigned; undefined for anything that is not a 64-bit integer.
 */
export function decodeSpanHeader(text: string): { size: bigint; level: RedundancyLevel } | undefined {
  const trimmed = text.trim();
  if (!/^-?\d{1,20}$/.test(trimmed)) return undefined;
  const value = BigInt(trimmed);
  if (value < INT64_MIN || value >= UINT64_LIMIT) return undefined;
  const unsigned = value < 0n ? value + UINT64_LIMIT : value;
  try {
    return decodeSpan(uint64LE(unsigned));
  } catch {
    return undefined; // a level byte above 132: not a span Bee writes
  }
}
