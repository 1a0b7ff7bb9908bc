/**
 * Proximity order (PO): how many leading bits (most significant first) two addresses share.
 * The retcheck spec reports the full 0..256 range (256 = identical); Bee's Kademlia caps it at
 * MaxPO = 31, which the devnet needs to place chunks exactly as Bee would. See bee-api.md §8.
 */
import { bytesToHex } from './bytes.js';
import { InputError } from './input-error.js';

/** Bee's `swarm.MaxPO`. */
export const MAX_PO = 31;

/** Leading equal bits over the shorter of the two arrays: 0..256 for 32-byte addresses. */
export function proximity(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = a[i]! ^ b[i]!;
    if (diff !== 0) return i * 8 + Math.clz32(diff) - 24;
  }
  return length * 8;
}

/**
 * Bee's `swarm.Proximity`: like `proximity` but only the first MAX_PO/8+1 bytes are compared and an
 * equal prefix yields MAX_PO (also for arrays shorter than 4 bytes, as in Bee).
 */
export function beeProximity(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length, (MAX_PO >> 3) + 1);
  for (let i = 0; i < length; i++) {
    const diff = a[i]! ^ b[i]!;
    if (diff !== 0) return Math.min(i * 8 + Math.clz32(diff) - 24, MAX_PO);
  }
  return MAX_PO;
}

/** The retcheck neighborhood: the first byte of an overlay or chunk address as 2 lowercase hex. */
export function neighborhood(address: Uint8Array): string {
  if (!(address instanceof Uint8Array) || address.length === 0) {
    throw new InputError('address', address instanceof Uint8Array ? 'empty' : String(address), 'at least 1 byte');
  }
  return bytesToHex(address.subarray(0, 1));
}

/**
 * The first `count` bits as a '0'/'1' string, the form Bee's /status/neighborhoods uses for a
 * storage-radius neighborhood.
 */
export function addressBits(address: Uint8Array, count: number): string {
  if (!Number.isInteger(count) || count < 0 || count > address.length * 8) {
    throw new InputError('bit count', String(count), `an integer from 0 to ${address.length * 8}`);
  }
  let bits = '';
  for (let i = 0; i < count; i++) bits += (address[i >> 3]! >> (7 - (i & 7))) & 1;
  return bits;
}
