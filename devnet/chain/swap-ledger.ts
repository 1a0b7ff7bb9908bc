/**
 * Bandwidth accounting between devnet nodes, as Bee keeps it (pkg/accounting, pkg/settlement): a node that
 * pushes a chunk to a peer, or retrieves one from it, owes that peer the chunk's price, (MaxPO − PO + 1) ×
 * 10,000 PLUR by the peer's proximity to the chunk (Bee's fixed pricer). When a debt reaches the 13.5M PLUR
 * payment threshold it is settled: first by the time-based allowance (pseudosettle: 4.5M PLUR per second
 * since the pair's last refresh, free), and what is left by a cheque from the debtor's chequebook (SWAP).
 * Cheques are cumulative, so a peer's last cheque is also everything ever paid to it.
 *
 * The chequebook: `totalBalance` is what was deposited minus what peers cashed out; `availableBalance` is
 * that minus what issued cheques promise and peers have not cashed yet. A node without enough available
 * balance sends no cheque: the debt stays on its balance (Bee would eventually be disconnected).
 */
import { MAX_PO } from './constants.js';

/** Bee's defaults (pkg/node/node.go, cmd/bee/cmd/cmd.go). */
export const PAYMENT_THRESHOLD = 13_500_000n;
export const REFRESH_RATE_PER_SECOND = 4_500_000n;
export const PO_PRICE = 10_000n;

/** The price a peer at `proximity` to a chunk charges for it. */
export function chunkPrice(proximity: number): bigint {
  return BigInt(MAX_PO - Math.min(MAX_PO, Math.max(0, proximity)) + 1) * PO_PRICE;
}

export interface Cheque {
  /** 0x address of the chequebook that signed it. */
  chequebook: string;
  /** 0x address of the node the cheque pays. */
  beneficiary: string;
  /** Cumulative PLUR. */
  payout: bigint;
}

/** What this node knows about one peer. Positive balance: the peer owes this node. */
export class PeerAccount {
  balance = 0n;
  lastSent: Cheque | null = null;
  lastReceived: Cheque | null = null;
  /** Cumulative amounts settled by the time-based allowance. */
  timeSent = 0n;
  timeReceived = 0n;
  /** Cumulative payout of received cheques this node has cashed (0: never). */
  cashed = 0n;
  lastCashoutTx: string | null = null;
  /** Chain time (ms) of the last allowance refresh between the pair. */
  lastRefreshMs: number | null = null;
}

/** The settlement side of one node: its chequebook and an account per peer overlay. */
export class NodeSwapLedger {
  /** Deposits minus withdrawals minus what peers cashed. */
  chequebookBalance = 0n;
  /** Total of every cheque issued (sum of the last sent payouts). */
  issued = 0n;
  /** Total peers cashed from this chequebook. */
  paidOut = 0n;
  /** Cheques issued and received, and their amounts (Bee's bee_swap_* counters). */
  readonly cheques = { sent: 0, received: 0, sentAmount: 0n, receivedAmount: 0n };
  private readonly accounts = new Map<string, PeerAccount>();

  constructor(
    readonly chequebookAddress: string,
    readonly beneficiaryAddress: string,
    /** Whether this node runs swap (Bee's --swap-enable): without it, only the allowance settles debt. */
    readonly swapEnabled: () => boolean,
  ) {}

  account(peer: string): PeerAccount {
    const key = peer.toLowerCase();
    let account = this.accounts.get(key);
    if (!account) this.accounts.set(key, (account = new PeerAccount()));
    return account;
  }

  peer(peer: string): PeerAccount | undefined {
    return this.accounts.get(peer.toLowerCase());
  }

  /** Peers this node has an account with, in overlay order. */
  peers(): [string, PeerAccount][] {
    return [...this.accounts].sort(([a], [b]) => (a < b ? -1 : 1));
  }

  get totalBalance(): bigint {
    return this.chequebookBalance;
  }

  /** What the chequebook can still promise: its balance minus cheques not cashed yet. */
  get availableBalance(): bigint {
    return this.chequebookBalance - (this.issued - this.paidOut);
  }
}

export interface LedgerParty {
  readonly overlayHex: string;
  readonly swap: NodeSwapLedger;
}

/**
 * `debtor` used `amount` PLUR of `creditor`'s bandwidth at chain time `nowMs`; settles when the debt
 * reaches the payment threshold. Returns what was settled, for logs and tests.
 */
export function charge(debtor: LedgerParty, creditor: LedgerParty, amount: bigint, nowMs: number): { time: bigint; cheque: bigint } {
  const owes = debtor.swap.account(creditor.overlayHex);
  const owed = creditor.swap.account(debtor.overlayHex);
  owes.balance -= amount;
  owed.balance += amount;
  if (-owes.balance < PAYMENT_THRESHOLD) return { time: 0n, cheque: 0n };
  return settle(debtor, creditor, nowMs);
}

/** Settles the debtor's whole debt: the allowance first, then a cheque when the chequebook can cover it. */
export function settle(debtor: LedgerParty, creditor: LedgerParty, nowMs: number): { time: bigint; cheque: bigint } {
  const owes = debtor.swap.account(creditor.overlayHex);
  const debt = -owes.balance;
  if (debt <= 0n) return { time: 0n, cheque: 0n };
  const elapsedMs = owes.lastRefreshMs === null ? 0 : Math.max(0, nowMs - owes.lastRefreshMs);
  const allowance = (REFRESH_RATE_PER_SECOND * BigInt(Math.floor(elapsedMs))) / 1000n;
  const time = allowance < debt ? allowance : debt;
  recordTimeSettlement(debtor, creditor, time, nowMs);
  const rest = debt - time;
  const cheque = rest > 0n && debtor.swap.swapEnabled() && creditor.swap.swapEnabled() && debtor.swap.availableBalance >= rest ? rest : 0n;
  if (cheque > 0n) sendCheque(debtor, creditor, cheque);
  return { time, cheque };
}

export function recordTimeSettlement(debtor: LedgerParty, creditor: LedgerParty, amount: bigint, nowMs: number): void {
  const owes = debtor.swap.account(creditor.overlayHex);
  const owed = creditor.swap.account(debtor.overlayHex);
  owes.lastRefreshMs = nowMs;
  owed.lastRefreshMs = nowMs;
  if (amount <= 0n) return;
  owes.timeSent += amount;
  owed.timeReceived += amount;
  owes.balance += amount;
  owed.balance -= amount;
}

/** A cheque for `amount` more than the last one: cumulative payout, signed by the debtor's chequebook. */
export function sendCheque(debtor: LedgerParty, creditor: LedgerParty, amount: bigint): Cheque {
  const owes = debtor.swap.account(creditor.overlayHex);
  const owed = creditor.swap.account(debtor.overlayHex);
  const cheque: Cheque = {
    chequebook: debtor.swap.chequebookAddress,
    beneficiary: creditor.swap.beneficiaryAddress,
    payout: (owes.lastSent?.payout ?? 0n) + amount,
  };
  owes.lastSent = cheque;
  owed.lastReceived = cheque;
  debtor.swap.issued += amount;
  debtor.swap.cheques.sent += 1;
  debtor.swap.cheques.sentAmount += amount;
  creditor.swap.cheques.received += 1;
  creditor.swap.cheques.receivedAmount += amount;
  owes.balance += amount;
  owed.balance -= amount;
  return cheque;
}

/** The creditor cashes everything the debtor's cheques promise it: tokens move between the chequebooks. */
export function cashOut(creditor: LedgerParty, debtor: LedgerParty, txHash: string): bigint {
  const owed = creditor.swap.account(debtor.overlayHex);
  const payout = owed.lastReceived?.payout ?? 0n;
  const amount = payout - owed.cashed;
  if (amount <= 0n) return 0n;
  owed.cashed = payout;
  owed.lastCashoutTx = txHash;
  debtor.swap.paidOut += amount;
  debtor.swap.chequebookBalance -= amount;
  creditor.swap.chequebookBalance += amount;
  return amount;
}
