/**
 * The metadata field of a mantaray fork as Bee's Go marshaller writes it ('bee': encoding/json, sorted keys,
 * HTML-safe escapes) or as bee-js 12.1.0 does ('bee-js': JSON.stringify in insertion order), with each
 * dialect's newline padding. Pure; used by mantaray.ts's serializer.
 */
import { utf8Encode } from './bytes.js';
import type { ManifestDialect } from './mantaray.js';

/** String.prototype.isWellFormed (ES2024) where it exists; else every string takes the replacing path. */
const isWellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as string & { isWellFormed(): boolean }).isWellFormed()
    : () => false;

/** The metadata field: uint16 BE length, then JSON padded with newlines per the dialect's rule. */
export function encodeMetadataField(metadata: Record<string, string>, dialect: ManifestDialect = 'bee'): Uint8Array {
  const json = utf8Encode(dialect === 'bee' ? goJsonStringify(metadata) : JSON.stringify(metadata));
  const withLength = json.length + 2;
  let padding = 0;
  if (withLength < 32) padding = 32 - withLength;
  else if (dialect === 'bee' && withLength > 32) padding = 32 - (withLength % 32); // 32 when already a multiple
  else if (withLength % 32 !== 0) padding = 32 - (withLength % 32);
  const size = json.length + padding;
  if (size > 0xffff) throw new RangeError(`mantaray metadata too large: ${size} bytes`);
  const out = new Uint8Array(2 + size).fill(0x0a);
  out[0] = size >> 8;
  out[1] = size & 0xff;
  out.set(json, 2);
  return out;
}

/** encoding/json's Marshal of map[string]string: keys in byte order, and <, >, &, U+2028/9 escaped. */
export function goJsonStringify(metadata: Record<string, string>): string {
  const keys = Object.keys(metadata).sort(compareUtf8);
  const members = keys.map((k) => `${goJsonString(k)}:${goJsonString(metadata[k]!)}`);
  return `{${members.join(',')}}`;
}

function goJsonString(value: string): string {
  // Lone surrogates cannot reach Go as text; they arrive as U+FFFD, which Go writes raw.
  const wellFormed = isWellFormed(value) ? value : value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return JSON.stringify(wellFormed).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Byte order of the UTF-8 encodings, without encoding in the common case: below U+D800 code unit order is code
 * point order is UTF-8 byte order, so only a difference at or after a surrogate (or above it) needs the bytes.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return x < 0xd800 && y < 0xd800 ? x - y : compareEncoded(a, b);
  }
  // A shared prefix ending in a high surrogate may pair up in the longer string only.
  const last = n > 0 ? a.charCodeAt(n - 1) : 0;
  return last >= 0xd800 && last < 0xdc00 ? compareEncoded(a, b) : a.length - b.length;
}

function compareEncoded(a: string, b: string): number {
  const x = utf8Encode(a);
  const y = utf8Encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
