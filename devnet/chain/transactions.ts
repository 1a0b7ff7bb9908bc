/**
 * A node's pending transactions. Stamp purchases, top-ups, dilutes, stake and chequebook changes and the
 * redistribution commit, reveal and claim each leave a transaction pending for PENDING_MS of chain time
 * (40 s, longer than the cockpit's 30 s poll, so a poll sees each one), or for as long as the pool is
 * stuck: the `stuckTransactions` fault stands for a wallet out of gas or a gas price too low, where
 * nothing the node sends gets mined.
 */

export interface PendingTransaction {
  transactionHash: string;
  to: string;
  nonce: number;
  gasPrice: bigint;
  gasLimit: number;
  gasTipBoost: number;
  gasTipCap: bigint;
  gasFeeCap: bigint;
  data: string;
  /** Unix milliseconds of chain time at submission. */
  createdMs: number;
  description: string;
  value: bigint;
  submittedBlock: number;
}

/** Chain time a transaction stays pending before it counts as mined. */
export const PENDING_MS = 40_000;

export interface TransactionRequest {
  hash: string;
  to: string;
  description: string;
  data?: string;
  value?: bigint;
  gasLimit?: number;
}

export class TransactionPool {
  private readonly pending = new Map<string, PendingTransaction>();
  private nextNonce = 0;

  constructor(
    private readonly gasPriceWei: bigint,
    /** While true nothing is mined (the stuckTransactions fault). */
    private readonly isStuck: () => boolean = () => false,
  ) {}

  submit(request: TransactionRequest, block: number, createdMs: number): PendingTransaction {
    const tx: PendingTransaction = {
      transactionHash: request.hash,
      to: request.to,
      nonce: this.nextNonce++,
      gasPrice: this.gasPriceWei,
      gasLimit: request.gasLimit ?? 250_000,
      gasTipBoost: 25,
      gasTipCap: this.gasPriceWei / 10n,
      gasFeeCap: this.gasPriceWei * 2n,
      data: request.data ?? '0x',
      createdMs,
      description: request.description,
      value: request.value ?? 0n,
      submittedBlock: block,
    };
    this.pending.set(tx.transactionHash, tx);
    return tx;
  }

  /** Every transaction this node ever submitted (purchases, top-ups, stake, redistribution, withdrawals). */
  get submittedCount(): number {
    return this.nextNonce;
  }

  list(): PendingTransaction[] {
    return [...this.pending.values()].sort((a, b) => a.nonce - b.nonce);
  }

  get(hash: string): PendingTransaction | undefined {
    return this.pending.get(hash.toLowerCase());
  }

  /** Mines (drops) the transactions that have been pending PENDING_MS of chain time, unless the pool is stuck. */
  confirmDue(nowMs: number): void {
    if (this.isStuck()) return;
    for (const [hash, tx] of this.pending) if (nowMs - tx.createdMs >= PENDING_MS) this.pending.delete(hash);
  }

  /** Rebroadcast: the same transaction again, pending from `block` and `nowMs`. Undefined if unknown. */
  resend(hash: string, block: number, nowMs?: number): PendingTransaction | undefined {
    const tx = this.get(hash);
    if (tx) {
      tx.submittedBlock = block;
      if (nowMs !== undefined) tx.createdMs = nowMs;
    }
    return tx;
  }

  /**
   * Cancel: Bee sends a zero-value self-transfer with the same nonce and a higher gas price; the original
   * drops out of the pending list and the replacement takes its place. Undefined if unknown.
   */
  cancel(hash: string, replacementHash: string, block: number, createdMs: number, gasPrice?: bigint): PendingTransaction | undefined {
    const tx = this.get(hash);
    if (!tx) return undefined;
    this.pending.delete(tx.transactionHash);
    const replacement: PendingTransaction = {
      ...tx,
      transactionHash: replacementHash,
      gasPrice: gasPrice ?? (tx.gasPrice * 11n) / 10n,
      data: '0x',
      value: 0n,
      description: `cancel ${tx.transactionHash}`,
      createdMs,
      submittedBlock: block,
    };
    this.pending.set(replacementHash, replacement);
    return replacement;
  }
}
