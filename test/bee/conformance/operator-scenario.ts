/**
 * The operator conformance scenario: what the cockpit's Swap, Lottery, API Health and Stamps screens and the
 * `:loggers` verbs read, on nodes with swap and storage incentives ON (the main scenario runs them off).
 * Written once and run against real Bee v2.8.1 (a bee-cluster with a chequebook factory and incentives on)
 * and the devnet, so each transcript can be diffed against the other and against the recorded one.
 *
 * Node 0 uploads 3 MB directly, which it pays its peers for: cheques, settlements and time settlements
 * then exist on both. The peer node 0 paid by cheque is looked up, not assumed. The chain adapter lets the
 * scenario hold back mining (a pending transaction to list) and move past two rounds (Bee samples only
 * chunks stamped before the previous round began, and needs a previous round at all).
 */
import { utf8Encode } from '../../../core/swarm/bytes.js';
import { ScenarioRecorder, type StepRequest } from './recorder.js';
import { seededBytes } from './fixtures.js';
import { UNKNOWN_REF } from './scenario-content.js';
import type { Transcript } from './transcript.js';

export interface OperatorChain {
  /** Stop mining until resumeMining (a transaction sent meanwhile stays pending). */
  pauseMining(): Promise<void>;
  resumeMining(): Promise<void>;
  /** Mine until the nodes are at least two full rounds past the upload, and have seen those blocks. */
  passTwoRounds(): Promise<void>;
}

export interface OperatorTarget {
  /** Three API base URLs, swap and storage incentives on. */
  urls: readonly string[];
  /** A usable postage batch owned by the node at urls[0]. */
  batchId: string;
  chain: OperatorChain;
}

const CHEQUE_LIST = { nullable: ['.lastcheques[].lastreceived', '.lastcheques[].lastsent'] };
const PEER_CHEQUES = { nullable: ['.lastreceived', '.lastsent'] };
const LOGGERS = { opaque: ['.tree'] };

/** Bee's logger expressions are padded base64url. */
function base64Url(text: string): string {
  const raw = Buffer.from(utf8Encode(text)).toString('base64url');
  return raw + '='.repeat((4 - (raw.length % 4)) % 4);
}

async function overlayOf(url: string): Promise<string> {
  const res = await fetch(`${url}/addresses`);
  return ((await res.json()) as { overlay: string }).overlay;
}

export async function runOperatorScenario(target: OperatorTarget): Promise<Transcript> {
  if (target.urls.length < 3) throw new Error('the operator scenario needs three nodes');
  const run = new ScenarioRecorder(target.urls);
  const overlays = await Promise.all(target.urls.map(overlayOf));
  const get = (name: string, path: string, more: Omit<StepRequest, 'method' | 'path'> = {}) => run.step(name, { method: 'GET', path, ...more });

  await get('node, swap and incentives on', '/node');
  await run.step('bytes upload 3 MB, direct, paid to peers', {
    method: 'POST',
    path: '/bytes',
    headers: { 'swarm-postage-batch-id': target.batchId, 'swarm-deferred-upload': 'false', 'content-type': 'application/octet-stream' },
    body: seededBytes('operator scenario traffic', 3_000_000),
    addresses: (r) => ({ reference: r.field('reference') }),
    timeoutMs: 180_000,
  });

  // Swap: the chequebook, cheques, settlements, balances.
  await get('chequebook address, swap on', '/chequebook/address');
  await get('chequebook balance, swap on', '/chequebook/balance');
  const list = (await get('chequebook cheques after paying peers', '/chequebook/cheque', { shape: CHEQUE_LIST })).json<{ lastcheques?: { peer: string; lastsent: unknown }[] }>();
  const paid = list?.lastcheques?.find((c) => c.lastsent !== null)?.peer ?? overlays[1]!;
  const payee = Math.max(1, overlays.indexOf(paid));
  await get('chequebook cheques of the paid peer', '/chequebook/cheque/{peer}', { params: { peer: paid }, shape: PEER_CHEQUES });
  await get('chequebook cheques of an unknown peer', '/chequebook/cheque/{peer}', { params: { peer: UNKNOWN_REF }, shape: PEER_CHEQUES });
  await get('settlements after paying peers', '/settlements');
  await get('settlement with the paid peer', '/settlements/{peer}', { params: { peer: paid } });
  await get('settlement with an unknown peer', '/settlements/{peer}', { params: { peer: UNKNOWN_REF } });
  await get('time settlements after paying peers', '/timesettlements');
  await get('balances after paying peers', '/balances');
  await get('balance with the paid peer', '/balances/{peer}', { params: { peer: paid } });
  await get('cheques received by the payee', '/chequebook/cheque', { node: payee, shape: CHEQUE_LIST });
  await get('cashout status at the payee', '/chequebook/cashout/{peer}', { node: payee, params: { peer: overlays[0]! } });
  await get('cashout status, unknown peer', '/chequebook/cashout/{peer}', { params: { peer: UNKNOWN_REF } });

  // Stake and redistribution.
  await get('stake, incentives on', '/stake');
  await get('withdrawable stake, incentives on', '/stake/withdrawable');
  await get('redistribution state, incentives on', '/redistributionstate');

  // A pending transaction: a chequebook deposit while the chain mines nothing.
  await target.chain.pauseMining();
  let deposit: Promise<unknown> = Promise.resolve();
  try {
    deposit = run.step('chequebook deposit', { method: 'POST', path: '/chequebook/deposit', query: 'amount=1000', timeoutMs: 120_000 });
    const hash = await waitForPending(target.urls[0]!);
    await get('pending transactions, one pending', '/transactions');
    await get('pending transaction get', '/transactions/{hash}', { params: { hash } });
    await get('pending transaction get, unknown', '/transactions/{hash}', { params: { hash: `0x${UNKNOWN_REF}` } });
  } finally {
    await target.chain.resumeMining();
  }
  await deposit;

  // The reserve sample at the storage radius, across the whole address range.
  await target.chain.passTwoRounds();
  const radius = (await get('reservestate before rchash', '/reservestate')).json<{ storageRadius?: number }>()?.storageRadius ?? 0;
  await get('rchash at the storage radius', '/rchash/{depth}/{anchor1}/{anchor2}', {
    params: { depth: String(radius), anchor1: '00'.repeat(32), anchor2: 'ff'.repeat(32) },
    timeoutMs: 120_000,
  });
  await get('rchash, anchor not hex', '/rchash/{depth}/{anchor1}/{anchor2}', { params: { depth: String(radius), anchor1: 'zz', anchor2: 'ff' } });
  await get('redistribution state, two rounds on', '/redistributionstate');

  // Runtime loggers (the terminal's :loggers and :set-logger).
  const api = base64Url('^node/api');
  await get('loggers', '/loggers', { shape: LOGGERS });
  await get('loggers matching an expression', '/loggers/{exp}', { params: { exp: api }, shape: LOGGERS });
  await run.step('logger verbosity set', { method: 'PUT', path: '/loggers/{exp}/{verbosity}', params: { exp: api, verbosity: 'debug' } });
  await run.step('logger verbosity set, unknown verbosity', { method: 'PUT', path: '/loggers/{exp}/{verbosity}', params: { exp: api, verbosity: 'loud' } });
  await run.step('logger verbosity back to info', { method: 'PUT', path: '/loggers/{exp}/{verbosity}', params: { exp: api, verbosity: 'info' } });
  return run.transcript;
}

/** Polls /transactions until something is pending; returns its hash. */
async function waitForPending(url: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const body = (await (await fetch(`${url}/transactions`)).json()) as { pendingTransactions?: { transactionHash: string }[] };
    const first = body.pendingTransactions?.[0];
    if (first) return first.transactionHash;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no transaction became pending within 20 s');
}
