/**
 * Parsing of POST /pss/send/{topic}/{targets}?recipient= the way Bee's mapStructure does it (bee-api.md
 * §2.7): each comma-separated target is hex decoded by Go's hex.DecodeString (so odd lengths fail) and may
 * be at most 3 bytes; `recipient` is a secp256k1 public key in hex (compressed or not). Failures answer
 * 400 `invalid path params` / `invalid query params` with a reason naming the field, as Bee does.
 */
import { Point } from '@noble/secp256k1';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { invalidParams } from '../content/headers.js';
import { ParamError } from '../routes/params.js';

/** Bee's targetMaxLength: a longer prefix would make mining the trojan chunk too expensive. */
export const PSS_TARGET_MAX_BYTES = 3;

/** Go's hex.DecodeString, including which error it reports first (an invalid byte before an odd length). */
export function goHexDecode(text: string): { bytes: Uint8Array } | { error: string } {
  const value = (c: string): number => (/^[0-9a-fA-F]$/.test(c) ? Number.parseInt(c, 16) : -1);
  const bytes = new Uint8Array(text.length >> 1);
  let i = 0;
  for (; i + 1 < text.length; i += 2) {
    const high = value(text[i]!);
    if (high < 0) return { error: invalidByte(text[i]!) };
    const low = value(text[i + 1]!);
    if (low < 0) return { error: invalidByte(text[i + 1]!) };
    bytes[i >> 1] = (high << 4) | low;
  }
  if (text.length % 2 === 1) {
    const last = text[text.length - 1]!;
    return { error: value(last) < 0 ? invalidByte(last) : 'odd length hex string' };
  }
  return { bytes };
}

/** Bee's hexInvalidByteError text: Go's %#U of the offending character. */
function invalidByte(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `invalid hex byte: U+${code.toString(16).toUpperCase().padStart(4, '0')} '${char}'`;
}

/** The `{targets}` path segment: one to many hex prefixes of at most 3 bytes each. */
export function parsePssTargets(text: string): Uint8Array[] {
  return text.split(',').map((part) => {
    if (part === '') throw new ParamError(invalidParams('invalid path params', 'target', 'want required:'));
    const decoded = goHexDecode(part);
    if ('error' in decoded) throw new ParamError(invalidParams('invalid path params', 'target', decoded.error));
    if (decoded.bytes.length > PSS_TARGET_MAX_BYTES) {
      throw new ParamError(invalidParams('invalid path params', 'target', `want max:${PSS_TARGET_MAX_BYTES}`));
    }
    return decoded.bytes;
  });
}

/** The optional `recipient` query: a public key, returned as 66-hex compressed; undefined when absent or empty. */
export function parsePssRecipient(text: string | null): string | undefined {
  if (text === null || text === '') return undefined;
  const decoded = goHexDecode(text);
  if ('error' in decoded) throw new ParamError(invalidParams('invalid query params', 'recipient', decoded.error));
  try {
    return Point.fromBytes(decoded.bytes).toHex(true);
  } catch {
    throw new ParamError(invalidParams('invalid query params', 'recipient', 'malformed public key'));
  }
}

/** True when the overlay starts with the target bytes (a target is a neighbourhood prefix). */
export function overlayMatchesTarget(overlay: Uint8Array, target: Uint8Array): boolean {
  if (target.length > overlay.length) return false;
  for (let i = 0; i < target.length; i++) if (overlay[i] !== target[i]) return false;
  return true;
}

export function describeTargets(targets: readonly Uint8Array[]): string {
  return targets.map(bytesToHex).join(',');
}
