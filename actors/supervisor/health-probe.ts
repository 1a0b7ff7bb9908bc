/**
 * The `probeHealth` actor: one GET /health through the node client, so the call shows in the cockpit's
 * call statistics and its `node::http` log tab like every other call. Not-ready answers are values.
 */
import { fromPromise } from 'xstate';
import { createNodeClient, isNodeApiError, type NodeClient } from '../node-client/index.js';
import type { HealthProbe, HealthProbeInput } from '../../machines/cockpit/supervisor.contracts.js';

/** Per-probe timeout: a node that takes longer than this to answer /health is not ready yet. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

export type ClientFor = (apiUrl: string) => Pick<NodeClient, 'health'>;

export async function probeHealth(client: Pick<NodeClient, 'health'>, signal: AbortSignal): Promise<HealthProbe> {
  try {
    const health = await client.health({ signal, timeoutMs: HEALTH_PROBE_TIMEOUT_MS });
    return { healthy: true, version: health.version };
  } catch (error) {
    signal.throwIfAborted();
    if (!isNodeApiError(error)) throw error;
    if (error.code === 'http') return { healthy: false, detail: `/health answered ${error.status}` };
    if (error.code === 'timeout') return { healthy: false, detail: `/health did not answer within ${HEALTH_PROBE_TIMEOUT_MS / 1000} s` };
    if (error.code === 'network') return { healthy: false, detail: 'the API is not listening yet' };
    return { healthy: false, detail: `/health: ${error.message}` };
  }
}

/** `clientFor` lets the engine pass its own client factory (shared call statistics, the node::http hook). */
export function createProbeHealth(clientFor: ClientFor = (apiUrl) => createNodeClient({ baseUrl: apiUrl, timeoutMs: HEALTH_PROBE_TIMEOUT_MS })) {
  const clients = new Map<string, Pick<NodeClient, 'health'>>();
  return fromPromise<HealthProbe, HealthProbeInput>(({ input, signal }) => {
    let client = clients.get(input.apiUrl);
    if (!client) clients.set(input.apiUrl, (client = clientFor(input.apiUrl)));
    return probeHealth(client, signal);
  });
}
