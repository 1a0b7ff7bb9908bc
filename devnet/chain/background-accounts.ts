/**
 * Accounts with the simulated background peers (devnet/chain/topology.ts), so the S6 peer drill and the S3
 * lists show what a node that has been running a while has with most of its peers: an open balance, time
 * settlements (the free allowance) with some, and cheques received from a few. Only this node's side of each
 * account exists (a background peer has no ledger); nothing here is paid from this node's chequebook, so its
 * balances and the cheques it sent stay those of swap-history.ts and live traffic.
 */
import { bytesToHex, hexToBytes, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';
import { checksumAddress } from './formats.js';
import type { NodeChain } from './node-chain.js';
import { PAYMENT_THRESHOLD, REFRESH_RATE_PER_SECOND } from './swap-ledger.js';

/** The chequebook contract address a background peer would sign cheques with (derived from its overlay). */
export function backgroundChequebook(overlayHex: string): string {
  return checksumAddress(bytesToHex(keccak256(hexToBytes(overlayHex), utf8Encode('devnet background chequebook')).subarray(12)));
}

export function seedBackgroundAccounts(node: NodeChain, nowMs: number): void {
  for (const peer of node.connectedPeers()) {
    if (!peer.simulated) continue;
    const h = keccak256(hexToBytes(node.overlayHex), hexToBytes(peer.overlayHex), utf8Encode('devnet background account'));
    const word = (i: number): bigint => BigInt((h[i]! << 8) | h[i + 1]!);
    const account = node.swap.account(peer.overlayHex);
    // An open balance of up to 2/3 of the payment threshold either way: positive, the peer owes this node.
    const open = (word(0) * (PAYMENT_THRESHOLD * 2n)) / (3n * 65_535n);
    account.balance = h[2]! & 1 ? open : -open;
    if (h[3]! < 96) {
      account.timeReceived = REFRESH_RATE_PER_SECOND * (30n + (word(4) % 1800n));
      account.timeSent = REFRESH_RATE_PER_SECOND * (30n + (word(6) % 1800n));
      account.lastRefreshMs = nowMs - Number(word(8) % 600n) * 1000;
    }
    if (node.swap.swapEnabled() && h[10]! < 64) {
      account.lastReceived = { chequebook: backgroundChequebook(peer.overlayHex), beneficiary: node.swap.beneficiaryAddress, payout: PAYMENT_THRESHOLD * (2n + (word(11) % 30n)) };
    }
  }
}
