/**
 * secp256k1 signing the way Bee (`pkg/crypto/signer.go`) and bee-js (`PrivateKey.sign`) do it:
 * the 32-byte value to sign gets the Ethereum personal-message prefix, is hashed with keccak256,
 * and the signature is r(32) ‖ s(32) ‖ v(1) with v = 27 or 28. Owners are identified by their
 * 20-byte Ethereum address, recovered from the signature. See bee-api.md §4.
 *
 * The curve arithmetic runs on the fastest engine that loads (secp256k1/select.ts: libsecp256k1 as a Node
 * addon, libsecp256k1 in WebAssembly, or @noble/secp256k1); every engine gives the same bytes (RFC 6979).
 */
import { bytesToHex, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256Into } from './keccak.js';
import { secp256k1 } from './secp256k1/select.js';

export { secp256k1, useSecp256k1Engine } from './secp256k1/select.js';
export type { Secp256k1EngineKind } from './secp256k1/engine.js';

export const SIGNATURE_SIZE = 65;
export const ETH_ADDRESS_SIZE = 20;
const PERSONAL_PREFIX_32 = utf8Encode('\x19Ethereum Signed Message:\n32');
/** The secp256k1 group order n, big-endian: valid private keys are 1 … n − 1. */
const CURVE_ORDER_BYTES = Uint8Array.from(
  'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'.match(/../g)!.map((h) => parseInt(h, 16)),
);

/**
 * The public key an engine just wrote (recovered or derived), hashed into an address at once. One buffer for the
 * thread: a fresh 65-byte Uint8Array per call is over V8's 64-byte limit for typed arrays kept on the JavaScript
 * heap (~0.25 µs to make one with its own store, ~35 ns at 64 bytes, plus its sweep later).
 */
const PUBLIC_KEY = new Uint8Array(65);
/** x ‖ y of PUBLIC_KEY: what an Ethereum address hashes. */
const PUBLIC_KEY_XY = PUBLIC_KEY.subarray(1);

/**
 * Signatures are 65 bytes, so each one as its own Uint8Array would pay for a store of its own (see PUBLIC_KEY).
 * They are cut instead from a slab shared by SIGNATURES_PER_SLAB of them, as Node's Buffer.allocUnsafe cuts
 * small buffers from a pool: a full slab is never reused, only replaced, so every signature keeps its bytes.
 */
const SIGNATURES_PER_SLAB = 64;
let signatureSlab = new ArrayBuffer(0);
let signatureSlabAt = 0;

function newSignature(): Uint8Array {
  if (signatureSlabAt === signatureSlab.byteLength) {
    signatureSlab = new ArrayBuffer(SIGNATURES_PER_SLAB * SIGNATURE_SIZE);
    signatureSlabAt = 0;
  }
  const signature = new Uint8Array(signatureSlab, signatureSlabAt, SIGNATURE_SIZE);
  signatureSlabAt += SIGNATURE_SIZE;
  return signature;
}

/** prefix ‖ data32 laid out once: one contiguous 60-byte message, hashed in one call. */
const PERSONAL_MESSAGE = new Uint8Array(PERSONAL_PREFIX_32.length + 32);
PERSONAL_MESSAGE.set(PERSONAL_PREFIX_32);
/**
 * The personal digest signMessage and friends sign or recover against, and keccak256 of a public key before its
 * last 20 bytes are cut: hashed into these buffers (keccak256Into), not into fresh arrays, and read synchronously.
 */
const DIGEST = new Uint8Array(32);
const ADDRESS_HASH = new Uint8Array(32);

/** keccak256("\x19Ethereum Signed Message:\n32" ‖ data32): what actually gets signed. */
export function ethPersonalDigest(data32: Uint8Array): Uint8Array {
  // A copy: DIGEST is rewritten by the next signature.
  return personalDigestOf(data32, false).slice();
}

/** The personal digest of keccak256(message) (or of data32 as is) into DIGEST, which it returns. */
function personalDigestOf(message: Uint8Array, hashFirst: boolean): Uint8Array {
  if (hashFirst) keccak256Into(message, PERSONAL_MESSAGE, PERSONAL_PREFIX_32.length);
  else {
    assertBytes(message, 32, 'data to sign');
    PERSONAL_MESSAGE.set(message, PERSONAL_PREFIX_32.length);
  }
  keccak256Into(PERSONAL_MESSAGE, DIGEST);
  return DIGEST;
}

/** Signs an already-final 32-byte digest (no further hashing). Returns r ‖ s ‖ v, v = 27/28, low-s. */
export function signDigest(privateKey: Uint8Array, digest: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  assertBytes(digest, 32, 'digest');
  const signature = newSignature();
  const recovery = secp256k1().sign(digest, privateKey, signature.subarray(0, 64));
  if (recovery > 1) {
    // Only when R.x ≥ n (probability ~2^-128); Bee's 27/28 encoding cannot express it.
    throw new Error('secp256k1 produced a recovery id Bee cannot encode');
  }
  signature[64] = 27 + recovery;
  return signature;
}

/** The 20-byte address of the key that produced `signature65` over `digest` (already final, 32 bytes). */
export function recoverAddress(signature65: Uint8Array, digest: Uint8Array): Uint8Array {
  assertBytes(signature65, SIGNATURE_SIZE, 'signature');
  assertBytes(digest, 32, 'digest');
  const v = signature65[64]!;
  if (v !== 27 && v !== 28) throw new InputError('signature', `v = ${v}`, 'recovery byte v = 27 or 28 (r ‖ s ‖ v)');
  try {
    secp256k1().recover(signature65.subarray(0, 64), v - 27, digest, PUBLIC_KEY);
  } catch {
    // r or s out of range, or r not the x of a curve point: a corrupt or forged signature.
    throw new InputError('signature', `${signature65.length} bytes`, 'a valid secp256k1 signature (r, s in range, r on the curve)');
  }
  return publicKeyAddress();
}

/** sign(personal(data32)): Bee's `Signer.Sign` of a 32-byte value. */
export function signPersonal(privateKey: Uint8Array, data32: Uint8Array): Uint8Array {
  return signDigest(privateKey, personalDigestOf(data32, false));
}

export function recoverPersonalSigner(signature65: Uint8Array, data32: Uint8Array): Uint8Array {
  return recoverAddress(signature65, personalDigestOf(data32, false));
}

/**
 * bee-js `PrivateKey.sign(message)`: keccak256 the message, then sign its personal digest.
 * SOCs (message id ‖ wrapped address) and postage stamps use exactly this.
 */
export function signMessage(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return signDigest(privateKey, personalDigestOf(message, true));
}

export function recoverMessageSigner(signature65: Uint8Array, message: Uint8Array): Uint8Array {
  return recoverAddress(signature65, personalDigestOf(message, true));
}

/** Accepts a 33-byte compressed, 65-byte uncompressed (0x04 ‖ x ‖ y) or 64-byte raw x ‖ y public key. */
export function publicKeyToAddress(publicKey: Uint8Array): Uint8Array {
  if (!(publicKey instanceof Uint8Array) || ![33, 64, 65].includes(publicKey.length)) {
    throw new InputError('public key', describe(publicKey), '33, 64 or 65 bytes');
  }
  let encoded = publicKey;
  if (publicKey.length === 64) {
    encoded = new Uint8Array(65);
    encoded[0] = 4;
    encoded.set(publicKey, 1);
  }
  try {
    secp256k1().uncompressed(encoded, PUBLIC_KEY);
  } catch {
    throw new InputError('public key', describe(publicKey), 'a point on secp256k1');
  }
  return publicKeyAddress();
}

export function privateKeyToAddress(privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  secp256k1().publicKey(privateKey, PUBLIC_KEY);
  return publicKeyAddress();
}

/** The address of the key an engine just wrote into PUBLIC_KEY: keccak256 of x ‖ y, last 20 bytes. */
function publicKeyAddress(): Uint8Array {
  keccak256Into(PUBLIC_KEY_XY, ADDRESS_HASH);
  return ADDRESS_HASH.slice(12);
}

/**
 * A private key with its address worked out once: what a client holds while it signs many SOCs or feed
 * updates, so no signature pays for a public-key derivation (makeSingleOwnerChunk takes one).
 */
export interface Signer {
  readonly privateKey: Uint8Array;
  /** 20-byte Ethereum address of the key. */
  readonly address: Uint8Array;
  readonly addressHex: string;
}

export function createSigner(privateKey: Uint8Array): Signer {
  const address = privateKeyToAddress(privateKey);
  return { privateKey: privateKey.slice(), address, addressHex: bytesToHex(address) };
}

let lastSigner: Signer | undefined;

/**
 * A Signer for a raw key, the last one kept: callers that pass the same key for every SOC or feed update (the
 * replicas' fixed key, a feed writer) derive its address once. A Signer passes through.
 */
export function signerFor(keyOrSigner: Signer | Uint8Array): Signer {
  if (!(keyOrSigner instanceof Uint8Array)) return keyOrSigner;
  if (lastSigner !== undefined && sameKey(lastSigner.privateKey, keyOrSigner)) return lastSigner;
  lastSigner = createSigner(keyOrSigner);
  return lastSigner;
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Bytes from the platform CSPRNG drawn 32 keys at a time: one crypto.getRandomValues call costs about as much
 * for 1 KiB as for 32 bytes (~1.4 µs here, 6 % of making an identity). Each key's bytes are wiped from the pool
 * as they are handed out, so none is handed out twice or stays behind.
 */
const RANDOM_POOL = new Uint8Array(32 * 32);
let randomPoolAt = RANDOM_POOL.length;

function fillRandomKey(key: Uint8Array): void {
  if (randomPoolAt === RANDOM_POOL.length) {
    crypto.getRandomValues(RANDOM_POOL);
    randomPoolAt = 0;
  }
  key.set(RANDOM_POOL.subarray(randomPoolAt, randomPoolAt + 32));
  RANDOM_POOL.fill(0, randomPoolAt, randomPoolAt + 32);
  randomPoolAt += 32;
}

/** A fresh key from the platform CSPRNG (crypto.getRandomValues), drawn again in the ~2^-128 case it is out of range. */
export function randomPrivateKey(): Uint8Array {
  const key = new Uint8Array(32);
  do fillRandomKey(key);
  while (!isPrivateKeyInRange(key));
  return key;
}

/** 0 < key < n, compared as big-endian bytes (no BigInt per call). */
function isPrivateKeyInRange(key: Uint8Array): boolean {
  let nonZero = 0;
  for (let i = 0; i < 32; i++) nonZero |= key[i]!;
  if (nonZero === 0) return false;
  for (let i = 0; i < 32; i++) {
    if (key[i]! !== CURVE_ORDER_BYTES[i]!) return key[i]! < CURVE_ORDER_BYTES[i]!;
  }
  return false;
}

function assertPrivateKey(privateKey: Uint8Array): void {
  assertBytes(privateKey, 32, 'private key');
  if (!isPrivateKeyInRange(privateKey)) {
    throw new InputError('private key', '32 bytes out of range', 'a scalar between 1 and the secp256k1 group order − 1');
  }
}

function assertBytes(value: Uint8Array, length: number, what: string): void {
  if (!(value instanceof Uint8Array) || value.length !== length) throw new InputError(what, describe(value), `${length} bytes`);
}

function describe(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
}
