/**
 * The simulated network: every node is connected to every other (a full mesh, minus faults).
 *
 * Placement rule (documented for tests and operators): a pushed chunk is stored in the reserve of the
 * `replication` nodes (default 2) whose overlays are closest to the chunk address by XOR distance, counting
 * only nodes that are up and not isolated at push time. This stands in for Bee's "every node within the
 * storage radius of the chunk's neighbourhood stores it" on a network far too small to have a radius.
 *
 * Retrieval asks, closest first, every other reachable node that serves the chunk from its reserve.
 * Upload-store copies are never served to peers, so a deferred upload that has not been pushed is
 * unretrievable through the network even though the uploader can still download it locally.
 */
import { hexToBytes } from '../../core/swarm/bytes.js';
import type { DevnetNode } from '../node.js';
import { compareDistance } from './distance.js';

export interface SimNetworkOptions {
  /** How many of the closest nodes store each pushed chunk. */
  replication?: number;
  /** Delay before a deferred upload's chunks are pushed, in milliseconds. */
  pushDelayMs?: number;
}

export interface PushReceipt {
  /** Nodes that stored the chunk in their reserve. Empty when no node could be reached. */
  storedBy: number[];
}

interface PendingPush {
  from: DevnetNode;
  addressHex: string;
  data: Uint8Array;
  onPushed: ((receipt: PushReceipt) => void) | undefined;
}

/** One node served another a chunk: `debtor` pushed it to `creditor`, or retrieved it from `creditor`. */
export type ServeListener = (debtor: DevnetNode, creditor: DevnetNode, addressHex: string) => void;

export class SimNetwork {
  readonly nodes: DevnetNode[] = [];
  /** Told about every chunk one node serves another (bandwidth accounting). */
  onServe: ServeListener | undefined;
  readonly replication: number;
  pushDelayMs: number;
  private pending: PendingPush[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: SimNetworkOptions = {}) {
    this.replication = options.replication ?? 2;
    this.pushDelayMs = options.pushDelayMs ?? 500;
  }

  register(node: DevnetNode): void {
    this.nodes.push(node);
  }

  /** A node takes part in the network only while it is up and has its peer connections. */
  isReachable(node: DevnetNode): boolean {
    return !node.faults.down && !node.faults.isolated;
  }

  /** All nodes sorted closest-first to the address (ties cannot happen: overlays are distinct). */
  nodesByProximity(addressHex: string): DevnetNode[] {
    const address = hexToBytes(addressHex);
    return [...this.nodes].sort((a, b) => compareDistance(address, a.overlay, b.overlay));
  }

  /** Pushes one chunk now. The pushing node itself may be among the closest: then it keeps a reserve copy. */
  pushNow(from: DevnetNode, addressHex: string, data: Uint8Array): PushReceipt {
    if (!this.isReachable(from)) return { storedBy: [] };
    const targets = this.nodesByProximity(addressHex)
      .filter((n) => this.isReachable(n))
      .slice(0, this.replication);
    for (const target of targets) {
      target.store.put(addressHex, data, 'reserve');
      target.log.debug('node/pushsync', 'chunk stored', { address: addressHex, from: from.overlayHex });
      if (target !== from) this.onServe?.(from, target, addressHex);
    }
    return { storedBy: targets.map((t) => t.index) };
  }

  /** Queues a push for after `pushDelayMs` (Bee's deferred upload). */
  schedulePush(from: DevnetNode, addressHex: string, data: Uint8Array, onPushed?: (receipt: PushReceipt) => void): void {
    this.pending.push({ from, addressHex, data, onPushed });
    this.armTimer();
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /**
   * Pushes every queued chunk now. A chunk whose uploader is down or isolated stays queued, as Bee keeps
   * unsynced chunks until it can reach its peers.
   */
  flushPushes(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const queue = this.pending;
    this.pending = [];
    for (const item of queue) {
      const receipt = this.pushNow(item.from, item.addressHex, item.data);
      if (receipt.storedBy.length === 0) this.pending.push(item);
      else item.onPushed?.(receipt);
    }
    if (this.pending.length > 0) this.armTimer();
  }

  /**
   * Fetches a chunk from peers: every reachable node except the requester that serves it, closest first.
   * The requester must itself be reachable (an isolated node has nobody to ask).
   */
  retrieveFromPeers(requester: DevnetNode, addressHex: string): Uint8Array | undefined {
    if (!this.isReachable(requester)) return undefined;
    return this.retrieveFromNetwork(addressHex, requester);
  }

  /** Asks every reachable node (but `exclude`) that serves the chunk, closest first: what a gateway sees. */
  retrieveFromNetwork(addressHex: string, exclude?: DevnetNode): Uint8Array | undefined {
    for (const peer of this.nodesByProximity(addressHex)) {
      if (peer === exclude || !this.isReachable(peer)) continue;
      const data = peer.store.getServable(addressHex);
      if (data !== undefined) {
        if (exclude !== undefined) this.onServe?.(exclude, peer, addressHex);
        return data;
      }
    }
    return undefined;
  }

  /** Local store first (any origin), then the network: what downloads and GET /chunks use. */
  retrieve(requester: DevnetNode, addressHex: string): Uint8Array | undefined {
    return requester.store.get(addressHex) ?? this.retrieveFromPeers(requester, addressHex);
  }

  /** Removes chunks whose address starts with the prefix from every node's store (a neighbourhood's loss). */
  loseNeighborhood(prefixHex: string): number {
    let dropped = 0;
    for (const node of this.nodes) dropped += node.store.deleteByPrefix(prefixHex.toLowerCase()).length;
    return dropped;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private armTimer(): void {
    if (this.stopped || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushPushes();
    }, this.pushDelayMs);
    this.timer.unref();
  }
}

