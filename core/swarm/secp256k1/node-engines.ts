/**
 * The two libsecp256k1 engines, loaded from node_modules at run time. Node only: both go through `require`,
 * reached with `process.getBuiltinModule` (Node ≥ 20.16) so this file imports nothing from Node and a browser
 * bundle that includes it just finds no engine here. The bundled bins keep this module in place in dist/ (it
 * uses import.meta.url), so `require` resolves the packages from the checkout's node_modules.
 */
import type { Secp256k1Engine, Secp256k1EngineKind } from './engine.js';

type Require = ((id: string) => unknown) & { resolve(id: string): string };

/** `require` as seen from `from` (a file path or URL). */
function requireFrom(from: string): Require {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.('node:module') as { createRequire(from: string): Require } | undefined;
  if (!mod) throw new Error('not Node.js (no process.getBuiltinModule): libsecp256k1 engines need require');
  return mod.createRequire(from);
}

function nodeRequire(): Require {
  return requireFrom(import.meta.url);
}

/**
 * The `secp256k1` package's compiled addon class, called as its own lib/index.js calls it (the package is pinned
 * at 5.0.2 in package.json): each method writes into the output it is given and answers 0 on success, another
 * number on failure. Called directly, not through lib/index.js: that layer re-checks every argument (signer.ts
 * already has), builds a result object and a fresh output per call, which measured ~0.5–1 µs of a 20–50 µs call.
 */
export interface NativeAddon {
  ecdsaSign(box: { signature: Uint8Array; recid: number }, msg32: Uint8Array, seckey: Uint8Array, data: undefined, noncefn: undefined): number;
  ecdsaRecover(output65: Uint8Array, sig64: Uint8Array, recid: number, msg32: Uint8Array): number;
  publicKeyCreate(output65: Uint8Array, seckey: Uint8Array): number;
  publicKeyConvert(output65: Uint8Array, pubkey: Uint8Array): number;
}

/**
 * The addon itself: node-gyp-build, resolved from the `secp256k1` package's own directory as its bindings.js
 * does, finds the prebuilt binary for this platform (prebuilds/linux-x64/…) and throws when there is none; the
 * package's JavaScript (elliptic) fallback, which `require('secp256k1')` would pick silently, is never loaded.
 */
export function loadNativeAddon(): NativeAddon {
  const packageJson = nodeRequire().resolve('secp256k1/package.json');
  const dir = packageJson.slice(0, packageJson.length - 'package.json'.length);
  const build = requireFrom(packageJson)('node-gyp-build') as (dir: string) => { Secp256k1: new () => NativeAddon };
  return new (build(dir).Secp256k1)();
}

/**
 * libsecp256k1 as a prebuilt Node addon (RFC 6979 nonces: no nonce function or data is passed).
 *
 * Every input is copied into buffers this engine owns (views on one ArrayBuffer) before the call. A typed array
 * of 64 bytes or less made in JavaScript (a digest from keccak256, a fresh private key) keeps its bytes on V8's
 * heap, and the first time native code asks for its address V8 moves them to a store of their own: ~1.1 µs per
 * fresh argument here (npm run bench:cpu-gaps, "fresh input"), against ~20 ns for the copy. The key's copy is
 * wiped after each call.
 */
export function nativeEngine(): Secp256k1Engine {
  const addon = loadNativeAddon();
  const scratch = new ArrayBuffer(32 + 32 + 64 + 65);
  const digestIn = new Uint8Array(scratch, 0, 32);
  const keyIn = new Uint8Array(scratch, 32, 32);
  const signatureIn = new Uint8Array(scratch, 64, 64);
  const publicKeyIn = new Uint8Array(scratch, 128, 65);
  // One result box for every signature: the addon reads box.signature and writes box.recid.
  const box: { signature: Uint8Array; recid: number } = { signature: new Uint8Array(64), recid: 0 };
  return {
    kind: 'native',
    sign(digest, privateKey, out64) {
      digestIn.set(digest);
      keyIn.set(privateKey);
      box.signature = out64;
      const status = addon.ecdsaSign(box, digestIn, keyIn, undefined, undefined);
      keyIn.fill(0);
      if (status !== 0) throw new Error('libsecp256k1 could not sign with this key');
      return box.recid;
    },
    recover(signature64, recovery, digest, out65) {
      signatureIn.set(signature64);
      digestIn.set(digest);
      if (addon.ecdsaRecover(out65, signatureIn, recovery, digestIn) !== 0) throw new Error('the signature recovers no public key');
    },
    publicKey(privateKey, out65) {
      keyIn.set(privateKey);
      const status = addon.publicKeyCreate(out65, keyIn);
      keyIn.fill(0);
      if (status !== 0) throw new Error('private key out of range');
    },
    uncompressed(publicKey, out65) {
      const input = publicKeyIn.subarray(0, publicKey.length);
      input.set(publicKey);
      if (addon.publicKeyConvert(out65, input) !== 0) throw new Error('not a point on secp256k1');
    },
  };
}

/** The subset of tiny-secp256k1's API used here. */
interface TinySecp256k1 {
  signRecoverable(h: Uint8Array, d: Uint8Array): { signature: Uint8Array; recoveryId: number };
  recover(h: Uint8Array, signature: Uint8Array, recoveryId: number, compressed: boolean): Uint8Array | null;
  pointFromScalar(d: Uint8Array, compressed: boolean): Uint8Array | null;
  pointCompress(p: Uint8Array, compressed: boolean): Uint8Array;
}

/** libsecp256k1 compiled to WebAssembly (tiny-secp256k1's CommonJS build reads its .wasm file beside it). */
export function wasmEngine(): Secp256k1Engine {
  const t = nodeRequire()('tiny-secp256k1') as TinySecp256k1;
  return {
    kind: 'wasm',
    sign(digest, privateKey, out64) {
      const { signature, recoveryId } = t.signRecoverable(digest, privateKey);
      out64.set(signature);
      return recoveryId;
    },
    recover(signature64, recovery, digest, out65) {
      const key = t.recover(digest, signature64, recovery, false);
      if (key === null) throw new Error('the signature recovers no public key');
      out65.set(key);
    },
    publicKey(privateKey, out65) {
      const key = t.pointFromScalar(privateKey, false);
      if (key === null) throw new Error('private key out of range');
      out65.set(key);
    },
    uncompressed: (publicKey, out65) => out65.set(t.pointCompress(publicKey, false)),
  };
}

/** The engine a kind names, for NODE_TOOLKIT_SECP256K1 and the tests that force one. */
export const NODE_ENGINE_LOADERS: Partial<Record<Secp256k1EngineKind, () => Secp256k1Engine>> = { native: nativeEngine, wasm: wasmEngine };

/** NODE_TOOLKIT_SECP256K1 (native, wasm or noble) when set in Node; undefined elsewhere. */
export function engineFromEnvironment(): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const value = proc?.env?.NODE_TOOLKIT_SECP256K1?.trim();
  return value ? value : undefined;
}
