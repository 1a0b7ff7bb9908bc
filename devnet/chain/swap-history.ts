/**
 * The bandwidth history a devnet starts with, so the Swap screen of a fresh devnet looks like a node that
 * has been running for a while: every node with swap deposits INITIAL_DEPOSIT into its chequebook, and
 * each ordered pair of devnet nodes has exchanged time settlements, usually cheques, and carries a small
 * open balance, all derived from the two overlays (the same devnet seed gives the same history). The
 * history goes through the same ledger functions as live traffic, which then carries on from it.
 */
import { hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { PLUR_PER_BZZ } from './constants.js';
import type { NodeChain } from './node-chain.js';
import { charge, PAYMENT_THRESHOLD, recordTimeSettlement, REFRESH_RATE_PER_SECOND, sendCheque } from './swap-ledger.js';

export const INITIAL_DEPOSIT = 10n * PLUR_PER_BZZ;

export function seedSwapHistory(nodes: readonly NodeChain[], nowMs: number): void {
  for (const node of nodes) {
    if (node.swap.swapEnabled() && node.wallet.spendBzz(INITIAL_DEPOSIT)) node.swap.chequebookBalance += INITIAL_DEPOSIT;
  }
  for (const debtor of nodes) {
    for (const creditor of nodes) {
      if (debtor === creditor) continue;
      const h = keccak256(hexToBytes(debtor.overlayHex), hexToBytes(creditor.overlayHex), utf8Encode('devnet swap history'));
      const word = (i: number): number => (h[i]! << 8) | h[i + 1]!;
      // Up to an hour of the free allowance.
      recordTimeSettlement(debtor, creditor, REFRESH_RATE_PER_SECOND * BigInt(60 + (word(0) % 3540)), nowMs);
      // Two pairs in three also paid by cheque: 2 to 41 payment thresholds' worth.
      if (h[2]! < 170 && debtor.swap.swapEnabled() && creditor.swap.swapEnabled()) sendCheque(debtor, creditor, PAYMENT_THRESHOLD * BigInt(2 + (h[3]! % 40)));
      // And an open balance below the threshold.
      charge(debtor, creditor, BigInt(word(4)) * 100n, nowMs);
    }
  }
}
