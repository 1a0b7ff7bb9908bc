/**
 * Instantiates the committed keccak kernel (kernel-bytes.ts) and wraps its exports. Compilation is
 * synchronous by default (Node, workers, and browsers for modules this small); `loadKernel` compiles
 * asynchronously for hosts that refuse synchronous compilation on their main thread.
 */
import { KERNEL_EXPORTS } from './layout.js';
import { SCALAR_KERNEL_BASE64, SIMD_KERNEL_BASE64 } from './kernel-bytes.js';
import type { KernelVariant } from './keccak-program.js';

export interface KeccakKernel {
  readonly variant: KernelVariant;
  /** The kernel's whole memory (one page, never grown, so this view stays valid). */
  readonly memory: Uint8Array;
  /** keccak256 of each 64-byte pair at ptr+64i into ptr+32i, i ascending, in place. */
  hashPairs(ptr: number, count: number): void;
  /** keccak256(span(8 bytes at spanPtr) ‖ root(32 bytes at rootPtr)) into outPtr. */
  hashSpan(spanPtr: number, rootPtr: number, outPtr: number): void;
}

export function kernelBytes(variant: KernelVariant): Uint8Array<ArrayBuffer> {
  const text = atob(variant === 'simd' ? SIMD_KERNEL_BASE64 : SCALAR_KERNEL_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** True when this host has WebAssembly and accepts the given variant (SIMD needs the fixed-width SIMD proposal). */
export function kernelSupported(variant: KernelVariant): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(kernelBytes(variant));
  } catch {
    return false;
  }
}

function wrap(instance: WebAssembly.Instance, variant: KernelVariant): KeccakKernel {
  const exports = instance.exports;
  const memory = exports[KERNEL_EXPORTS.memory] as WebAssembly.Memory;
  const hashPairs = exports[KERNEL_EXPORTS.hashPairs] as (ptr: number, count: number) => void;
  const hashSpan = exports[KERNEL_EXPORTS.hashSpan] as (span: number, root: number, out: number) => void;
  return { variant, memory: new Uint8Array(memory.buffer), hashPairs, hashSpan };
}

/** Compiles and instantiates synchronously. Throws when the host lacks WebAssembly or the variant. */
export function instantiateKernel(variant: KernelVariant): KeccakKernel {
  const module = new WebAssembly.Module(kernelBytes(variant));
  return wrap(new WebAssembly.Instance(module, {}), variant);
}

/** Asynchronous compilation, for browser main threads. */
export async function loadKernel(variant: KernelVariant): Promise<KeccakKernel> {
  const module = await WebAssembly.compile(kernelBytes(variant));
  return wrap(await WebAssembly.instantiate(module, {}), variant);
}
