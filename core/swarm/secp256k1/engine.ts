/**
 * The secp256k1 operations the toolkit needs (sign, recover, public keys), behind one small interface so the
 * fastest implementation that loads does the work. Three engines, picked once per thread on first use
 * (select.ts), fastest first:
 *
 * - `native`: libsecp256k1 through the `secp256k1` package's prebuilt Node addon, called directly (never the
 *   package's JavaScript fallback, nor its argument-checking layer: node-engines.ts). Node only.
 * - `wasm`: libsecp256k1 compiled to WebAssembly (`tiny-secp256k1`). Node only here: its browser build wants a
 *   bundler that loads .wasm as a module.
 * - `noble`: @noble/secp256k1 (BigInt JavaScript): everywhere, including the browser app; the last fallback.
 *
 * Every engine signs with RFC 6979 deterministic nonces and low s, so the bytes of a signature are the same
 * whichever engine made it (secp256k1.test.ts checks each against noble and bee-js).
 */
export type Secp256k1EngineKind = 'native' | 'wasm' | 'noble';

/** Fastest first: the order select.ts tries them in. */
export const SECP256K1_ENGINE_KINDS: readonly Secp256k1EngineKind[] = ['native', 'wasm', 'noble'];

export interface Secp256k1Engine {
  readonly kind: Secp256k1EngineKind;
  /**
   * RFC 6979, low s. Writes r ‖ s into `out64` (64 bytes) and returns the recovery id (0..3). The key and the
   * digest are checked by the caller (32 bytes, key in range).
   */
  sign(digest: Uint8Array, privateKey: Uint8Array, out64: Uint8Array): number;
  /**
   * Writes the signer's 65-byte uncompressed public key into `out65`; throws on a signature that recovers nothing.
   * The key goes into the caller's buffer (signer.ts keeps one for the address it hashes at once): a fresh
   * 65-byte Uint8Array per call is over V8's 64-byte limit for typed arrays kept on the JavaScript heap, and
   * its own malloc'd store costs ~0.25 µs to make plus its sweep later.
   */
  recover(signature64: Uint8Array, recovery: number, digest: Uint8Array, out65: Uint8Array): void;
  /** Writes the 65-byte uncompressed public key of a valid private key into `out65`. */
  publicKey(privateKey: Uint8Array, out65: Uint8Array): void;
  /** Writes a 33-byte compressed or 65-byte uncompressed key as 65 bytes uncompressed into `out65`; throws when it is not on the curve. */
  uncompressed(publicKey: Uint8Array, out65: Uint8Array): void;
}
