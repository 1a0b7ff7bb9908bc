/**
 * One postage batch: its on-chain record (value, depth, start block) together with the issuer state the
 * owning node keeps (per-bucket counters). In Bee those live in two places (batch store and stamp issuer);
 * the devnet has exactly one owner per batch, so one object is enough.
 */
import { bytesToHex } from '../../core/swarm/bytes.js';
import { BUCKET_COUNT, BUCKET_DEPTH, USABLE_AFTER_BLOCKS } from './constants.js';
import { bucketOf, bucketUpperBound } from './batch-math.js';

export interface StampGranted {
  ok: true;
  batchId: string;
  bucket: number;
  /** Position inside the bucket (the counter before this stamp). */
  bucketIndex: number;
  /** 8 bytes: bucket (uint32 BE) ‖ bucketIndex (uint32 BE), the stamp's index field. */
  index: Uint8Array;
  /** Unix nanoseconds, the stamp's timestamp field. */
  timestamp: bigint;
  /** True when the chunk already held a stamp of this batch and kept its slot (no bucket increment). */
  restamped: boolean;
}

/** Why a chunk could not be stamped; status and message are what Bee answers on an upload. */
export type StampRefusal =
  | { ok: false; reason: 'notFound'; status: 404; message: 'batch with id not found' }
  | { ok: false; reason: 'notUsable'; status: 422; message: 'batch not usable yet or does not exist' }
  | { ok: false; reason: 'overissued'; status: 402; message: 'batch is overissued' };

export type StampOutcome = StampGranted | StampRefusal;

export const refusals = {
  notFound: { ok: false, reason: 'notFound', status: 404, message: 'batch with id not found' },
  notUsable: { ok: false, reason: 'notUsable', status: 422, message: 'batch not usable yet or does not exist' },
  overissued: { ok: false, reason: 'overissued', status: 402, message: 'batch is overissued' },
} as const satisfies Record<string, StampRefusal>;

export interface PostageBatchInit {
  batchId: string;
  ownerHex: string;
  ownerNode: number;
  depth: number;
  immutable: boolean;
  value: bigint;
  amount: bigint;
  startBlock: number;
  label: string;
}

export class PostageBatch {
  readonly batchId: string;
  readonly ownerHex: string;
  readonly ownerNode: number;
  readonly immutable: boolean;
  readonly startBlock: number;
  readonly bucketDepth = BUCKET_DEPTH;
  depth: number;
  /** Normalised balance: cumulative payout at purchase + every per-chunk amount paid since. */
  value: bigint;
  /** Per-chunk amount paid (purchase plus top-ups), the `amount` Bee lists. */
  amount: bigint;
  label: string;
  /** The creation transaction while it is stuck unmined (stuckTransactions fault): the batch is not usable until it is. */
  awaitingTx: string | null = null;
  readonly buckets = new Uint32Array(BUCKET_COUNT);
  /** Peak bucket count: Bee's `utilization`. */
  utilization = 0;
  /** Chunks already stamped by this batch, so re-uploading the same chunk reuses its slot as Bee does. */
  private readonly slots = new Map<string, Uint8Array>();

  constructor(init: PostageBatchInit) {
    this.batchId = init.batchId;
    this.ownerHex = init.ownerHex;
    this.ownerNode = init.ownerNode;
    this.depth = init.depth;
    this.immutable = init.immutable;
    this.value = init.value;
    this.amount = init.amount;
    this.startBlock = init.startBlock;
    this.label = init.label;
  }

  get upperBound(): number {
    return bucketUpperBound(this.depth);
  }

  /** Fill ratio of the fullest bucket, Bee's utilizationRatio (v2.8.1+). */
  get utilizationRatio(): number {
    return this.utilization / this.upperBound;
  }

  isUsableAt(block: number): boolean {
    return block - this.startBlock >= USABLE_AFTER_BLOCKS;
  }

  /**
   * Assigns the chunk a slot. Immutable batches refuse a chunk whose bucket is full (402 overissued);
   * mutable ones wrap the bucket counter to 0 and overwrite the oldest slot, as Bee's stamp issuer does.
   */
  stamp(address: Uint8Array, timestampNs: bigint): StampGranted | typeof refusals.overissued {
    const key = bytesToHex(address);
    const existing = this.slots.get(key);
    const bucket = bucketOf(address);
    if (existing) {
      const view = new DataView(existing.buffer, existing.byteOffset, 8);
      return this.granted(bucket, view.getUint32(4, false), existing, timestampNs, true);
    }
    let counter = this.buckets[bucket]!;
    if (counter >= this.upperBound) {
      if (this.immutable) return refusals.overissued;
      counter = 0;
    }
    this.buckets[bucket] = counter + 1;
    if (counter + 1 > this.utilization) this.utilization = counter + 1;
    const index = new Uint8Array(8);
    const view = new DataView(index.buffer);
    view.setUint32(0, bucket, false);
    view.setUint32(4, counter, false);
    this.slots.set(key, index);
    return this.granted(bucket, counter, index, timestampNs, false);
  }

  private granted(bucket: number, bucketIndex: number, index: Uint8Array, timestamp: bigint, restamped: boolean): StampGranted {
    return { ok: true, batchId: this.batchId, bucket, bucketIndex, index: index.slice(), timestamp, restamped };
  }
}
