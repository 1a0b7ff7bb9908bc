/**
 * Dispersed replicas of a root chunk (Bee `pkg/replicas`). An upload at redundancy level L > 0 also stores
 * its root chunk 2, 4, 8 or 16 times (levels 1–4) as single-owner chunks wrapping the root: the owner is a
 * fixed, publicly known key (private key 0x01 followed by 31 zero bytes), and the identifier is the root
 * address with its first byte replaced by a counter i. Anyone who knows the root address can therefore
 * derive the replica addresses and fetch a replica when the root itself cannot be found.
 *
 * Which counters are used: for level L, the first i (from 0) whose SOC address falls into each of the
 * 2^L neighbourhoods named by the address's top L bits, so the replicas land in distinct neighbourhoods.
 * They are listed in Bee's dispersal order: first the replicas that also differ at level 1, then those
 * new at level 2, and so on, which is the order a retriever tries them in.
 */
import { MAX_CHUNK_DATA_SIZE, type Chunk } from './chunk.js';
import type { RedundancyLevel } from './redundancy.js';
import { hexToBytes } from './bytes.js';
import { makeSingleOwnerChunk, REPLICAS_OWNER_HEX, socAddress, type SingleOwnerChunk } from './soc.js';

/** The private key every node signs replicas with (Bee `replicas.privKey`): 0x01 then 31 zero bytes. */
export const REPLICA_PRIVATE_KEY: Uint8Array = (() => {
  const key = new Uint8Array(32);
  key[0] = 1;
  return key;
})();

/**
 * Its Ethereum address, Bee's `swarm.ReplicasOwner` (dc5b20847f43d67928f49cd4f85d696b5a7617b5). Written out,
 * not derived when this module loads: deriving it picks and loads a secp256k1 engine (the native addon) in
 * every program that imports this, cockpit-tui's start among them. replicas.test.ts derives it from the key.
 */
export const REPLICAS_OWNER: Uint8Array = hexToBytes(REPLICAS_OWNER_HEX);

/** Replicas stored per redundancy level (Bee `redundancy.replicaCounts`). */
export const REPLICA_COUNTS = [0, 2, 4, 8, 16] as const;

export interface ReplicaSlot {
  /** The SOC identifier: the root address with byte 0 set to the counter. */
  identifier: Uint8Array;
  /** keccak256(identifier ‖ REPLICAS_OWNER) */
  address: Uint8Array;
}

/** Index of a neighbourhood (the address's top `level` bits) among all levels' neighbourhoods. */
const neighbourhoodKey = (level: number, address: Uint8Array): number => (1 << level) - 2 + (address[0]! >> (8 - level));

/** The replica identifiers and addresses of `rootAddress` at `level`, in Bee's dispersal order. */
export function replicaSlots(rootAddress: Uint8Array, level: RedundancyLevel): ReplicaSlot[] {
  if (level === 0) return [];
  if (rootAddress.length < 32) throw new RangeError(`a root address is 32 bytes, got ${rootAddress.length}`);
  const wanted = REPLICA_COUNTS[level];
  const seen = new Set<number>();
  // Slots [2^(k-1) … 2^k) of the order take the replicas first new at level k (slots 0 and 1 for level 1).
  const order: (ReplicaSlot | undefined)[] = new Array(wanted);
  const filledPerLevel = REPLICA_COUNTS.slice() as number[];
  let placed = 0;
  for (let i = 0; i < 255 && placed < wanted; i++) {
    const identifier = rootAddress.slice(0, 32);
    identifier[0] = i;
    const slot = { identifier, address: socAddress(identifier, REPLICAS_OWNER) };
    // The lowest level at which this address opens a new neighbourhood, marking it at every level up to
    // `level` on the way (Bee's recursive `add`): none when it is new at no level.
    let newFrom = 0;
    for (let k = level; k >= 1; k--) {
      const key = neighbourhoodKey(k, slot.address);
      if (seen.has(key)) break;
      seen.add(key);
      newFrom = k;
    }
    if (newFrom === 0) continue;
    order[filledPerLevel[newFrom - 1]!++] = slot;
    placed++;
  }
  return order.filter((slot): slot is ReplicaSlot => slot !== undefined);
}

/**
 * The replica SOCs Bee stores for a root chunk uploaded at `level` (none at level 0). Bee wraps the root as
 * its upload pipeline holds it: span and a payload zero-padded to the full 4096 bytes (checked on a live
 * v2.8.1 node). The padding does not change the wrapped chunk's address: the BMT pads with zeros anyway.
 */
export function rootReplicas(root: Chunk, level: RedundancyLevel): SingleOwnerChunk[] {
  const slots = replicaSlots(root.address, level);
  if (slots.length === 0) return [];
  const padded = { address: root.address, data: new Uint8Array(MAX_CHUNK_DATA_SIZE) };
  padded.data.set(root.data.subarray(0, MAX_CHUNK_DATA_SIZE));
  return slots.map((slot) => makeSingleOwnerChunk(slot.identifier, padded, REPLICA_PRIVATE_KEY));
}
