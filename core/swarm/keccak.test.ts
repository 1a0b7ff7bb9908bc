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

  it('falls back to @noble/hashes where WebAssembly is missing (or refused by a CSP), with the same digests', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { keccak256, keccakEngineKind } = await import('./keccak.js');
    expect(keccakEngineKind()).toBe('portable');
    const data = new Uint8Array(randomBytes(5000));
    expect(bytesToHex(keccak256(data))).toBe(bytesToHex(keccak_256(data)));
    expect(bytesToHex(keccak256(new TextEncoder().encode('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });
});
