/**
 * A node's local chunk store. Each entry remembers how it arrived, because that decides who may see it:
 * - `upload`: written by an upload on this node; used by this node's own downloads but not served to peers
 *   until the push lands it in some node's reserve (Bee's upload store is not the reserve).
 * - `reserve`: pushed to this node because it is among the chunk's closest nodes; served to peers.
 * - `pin`: copied here by POST /pins; kept for the node's own use, like the upload store.
 * A chunk can have several origins (the uploader is one of the closest nodes).
 * `data` is what a chunk's address commits to: span+payload for a content chunk, id+signature+span+payload for a SOC.
 */

export type ChunkOrigin = 'upload' | 'reserve' | 'pin';

export interface StoredChunk {
  data: Uint8Array;
  origins: Set<ChunkOrigin>;
}

export class ChunkStore {
  private readonly chunks = new Map<string, StoredChunk>();

  put(addressHex: string, data: Uint8Array, origin: ChunkOrigin): void {
    const existing = this.chunks.get(addressHex);
    if (existing !== undefined) {
      // A SOC may be overwritten by a newer update at the same address; the newest write wins.
      existing.data = data;
      existing.origins.add(origin);
      return;
    }
    this.chunks.set(addressHex, { data, origins: new Set([origin]) });
  }

  /** Any local copy, whatever its origin: what the node's own downloads read. */
  get(addressHex: string): Uint8Array | undefined {
    return this.chunks.get(addressHex)?.data;
  }

  /** Only the copies the node would serve to a peer's retrieval request. */
  getServable(addressHex: string): Uint8Array | undefined {
    const entry = this.chunks.get(addressHex);
    return entry?.origins.has('reserve') === true ? entry.data : undefined;
  }

  has(addressHex: string): boolean {
    return this.chunks.has(addressHex);
  }

  delete(addressHex: string): boolean {
    return this.chunks.delete(addressHex);
  }

  /** Drops every chunk whose address starts with the hex prefix; returns the addresses dropped. */
  deleteByPrefix(prefixHex: string): string[] {
    const dropped: string[] = [];
    for (const address of this.chunks.keys()) {
      if (address.startsWith(prefixHex)) {
        this.chunks.delete(address);
        dropped.push(address);
      }
    }
    return dropped;
  }

  addresses(origin?: ChunkOrigin): string[] {
    const out: string[] = [];
    for (const [address, entry] of this.chunks) if (origin === undefined || entry.origins.has(origin)) out.push(address);
    return out;
  }

  get size(): number {
    return this.chunks.size;
  }
}
