/**
 * Why the ts runner (this project) is behind on a row, by case family and by who is ahead. These are the
 * causes found by profiling (see bench/README.md, "Where ts is not first"); the report prints them next to
 * each gap so a reader sees the measured ratio and the reason together.
 */
import type { RunnerName } from '../../config-schema/bench-result.js';

const NATIVE = new Set<RunnerName>(['go', 'rust']);

const BY_PREFIX: ReadonlyArray<readonly [string, (best: RunnerName) => string]> = [
  ['cpu.keccak.chunk-hash', (b) => (NATIVE.has(b) ? 'keccak256 runs on our WebAssembly sponge (scalar 64-bit lanes, one call per 4 KiB input); Go (x/crypto, assembly) and Rust (sha3) run the permutation natively' : 'noise: bee-js hashes in JavaScript, about ten times slower than our sponge')],
  ['cpu.keccak.bulk', (b) => (NATIVE.has(b) ? 'one long keccak256 stream on our WebAssembly sponge (copied into its memory 63 KB at a time) against a native permutation' : 'noise: bee-js hashes in JavaScript, about ten times slower than our sponge')],
  ['cpu.keccak.parallel', (b) => (NATIVE.has(b) ? 'the WebAssembly sponge per block, plus a worker-thread round trip per slice; native threads share memory for free' : 'noise: bee-js hashes in JavaScript in the same worker pool')],
  ['cpu.bmt', (b) => (NATIVE.has(b) ? 'native BMT (Rust sha3 / Bee\'s Go hasher) against our WebAssembly SIMD kernel: the remaining gap is WebAssembly vs native code for the keccak permutation' : 'noise')],
  ['cpu.ecdsa', (b) => (NATIVE.has(b) ? 'secp256k1 in JavaScript (@noble/secp256k1, BigInt field arithmetic) against libsecp256k1 (C, via the Rust secp256k1 crate) and Go\'s decred secp256k1: a pure-JS curve is an order of magnitude slower' : 'noise')],
  ['cpu.identity', (b) => (NATIVE.has(b) ? 'public-key derivation is a secp256k1 scalar multiplication in JavaScript (@noble/secp256k1) against native libsecp256k1 / decred' : 'noise')],
  ['cpu.manifest', (b) => (NATIVE.has(b) ? 'mantaray in JavaScript (Uint8Array forks in a Map, a chunk-tree hash per node) against native code; the gap is per-node allocation and hashing' : 'bee-js keeps a simpler in-memory trie (no Bee-dialect path handling on every add)')],
  ['net.', (b) => (NATIVE.has(b) ? 'client-side overhead per call: undici request setup, zod validation of every answer and call statistics in JavaScript against reqwest / net/http; the node\'s own time dominates larger transfers' : 'bee-js (axios) and our client (undici) differ by per-call overhead only; within noise on a shared machine')],
];

export function explainGap(id: string, best: RunnerName): string {
  for (const [prefix, why] of BY_PREFIX) if (id.startsWith(prefix)) return why(best);
  return 'not profiled yet';
}
