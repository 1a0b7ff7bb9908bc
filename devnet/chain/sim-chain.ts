/**
 * The simulated blockchain every devnet node shares: block height, storage price, cumulative payout,
 * the postage batch registry and the redistribution pot. Blocks come from an injected scheduler
 * (or from advance(n) in tests), so every number is reproducible.
 *
 * Per block, in order: the cumulative payout grows by the price, the round's pot grows by the price times
 * the committed chunk slots, batches whose balance is used up expire, every member node sees the block,
 * and at the start of a claim phase the round's winner is paid.
 */
import { keccak256 } from '../../core/swarm/keccak.js';
import { bytesToHex, hexToBytes, uint64BE } from '../../core/swarm/bytes.js';
import { CLAIM_START, ROUND_LENGTH } from './constants.js';
import { PostageBatch } from './postage-batch.js';
import type { BlockScheduler } from './scheduler.js';

/** A node taking part in the chain: told about every block, asked whether it plays a round. */
export interface ChainMember {
  readonly overlayHex: string;
  onBlock(block: number): void;
  /** True when the node committed in `round` and may claim (not frozen now). */
  canClaim(round: number): boolean;
  awardWin(round: number, reward: bigint): void;
}

export interface SimChainOptions {
  blockTimeMs?: number;
  startBlock?: number;
  /** PLUR per chunk per block. */
  price?: bigint;
  minimumValidityBlocks?: number;
  chainId?: number;
  /** Suggested gas price in wei, for minimumGasFunds and tx fees. */
  gasPriceWei?: bigint;
  scheduler?: BlockScheduler;
  /** Wall clock in unix nanoseconds for stamp timestamps; defaults to chain time from the genesis. */
  nowNs?: () => bigint;
  /** Unix ms of block 0 (default: a fixed 2026-01-01, so timestamps depend only on the block height). */
  genesisMs?: number;
}

export const DEFAULT_PRICE = 24_000n;
/** Bee's 24 h minimum at 5 s blocks. On a 1 s devnet that is 4.8 h of life, still cheap in PLUR. */
export const DEFAULT_MINIMUM_VALIDITY_BLOCKS = 17_280;
export const DEFAULT_CHAIN_ID = 1337;
export const DEFAULT_GAS_PRICE_WEI = 1_000_000_000n;
/** Fixed genesis (2026-01-01T00:00:00Z) so default stamp timestamps depend only on the block height. */
const GENESIS_MS = 1_767_225_600_000;

export class SimChain {
  readonly blockTimeMs: number;
  readonly minimumValidityBlocks: number;
  readonly chainId: number;
  readonly gasPriceWei: bigint;
  block: number;
  price: bigint;
  /** Cumulative per-chunk payout since genesis (Bee's chainstate.totalAmount). */
  totalAmount = 0n;
  /** PLUR collected for the current round's winner. */
  pot = 0n;
  private readonly batches = new Map<string, PostageBatch>();
  private readonly members: ChainMember[] = [];
  private readonly scheduler: BlockScheduler | undefined;
  private readonly clock: (() => bigint) | undefined;
  private readonly genesisMs: number;
  private stopTicking: (() => void) | undefined;
  private nonce = 0n;
  private subCounter = 0n;

  constructor(options: SimChainOptions = {}) {
    this.blockTimeMs = options.blockTimeMs ?? 1000;
    this.block = options.startBlock ?? 0;
    this.price = options.price ?? DEFAULT_PRICE;
    this.minimumValidityBlocks = options.minimumValidityBlocks ?? DEFAULT_MINIMUM_VALIDITY_BLOCKS;
    this.chainId = options.chainId ?? DEFAULT_CHAIN_ID;
    this.gasPriceWei = options.gasPriceWei ?? DEFAULT_GAS_PRICE_WEI;
    this.scheduler = options.scheduler;
    this.clock = options.nowNs;
    this.genesisMs = options.genesisMs ?? GENESIS_MS;
  }

  /** Starts producing a block every blockTimeMs through the scheduler. Idempotent. */
  start(): void {
    if (this.stopTicking || !this.scheduler) return;
    this.stopTicking = this.scheduler.every(this.blockTimeMs, () => this.mine());
  }

  stop(): void {
    this.stopTicking?.();
    this.stopTicking = undefined;
  }

  /** Mines `blocks` blocks at once (tests, and the devnet control API's "advance"). */
  advance(blocks: number): void {
    for (let i = 0; i < blocks; i++) this.mine();
  }

  mine(): void {
    this.block += 1;
    this.totalAmount += this.price;
    this.pot += this.price * this.committedSlots();
    for (const [id, batch] of this.batches) if (batch.value <= this.totalAmount) this.batches.delete(id);
    for (const member of this.members) member.onBlock(this.block);
    if (this.block % ROUND_LENGTH === CLAIM_START) this.settleRound(Math.floor(this.block / ROUND_LENGTH));
  }

  setPrice(price: bigint): void {
    this.price = price;
  }

  join(member: ChainMember): void {
    this.members.push(member);
  }

  /** Unix nanoseconds; strictly increasing per call so two stamps never share a timestamp. */
  nowNs(): bigint {
    this.subCounter += 1n;
    if (this.clock) return this.clock();
    return (BigInt(Math.floor(this.genesisMs)) + BigInt(this.block) * BigInt(this.blockTimeMs)) * 1_000_000n + this.subCounter;
  }

  /** Batch ID as the postage contract derives it: keccak256(abi.encode(owner, nonce)). */
  nextBatchId(ownerHex: string): string {
    this.nonce += 1n;
    const owner = new Uint8Array(32);
    owner.set(hexToBytes(ownerHex), 12);
    const nonce = new Uint8Array(32);
    nonce.set(uint64BE(this.nonce), 24);
    return bytesToHex(keccak256(owner, nonce));
  }

  /** A fresh 0x-prefixed transaction hash, unique per call. */
  nextTxHash(senderHex: string, description: string): string {
    this.nonce += 1n;
    return `0x${bytesToHex(keccak256(hexToBytes(senderHex), uint64BE(this.nonce), new TextEncoder().encode(description)))}`;
  }

  addBatch(batch: PostageBatch): void {
    this.batches.set(batch.batchId, batch);
  }

  getBatch(batchId: string): PostageBatch | undefined {
    return this.batches.get(batchId.toLowerCase());
  }

  allBatches(): PostageBatch[] {
    return [...this.batches.values()];
  }

  /** Σ 2^depth over valid batches: the reserve commitment and the per-block pot multiplier. */
  committedSlots(): bigint {
    let sum = 0n;
    for (const batch of this.batches.values()) sum += 1n << BigInt(batch.depth);
    return sum;
  }

  /**
   * Pays the pot to one node that committed in this round. The winner is the claimant whose
   * keccak(round ‖ overlay) is smallest, a deterministic stand-in for the contract's stake-weighted draw.
   * With no claimant the pot carries over, as in the contract.
   */
  private settleRound(round: number): void {
    let winner: ChainMember | undefined;
    let best = '';
    for (const member of this.members) {
      if (!member.canClaim(round)) continue;
      const ticket = bytesToHex(keccak256(uint64BE(round), hexToBytes(member.overlayHex)));
      if (!winner || ticket < best) {
        winner = member;
        best = ticket;
      }
    }
    if (!winner) return;
    winner.awardWin(round, this.pot);
    this.pot = 0n;
  }
}
