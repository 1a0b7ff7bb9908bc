/**
 * keccak256 (legacy Keccak, not NIST SHA3), the hash behind every Swarm address.
 *
 * Runs on the WebAssembly sponge (keccak-wasm/sponge.ts, about ten times @noble/hashes' speed on 4 KiB and
 * larger inputs here) when the host runs WebAssembly, and on @noble/hashes otherwise (no WebAssembly, or a
 * Content-Security-Policy that refuses it). Both give the same digest byte for byte; the engine is picked once
 * per thread, on the first hash.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createPairKeccak } from './keccak-wasm/pair-sponge.js';
import { createWasmKeccak } from './keccak-wasm/sponge.js';

export type KeccakEngineKind = 'wasm' | 'portable';

type Engine = {
  kind: KeccakEngineKind;
  hash(parts: readonly Uint8Array[]): Uint8Array;
  hashInto(message: Uint8Array, out: Uint8Array, at: number): void;
  hashEach(messages: readonly Uint8Array[]): Uint8Array[];
};

/** keccak256 on @noble/hashes: the fallback engine, and the oracle the sponge is tested against. */
export function portableKeccak256(...parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return keccak_256(parts[0]!);
  const h = keccak_256.create();
  for (const p of parts) h.update(p);
  return h.digest();
}

let engine: Engine | undefined;

function pickEngine(): Engine {
  try {
    const sponge = createWasmKeccak();
    let hashEach = (messages: readonly Uint8Array[]) => messages.map((m) => sponge.hash([m]));
    try {
      hashEach = createPairKeccak(sponge).hashEach;
    } catch {
      // No WebAssembly SIMD here: one message per permutation.
    }
    return { kind: 'wasm', hash: (parts) => sponge.hash(parts), hashInto: (message, out, at) => sponge.hashInto(message, out, at), hashEach };
  } catch {
    return {
      kind: 'portable',
      hash: (parts) => portableKeccak256(...parts),
      hashInto: (message, out, at) => out.set(keccak_256(message), at),
      hashEach: (messages) => messages.map((m) => keccak_256(m)),
    };
  }
}

/** keccak256 of the concatenation of `parts`. */
export function keccak256(...parts: Uint8Array[]): Uint8Array {
  engine ??= pickEngine();
  return engine.hash(parts);
}

/**
 * keccak256 of one message written into `out` at byte `at` (out must have 32 bytes there): the same digest as
 * keccak256(message), without a fresh array for it. For hot paths that hash into a buffer they own (the signer's
 * personal-message prefix, public key to address).
 */
export function keccak256Into(message: Uint8Array, out: Uint8Array, at = 0): void {
  engine ??= pickEngine();
  engine.hashInto(message, out, at);
}

/**
 * keccak256 of each message, in order: the same digests as keccak256 on each, faster where WebAssembly SIMD
 * runs (two messages of the same length per permutation, keccak-wasm/pair-sponge.ts), so callers holding many
 * messages (a batch of chunks, blocks of a file) hash them in one call.
 */
export function keccak256Each(messages: readonly Uint8Array[]): Uint8Array[] {
  engine ??= pickEngine();
  return engine.hashEach(messages);
}

/** The engine keccak256 runs on in this thread (for reports and benchmarks). */
export function keccakEngineKind(): KeccakEngineKind {
  engine ??= pickEngine();
  return engine.kind;
}
