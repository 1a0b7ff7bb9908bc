/**
 * The in-process control handle of a running devnet: flip faults per node or gateway, push deferred
 * chunks now, make a neighbourhood lose chunks, mine blocks. The HTTP control API (`/_devnet/*`) is a
 * thin layer over this same object, so the CLI demo, browser tests and in-process tests share semantics.
 */
import { defaultChainFaults, parseChainFaultPatch, type ChainFaults } from '../chain/faults.js';
import { phaseOf, type RedistributionPhase } from '../chain/redistribution.js';
import { bucketUpperBound } from '../chain/batch-math.js';
import type { SimChain } from '../chain/sim-chain.js';
import { healthyFaults, parseFaultPatch, type NodeFaultPatch, type NodeFaults } from '../faults.js';
import type { NodeServer } from '../http/node-server.js';
import type { DevnetNode } from '../node.js';
import { logFaultEffects } from '../log/fault-logs.js';
import type { GatewayServer } from '../gateway/gateway-server.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { replicaSlots } from '../../core/swarm/replicas.js';

export type FaultPatch = NodeFaultPatch & Partial<ChainFaults>;

export interface NodeHandle {
  readonly node: DevnetNode;
  /** Applies a patch of NodeFaults and chain fault fields; `down` resets every request but the control plane's. */
  setFault(patch: FaultPatch): Promise<void>;
  /**
   * Back to a healthy node as it started: every fault off, chain ones included, and the bearer token and CORS
   * list back to the devnet's start-up configuration (`--token`, `--cors-origins`): a token or origin list set
   * as a fault is cleared too.
   */
  heal(): Promise<void>;
  /** Current faults; a bearer token shows as "(set)". */
  faults(): NodeFaults & ChainFaults;
}

export type LoseChunksTarget = { neighborhood: string } | { nodeIndex: number; addresses: string[] };

export class DevnetControl {
  constructor(
    private readonly nodeList: readonly DevnetNode[],
    private readonly servers: readonly NodeServer[],
    readonly gatewayList: readonly GatewayServer[],
    readonly chain: SimChain,
    /** The token and CORS list the devnet started with, which heal() restores. */
    private readonly startup: { authToken: string | null; corsOrigins: string[] } = { authToken: null, corsOrigins: [] },
  ) {}

  get nodes(): readonly DevnetNode[] {
    return this.nodeList;
  }

  node(index: number): NodeHandle {
    const node = this.nodeList[index];
    const server = this.servers[index];
    if (node === undefined || server === undefined) throw new RangeError(`no devnet node ${index} (have ${this.nodeList.length})`);
    const setFault = async (patch: FaultPatch): Promise<void> => {
      const nodeKeys = new Set(Object.keys(healthyFaults()));
      const chainPatch: Partial<ChainFaults> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (nodeKeys.has(key)) (node.faults as unknown as Record<string, unknown>)[key] = value;
        else (chainPatch as Record<string, unknown>)[key] = value;
      }
      if (Object.keys(chainPatch).length > 0) node.chain.setFaults(chainPatch);
      // A fault that changed state rather than a reading gives the state back when it is lifted.
      if (!node.chain.faults.expiringStamp) node.chain.postage.liftExpiringFault();
      // The port stays open either way (the control plane answers there); going down drops what is open.
      if (patch.down === true) await server.goneDown();
      node.log.info('node/devnet', 'faults changed', { faults: JSON.stringify(redacted(patch)) });
      logFaultEffects(node, patch);
    };
    return {
      node,
      setFault,
      heal: async () => {
        await setFault({ ...defaultChainFaults(), ...healthyFaults(), authToken: this.startup.authToken, corsOrigins: [...this.startup.corsOrigins] });
      },
      faults: () => redacted({ ...node.chain.faults, ...node.faults }),
    };
  }

  /** Validates an untrusted patch (HTTP body) against both fault vocabularies; returns the error text if any. */
  parsePatch(input: unknown): { patch: FaultPatch } | { error: string } {
    const own = parseFaultPatch(input);
    if ('error' in own) return own;
    const chain = parseChainFaultPatch(own.rest);
    if ('error' in chain) return chain;
    return { patch: { ...chain.patch, ...own.patch } };
  }

  /** Pushes every deferred chunk now (those whose uploader is down or isolated stay queued). */
  flushPushes(): void {
    this.network().flushPushes();
  }

  get pendingPushes(): number {
    return this.network().pendingCount;
  }

  /**
   * A neighbourhood loses chunks: every node drops the chunks whose address starts with the hex prefix,
   * or one node drops the listed addresses. Returns how many copies were dropped.
   */
  loseChunks(target: LoseChunksTarget): number {
    if ('neighborhood' in target) {
      if (!/^[0-9a-fA-F]*$/.test(target.neighborhood)) throw new RangeError(`neighborhood must be hex, got ${target.neighborhood}`);
      return this.network().loseNeighborhood(target.neighborhood);
    }
    const node = this.nodeList[target.nodeIndex];
    if (node === undefined) throw new RangeError(`no devnet node ${target.nodeIndex}`);
    return target.addresses.filter((address) => node.store.delete(address.toLowerCase())).length;
  }

  /**
   * Root replicas are lost (issue 29): the dispersed replicas of a reference's root chunk (all 16 addresses of
   * Bee's dispersal order, or the listed slot indices) are dropped from every node, or from one. The root and
   * the rest of the content stay. Returns the copies dropped and the replica addresses affected.
   */
  loseReplicas(target: { reference: string; nodeIndex?: number; slots?: readonly number[] }): { dropped: number; addresses: string[] } {
    if (!/^([0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/.test(target.reference)) throw new RangeError(`reference must be 64 or 128 hex, got ${target.reference}`);
    const nodes = target.nodeIndex === undefined ? this.nodeList : [this.nodeList[target.nodeIndex]];
    if (nodes.some((n) => n === undefined)) throw new RangeError(`no devnet node ${target.nodeIndex}`);
    const all = replicaSlots(hexToBytes(target.reference.slice(0, 64)), 4).map((slot) => bytesToHex(slot.address));
    for (const index of target.slots ?? []) if (!Number.isInteger(index) || index < 0 || index >= all.length) throw new RangeError(`replica slots are 0..15, got ${index}`);
    const addresses = target.slots ? target.slots.map((i) => all[i]!) : all;
    let dropped = 0;
    for (const node of nodes as DevnetNode[]) {
      const lost = addresses.filter((address) => node.store.delete(address)).length;
      if (lost > 0) node.log.warning('node/storer', 'chunks lost from the local store', { replicasOf: target.reference.slice(0, 64), lost });
      dropped += lost;
    }
    return { dropped, addresses };
  }

  /** Mines blocks at once (a batch bought now is usable after 10). */
  advanceBlocks(blocks: number): void {
    this.chain.advance(blocks);
  }

  /**
   * Mines until the next block that opens the redistribution phase: `commit`, `reveal` or `claim` by the
   * round's block windows, and `sample` at the start of the claim window, where an eligible node starts
   * sampling for the next round (it reports `claim` meanwhile, as Bee does, until its rchashSeconds are up).
   * Returns the blocks mined.
   */
  advanceToPhase(phase: Exclude<RedistributionPhase, 'unknown'>): number {
    const window = phase === 'sample' ? 'claim' : phase;
    let mined = 0;
    do {
      this.chain.advance(1);
      mined += 1;
    } while (!(phaseOf(this.chain.block) === window && phaseOf(this.chain.block - 1) !== window));
    return mined;
  }

  /**
   * Fills one bucket of a node's batch to `fill` (0..1] of its slots with stamps for made-up chunk
   * addresses in that bucket, as if the node had uploaded that skewed a set of chunks: /stamps utilization
   * and the bucket histogram move together. Returns the bucket's new collision count.
   */
  skewBatch(nodeIndex: number, batchId: string, fill: number, bucket = 0x2a5b): number {
    const node = this.nodeList[nodeIndex];
    if (node === undefined) throw new RangeError(`no devnet node ${nodeIndex}`);
    if (!(fill > 0 && fill <= 1)) throw new RangeError(`fill must be in (0, 1], got ${fill}`);
    if (!Number.isInteger(bucket) || bucket < 0 || bucket > 0xffff) throw new RangeError(`bucket must be 0..65535, got ${bucket}`);
    const batch = node.chain.postage.own(batchId.toLowerCase());
    if (batch === undefined) throw new RangeError(`node ${nodeIndex} has no batch ${batchId}`);
    const target = Math.ceil(fill * bucketUpperBound(batch.depth));
    for (let salt = 0; batch.buckets[bucket]! < target; salt++) {
      const address = new Uint8Array(32);
      address[0] = bucket >> 8;
      address[1] = bucket & 0xff;
      new DataView(address.buffer).setUint32(28, salt);
      address[2] = 0x5e; // marks the made-up addresses
      if (!batch.stamp(address, this.chain.nowNs()).ok) break;
    }
    return batch.buckets[bucket]!;
  }

  /**
   * Damages a pin on one node: `missing` chunks of its collection are deleted from the node's store and
   * `invalid` more are overwritten with bytes that no longer hash to their address (a disk going bad). The
   * root chunk is kept as long as possible, taking chunks from the end of the collection first. Returns how
   * many of each were damaged.
   */
  damagePin(nodeIndex: number, reference: string, damage: { missing?: number; invalid?: number }): { missing: number; invalid: number } {
    const node = this.nodeList[nodeIndex];
    if (node === undefined) throw new RangeError(`no devnet node ${nodeIndex}`);
    const ref = reference.toLowerCase();
    if (!node.pins.has(ref)) throw new RangeError(`node ${nodeIndex} has no pin ${reference}`);
    const candidates = node.pins.collection(ref).filter((address) => node.store.has(address)).reverse();
    const wantMissing = Math.max(0, Math.floor(damage.missing ?? 0));
    const wantInvalid = Math.max(0, Math.floor(damage.invalid ?? 0));
    let missing = 0;
    let invalid = 0;
    for (const address of candidates) {
      if (missing < wantMissing) {
        node.store.delete(address);
        missing++;
      } else if (invalid < wantInvalid) {
        const data = Uint8Array.from(node.store.get(address)!);
        data[data.length - 1]! ^= 0xff;
        node.store.put(address, data, 'pin');
        invalid++;
      } else break;
    }
    node.log.warning('node/storer', 'chunks lost from the local store', { pin: ref, missing, corrupted: invalid });
    return { missing, invalid };
  }

  gateway(index: number): GatewayServer {
    const gateway = this.gatewayList[index];
    if (gateway === undefined) throw new RangeError(`no devnet gateway ${index} (have ${this.gatewayList.length})`);
    return gateway;
  }

  private network(): DevnetNode['network'] {
    const first = this.nodeList[0];
    if (first === undefined) throw new RangeError('devnet has no nodes');
    return first.network;
  }
}

/** Tokens never reach a log line or a control answer: the token field only says whether one is set. */
function redacted<T extends { authToken?: string | null }>(faults: T): T {
  return faults.authToken === undefined || faults.authToken === null ? faults : { ...faults, authToken: '(set)' };
}
