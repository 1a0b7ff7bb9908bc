/**
 * Pinned root references and their collections. Bee keeps, per pin, the addresses of every chunk it pinned
 * (the collection) and checks them against the store on `GET /pins/check`: a chunk no longer in the store is
 * missing, one whose bytes do not hash to its address (neither a content chunk nor a valid single-owner
 * chunk) is invalid. The devnet keeps pinned chunks in the node's chunk store and the collection here.
 */
import { hexToBytes } from '../../core/swarm/bytes.js';
import { isValidContentChunk } from '../../core/swarm/chunk.js';
import { parseSingleOwnerChunk } from '../../core/swarm/soc.js';

export interface PinCheckLine {
  reference: string;
  total: number;
  missing: number;
  invalid: number;
}

export class PinRegistry {
  private readonly collections = new Map<string, readonly string[]>();

  /** Returns false when the reference was already pinned (Bee answers 200 instead of 201). */
  add(referenceHex: string, addresses: readonly string[] = []): boolean {
    if (this.collections.has(referenceHex)) return false;
    this.collections.set(referenceHex, [...new Set(addresses.map((a) => a.toLowerCase()))]);
    return true;
  }

  has(referenceHex: string): boolean {
    return this.collections.has(referenceHex);
  }

  delete(referenceHex: string): boolean {
    return this.collections.delete(referenceHex);
  }

  list(): string[] {
    return [...this.collections.keys()];
  }

  /** The chunk addresses pinned under `referenceHex` (empty when not pinned). */
  collection(referenceHex: string): readonly string[] {
    return this.collections.get(referenceHex) ?? [];
  }
}

/** A stored chunk is valid when it is the content chunk or the single-owner chunk its address says. */
export function isValidStoredChunk(addressHex: string, data: Uint8Array): boolean {
  const address = hexToBytes(addressHex);
  if (isValidContentChunk(address, data)) return true;
  try {
    parseSingleOwnerChunk(data, address);
    return true;
  } catch {
    return false;
  }
}

/** Bee's integrity line for one pin; a reference that is not pinned has no collection: total 0. */
export function checkPin(pins: PinRegistry, stored: (address: string) => Uint8Array | undefined, referenceHex: string): PinCheckLine {
  let missing = 0;
  let invalid = 0;
  const addresses = pins.collection(referenceHex);
  for (const address of addresses) {
    const data = stored(address);
    if (data === undefined) missing++;
    else if (!isValidStoredChunk(address, data)) invalid++;
  }
  return { reference: referenceHex, total: addresses.length, missing, invalid };
}
