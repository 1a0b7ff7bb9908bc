/**
 * The postage operations of one node: buy, top up, dilute, relabel, stamp a chunk, and list the
 * batches it issued. Results are values carrying Bee's status and message, so routes map them 1:1.
 */
import { bytesToHex, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { MIN_BATCH_DEPTH } from './constants.js';
import { amountForSeconds, batchCost, dilutedValue, minimumAmount } from './batch-math.js';
import type { ChainFaults } from './faults.js';
import { PostageBatch, refusals, type StampOutcome } from './postage-batch.js';
import type { SimChain } from './sim-chain.js';
import type { TransactionPool } from './transactions.js';
import type { Wallet } from './wallet.js';

export type OpResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export interface BatchTx {
  batchID: string;
  txHash: string;
}

/** Address the simulated postage contract lives at (only used as the `to` of transactions). */
export const POSTAGE_CONTRACT = '0x45a1502382541cd610cc9068e88727426b696293';

export interface NodePostageDeps {
  chain: SimChain;
  nodeIndex: number;
  ownerHex: string;
  wallet: Wallet;
  txs: TransactionPool;
  faults(): ChainFaults;
  /** The block the node's postage listener has synced to (lags chainTip under the chainLagBlocks fault). */
  syncedBlock(): number;
}

const fail = (status: number, message: string): { ok: false; status: number; message: string } => ({ ok: false, status, message });

export class NodePostage {
  /**
   * What the expiringStamp fault took off each batch's normalised balance, so lifting the fault gives it back
   * (a top-up or dilute meanwhile keeps its own effect). A batch the cut made expire is kept here too.
   */
  private readonly expiringCuts = new Map<string, { batch: PostageBatch; cut: bigint }>();

  constructor(private readonly deps: NodePostageDeps) {}

  buy(amount: bigint, depth: number, immutable: boolean, label: string): OpResult<BatchTx> {
    const { chain, wallet } = this.deps;
    if (!Number.isInteger(depth) || depth < MIN_BATCH_DEPTH || depth > 255) return fail(400, 'invalid depth');
    if (amount < minimumAmount(chain.price, chain.minimumValidityBlocks)) {
      return fail(400, 'insufficient amount for 24h minimum validity');
    }
    if (!wallet.spendBzz(batchCost(amount, depth))) return fail(400, 'out of funds');
    const batchID = chain.nextBatchId(this.deps.ownerHex);
    const batch = new PostageBatch({
      batchId: batchID,
      ownerHex: this.deps.ownerHex,
      ownerNode: this.deps.nodeIndex,
      depth,
      immutable,
      value: chain.totalAmount + amount,
      amount,
      startBlock: chain.block,
      label,
    });
    chain.addBatch(batch);
    this.applyExpiringFault();
    const txHash = this.submit(`postage batch creation ${batchID}`);
    if (this.deps.faults().stuckTransactions) batch.awaitingTx = txHash;
    return { ok: true, value: { batchID, txHash } };
  }

  topUp(batchId: string, amount: bigint): OpResult<BatchTx> {
    const batch = this.deps.chain.getBatch(batchId);
    if (!batch) return fail(404, 'batch not found');
    if (amount <= 0n) return fail(400, 'invalid amount');
    if (!this.deps.wallet.spendBzz(batchCost(amount, batch.depth))) return fail(402, 'out of funds');
    batch.value += amount;
    batch.amount += amount;
    return { ok: true, value: { batchID: batch.batchId, txHash: this.submit(`postage batch top up ${batch.batchId}`) } };
  }

  dilute(batchId: string, depth: number): OpResult<BatchTx> {
    const batch = this.own(batchId);
    if (!batch) return fail(404, 'batch not found');
    if (!Number.isInteger(depth) || depth <= batch.depth || depth > 255) return fail(400, 'invalid depth');
    const { chain } = this.deps;
    batch.value = dilutedValue(batch.value, chain.totalAmount, batch.depth, depth);
    // A cut the expiringStamp fault made is per chunk too: the dilute spreads it as it spreads the balance.
    const cut = this.expiringCuts.get(batch.batchId);
    if (cut) cut.cut /= 1n << BigInt(depth - batch.depth);
    batch.depth = depth;
    return { ok: true, value: { batchID: batch.batchId, txHash: this.submit(`postage batch dilute ${batch.batchId}`) } };
  }

  /** Assigns the chunk a slot in the batch, or says why not (404 unknown here, 422 not usable, 402 overissued). */
  stampChunk(batchId: string, chunkAddress: Uint8Array): StampOutcome {
    const batch = this.own(batchId);
    if (!batch) return refusals.notFound;
    if (!this.isUsable(batch)) return refusals.notUsable;
    return batch.stamp(chunkAddress, this.deps.chain.nowNs());
  }

  /** This node's batches that still exist on chain, oldest first. */
  issued(): PostageBatch[] {
    this.applyExpiringFault();
    return this.deps.chain.allBatches().filter((b) => b.ownerNode === this.deps.nodeIndex);
  }

  own(batchId: string): PostageBatch | undefined {
    // Like issued(): a single-batch read (GET /stamps/{id}, stamping) sees the expiringStamp fault at once,
    // not only after the next block.
    this.applyExpiringFault();
    const batch = this.deps.chain.getBatch(batchId);
    return batch && batch.ownerNode === this.deps.nodeIndex ? batch : undefined;
  }

  /** 10 blocks after its creation block, as Bee has it, and not while its creation transaction is stuck. */
  isUsable(batch: PostageBatch): boolean {
    if (batch.awaitingTx !== null) {
      if (this.deps.txs.get(batch.awaitingTx)) return false;
      batch.awaitingTx = null;
    }
    return batch.isUsableAt(this.deps.syncedBlock());
  }

  /**
   * The expiringStamp fault spends the node's batches down to expiringStampSeconds of life. Capping the
   * normalised balance (never raising it) means the TTL then runs out on its own and the batch expires.
   */
  applyExpiringFault(): void {
    const { chain } = this.deps;
    const faults = this.deps.faults();
    if (!faults.expiringStamp) return;
    const cap = chain.totalAmount + amountForSeconds(faults.expiringStampSeconds, chain.price, chain.blockTimeMs);
    for (const batch of chain.allBatches()) {
      if (batch.ownerNode !== this.deps.nodeIndex || batch.value <= cap) continue;
      const taken = this.expiringCuts.get(batch.batchId) ?? { batch, cut: 0n };
      taken.cut += batch.value - cap;
      this.expiringCuts.set(batch.batchId, taken);
      batch.value = cap;
    }
  }

  /**
   * The expiringStamp fault is off: every batch gets back what the fault took, and one that expired because
   * of it is on chain again (with its stamps), as if the fault had never been.
   */
  liftExpiringFault(): void {
    const { chain } = this.deps;
    for (const { batch, cut } of this.expiringCuts.values()) {
      batch.value += cut;
      if (!chain.getBatch(batch.batchId) && batch.value > chain.totalAmount) chain.addBatch(batch);
    }
    this.expiringCuts.clear();
  }

  private submit(description: string): string {
    const { chain, txs, wallet, ownerHex } = this.deps;
    const hash = chain.nextTxHash(ownerHex, description);
    const tx = txs.submit({ hash, to: POSTAGE_CONTRACT, description, data: callData(description) }, chain.block, chainTimeMs(chain));
    wallet.spendNative(tx.gasPrice * BigInt(tx.gasLimit));
    return hash;
  }
}

/** A 4-byte selector-like prefix plus the batch ID, so each transaction carries distinct, plausible call data. */
function callData(description: string): string {
  const selector = bytesToHex(keccak256(utf8Encode(description.split(' ').slice(0, -1).join(' '))).subarray(0, 4));
  return `0x${selector}${description.split(' ').at(-1) ?? ''}`;
}

/** Chain time in unix milliseconds (the nanosecond clock truncated). */
export function chainTimeMs(chain: SimChain): number {
  return Number(chain.nowNs() / 1_000_000n);
}

/** Parses a 64-hex batch ID; undefined when malformed. */
export function parseBatchId(text: string): string | undefined {
  return /^[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined;
}
