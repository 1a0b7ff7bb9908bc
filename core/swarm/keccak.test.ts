/** keccak256's engine choice: the WebAssembly sponge where the host runs it, @noble/hashes where it does not. */
import { randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from './bytes.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('keccak256', () => {
  it('runs on the WebAssembly sponge under Node and equals @noble/hashes, whole and in parts', async () => {
    const { keccak256, keccakEngineKind } = await import('./keccak.js');
    expect(keccakEngineKind()).toBe('wasm');
    for (const n of [0, 1, 31, 32, 64, 135, 136, 137, 4096, 100_000]) {
      const data = new Uint8Array(randomBytes(n));
      expect(bytesToHex(keccak256(data)), `length ${n}`).toBe(bytesToHex(keccak_256(data)));
      expect(bytesToHex(keccak256(data.subarray(0, n >> 1), data.subarray(n >> 1))), `length ${n} in two parts`).toBe(bytesToHex(keccak_256(data)));
    }
  });

  it('keccak256Into writes the same digest as keccak256 at the offset it is given, on every length 0..300, at the buffer edge, and without WebAssembly', async () => {
    const check = (keccak256: (d: Uint8Array) => Uint8Array, keccak256Into: (m: Uint8Array, o: Uint8Array, at?: number) => void, lengths: number[]) => {
      const data = new Uint8Array(randomBytes(Math.max(...lengths)));
      for (const n of lengths) {
        const message = data.subarray(0, n);
        const out = new Uint8Array(80).fill(0xee);
        keccak256Into(message, out, 28);
        expect(bytesToHex(out.subarray(28, 60)), `length ${n}`).toBe(bytesToHex(keccak256(message)));
        expect(out.subarray(0, 28).every((b) => b === 0xee) && out.subarray(60).every((b) => b === 0xee), `length ${n}: only 28..60 written`).toBe(true);
        const alone = new Uint8Array(32);
        keccak256Into(message, alone);
        expect(bytesToHex(alone)).toBe(bytesToHex(keccak_256(message)));
      }
    };
    const upTo300 = Array.from({ length: 301 }, (_, n) => n);
    const wasm = await import('./keccak.js');
    expect(wasm.keccakEngineKind()).toBe('wasm');
    check(wasm.keccak256, wasm.keccak256Into, [...upTo300, 466 * 136 - 1, 466 * 136, 466 * 136 + 1, 200_000]);
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const portable = await import('./keccak.js');
    expect(portable.keccakEngineKind()).toBe('portable');
    check(portable.keccak256, portable.keccak256Into, upTo300);
  });

  it('falls back to @noble/hashes where WebAssembly is missing (or refused by a CSP), with the same digests', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { keccak256, keccakEngineKind } = await import('./keccak.js');
    expect(keccakEngineKind()).toBe('portable');
    const data = new Uint8Array(randomBytes(5000));
    expect(bytesToHex(keccak256(data))).toBe(bytesToHex(keccak_256(data)));
    expect(bytesToHex(keccak256(new TextEncoder().encode('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });

  it('keccak256Each equals @noble/hashes on each message: equal-length pairs on the two-message SIMD sponge, odd ones out, mixed lengths, the buffer edge, empty', async () => {
    const { keccak256Each } = await import('./keccak.js');
    const { PAIR_MAX_BYTES } = await import('./keccak-wasm/pair-sponge.js');
    const lengths = [4096, 4096, 4096, 0, 0, 135, 136, 136, 137, 137, 32, 64, 4096, PAIR_MAX_BYTES, PAIR_MAX_BYTES, PAIR_MAX_BYTES + 1, PAIR_MAX_BYTES + 1, 100_000, 1];
    const messages = lengths.map((n) => new Uint8Array(randomBytes(n)));
    const digests = keccak256Each(messages);
    expect(digests).toHaveLength(messages.length);
    messages.forEach((m, i) => expect(bytesToHex(digests[i]!), `message ${i} (${m.length} bytes)`).toBe(bytesToHex(keccak_256(m))));
    for (let count = 0; count < 6; count++) {
      const blocks = Array.from({ length: count }, () => new Uint8Array(randomBytes(4096)));
      expect(keccak256Each(blocks).map(bytesToHex), `${count} blocks`).toEqual(blocks.map((b) => bytesToHex(keccak_256(b))));
    }
  });

  it('keccak256Each without WebAssembly SIMD (one message per permutation) and without WebAssembly: the same digests', async () => {
    const RealModule = WebAssembly.Module;
    const real = WebAssembly;
    const data = [new Uint8Array(randomBytes(4096)), new Uint8Array(randomBytes(4096)), new Uint8Array(randomBytes(10))];
    const expected = data.map((d) => bytesToHex(keccak_256(d)));
    const { pairSpongeBytes } = await import('./keccak-wasm/pair-sponge.js');
    const pairBytes = pairSpongeBytes();
    vi.stubGlobal('WebAssembly', {
      Instance: real.Instance,
      Memory: real.Memory,
      CompileError: real.CompileError,
      validate: real.validate.bind(real),
      Module: function (bytes: Uint8Array<ArrayBuffer>) {
        if (bytes.length === pairBytes.length && bytes.every((b, i) => b === pairBytes[i])) throw new real.CompileError('no SIMD here');
        return new RealModule(bytes);
      },
    });
    vi.resetModules();
    const noSimd = await import('./keccak.js');
    expect(noSimd.keccakEngineKind()).toBe('wasm');
    expect(noSimd.keccak256Each(data).map(bytesToHex)).toEqual(expected);
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const none = await import('./keccak.js');
    expect(none.keccakEngineKind()).toBe('portable');
    expect(none.keccak256Each(data).map(bytesToHex)).toEqual(expected);
  });
});
