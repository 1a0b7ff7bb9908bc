/**
 * Parsers for the fixed-length hex identifiers an operator types or pastes: references, overlays,
 * batch IDs, account addresses and feed topics. Every one trims surrounding whitespace, accepts an
 * optional `0x`, and throws InputError saying what length was found and what was expected.
 */
import { bytesToHex, hexToBytes } from './bytes.js';
import { InputError } from './input-error.js';

export interface SwarmReference {
  /** lowercase, no 0x */
  hex: string;
  bytes: Uint8Array;
  encrypted: boolean;
  /** the chunk address: the first 32 bytes */
  address: Uint8Array;
  /** 32-byte decryption key, present only for 128-hex (encrypted) references */
  key?: Uint8Array;
}

/** A parsed fixed-length identifier in both forms. */
export interface HexValue {
  /** lowercase, no 0x */
  hex: string;
  bytes: Uint8Array;
}

export const REFERENCE_EXPECTATION = '64 or 128 hex characters (32-byte or encrypted 64-byte reference), optional 0x';

export function parseReference(input: string, what = 'reference'): SwarmReference {
  const clean = stripHexInput(input, what, REFERENCE_EXPECTATION);
  const problem = hexProblem(clean, [64, 128]);
  if (problem) throw new InputError(what, input, `${REFERENCE_EXPECTATION}; ${problem}`);
  return referenceFromBytes(hexToBytes(clean));
}

/** Wraps 32 or 64 raw bytes (e.g. read from a chunk) as a reference. */
export function referenceFromBytes(bytes: Uint8Array, what = 'reference'): SwarmReference {
  if (!(bytes instanceof Uint8Array) || (bytes.length !== 32 && bytes.length !== 64)) {
    const found = bytes instanceof Uint8Array ? `${bytes.length} bytes` : typeof bytes;
    throw new InputError(what, found, '32 or 64 bytes');
  }
  const copy = bytes.slice();
  const reference: SwarmReference = {
    hex: bytesToHex(copy),
    bytes: copy,
    encrypted: copy.length === 64,
    address: copy.subarray(0, 32),
  };
  if (copy.length === 64) reference.key = copy.subarray(32);
  return reference;
}

/** Overlay address of a node: 32 bytes, the same space as chunk addresses. */
export function parseOverlay(input: string, what = 'overlay'): HexValue {
  return parseFixedHex(input, what, 32, 'overlay address');
}

export function parseBatchId(input: string, what = 'batch ID'): HexValue {
  return parseFixedHex(input, what, 32, 'postage batch ID');
}

/** Ethereum account address (feed owner, node wallet). EIP-55 mixed case is accepted, not verified. */
export function parseEthAddress(input: string, what = 'Ethereum address'): HexValue {
  return parseFixedHex(input, what, 20, 'account address');
}

/** Feed topic as hex. Turning a free-text topic into bytes is feeds.ts `topicFromString`. */
export function parseTopic(input: string, what = 'topic'): HexValue {
  return parseFixedHex(input, what, 32, 'topic');
}

/** Shared by every fixed-length parser here and by parse-input.ts. */
export function parseFixedHex(input: string, what: string, byteLength: number, noun: string): HexValue {
  const expected = `${byteLength * 2} hex characters (${byteLength}-byte ${noun}), optional 0x`;
  const clean = stripHexInput(input, what, expected);
  const problem = hexProblem(clean, [byteLength * 2]);
  if (problem) throw new InputError(what, input, `${expected}; ${problem}`);
  return { hex: clean.toLowerCase(), bytes: hexToBytes(clean) };
}

/** Trims whitespace and one `0x`/`0X`; rejects non-strings (a JSON body may hand us a number). */
function stripHexInput(input: unknown, what: string, expected: string): string {
  if (typeof input !== 'string') throw new InputError(what, String(input), expected);
  const trimmed = input.trim();
  return trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
}

/**
 * Why `clean` (already trimmed, without 0x) is not hex of one of `lengths`: "found N characters" for a
 * wrong length, else the first non-hex character and its position; undefined when it is fine.
 */
export function hexProblem(clean: string, lengths: readonly number[]): string | undefined {
  const nonHex = /[^0-9a-fA-F]/.exec(clean);
  if (!lengths.includes(clean.length)) {
    return `found ${clean.length} character${clean.length === 1 ? '' : 's'}${nonHex ? ', not all hex' : ''}`;
  }
  return nonHex ? `found non-hex character ${JSON.stringify(nonHex[0])} at position ${nonHex.index}` : undefined;
}
