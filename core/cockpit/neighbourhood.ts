/**
 * Addressing a node's neighbourhood (bee-api.md §2.7, §8), for `pss-target` and `gsoc-mine`.
 *
 * - PSS: Bee mines a trojan chunk whose address starts with one of the given targets (hex byte prefixes, at
 *   most 3 bytes). For the message to reach a node, that address must fall in the node's neighbourhood: share
 *   at least `depth` leading bits with its overlay. So the target is the overlay's first ceil(depth/8) bytes,
 *   at least 1 and at most 3; deeper than 24 bits the target cannot cover the whole depth (`coversDepth`).
 * - GSOC: a subscriber listens on a SOC address keccak256(identifier ‖ owner); messages reach it only when that
 *   address is in its neighbourhood. Mining tries signer keys k = 0xb33, 0xb34, … (as bee-js `gsocMine` does,
 *   so both find the same key) until the SOC address shares at least `depth` bits with the overlay.
 */
import * as secp from '@noble/secp256k1';
import { bytesToHex } from '../swarm/bytes.js';
import { InputError } from '../swarm/input-error.js';
import { keccak256 } from '../swarm/keccak.js';
import { proximity } from '../swarm/proximity.js';

export const MAX_PSS_TARGET_BYTES = 3;

export interface PssTarget {
  target: string;
  targetBits: number;
  coversDepth: boolean;
}

export function pssTarget(overlay: Uint8Array, depth: number): PssTarget {
  if (!Number.isInteger(depth) || depth < 0 || depth > 256) throw new InputError('depth', String(depth), 'an integer from 0 to 256');
  const bytes = Math.min(MAX_PSS_TARGET_BYTES, Math.max(1, Math.ceil(depth / 8)));
  return { target: bytesToHex(overlay.subarray(0, bytes)), targetBits: bytes * 8, coversDepth: bytes * 8 >= depth };
}

/** bee-js gsocMine's first key. */
export const GSOC_KEY_START = 0xb33n;
/** Expected tries are 2^depth; 2^24 covers every storage radius seen on mainnet with room. */
export const GSOC_MAX_TRIES = 1 << 24;

export interface GsocMined {
  privateKey: Uint8Array;
  owner: Uint8Array;
  socAddress: Uint8Array;
  proximity: number;
  tries: number;
}

export function mineGsocKey(overlay: Uint8Array, identifier: Uint8Array, depth: number, maxTries = GSOC_MAX_TRIES): GsocMined | undefined {
  if (identifier.length !== 32) throw new InputError('identifier', `${identifier.length} bytes`, '32 bytes');
  const key = new Uint8Array(32);
  for (let i = 0; i < maxTries; i++) {
    let k = GSOC_KEY_START + BigInt(i);
    for (let b = 31; b >= 0; b--) {
      key[b] = Number(k & 0xffn);
      k >>= 8n;
    }
    const owner = keccak256(secp.getPublicKey(key, false).subarray(1)).subarray(12);
    const socAddress = keccak256(identifier, owner);
    const po = proximity(socAddress, overlay);
    if (po >= depth) return { privateKey: key.slice(), owner, socAddress, proximity: po, tries: i + 1 };
  }
  return undefined;
}
