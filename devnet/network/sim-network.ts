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
  /**
   * How many deferred chunks a second the network pushes once the delay is over (default: all at once). A
   * finite rate makes a large upload's tag move as Bee's does, visibly to a poll: `sent` as chunks go out,
   * `synced` a tick later as their receipts come back. `flushPushes()` still pushes everything at once.
   */
  pushRatePerSecond?: number;
}

/** The pace of rate-limited pushing: a batch every PUSH_TICK_MS. */
export const PUSH_TICK_MS = 100;

export interface PushReceipt {
  /** Nodes that stored the chunk in their reserve. Empty when no node could be reached. */
  storedBy: number[];
}

interface PendingPush {
  from: DevnetNode;
  addressHex: string;
  data: Uint8Array;
  onPushed: ((receipt: PushReceipt) => void) | undefined;
  /** Called when the chunk goes out (before its receipt); absent: only onPushed, at once. */
  onSent: ((receipt: PushReceipt) => void) | undefined;
}

/** One node served another a chunk: `debtor` pushed it to `creditor`, or retrieved it from `creditor`. */
export type ServeListener = (debtor: DevnetNode, creditor: DevnetNode, addressHex: string) => void;

export class SimNetwork {
  readonly nodes: DevnetNode[] = [];
  /** Told about every chunk one node serves another (bandwidth accounting). */
  onServe: ServeListener | undefined;
  readonly replication: number;
  pushDelayMs: number;
  readonly pushRatePerSecond: number;
  private pending: PendingPush[] = [];
  /** Receipts of chunks sent on the last tick, delivered on the next. */
  private receipts: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: SimNetworkOptions = {}) {
    this.replication = options.replication ?? 2;
    this.pushDelayMs = options.pushDelayMs ?? 500;
    this.pushRatePerSecond = options.pushRatePerSecond ?? Number.POSITIVE_INFINITY;
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
  schedulePush(from: DevnetNode, addressHex: string, data: Uint8Array, onPushed?: (receipt: PushReceipt) => void, onSent?: (receipt: PushReceipt) => void): void {
    this.pending.push({ from, addressHex, data, onPushed, onSent });
    this.armTimer(this.pushDelayMs);
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
    this.deliverReceipts();
    this.pushBatch(this.pending.length, false);
    if (this.pending.length > 0) this.armTimer(this.pushDelayMs);
  }

  /** One tick of rate-limited pushing: last tick's receipts arrive, the next batch goes out. */
  private tick(): void {
    this.deliverReceipts();
    const batch = Math.max(1, Math.floor((this.pushRatePerSecond * PUSH_TICK_MS) / 1000));
    const before = this.pending.length;
    this.pushBatch(batch, true);
    const progressed = this.pending.length < before;
    // Keep ticking while chunks go out; when nothing could be pushed (uploader down), wait the full delay.
    if (this.pending.length > 0) this.armTimer(progressed ? PUSH_TICK_MS : this.pushDelayMs);
    else if (this.receipts.length > 0) this.armTimer(PUSH_TICK_MS);
  }

  /** Pushes up to `count` queued chunks; their receipts wait for the next tick when `deferReceipts`. */
  private pushBatch(count: number, deferReceipts: boolean): void {
    const queue = this.pending.splice(0, count);
    const kept: PendingPush[] = [];
    for (const item of queue) {
      const receipt = this.pushNow(item.from, item.addressHex, item.data);
      if (receipt.storedBy.length === 0) {
        kept.push(item);
        continue;
      }
      item.onSent?.(receipt);
      if (deferReceipts && item.onSent) this.receipts.push(() => item.onPushed?.(receipt));
      else item.onPushed?.(receipt);
    }
    this.pending.unshift(...kept);
  }

  private deliverReceipts(): void {
    const due = this.receipts;
    this.receipts = [];
    for (const deliver of due) deliver();
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

  private armTimer(delayMs: number): void {
    if (this.stopped || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (Number.isFinite(this.pushRatePerSecond)) this.tick();
      else this.flushPushes();
    }, delayMs);
    this.timer.unref();
  }
}

