/**
 * Accounting, SWAP and chequebook routes (bee-api.md §2.3), answered from each node's bandwidth ledger
 * (devnet/chain/swap-ledger.ts): balances per connected peer, cheques and SWAP settlements between devnet
 * nodes, time settlements (pseudosettle), the chequebook's balances, cashout status and cashing out.
 * Simulated background peers have plain zero accounts: no traffic reaches them.
 */
import { beeError, beeJson, type RouteDef } from '../../http/router.js';
import { invalidParams, parseBigIntParam, parseHex32 } from './common.js';
import { nodeFeatures, type DevnetNode } from '../../node.js';
import type { DevnetResponse } from '../../http/router.js';
import { cashOut, PAYMENT_THRESHOLD, type Cheque, type PeerAccount } from '../../chain/swap-ledger.js';

/** Bee's default payment threshold (PLUR) that both sides announce. */
const THRESHOLD = PAYMENT_THRESHOLD.toString();

/** Bee v2.8.1 never fills the two threshold fields of /balances and /consumed: they are always null. */
function balanceOf(node: DevnetNode, peer: string): Record<string, string | null> {
  return { peer, balance: (node.chain.swap.peer(peer)?.balance ?? 0n).toString(), thresholdreceived: null, thresholdgiven: null };
}

function peerParam(raw: string | undefined): string | ReturnType<typeof invalidParams> {
  return parseHex32(raw) ?? invalidParams('peer', 'want 64 hex characters');
}

function balanceRoutes(prefix: '/balances' | '/consumed'): RouteDef[] {
  return [
    {
      method: 'GET',
      path: prefix,
      handle: (_req, node) => beeJson(200, { balances: node.chain.connectedPeers().map((p) => balanceOf(node, p.overlayHex)) }),
    },
    {
      method: 'GET',
      path: `${prefix}/:peer`,
      handle: (req, node) => {
        const peer = peerParam(req.params['peer']);
        if (typeof peer !== 'string') return peer;
        return node.chain.isConnected(peer) ? beeJson(200, balanceOf(node, peer)) : beeError(404, 'no peer balance');
      },
    },
  ];
}

type Settled = (account: PeerAccount) => { received: bigint; sent: bigint };
const swapSettled: Settled = (a) => ({ received: a.lastReceived?.payout ?? 0n, sent: a.lastSent?.payout ?? 0n });
const timeSettled: Settled = (a) => ({ received: a.timeReceived, sent: a.timeSent });

/** Peers with anything settled, and the totals (Bee lists only peers with a settlement). */
function settlementsOf(node: DevnetNode, settled: Settled): Record<string, unknown> {
  let totalReceived = 0n;
  let totalSent = 0n;
  const settlements = [];
  for (const [peer, account] of node.chain.swap.peers()) {
    const { received, sent } = settled(account);
    if (received === 0n && sent === 0n) continue;
    totalReceived += received;
    totalSent += sent;
    settlements.push({ peer, received: received.toString(), sent: sent.toString() });
  }
  return { totalReceived: totalReceived.toString(), totalSent: totalSent.toString(), settlements };
}

function chequeJson(cheque: Cheque | null): Record<string, string> | null {
  return cheque === null ? null : { beneficiary: cheque.beneficiary, chequebook: cheque.chequebook, payout: cheque.payout.toString() };
}

function moveChequebookFunds(node: DevnetNode, direction: 'deposit' | 'withdraw', rawAmount: string | null) {
  const amount = parseBigIntParam(rawAmount ?? undefined);
  if (amount === undefined) return invalidParams('amount', 'want a decimal integer', 'invalid query params');
  const chain = node.chain;
  if (direction === 'deposit') {
    if (!chain.wallet.spendBzz(amount)) return beeError(400, 'insufficient funds');
    chain.swap.chequebookBalance += amount;
  } else {
    if (amount > chain.swap.availableBalance) return beeError(400, 'insufficient funds');
    chain.swap.chequebookBalance -= amount;
    chain.wallet.creditBzz(amount);
  }
  return beeJson(200, { transactionHash: chain.submitTransaction(chain.chequebookAddress, `chequebook ${direction} ${amount}`) });
}

/** The devnet node behind an overlay, when it is one (only real devnet peers exchange cheques). */
function devnetPeer(node: DevnetNode, overlay: string): DevnetNode | undefined {
  return node.network.nodes.find((n) => n.overlayHex === overlay && n !== node);
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
        const balance = (node.chain.swap.peer(peer.overlayHex)?.balance ?? 0n).toString();
        peerData[peer.overlayHex] = {
          balance,
          consumedBalance: balance,
          thresholdReceived: THRESHOLD,
          thresholdGiven: THRESHOLD,
          currentThresholdReceived: THRESHOLD,
          currentThresholdGiven: THRESHOLD,
          surplusBalance: '0',
          reservedBalance: '0',
          shadowReservedBalance: '0',
          ghostBalance: '0',
        };
      }
      return beeJson(200, { peerData });
    },
  },
  { method: 'GET', path: '/settlements', handle: (_req, node) => beeJson(200, settlementsOf(node, swapSettled)) },
  { method: 'GET', path: '/timesettlements', handle: (_req, node) => beeJson(200, settlementsOf(node, timeSettled)) },
  {
    method: 'GET',
    path: '/settlements/:peer',
    handle: (req, node) => {
      const peer = peerParam(req.params['peer']);
      if (typeof peer !== 'string') return peer;
      const account = node.chain.swap.peer(peer);
      const settled = account ? swapSettled(account) : { received: 0n, sent: 0n };
      if (settled.received === 0n && settled.sent === 0n) return beeError(404, 'no settlements');
      return beeJson(200, { peer, received: settled.received.toString(), sent: settled.sent.toString() });
    },
  },
  { method: 'GET', path: '/chequebook/address', handle: (_req, node) => beeJson(200, { chequebookAddress: node.chain.chequebookAddress }) },
  {
    method: 'GET',
    path: '/chequebook/balance',
    handle: (_req, node) =>
      beeJson(200, { totalBalance: node.chain.swap.totalBalance.toString(), availableBalance: node.chain.swap.availableBalance.toString() }),
  },
  {
    method: 'GET',
    path: '/chequebook/cheque',
    handle: (_req, node) => {
      const lastcheques = node.chain.swap
        .peers()
        .filter(([, a]) => a.lastReceived !== null || a.lastSent !== null)
        .map(([peer, a]) => ({ peer, lastreceived: chequeJson(a.lastReceived), lastsent: chequeJson(a.lastSent) }));
      return beeJson(200, { lastcheques });
    },
  },
  {
    method: 'GET',
    path: '/chequebook/cheque/:peer',
    handle: (req, node) => {
      const peer = peerParam(req.params['peer']);
      if (typeof peer !== 'string') return peer;
      const account = node.chain.swap.peer(peer);
      return beeJson(200, { peer, lastreceived: chequeJson(account?.lastReceived ?? null), lastsent: chequeJson(account?.lastSent ?? null) });
    },
  },
  {
    method: 'GET',
    path: '/chequebook/cashout/:peer',
    handle: (req, node) => {
      const peer = peerParam(req.params['peer']);
      if (typeof peer !== 'string') return peer;
      const account = node.chain.swap.peer(peer);
      const cheque = account?.lastReceived ?? null;
      if (!account || cheque === null) return beeError(404, 'no cheque');
      const cashed = account.cashed > 0n;
      return beeJson(200, {
        peer,
        lastCashedCheque: cashed ? chequeJson({ ...cheque, payout: account.cashed }) : null,
        transactionHash: cashed ? account.lastCashoutTx : null,
        result: cashed ? { recipient: node.chain.chequebookAddress, lastPayout: account.cashed.toString(), bounced: false } : null,
        uncashedAmount: (cheque.payout - account.cashed).toString(),
      });
    },
  },
  {
    method: 'POST',
    path: '/chequebook/cashout/:peer',
    handle: (req, node) => {
      const peer = peerParam(req.params['peer']);
      if (typeof peer !== 'string') return peer;
      const issuer = devnetPeer(node, peer);
      if (!issuer || node.chain.swap.peer(peer)?.lastReceived == null) return beeError(404, 'no cheque');
      const hash = node.chain.submitTransaction(issuer.chain.chequebookAddress, `cashout cheque of ${peer}`);
      cashOut(node.chain, issuer.chain, hash);
      return beeJson(200, { transactionHash: hash });
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
