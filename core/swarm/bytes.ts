/**
 * Byte and hex helpers shared by every Swarm primitive. Pure: no I/O.
 * Hex on the wire is lowercase without `0x` (Bee's convention); parsers accept an optional `0x`.
 */

const HEX_ALPHABET = '0123456789abcdef';
const HEX_LOOKUP: string[] = Array.from({ length: 256 }, (_, i) => HEX_ALPHABET[i >> 4]! + HEX_ALPHABET[i & 15]!);

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX_LOOKUP[bytes[i]!];
  return out;
}

/** Strict hex decoding: even length, [0-9a-fA-F] only. Throws a plain Error; callers wrap it with context. */
export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (clean.length % 2 !== 0) throw new Error(`odd number of hex characters (${clean.length})`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexNibble(clean.charCodeAt(i * 2));
    const lo = hexNibble(clean.charCodeAt(i * 2 + 1));
    if (hi < 0 || lo < 0) throw new Error(`not a hex character at position ${i * 2 + (hi < 0 ? 0 : 1)}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

function hexNibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

export function isHex(value: string, length?: number): boolean {
  const re = /^[0-9a-fA-F]*$/;
  return re.test(value) && (length === undefined || value.length === length);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// One encoder and one decoder for the module: neither keeps state between calls (decode is never streamed here).
const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
export const utf8Encode = (text: string): Uint8Array => ENCODER.encode(text);
export const utf8Decode = (bytes: Uint8Array): string => DECODER.decode(bytes);

/** uint64 as 8 bytes little-endian (the chunk span's encoding). */
export function uint64LE(value: number | bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value), true);
  return out;
}

/** uint64 as 8 bytes big-endian (feed index, stamp index/timestamp encoding). */
export function uint64BE(value: number | bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value), false);
  return out;
}

export function readUint64LE(bytes: Uint8Array, offset = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true);
}

export function readUint64BE(bytes: Uint8Array, offset = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, false);
}
