/**
 * keccak256 of many messages, two of the same length per permutation, on the two-message sponge kernel
 * (sponge-program.ts's absorb2: WebAssembly SIMD, one keccak state in each 64-bit half of 25 v128 lanes). On
 * 4 KiB messages it takes about 0.6x the time of hashing them one by one on the scalar sponge here (bench:cpu-gaps
 * prints both). Messages are copied into two input buffers and padded on this side, as sponge.ts does; a message
 * whose padded length does not fit one buffer, or an odd one out, is hashed by the one-message sponge.
 *
 * One instance owns one kernel: not reentrant, which holds because a batch never yields; each thread makes its own.
 */
import { PAIR_SPONGE_BASE64 } from './kernel-bytes.js';
import { SPONGE_EXPORTS, SPONGE_LAYOUT as L } from './layout.js';
import type { WasmKeccak } from './sponge.js';

const DIGEST = 32;
const RATE = L.rate;
/** Each message's buffer: half of the input area, a whole number of blocks. */
const BUFFER_BLOCKS = Math.floor(L.inputBlocks / 2);
const BUFFER_A = L.input;
const BUFFER_B = L.input + BUFFER_BLOCKS * RATE;
/** The longest message whose padding still fits its buffer (at least one padding byte). */
export const PAIR_MAX_BYTES = BUFFER_BLOCKS * RATE - 1;

export function pairSpongeBytes(): Uint8Array<ArrayBuffer> {
  const text = atob(PAIR_SPONGE_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Writes `message` and keccak's padding at `at`; returns its block count. */
function padded(mem: Uint8Array, at: number, message: Uint8Array): number {
  const blocks = Math.floor(message.length / RATE) + 1;
  mem.set(message, at);
  mem.fill(0, at + message.length, at + blocks * RATE);
  mem[at + message.length] = 0x01;
  mem[at + blocks * RATE - 1]! |= 0x80;
  return blocks;
}

export interface PairKeccak {
  /** keccak256 of each message, in order. */
  hashEach(messages: readonly Uint8Array[]): Uint8Array[];
}

/** Throws when the host has no WebAssembly SIMD (the caller then hashes one by one). */
export function createPairKeccak(single: WasmKeccak): PairKeccak {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(pairSpongeBytes()), {});
  const mem = new Uint8Array((instance.exports[SPONGE_EXPORTS.memory] as WebAssembly.Memory).buffer);
  const absorb2 = instance.exports[SPONGE_EXPORTS.absorbPair] as (a: number, b: number, blocks: number) => void;
  // 32-bit words of the memory (it never grows, so the view stays valid): digests are copied word by word.
  const words = new Uint32Array(mem.buffer);
  const state = L.state >> 2;
  const fits = (m: Uint8Array | undefined) => m !== undefined && m.length <= PAIR_MAX_BYTES;
  return {
    hashEach(messages) {
      const out = new Array<Uint8Array>(messages.length);
      let i = 0;
      while (i < messages.length) {
        const a = messages[i]!;
        const b = messages[i + 1];
        if (!fits(a) || !fits(b) || a.length !== b!.length) {
          out[i++] = single.hash([a]);
          continue;
        }
        mem.fill(0, L.state, L.state + 400);
        const blocks = padded(mem, BUFFER_A, a);
        padded(mem, BUFFER_B, b!);
        absorb2(BUFFER_A, BUFFER_B, blocks);
        // Lane k of the state pair holds A's lane k in its first 8 bytes, B's in the next 8.
        const da = new Uint8Array(DIGEST);
        const db = new Uint8Array(DIGEST);
        const wa = new Uint32Array(da.buffer);
        const wb = new Uint32Array(db.buffer);
        for (let k = 0; k < 4; k++) {
          const w = state + 4 * k;
          wa[2 * k] = words[w]!;
          wa[2 * k + 1] = words[w + 1]!;
          wb[2 * k] = words[w + 2]!;
          wb[2 * k + 1] = words[w + 3]!;
        }
        out[i] = da;
        out[i + 1] = db;
        i += 2;
      }
      return out;
    },
  };
}
