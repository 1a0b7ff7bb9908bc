/** S3's fetches: /node, the chequebook address and balance, the last cheques and both settlement lists, in parallel. */
import { fromPromise } from 'xstate';
import { pollingScreenWith } from '../../../machines/cockpit/screens/polling-screen.machine.js';
import type { SwapPoll } from '../../../core/cockpit/screens/swap.js';
import type { NodeEndpoints } from '../../node-client/index.js';
import { settle } from '../health-snapshot.js';

export type SwapClient = Pick<NodeEndpoints, 'node' | 'chequebookAddress' | 'chequebookBalance' | 'cheques' | 'settlements' | 'timesettlements'>;

const same = <T>(value: T): T => value;

export async function fetchSwap(client: SwapClient, signal: AbortSignal, now: () => number = Date.now): Promise<SwapPoll> {
  const takenAtMs = now();
  const o = { signal };
  const [node, chequebookAddress, chequebookBalance, cheques, settlements, timesettlements] = await Promise.all([
    settle(client.node(o), ({ beeMode, swapEnabled, chequebookEnabled }) => ({ beeMode, swapEnabled, chequebookEnabled })),
    settle(client.chequebookAddress(o), same),
    settle(client.chequebookBalance(o), ({ totalBalance, availableBalance }) => ({ totalBalance, availableBalance })),
    settle(client.cheques(o), same),
    settle(client.settlements(o), same),
    settle(client.timesettlements(o), same),
  ]);
  signal.throwIfAborted();
  return { takenAtMs, node, chequebookAddress, chequebookBalance, cheques, settlements, timesettlements };
}

export function swapScreenActors(client: SwapClient, now?: () => number) {
  return { poller: pollingScreenWith(fromPromise<SwapPoll>(({ signal }) => fetchSwap(client, signal, now))) };
}
