/**
 * Swarm CIDs (bee-api.md §7): CIDv1 bytes 0x01 ‖ codec varint (swarm-manifest 0xfa 0x01,
 * swarm-feed 0xfb 0x01) ‖ multihash keccak-256 (0x1b 0x20) ‖ 32-byte reference, written as
 * multibase base32 (RFC 4648, lowercase, unpadded, prefix 'b'). Encrypted references have no CID form.
 */
import { bytesToHex, concatBytes } from './bytes.js';
import { InputError } from './input-error.js';

export type CidType = 'manifest' | 'feed';

const SWARM_MANIFEST_CODEC = 0xfa;
const SWARM_FEED_CODEC = 0xfb;
const KECCAK_256_MULTIHASH = 0x1b;
const CID_HEADER_SIZE = 5;
const CID_BYTES = CID_HEADER_SIZE + 32;
const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const CID_EXPECTATION = "a Swarm CID: multibase 'b' + base32 of 0x01, codec fa01 (manifest) or fb01 (feed), 1b20, 32-byte reference";

export function encodeCid(reference32: Uint8Array, type: CidType): string {
  if (!(reference32 instanceof Uint8Array) || reference32.length !== 32) {
    const found = reference32 instanceof Uint8Array ? `${reference32.length} bytes` : typeof reference32;
    throw new InputError('CID reference', found, '32 bytes (encrypted 64-byte references have no CID form)');
  }
  if (type !== 'manifest' && type !== 'feed') throw new InputError('CID type', String(type), "'manifest' or 'feed'");
  const codec = type === 'feed' ? SWARM_FEED_CODEC : SWARM_MANIFEST_CODEC;
  // The codec is > 0x7f, so its unsigned varint is two bytes: low 7 bits with the continuation bit, then 0x01.
  const header = Uint8Array.of(0x01, codec, 0x01, KECCAK_256_MULTIHASH, 32);
  return `b${base32Encode(concatBytes(header, reference32))}`;
}

export function decodeCid(text: string): { reference: string; type: CidType } {
  if (typeof text !== 'string') throw new InputError('CID', String(text), CID_EXPECTATION);
  const trimmed = text.trim();
  // 'b' is lowercase base32, 'B' its uppercase twin; both are the same multibase code family.
  const body = trimmed.startsWith('b') ? trimmed.slice(1) : trimmed.startsWith('B') ? trimmed.slice(1).toLowerCase() : undefined;
  if (body === undefined) throw new InputError('CID', text, `${CID_EXPECTATION}; found no 'b' multibase prefix`);
  const bytes = base32Decode(body);
  if (typeof bytes === 'string') throw new InputError('CID', text, `${CID_EXPECTATION}; ${bytes}`);
  if (bytes.length !== CID_BYTES) throw new InputError('CID', text, `${CID_EXPECTATION}; found ${bytes.length} bytes, expected ${CID_BYTES}`);
  if (bytes[0] !== 0x01) throw new InputError('CID', text, `${CID_EXPECTATION}; found CID version byte ${bytes[0]}`);
  const type = bytes[2] !== 0x01 ? undefined : bytes[1] === SWARM_MANIFEST_CODEC ? 'manifest' : bytes[1] === SWARM_FEED_CODEC ? 'feed' : undefined;
  if (type === undefined) {
    throw new InputError('CID', text, `${CID_EXPECTATION}; found codec bytes ${bytesToHex(bytes.subarray(1, 3))}`);
  }
  if (bytes[3] !== KECCAK_256_MULTIHASH || bytes[4] !== 32) {
    throw new InputError('CID', text, `${CID_EXPECTATION}; found multihash header ${bytesToHex(bytes.subarray(3, 5))}`);
  }
  return { reference: bytesToHex(bytes.subarray(CID_HEADER_SIZE)), type };
}

/** RFC 4648 base32, lowercase, without '=' padding. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff; // at most 4 leftover bits + 8 new ones
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Strict inverse of base32Encode. Returns the bytes, or a sentence saying what is wrong: a character
 * outside the alphabet, a length no byte string encodes to, or non-zero padding bits (a second
 * spelling of the same bytes, which multiformats also refuses).
 */
export function base32Decode(text: string): Uint8Array | string {
  const remainder = text.length % 8;
  if (remainder === 1 || remainder === 3 || remainder === 6) return `found ${text.length} base32 characters, a length no byte string encodes to`;
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (let i = 0; i < text.length; i++) {
    const value = BASE32_ALPHABET.indexOf(text[i]!);
    if (value < 0) return `found non-base32 character ${JSON.stringify(text[i])} at position ${i + 1}`;
    buffer = ((buffer << 5) | value) & 0x1fff; // at most 7 leftover bits + 5 new ones
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[written++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return 'found non-zero padding bits at the end';
  return out;
}
