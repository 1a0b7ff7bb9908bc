/**
 * S8 API Health: the node's chain state (block, tip, lag, total amount, current price), its pending
 * transactions, and the cockpit's own call statistics against this node (count, errors, P50/P95/P99 per
 * endpoint template, from the node client's record of every call it made), as a typed model and rendering.
 * Calls the cockpit cancelled itself (a screen left before its poll answered, a node switched) have a column of
 * their own: they are not the node's errors, and their durations are not in the percentiles.
 */
import { formatBzzExact, formatCount, formatMs, formatUnits, groupDigits, shortId } from '../format.js';
import type { Fetched } from '../health-snapshot.js';
import { chainLagVerdict } from '../rules/chain-lag.js';
import { pendingVerdict } from '../rules/pending-transactions.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section, TableSection } from '../view/view-model.js';
import { describeFailure, pollSubtitle } from './screen-text.js';

export interface ChainStateFacts {
  readonly chainTip: number;
  readonly block: number;
  readonly totalAmount: string;
  readonly currentPrice: string;
  readonly minimumValidityBlocks?: number | undefined;
}

export interface TransactionFacts {
  readonly transactionHash: string;
  readonly to: string;
  readonly nonce: number;
  readonly gasPrice: string | null;
  readonly created: string;
  readonly description: string;
  readonly value: string | null;
}

/** One row of the node client's call statistics (its EndpointStats fits). */
export interface CallStatFacts {
  readonly template: string;
  readonly count: number;
  readonly errors: number;
  /** Calls the cockpit cancelled itself; not errors (core/cockpit/call-outcome.ts). */
  readonly cancelled: number;
  readonly lastStatus?: number | undefined;
  readonly lastErrorCode?: string | undefined;
  readonly p50: number | null;
  readonly p95: number | null;
  readonly p99: number | null;
  readonly max: number | null;
}

export interface ApiHealthPoll {
  readonly takenAtMs: number;
  readonly chainstate: Fetched<ChainStateFacts>;
  readonly transactions: Fetched<readonly TransactionFacts[]>;
  /** The cockpit's own statistics, read when the poll finished (so this poll's calls are in). */
  readonly calls: readonly CallStatFacts[];
}

const TRANSACTION_REFUSALS = { 404: 'this node has no transaction service (no chain backend)' } as const;

function chainSection(poll: ApiHealthPoll, lagStreak: number): Section {
  if (!poll.chainstate.ok) {
    return { kind: 'text', id: 'chain', title: 'Chain state', lines: [{ text: describeFailure('chainstate', poll.chainstate.error, { 403: 'no chain backend on this node' }), tone: 'muted' }] };
  }
  const c = poll.chainstate.value;
  const lag = chainLagVerdict(c.chainTip, c.block, lagStreak);
  return {
    kind: 'facts',
    id: 'chain',
    title: 'Chain state',
    rows: [
      { label: 'Block', value: `${c.block} (postage listener)` },
      { label: 'Chain tip', value: `${c.chainTip} (RPC endpoint)` },
      {
        label: 'Lag',
        value: lag.text,
        tone: lag.tone,
        ...(lag.tone === 'warn' || lag.tone === 'fail' ? { hint: { text: 'check the node’s blockchain RPC endpoint (Bee’s blockchain-rpc-endpoint), or move to a faster one', tone: lag.tone } } : {}),
      },
      { label: 'Current price', value: `${formatBzzExact(c.currentPrice)} per chunk per block`, detail: `${groupDigits(c.currentPrice)} PLUR` },
      { label: 'Total amount', value: `${formatBzzExact(c.totalAmount)} paid out per chunk so far`, detail: `${groupDigits(c.totalAmount)} PLUR` },
      ...(c.minimumValidityBlocks === undefined ? [] : [{ label: 'Minimum validity', value: `${formatCount(c.minimumValidityBlocks)} blocks for a new batch` }]),
    ],
  };
}

function transactionsSection(poll: ApiHealthPoll): Section {
  if (!poll.transactions.ok) {
    return { kind: 'text', id: 'transactions', title: 'Pending transactions', lines: [{ text: describeFailure('transactions', poll.transactions.error, TRANSACTION_REFUSALS), tone: 'muted' }] };
  }
  const txs = [...poll.transactions.value].sort((a, b) => a.nonce - b.nonce);
  const table: TableSection = {
    kind: 'table',
    id: 'transactions',
    title: `Pending transactions (${txs.length})`,
    selectable: true,
    emptyText: 'none pending: every transaction this node sent is mined',
    columns: [
      { id: 'hash', label: 'Transaction', align: 'left', priority: 1, kind: 'id' },
      { id: 'nonce', label: 'Nonce', align: 'right', priority: 3, kind: 'number' },
      { id: 'what', label: 'What', align: 'left', priority: 2, kind: 'text' },
      { id: 'gas', label: 'Gas price', align: 'right', priority: 4, kind: 'amount' },
      { id: 'age', label: 'Pending', align: 'left', priority: 1, kind: 'text' },
    ],
    rows: txs.map((tx) => {
      const verdict = pendingVerdict(tx.created, poll.takenAtMs);
      return {
        key: tx.transactionHash,
        tone: verdict.tone,
        cells: [
          { text: shortId(tx.transactionHash.replace(/^0x/, '')), full: tx.transactionHash.replace(/^0x/, '') },
          { text: String(tx.nonce) },
          { text: tx.description || `to ${tx.to}`, detail: `to ${tx.to}, value ${tx.value ?? '0'} wei` },
          { text: tx.gasPrice === null ? '—' : `${formatUnits(BigInt(tx.gasPrice), 9, 2)} gwei` },
          { text: verdict.text, tone: verdict.tone },
        ],
      };
    }),
  };
  return table;
}

/** The last call's ending: its status, the client's error code, or `cancelled` for the cockpit's own cancellation. */
function lastOutcome(r: CallStatFacts): string {
  if (r.lastErrorCode === 'aborted') return 'cancelled';
  if (r.lastErrorCode) return r.lastErrorCode;
  return r.lastStatus === undefined ? '—' : String(r.lastStatus);
}

function callsSection(calls: readonly CallStatFacts[]): TableSection {
  const rows = [...calls].sort((a, b) => b.count - a.count || (a.template < b.template ? -1 : 1));
  return {
    kind: 'table',
    id: 'calls',
    title: `The cockpit's own calls, all nodes (${formatCount(rows.reduce((n, r) => n + r.count, 0))})`,
    selectable: true,
    emptyText: 'no calls yet',
    columns: [
      { id: 'endpoint', label: 'Endpoint', align: 'left', priority: 1, kind: 'name' },
      { id: 'count', label: 'Count', align: 'right', priority: 1, kind: 'count' },
      { id: 'errors', label: 'Errors', align: 'right', priority: 2, kind: 'count' },
      { id: 'cancelled', label: 'Cancelled', align: 'right', priority: 3, kind: 'count' },
      { id: 'p50', label: 'P50', align: 'right', priority: 1, kind: 'latency' },
      { id: 'p95', label: 'P95', align: 'right', priority: 2, kind: 'latency' },
      { id: 'p99', label: 'P99', align: 'right', priority: 3, kind: 'latency' },
      { id: 'max', label: 'Max', align: 'right', priority: 4, kind: 'latency' },
      { id: 'last', label: 'Last status', align: 'left', priority: 5, kind: 'status' },
    ],
    rows: rows.map((r) => ({
      key: r.template,
      ...(r.errors > 0 ? { tone: 'warn' as const } : {}),
      cells: [
        { text: r.template },
        { text: formatCount(r.count) },
        { text: formatCount(r.errors), ...(r.errors > 0 ? { tone: 'warn' as const } : {}) },
        { text: formatCount(r.cancelled), detail: 'calls the cockpit stopped itself (a screen left, a node switched): not the node’s errors' },
        { text: formatMs(r.p50) },
        { text: formatMs(r.p95) },
        { text: formatMs(r.p99) },
        { text: formatMs(r.max) },
        { text: lastOutcome(r) },
      ],
    })),
  };
}

export function renderApiHealth(poll: ApiHealthPoll | null, lagStreak: number): ScreenContent {
  const base = { drill: null };
  if (poll === null) return { status: 'loading', subtitle: 'asking /chainstate and /transactions', sections: [], ...base };
  const sections = [chainSection(poll, lagStreak), transactionsSection(poll), callsSection(poll.calls)];
  if (!poll.chainstate.ok && !poll.transactions.ok) return { status: 'error', subtitle: describeFailure('chainstate', poll.chainstate.error), sections, ...base };
  return { status: 'ready', subtitle: pollSubtitle(poll.takenAtMs, null, null), sections, ...base };
}
