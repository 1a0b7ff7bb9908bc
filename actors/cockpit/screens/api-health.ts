/**
 * S8's fetches: /chainstate and /transactions in parallel, then the node client's own call statistics
 * (read after the two calls, so they are counted). `stats` is the client the cockpit uses for this node.
 */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { ApiHealthPoll } from '../../../core/cockpit/screens/api-health.js';
import type { CallStats, NodeEndpoints } from '../../node-client/index.js';
import { settle } from '../health-snapshot.js';

export type ApiHealthClient = Pick<NodeEndpoints, 'chainstate' | 'transactions'> & { readonly stats: Pick<CallStats, 'snapshot'> };

export async function fetchApiHealth(client: ApiHealthClient, signal: AbortSignal, now: () => number = Date.now): Promise<ApiHealthPoll> {
  const takenAtMs = now();
  const o = { signal };
  const [chainstate, transactions] = await Promise.all([
    settle(client.chainstate(o), ({ chainTip, block, totalAmount, currentPrice, minimumValidityBlocks }) =>
      minimumValidityBlocks === undefined ? { chainTip, block, totalAmount, currentPrice } : { chainTip, block, totalAmount, currentPrice, minimumValidityBlocks },
    ),
    settle(client.transactions(o), (list) =>
      list.map(({ transactionHash, to, nonce, gasPrice, created, description, value }) => ({ transactionHash, to, nonce, gasPrice, created, description, value })),
    ),
  ]);
  signal.throwIfAborted();
  const calls = client.stats.snapshot().map(({ template, count, errors, cancelled, lastStatus, lastErrorCode, p50, p95, p99, max }) => ({
    template,
    count,
    errors,
    cancelled,
    ...(lastStatus === undefined ? {} : { lastStatus }),
    ...(lastErrorCode === undefined ? {} : { lastErrorCode }),
    p50,
    p95,
    p99,
    max,
  }));
  return { takenAtMs, chainstate, transactions, calls };
}

export function apiHealthScreenActors(client: ApiHealthClient, now?: () => number) {
  return { poller: pollingScreenWith(fromPromise<ApiHealthPoll>(({ signal }) => fetchApiHealth(client, signal, now))) };
}
