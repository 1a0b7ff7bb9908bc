/**
 * Engine selection for BMT hashing: the WebAssembly keccak kernel with SIMD (two nodes per permutation)
 * when the host supports it, the scalar kernel otherwise, and the portable @noble/hashes engine when
 * WebAssembly is unavailable (or refused, e.g. by a strict Content-Security-Policy). Every engine gives
 * the same roots and addresses byte for byte; only speed differs.
 *
 * An engine instance owns its scratch memory and is not reentrant; JavaScript never interleaves calls
 * on one thread, and each worker thread makes its own. Pass an engine to ChunkTreeWriter's `bmt` option
 * or to makeContentChunk to hash chunk trees with it.
 */
import { createBmt, portablePairHasher, type Bmt, type BmtPairHasher } from './bmt.js';
import { instantiateKernel, kernelSupported, loadKernel } from './keccak-wasm/kernel.js';
import type { KernelVariant } from './keccak-wasm/keccak-program.js';
import { createWasmBmt } from './keccak-wasm/wasm-bmt.js';

export type BmtEngineKind = 'wasm-simd' | 'wasm' | 'portable';

export interface BmtEngine extends Bmt, BmtPairHasher {
  readonly kind: BmtEngineKind;
}

/** Fastest first; `createBmtEngine` walks this list from the preferred kind down. */
export const ENGINE_KINDS: readonly BmtEngineKind[] = ['wasm-simd', 'wasm', 'portable'];

const VARIANT: Record<Exclude<BmtEngineKind, 'portable'>, KernelVariant> = { 'wasm-simd': 'simd', wasm: 'scalar' };

function portableEngine(): BmtEngine {
  return { kind: 'portable', ...createBmt(portablePairHasher), hashPairsInPlace: portablePairHasher.hashPairsInPlace };
}

/** Kinds this host can run, fastest first (always ends with 'portable'). */
export function availableEngineKinds(): BmtEngineKind[] {
  return ENGINE_KINDS.filter((kind) => kind === 'portable' || kernelSupported(VARIANT[kind]));
}

function candidates(prefer: BmtEngineKind): BmtEngineKind[] {
  return ENGINE_KINDS.slice(ENGINE_KINDS.indexOf(prefer));
}

/**
 * A new engine of the fastest kind at or below `prefer` that this host runs. Compiles synchronously
 * (the kernel is a few KB, within what browsers allow on the main thread); see `loadBmtEngine`.
 */
export function createBmtEngine(prefer: BmtEngineKind = 'wasm-simd'): BmtEngine {
  for (const kind of candidates(prefer)) {
    if (kind === 'portable') return portableEngine();
    try {
      return { kind, ...createWasmBmt(instantiateKernel(VARIANT[kind])) };
    } catch {
      // Not supported here (no SIMD, no WebAssembly, CSP): try the next kind.
    }
  }
  return portableEngine();
}

/** Like `createBmtEngine`, compiling asynchronously (for hosts that refuse synchronous compilation). */
export async function loadBmtEngine(prefer: BmtEngineKind = 'wasm-simd'): Promise<BmtEngine> {
  for (const kind of candidates(prefer)) {
    if (kind === 'portable') return portableEngine();
    try {
      return { kind, ...createWasmBmt(await loadKernel(VARIANT[kind])) };
    } catch {
      // Fall through to the next kind.
    }
  }
  return portableEngine();
}

let shared: BmtEngine | undefined;

/** A lazily created engine of the best kind, shared by callers on this thread. */
export function fastBmt(): BmtEngine {
  shared ??= createBmtEngine();
  return shared;
}
