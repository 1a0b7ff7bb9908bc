/**
 * The two calls of the root replica check (actors/retcheck/replica-check.ts) on a cockpit node client, which
 * carries the node's bearer token where retcheck's transport sends none: GET /chunks (a clean not-found is
 * `undefined`, as in node-retcheck-api.ts) and GET /stewardship. Every call goes to the client's own node.
 */
import type { NodeClient } from '../node-client/index.js';
import { isChunkNotFound } from '../../core/retcheck/chunk-answer.js';
import type { ReplicaCheckApi } from './replica-check.js';

export function replicaApiFromClient(client: NodeClient): ReplicaCheckApi {
  return {
    stewardship: (_nodeUrl, reference, limits) => client.stewardshipCheck(reference, limits),
    chunk: async (_nodeUrl, address, limits) => {
      try {
        return await client.downloadChunk(address, limits);
      } catch (error) {
        const { status, beeMessage } = error as { status?: number; beeMessage?: string };
        if (isChunkNotFound(status, beeMessage)) return undefined;
        throw error;
      }
    },
  };
}
