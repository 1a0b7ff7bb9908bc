/**
 * keccak256 (legacy Keccak, not NIST SHA3), the hash behind every Swarm address.
 * This is the portable engine; core/swarm's BMT and chunk tree call through here so a faster engine
 * (WASM) can replace it without touching callers.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';

export function keccak256(...parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return keccak_256(parts[0]!);
  const h = keccak_256.create();
  for (const p of parts) h.update(p);
  return h.digest();
}
