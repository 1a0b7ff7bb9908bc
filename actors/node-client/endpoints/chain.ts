/**
 * Chain state, reserve, redistribution, wallet, stake and pending transactions (bee-api.md §2.1, §2.2, §8).
 */
import { InputError } from '../../../core/swarm/input-error.js';
import type { CallOptions, Transport } from '../http.js';
import { jsonCall } from '../readers.js';
import {
  chainStateSchema,
  pendingTransactionsSchema,
  rchashSchema,
  redistributionStateSchema,
  reserveStateSchema,
  stakeSchema,
  stakeWithdrawableSchema,
  transactionInfoSchema,
  walletSchema,
} from '../schemas/chain.js';
import { transactionHashResponseSchema } from '../schemas/common.js';
import { gasPriceHeader } from '../swarm-headers.js';
import { nonNegativeIntParam, txHashParam } from '../url.js';

export interface GasOptions extends CallOptions {
  /** Wei, decimal. Sent as the `gas-price` header. */
  readonly gasPrice?: string | bigint;
}

export function chainEndpoints(t: Transport) {
  return {
    chainstate: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/chainstate' }, chainStateSchema, o),
    reservestate: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/reservestate' }, reserveStateSchema, o),
    redistributionstate: (o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/redistributionstate' }, redistributionStateSchema, o),

    /** Builds a reserve sample: slow by design (seconds to minutes), so callers pass a generous timeoutMs. */
    rchash: (depth: number, anchor1: string, anchor2: string, o?: CallOptions) =>
      jsonCall(
        t,
        {
          method: 'GET',
          template: '/rchash/{depth}/{anchor1}/{anchor2}',
          params: {
            depth: nonNegativeIntParam('rchash depth', depth),
            anchor1: anyHex('rchash anchor1', anchor1),
            anchor2: anyHex('rchash anchor2', anchor2),
          },
        },
        rchashSchema,
        o,
      ),

    wallet: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/wallet' }, walletSchema, o),
    stake: (o?: CallOptions) => jsonCall(t, { method: 'GET', template: '/stake' }, stakeSchema, o),
    stakeWithdrawable: (o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/stake/withdrawable' }, stakeWithdrawableSchema, o),

    transactions: async (o?: CallOptions) =>
      (await jsonCall(t, { method: 'GET', template: '/transactions' }, pendingTransactionsSchema, o)).pendingTransactions,

    transaction: (hash: string, o?: CallOptions) =>
      jsonCall(t, { method: 'GET', template: '/transactions/{hash}', params: { hash: txHashParam(hash) } }, transactionInfoSchema, o),

    /** POST /transactions/{hash}: rebroadcast the pending transaction. */
    resendTransaction: (hash: string, o?: CallOptions) =>
      jsonCall(
        t,
        { method: 'POST', template: '/transactions/{hash}', params: { hash: txHashParam(hash) } },
        transactionHashResponseSchema,
        o,
      ),

    /** DELETE /transactions/{hash}: sends a replacement transaction (optionally at a higher gas price). */
    cancelTransaction: (hash: string, o?: GasOptions) =>
      jsonCall(
        t,
        {
          method: 'DELETE',
          template: '/transactions/{hash}',
          params: { hash: txHashParam(hash) },
          headers: gasPriceHeader(o?.gasPrice),
        },
        transactionHashResponseSchema,
        o,
      ),
  };
}

/** Anchors are hex of caller-chosen length; only the alphabet and an even, non-zero length are checked. */
function anyHex(what: string, value: string): string {
  const clean = value.startsWith('0x') ? value.slice(2) : value;
  if (clean.length === 0 || clean.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(clean)) {
    throw new InputError(what, value, 'an even number of hex characters');
  }
  return clean.toLowerCase();
}
