/**
 * Bee's chunk encryption (Bee v2.8.1 pkg/encryption, pkg/encryption/store; bee-api.md §3 "Encryption").
 *
 * Cipher: a keccak-based counter mode over 32-byte segments. Segment i of a stream is XORed with
 * keccak256(keccak256(key ‖ uint32LE(initCounter + i))); the second hash lets a segment key be disclosed
 * without revealing the chunk key. A chunk is encrypted as two streams under the same 32-byte key:
 * - the 8-byte span with initCounter 128 (ChunkSize / KeyLength). Bee before "fix(seg65)" used 64, which
 *   reused data segment 64's keystream; v2.8.1 uses 128, past the data's 128 segments;
 * - the payload with initCounter 0, padded to 4096 bytes. Bee fills the bytes past the payload with
 *   random bytes *after* encryption, so stored chunks are always 8 + 4096 bytes and leak no length.
 * The stored chunk is encryptedSpan ‖ encryptedPaddedPayload; its address is the ordinary BMT address of
 * those bytes, and the reference handed out is address ‖ key (64 bytes, 128 hex).
 *
 * Decryption cannot see where the payload ended, so Bee derives it from the decrypted span: a span up to
 * 4096 is a leaf's length; a larger one is an intermediate chunk, whose payload is its data references
 * (64 bytes each: address ‖ key) plus its parity references (32 bytes each, parity chunks are not
 * encrypted), counted from the span and the redundancy level in its top byte (`referenceCount`).
 *
 * Pure: keys and padding come from the caller, so core stays deterministic and tests can fix them.
 */
import { CHUNK_SIZE, MAX_CHUNK_DATA_SIZE, SEGMENT_SIZE, SPAN_SIZE } from './chunk.js';
import { bytesToHex } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';
import { decodeSpan, referenceCount } from './redundancy.js';

export const ENCRYPTION_KEY_SIZE = 32;
/** An encrypted reference: chunk address (32) ‖ decryption key (32). */
export const ENCRYPTED_REFERENCE_SIZE = 64;
/** Counter the span's keystream starts at (Bee v2.8.1: ChunkSize / KeyLength). */
export const SPAN_INIT_COUNTER = CHUNK_SIZE / ENCRYPTION_KEY_SIZE;
/** Counter the payload's keystream starts at. */
export const DATA_INIT_COUNTER = 0;

/** Supplies `length` bytes (random in production, fixed in tests). */
export type RandomBytes = (length: number) => Uint8Array;

function assertKey(key: Uint8Array): void {
  if (!(key instanceof Uint8Array) || key.length !== ENCRYPTION_KEY_SIZE) {
    throw new InputError('encryption key', key instanceof Uint8Array ? `${key.length} bytes` : String(key), `${ENCRYPTION_KEY_SIZE} bytes`);
  }
}

/** The 32-byte keystream of segment `counter`: keccak256(keccak256(key ‖ uint32LE(counter))). */
export function segmentKey(key: Uint8Array, counter: number): Uint8Array {
  assertKey(key);
  const counterBytes = new Uint8Array(4);
  new DataView(counterBytes.buffer).setUint32(0, counter >>> 0, true);
  return keccak256(keccak256(key, counterBytes));
}

/**
 * XORs `input` with the keystream starting at `initCounter` (encryption and decryption are the same
 * operation). A final partial segment uses the first bytes of its segment key.
 */
export function transcrypt(input: Uint8Array, key: Uint8Array, initCounter: number): Uint8Array {
  assertKey(key);
  const out = new Uint8Array(input.length);
  for (let offset = 0, i = 0; offset < input.length; offset += SEGMENT_SIZE, i++) {
    const stream = segmentKey(key, initCounter + i);
    const end = Math.min(offset + SEGMENT_SIZE, input.length);
    for (let j = offset; j < end; j++) out[j] = input[j]! ^ stream[j - offset]!;
  }
  return out;
}

/**
 * Encrypts one chunk as Bee's ChunkEncrypter does. `span` is the plain 8-byte span (with the redundancy
 * level byte if any); `payload` at most 4096 bytes. Returns the 4104 bytes to store.
 * `padding` fills the ciphertext past the payload (Bee: random bytes). Without it the zero-padded
 * plaintext is encrypted instead, which looks just as random to anyone without the key and keeps the
 * result a function of its inputs.
 */
export function encryptChunk(span: Uint8Array, payload: Uint8Array, key: Uint8Array, padding?: RandomBytes): { data: Uint8Array } {
  assertKey(key);
  if (!(span instanceof Uint8Array) || span.length !== SPAN_SIZE) {
    throw new InputError('chunk span', span instanceof Uint8Array ? `${span.length} bytes` : String(span), `${SPAN_SIZE} bytes`);
  }
  if (!(payload instanceof Uint8Array) || payload.length > CHUNK_SIZE) {
    throw new InputError('chunk payload', payload instanceof Uint8Array ? `${payload.length} bytes` : String(payload), `at most ${CHUNK_SIZE} bytes`);
  }
  const data = new Uint8Array(MAX_CHUNK_DATA_SIZE);
  data.set(transcrypt(span, key, SPAN_INIT_COUNTER), 0);
  if (padding === undefined) {
    const padded = new Uint8Array(CHUNK_SIZE);
    padded.set(payload);
    data.set(transcrypt(padded, key, DATA_INIT_COUNTER), SPAN_SIZE);
  } else {
    data.set(transcrypt(payload, key, DATA_INIT_COUNTER), SPAN_SIZE);
    const fill = padding(CHUNK_SIZE - payload.length);
    if (!(fill instanceof Uint8Array) || fill.length !== CHUNK_SIZE - payload.length) {
      throw new InputError('encryption padding', fill instanceof Uint8Array ? `${fill.length} bytes` : String(fill), `${CHUNK_SIZE - payload.length} bytes`);
    }
    data.set(fill, SPAN_SIZE + payload.length);
  }
  return { data };
}

/**
 * Payload length Bee's decrypting store keeps for a decrypted span: the span itself for a leaf; for an
 * intermediate chunk 64 bytes per data reference plus 32 per parity reference.
 */
export function decryptedPayloadLength(span: Uint8Array): number {
  const { size, level } = decodeSpan(span);
  if (size <= BigInt(CHUNK_SIZE)) return Number(size);
  const { data, parity } = referenceCount(size, level, true);
  return data * ENCRYPTED_REFERENCE_SIZE + parity * SEGMENT_SIZE;
}

/**
 * Decrypts stored chunk data (exactly 8 + 4096 bytes) and cuts the padding off by the decrypted span.
 * The cipher has no integrity check: a wrong key yields a random span, rejected with InputError only
 * when its top byte is no valid level marker (about half the time); otherwise, as in Bee, the result is
 * garbage whose child references point at chunks that do not exist.
 */
export function decryptChunk(data: Uint8Array, key: Uint8Array): { span: Uint8Array; payload: Uint8Array } {
  assertKey(key);
  if (!(data instanceof Uint8Array) || data.length !== MAX_CHUNK_DATA_SIZE) {
    throw new InputError(
      'encrypted chunk data',
      data instanceof Uint8Array ? `${data.length} bytes` : String(data),
      `${MAX_CHUNK_DATA_SIZE} bytes (encrypted span and payload padded to ${CHUNK_SIZE})`,
    );
  }
  const span = transcrypt(data.subarray(0, SPAN_SIZE), key, SPAN_INIT_COUNTER);
  let length: number;
  try {
    length = decryptedPayloadLength(span);
  } catch (error) {
    if (error instanceof InputError) throw new InputError('decrypted span', bytesToHex(span), 'a valid span (wrong decryption key?)');
    throw error;
  }
  if (length > CHUNK_SIZE) {
    throw new InputError('decrypted span', bytesToHex(span), `a span implying at most ${CHUNK_SIZE} payload bytes (wrong decryption key?)`);
  }
  const payload = transcrypt(data.subarray(SPAN_SIZE, SPAN_SIZE + length), key, DATA_INIT_COUNTER);
  return { span, payload };
}

/** Decrypted chunk as plain chunk data (span ‖ payload), what Bee's decrypting getter hands its joiner. */
export function decryptChunkData(data: Uint8Array, key: Uint8Array): Uint8Array {
  const { span, payload } = decryptChunk(data, key);
  const out = new Uint8Array(SPAN_SIZE + payload.length);
  out.set(span);
  out.set(payload, SPAN_SIZE);
  return out;
}

/** Splits a 64-byte encrypted reference into its chunk address and decryption key (copies). */
export function splitEncryptedReference(reference: Uint8Array): { address: Uint8Array; key: Uint8Array } {
  if (!(reference instanceof Uint8Array) || reference.length !== ENCRYPTED_REFERENCE_SIZE) {
    throw new InputError('encrypted reference', reference instanceof Uint8Array ? bytesToHex(reference) : String(reference), `${ENCRYPTED_REFERENCE_SIZE} bytes (address ‖ key)`);
  }
  return { address: reference.slice(0, SEGMENT_SIZE), key: reference.slice(SEGMENT_SIZE) };
}
