/**
 * A node's pending transactions. Stamp purchases, top-ups, dilutes and stake changes each leave a
 * transaction pending for a few blocks, so /transactions has something real to show while a buy settles.
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

/** Blocks a transaction stays pending before it counts as mined. */
export const CONFIRMATION_BLOCKS = 3;

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

  constructor(private readonly gasPriceWei: bigint) {}

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

  list(): PendingTransaction[] {
    return [...this.pending.values()].sort((a, b) => a.nonce - b.nonce);
  }

  get(hash: string): PendingTransaction | undefined {
    return this.pending.get(hash.toLowerCase());
  }

  /** Drops transactions that have had CONFIRMATION_BLOCKS blocks to be mined. */
  confirmUpTo(block: number): void {
    for (const [hash, tx] of this.pending) if (block - tx.submittedBlock >= CONFIRMATION_BLOCKS) this.pending.delete(hash);
  }

  /** Rebroadcast: the same transaction again, pending from `block`. Undefined if unknown. */
  resend(hash: string, block: number): PendingTransaction | undefined {
    const tx = this.get(hash);
    if (tx) tx.submittedBlock = block;
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
