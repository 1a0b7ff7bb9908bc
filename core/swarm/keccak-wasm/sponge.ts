/**
 * keccak256 of messages of any length on the WebAssembly sponge kernel (sponge-program.ts). The message is
 * copied into the kernel's input buffer a buffer-full at a time and absorbed there; the last block gets
 * keccak's padding (0x01 after the message, 0x80 in the block's last byte) on this side. Results equal
 * @noble/hashes' keccak_256 byte for byte (sponge.test.ts checks random lengths, and every length around the
 * 136-byte block edges, against it).
 *
 * One instance owns one kernel (its memory holds the state between absorb calls): not reentrant, which holds
 * because a hash never yields; each worker thread makes its own.
 */
import { SPONGE_BASE64 } from './kernel-bytes.js';
import { SPONGE_EXPORTS, SPONGE_LAYOUT as L } from './layout.js';

const DIGEST = 32;
const RATE = L.rate;
const CAPACITY = L.inputBlocks * RATE;

export function spongeBytes(): Uint8Array<ArrayBuffer> {
  const text = atob(SPONGE_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function instantiate(): { memory: Uint8Array; exports: WebAssembly.Exports } {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(spongeBytes()), {});
  return { memory: new Uint8Array((instance.exports[SPONGE_EXPORTS.memory] as WebAssembly.Memory).buffer), exports: instance.exports };
}

/** Writes `message`'s final partial block and keccak's padding at `at` (a whole number of blocks before it absorbed). */
function padTail(mem: Uint8Array, at: number, message: Uint8Array, from: number): number {
  const rest = message.length - from;
  const end = at + (Math.floor(rest / RATE) + 1) * RATE;
  mem.set(from === 0 ? message : message.subarray(from), at);
  mem.fill(0, at + rest, end);
  mem[at + rest] = 0x01;
  mem[end - 1]! |= 0x80;
  return (end - at) / RATE;
}

export interface WasmKeccak {
  /** keccak256 of the concatenation of `parts`. */
  hash(parts: readonly Uint8Array[]): Uint8Array;
  /**
   * keccak256 of one message written into `out` at `at`: for the signer's 32- to 64-byte hashes, no parts
   * array, no fresh 32-byte digest (each small typed array made costs ~0.1 µs in a 25 µs signature loop).
   */
  hashInto(message: Uint8Array, out: Uint8Array, at: number): void;
}

/**
 * A sponge instance: one message at a time, any length, compiled synchronously (the module is under 4 KiB,
 * within what browsers allow on a main thread). Throws when the host refuses WebAssembly (none, or a CSP).
 */
export function createWasmKeccak(): WasmKeccak {
  const { memory: mem, exports } = instantiate();
  const absorb = exports[SPONGE_EXPORTS.absorb] as (ptr: number, blocks: number) => void;
  const digest = mem.subarray(L.state, L.state + DIGEST);
  /** One message that fits the buffer (every hash but bulk ones): one copy, one call; the digest is in `digest`. */
  const hashSmall = (message: Uint8Array): void => {
    mem.fill(0, L.state, L.state + 200);
    absorb(L.input, padTail(mem, L.input, message, 0));
  };
  return {
    hashInto(message, out, at) {
      if (message.length >= CAPACITY) {
        out.set(this.hash([message]), at);
        return;
      }
      hashSmall(message);
      out.set(digest, at);
    },
    hash(parts) {
      if (parts.length === 1 && parts[0]!.length < CAPACITY) {
        hashSmall(parts[0]!);
        return digest.slice();
      }
      mem.fill(0, L.state, L.state + 200);
      let fill = 0;
      for (const part of parts) {
        let at = 0;
        while (at < part.length) {
          const take = Math.min(part.length - at, CAPACITY - fill);
          mem.set(take === part.length ? part : part.subarray(at, at + take), L.input + fill);
          fill += take;
          at += take;
          if (fill === CAPACITY) {
            absorb(L.input, L.inputBlocks);
            fill = 0;
          }
        }
      }
      const whole = Math.floor(fill / RATE);
      if (whole > 0) absorb(L.input, whole);
      const tail = mem.subarray(L.input + whole * RATE, L.input + fill);
      // The tail is copied out before padTail rewrites the buffer from the start.
      absorb(L.input, padTail(mem, L.input, tail.slice(), 0));
      return mem.slice(L.state, L.state + DIGEST);
    },
  };
}
