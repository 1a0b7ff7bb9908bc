/**
 * secp256k1 signing the way Bee (`pkg/crypto/signer.go`) and bee-js (`PrivateKey.sign`) do it:
 * the 32-byte value to sign gets the Ethereum personal-message prefix, is hashed with keccak256,
 * and the signature is r(32) ‖ s(32) ‖ v(1) with v = 27 or 28. Owners are identified by their
 * 20-byte Ethereum address, recovered from the signature. See bee-api.md §4.
 */
import * as secp from '@noble/secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';
import { keccak256 } from './keccak.js';

// noble-secp256k1 v3 ships without hash functions; RFC 6979 deterministic nonces need HMAC-SHA256.
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);
secp.hashes.sha256 = sha256;

export const SIGNATURE_SIZE = 65;
export const ETH_ADDRESS_SIZE = 20;
const PERSONAL_PREFIX_32 = utf8Encode('\x19Ethereum Signed Message:\n32');
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** keccak256("\x19Ethereum Signed Message:\n32" ‖ data32): what actually gets signed. */
export function ethPersonalDigest(data32: Uint8Array): Uint8Array {
  assertBytes(data32, 32, 'data to sign');
  return keccak256(PERSONAL_PREFIX_32, data32);
}

/** Signs an already-final 32-byte digest (no further hashing). Returns r ‖ s ‖ v, v = 27/28, low-s. */
export function signDigest(privateKey: Uint8Array, digest: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  assertBytes(digest, 32, 'digest');
  // noble's 'recovered' layout is recovery ‖ r ‖ s; Ethereum's is r ‖ s ‖ (27 + recovery).
  const recovered = secp.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  const recovery = recovered[0]!;
  if (recovery > 1) {
    // Only when R.x ≥ n (probability ~2^-128); Bee's 27/28 encoding cannot express it.
    throw new Error('secp256k1 produced a recovery id Bee cannot encode');
  }
  return concatBytes(recovered.subarray(1), Uint8Array.of(27 + recovery));
}

/** The 20-byte address of the key that produced `signature65` over `digest` (already final, 32 bytes). */
export function recoverAddress(signature65: Uint8Array, digest: Uint8Array): Uint8Array {
  assertBytes(signature65, SIGNATURE_SIZE, 'signature');
  assertBytes(digest, 32, 'digest');
  const v = signature65[64]!;
  if (v !== 27 && v !== 28) throw new InputError('signature', `v = ${v}`, 'recovery byte v = 27 or 28 (r ‖ s ‖ v)');
  const recovered = concatBytes(Uint8Array.of(v - 27), signature65.subarray(0, 64));
  let publicKey: Uint8Array;
  try {
    publicKey = secp.recoverPublicKey(recovered, digest, { prehash: false });
  } catch {
    // r or s out of range, or r not the x of a curve point: a corrupt or forged signature.
    throw new InputError('signature', `${signature65.length} bytes`, 'a valid secp256k1 signature (r, s in range, r on the curve)');
  }
  return publicKeyToAddress(publicKey);
}

/** sign(personal(data32)): Bee's `Signer.Sign` of a 32-byte value. */
export function signPersonal(privateKey: Uint8Array, data32: Uint8Array): Uint8Array {
  return signDigest(privateKey, ethPersonalDigest(data32));
}

export function recoverPersonalSigner(signature65: Uint8Array, data32: Uint8Array): Uint8Array {
  return recoverAddress(signature65, ethPersonalDigest(data32));
}

/**
 * bee-js `PrivateKey.sign(message)`: keccak256 the message, then sign its personal digest.
 * SOCs (message id ‖ wrapped address) and postage stamps use exactly this.
 */
export function signMessage(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return signPersonal(privateKey, keccak256(message));
}

export function recoverMessageSigner(signature65: Uint8Array, message: Uint8Array): Uint8Array {
  return recoverPersonalSigner(signature65, keccak256(message));
}

/** Accepts a 33-byte compressed, 65-byte uncompressed (0x04 ‖ x ‖ y) or 64-byte raw x ‖ y public key. */
export function publicKeyToAddress(publicKey: Uint8Array): Uint8Array {
  if (!(publicKey instanceof Uint8Array) || ![33, 64, 65].includes(publicKey.length)) {
    throw new InputError('public key', describe(publicKey), '33, 64 or 65 bytes');
  }
  const encoded = publicKey.length === 64 ? concatBytes(Uint8Array.of(4), publicKey) : publicKey;
  let uncompressed: Uint8Array;
  try {
    uncompressed = secp.Point.fromBytes(encoded).toBytes(false);
  } catch {
    throw new InputError('public key', describe(publicKey), 'a point on secp256k1');
  }
  return keccak256(uncompressed.subarray(1)).subarray(12);
}

export function privateKeyToAddress(privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  return publicKeyToAddress(secp.getPublicKey(privateKey, false));
}

/** A fresh key from the platform CSPRNG (crypto.getRandomValues). */
export function randomPrivateKey(): Uint8Array {
  return secp.utils.randomSecretKey();
}

function assertPrivateKey(privateKey: Uint8Array): void {
  assertBytes(privateKey, 32, 'private key');
  let scalar = 0n;
  for (const byte of privateKey) scalar = (scalar << 8n) | BigInt(byte);
  if (scalar === 0n || scalar >= CURVE_ORDER) {
    throw new InputError('private key', '32 bytes out of range', 'a scalar between 1 and the secp256k1 group order − 1');
  }
}

function assertBytes(value: Uint8Array, length: number, what: string): void {
  if (!(value instanceof Uint8Array) || value.length !== length) throw new InputError(what, describe(value), `${length} bytes`);
}

function describe(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
}
