/**
 * Accounting, SWAP and chequebook routes (bee-api.md §2.3). The devnet moves no traffic payments, so
 * every connected peer has a zero balance with Bee's default thresholds, no cheques and no settlements;
 * the chequebook itself is real: deposits and withdrawals move PLUR between it and the wallet.
 */
import { beeError, beeJson, type RouteDef } from '../../http/router.js';
import { invalidParams, parseBigIntParam, parseHex32 } from './common.js';
import { nodeFeatures, type DevnetNode } from '../../node.js';
import type { DevnetResponse } from '../../http/router.js';

/** Bee's default payment threshold (PLUR) that both sides announce. */
const PAYMENT_THRESHOLD = '13500000';

/** Bee v2.8.1 never fills the two threshold fields of /balances and /consumed: they are always null. */
function balanceOf(peer: string): Record<string, string | null> {
  return { peer, balance: '0', thresholdreceived: null, thresholdgiven: null };
}

function peerParam(raw: string | undefined): string | ReturnType<typeof invalidParams> {
  return parseHex32(raw) ?? invalidParams('peer', 'want 64 hex characters');
}

function balanceRoutes(prefix: '/balances' | '/consumed'): RouteDef[] {
  return [
    {
      method: 'GET',
      path: prefix,
      handle: (_req, node) => beeJson(200, { balances: node.chain.connectedPeers().map((p) => balanceOf(p.overlayHex)) }),
    },
    {
      method: 'GET',
      path: `${prefix}/:peer`,
      handle: (req, node) => {
        const peer = peerParam(req.params['peer']);
        if (typeof peer !== 'string') return peer;
        return node.chain.isConnected(peer) ? beeJson(200, balanceOf(peer)) : beeError(404, 'no peer balance');
      },
    },
  ];
}

function settlementRoutes(path: '/settlements' | '/timesettlements'): RouteDef {
  return { method: 'GET', path, handle: () => beeJson(200, { totalReceived: '0', totalSent: '0', settlements: [] }) };
}

function moveChequebookFunds(node: DevnetNode, direction: 'deposit' | 'withdraw', rawAmount: string | null) {
  const amount = parseBigIntParam(rawAmount ?? undefined);
  if (amount === undefined) return invalidParams('amount', 'want a decimal integer', 'invalid query params');
  const chain = node.chain;
  if (direction === 'deposit') {
    if (!chain.wallet.spendBzz(amount)) return beeError(400, 'insufficient funds');
    chain.chequebookBalance += amount;
  } else {
    if (amount > chain.chequebookBalance) return beeError(400, 'insufficient funds');
    chain.chequebookBalance -= amount;
    chain.wallet.creditBzz(amount);
  }
  return beeJson(200, { transactionHash: chain.submitTransaction(chain.chequebookAddress, `chequebook ${direction} ${amount}`) });
}

const swapOnRoutes: RouteDef[] = [
  ...balanceRoutes('/balances'),
  ...balanceRoutes('/consumed'),
  {
    method: 'GET',
    path: '/accounting',
    handle: (_req, node) => {
      const peerData: Record<string, Record<string, string>> = {};
      for (const peer of node.chain.connectedPeers()) {
        peerData[peer.overlayHex] = {
          balance: '0',
          consumedBalance: '0',
          thresholdReceived: PAYMENT_THRESHOLD,
          thresholdGiven: PAYMENT_THRESHOLD,
          currentThresholdReceived: PAYMENT_THRESHOLD,
          currentThresholdGiven: PAYMENT_THRESHOLD,
          surplusBalance: '0',
          reservedBalance: '0',
          shadowReservedBalance: '0',
          ghostBalance: '0',
        };
      }
      return beeJson(200, { peerData });
    },
  },
  settlementRoutes('/settlements'),
  settlementRoutes('/timesettlements'),
  {
    method: 'GET',
    path: '/settlements/:peer',
    handle: (req) => {
      const peer = peerParam(req.params['peer']);
      return typeof peer === 'string' ? beeError(404, 'no settlements') : peer;
    },
  },
  { method: 'GET', path: '/chequebook/address', handle: (_req, node) => beeJson(200, { chequebookAddress: node.chain.chequebookAddress }) },
  {
    method: 'GET',
    path: '/chequebook/balance',
    handle: (_req, node) => {
      const balance = node.chain.chequebookBalance.toString();
      return beeJson(200, { totalBalance: balance, availableBalance: balance });
    },
  },
  { method: 'GET', path: '/chequebook/cheque', handle: () => beeJson(200, { lastcheques: [] }) },
  {
    method: 'GET',
    path: '/chequebook/cheque/:peer',
    handle: (req) => {
      const peer = peerParam(req.params['peer']);
      return typeof peer === 'string' ? beeJson(200, { peer, lastreceived: null, lastsent: null }) : peer;
    },
  },
  {
    method: 'GET',
    path: '/chequebook/cashout/:peer',
    handle: (req) => {
      const peer = peerParam(req.params['peer']);
      return typeof peer === 'string' ? beeError(404, 'no cheque') : peer;
    },
  },
  {
    method: 'POST',
    path: '/chequebook/cashout/:peer',
    handle: (req) => {
      const peer = peerParam(req.params['peer']);
      return typeof peer === 'string' ? beeError(404, 'no cheque') : peer;
    },
  },
  { method: 'POST', path: '/chequebook/deposit', handle: (req, node) => moveChequebookFunds(node, 'deposit', req.query.get('amount')) },
  { method: 'POST', path: '/chequebook/withdraw', handle: (req, node) => moveChequebookFunds(node, 'withdraw', req.query.get('amount')) },
];

/** A Bee started with `--swap-enable=false` has no chequebook: its address reads as the zero address. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** What each swap route answers on a node with swap off (Bee v2.8.1, checked on the bee-cluster). */
function swapOffAnswer(path: string): DevnetResponse | undefined {
  if (path === '/chequebook/address') return beeJson(200, { chequebookAddress: ZERO_ADDRESS });
  if (path === '/chequebook/balance') return beeError(405, 'chain disabled');
  if (path === '/chequebook/deposit') return beeError(500, 'cannot deposit');
  if (path === '/chequebook/withdraw') return beeError(500, 'cannot withdraw');
  if (path.startsWith('/settlements') || path.startsWith('/chequebook/')) return beeError(403, 'Swap is disabled. This endpoint is unavailable.');
  return undefined; // balances, consumed, accounting and time settlements work without swap
}

export const swapRoutes: RouteDef[] = swapOnRoutes.map((route) => {
  const off = swapOffAnswer(route.path);
  if (off === undefined) return route;
  return { ...route, handle: (req, node) => (nodeFeatures(node).swap ? route.handle(req, node) : off) };
});
