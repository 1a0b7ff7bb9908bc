/**
 * The two libsecp256k1 engines, loaded from node_modules at run time. Node only: both go through `require`,
 * reached with `process.getBuiltinModule` (Node ≥ 20.16) so this file imports nothing from Node and a browser
 * bundle that includes it just finds no engine here. The bundled bins keep this module in place in dist/ (it
 * uses import.meta.url), so `require` resolves the packages from the checkout's node_modules.
 */
import type { Secp256k1Engine, Secp256k1EngineKind } from './engine.js';

type Require = (id: string) => unknown;

function nodeRequire(): Require {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.('node:module') as { createRequire(from: string): Require } | undefined;
  if (!mod) throw new Error('not Node.js (no process.getBuiltinModule): libsecp256k1 engines need require');
  return mod.createRequire(import.meta.url);
}

/** The subset of the `secp256k1` package's bindings API used here (lib/index.js over the addon). */
interface NativeBindings {
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array, options: object, output: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyConvert(pubkey: Uint8Array, compressed: boolean): Uint8Array;
}

const NO_OPTIONS = Object.freeze({});

/**
 * libsecp256k1 as a prebuilt Node addon. `secp256k1/bindings` loads the compiled addon (node-gyp-build finds
 * prebuilds/linux-x64/… for this platform) and throws when there is none: it never falls back to the package's
 * JavaScript (elliptic) implementation, which `require('secp256k1')` would do silently.
 */
export function nativeEngine(): Secp256k1Engine {
  const b = nodeRequire()('secp256k1/bindings') as NativeBindings;
  return {
    kind: 'native',
    sign: (digest, privateKey, out64) => b.ecdsaSign(digest, privateKey, NO_OPTIONS, out64).recid,
    recover: (signature64, recovery, digest) => b.ecdsaRecover(signature64, recovery, digest, false),
    publicKey: (privateKey) => b.publicKeyCreate(privateKey, false),
    uncompressed: (publicKey) => b.publicKeyConvert(publicKey, false),
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
    recover(signature64, recovery, digest) {
      const key = t.recover(digest, signature64, recovery, false);
      if (key === null) throw new Error('the signature recovers no public key');
      return key;
    },
    publicKey(privateKey) {
      const key = t.pointFromScalar(privateKey, false);
      if (key === null) throw new Error('private key out of range');
      return key;
    },
    uncompressed: (publicKey) => t.pointCompress(publicKey, false),
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
