/**
 * Pending-transaction routes (bee-api.md §2.2): list, inspect, resend (rebroadcast) and cancel
 * (replace with a zero-value transaction at a higher gas price).
 */
import { beeError, beeJson, type RouteDef } from '../../http/router.js';
import { chainTimeMs } from '../../chain/node-postage.js';
import type { PendingTransaction } from '../../chain/transactions.js';
import { invalidParams, parseBigIntParam, parseTxHash } from './common.js';

/** Bee's TransactionInfo: BigInts as decimal strings, `created` as RFC 3339. */
export function transactionJson(tx: PendingTransaction): Record<string, unknown> {
  return {
    transactionHash: tx.transactionHash,
    to: tx.to,
    nonce: tx.nonce,
    gasPrice: tx.gasPrice.toString(),
    gasLimit: tx.gasLimit,
    gasTipBoost: tx.gasTipBoost,
    gasTipCap: tx.gasTipCap.toString(),
    gasFeeCap: tx.gasFeeCap.toString(),
    data: tx.data,
    created: new Date(tx.createdMs).toISOString(),
    description: tx.description,
    value: tx.value.toString(),
  };
}

export const transactionRoutes: RouteDef[] = [
  { method: 'GET', path: '/transactions', handle: (_req, node) => beeJson(200, { pendingTransactions: node.chain.txs.list().map(transactionJson) }) },
  {
    method: 'GET',
    path: '/transactions/:hash',
    handle: (req, node) => {
      const hash = parseTxHash(req.params['hash']);
      if (hash === undefined) return invalidParams('hash', 'want a 32-byte hex transaction hash');
      const tx = node.chain.txs.get(hash);
      return tx ? beeJson(200, transactionJson(tx)) : beeError(404, 'transaction not found');
    },
  },
  {
    method: 'POST',
    path: '/transactions/:hash',
    handle: (req, node) => {
      const hash = parseTxHash(req.params['hash']);
      if (hash === undefined) return invalidParams('hash', 'want a 32-byte hex transaction hash');
      const tx = node.chain.txs.resend(hash, node.chain.chain.block, chainTimeMs(node.chain.chain));
      return tx ? beeJson(200, { transactionHash: tx.transactionHash }) : beeError(404, 'transaction not found');
    },
  },
  {
    method: 'DELETE',
    path: '/transactions/:hash',
    handle: (req, node) => {
      const hash = parseTxHash(req.params['hash']);
      if (hash === undefined) return invalidParams('hash', 'want a 32-byte hex transaction hash');
      const rawGasPrice = req.headers['gas-price'];
      const gasPrice = rawGasPrice === undefined ? undefined : parseBigIntParam(rawGasPrice);
      if (rawGasPrice !== undefined && gasPrice === undefined) return invalidParams('gas-price', 'want a decimal integer', 'invalid header params');
      const chain = node.chain;
      if (!chain.txs.get(hash)) return beeError(404, 'transaction not found');
      const replacementHash = chain.chain.nextTxHash(chain.ethAddress, `cancel ${hash}`);
      const replacement = chain.txs.cancel(hash, replacementHash, chain.chain.block, chainTimeMs(chain.chain), gasPrice);
      return beeJson(200, { transactionHash: replacement!.transactionHash });
    },
  },
];
