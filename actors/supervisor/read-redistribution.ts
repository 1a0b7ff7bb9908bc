/**
 * The `readRedistribution` actor: one GET /redistributionstate of the supervised node while a stop drains
 * (`[store.supervisor] drain_secs`). Through the node client, so the call is validated at the boundary and shows
 * in the call statistics. A node that cannot answer (not a full node: 400, incentives off: 403, down, slow) is a
 * value with why, since the supervisor then stops without draining; only the unexpected throws.
 */
import { fromPromise } from 'xstate';
import { createNodeClient, isNodeApiError, type NodeClient } from '../node-client/index.js';
import type { RedistributionRead, RedistributionReadInput } from '../../machines/cockpit/supervisor.contracts.js';

/** Per-read timeout: a node too busy to answer within it is read as "cannot tell" (the stop goes on). */
export const REDISTRIBUTION_READ_TIMEOUT_MS = 5_000;

export type RedistributionClientFor = (apiUrl: string) => Pick<NodeClient, 'redistributionstate'>;

export async function readRedistribution(client: Pick<NodeClient, 'redistributionstate'>, signal: AbortSignal, now: () => number = Date.now): Promise<RedistributionRead> {
  try {
    const state = await client.redistributionstate({ signal, timeoutMs: REDISTRIBUTION_READ_TIMEOUT_MS });
    const reading = { phase: state.phase, round: state.round, block: state.block, lastPlayedRound: state.lastPlayedRound, lastSelectedRound: state.lastSelectedRound, isFrozen: state.isFrozen };
    return { ok: true, reading, atMs: now() };
  } catch (error) {
    signal.throwIfAborted();
    if (!isNodeApiError(error)) throw error;
    const detail =
      error.code === 'http'
        ? `answered ${error.status}${error.beeMessage ? `: ${error.beeMessage}` : ''}`
        : error.code === 'timeout'
          ? `no answer within ${REDISTRIBUTION_READ_TIMEOUT_MS / 1000} s`
          : error.code === 'network'
            ? `the API does not answer${error.causeCode ? ` (${error.causeCode})` : ''}`
            : error.message;
    return { ok: false, detail, atMs: now() };
  }
}

export function createReadRedistribution(clientFor: RedistributionClientFor = (apiUrl) => createNodeClient({ baseUrl: apiUrl, timeoutMs: REDISTRIBUTION_READ_TIMEOUT_MS })) {
  const clients = new Map<string, Pick<NodeClient, 'redistributionstate'>>();
  return fromPromise<RedistributionRead, RedistributionReadInput>(({ input, signal }) => {
    let client = clients.get(input.apiUrl);
    if (!client) clients.set(input.apiUrl, (client = clientFor(input.apiUrl)));
    return readRedistribution(client, signal);
  });
}
