/**
 * S11 Manifest fetches: a loader actor that lives for one walk and fetches manifest nodes on request. The
 * machine sends `load` for exactly the nodes that become visible (core/cockpit/manifest-tree.ts); each node's
 * bytes are read with `GET /bytes/{ref}` (a node is stored like /bytes content and may span several chunks;
 * 128-hex references of encrypted manifests are decrypted by the node), parsed here, and sent back as plain
 * data. The root is fetched as the actor starts. Several loads run at once (a bounded number); stopping the actor aborts them all.
 */
import { fromCallback } from 'xstate';
import { readManifestNode } from '../../../core/cockpit/manifest-tree.js';
import type { LoaderEvent, LoaderRequest } from '../../../core/cockpit/screens/manifest.js';
import { errorLine } from '../../../core/cockpit/text.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { isNodeApiError, type NodeEndpoints } from '../../node-client/index.js';
import { endpointFailure } from '../endpoint-failure.js';

export type ManifestClient = Pick<NodeEndpoints, 'downloadBytes'>;


/** Fetches at once at most this many nodes (a node with 256 forks expands into 256 fetches). */
export const LOADER_CONCURRENCY = 8;
/** A mantaray node is at most 256 forks with up to 64 KiB of metadata each; 16 MiB bounds a hostile one. */
export const MAX_NODE_BYTES = 16 * 1024 * 1024;

export async function loadManifestNode(client: ManifestClient, key: string, reference: string, signal?: AbortSignal): Promise<LoaderEvent> {
  try {
    const bytes = await client.downloadBytes(reference, { maxBytes: MAX_NODE_BYTES, ...(signal ? { signal } : {}) });
    return { type: 'node.loaded', key, node: readManifestNode(bytes, reference, key) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof InputError) return { type: 'node.failed', key, error: `not a manifest node: ${errorLine(error)}`, notManifest: true };
    const why = isNodeApiError(error) ? `/bytes/${reference.slice(0, 8)}…: ${endpointFailure(error).detail}` : errorLine(error);
    return { type: 'node.failed', key, error: why, notManifest: false };
  }
}

export function manifestScreenActors(client: ManifestClient) {
  return {
    manifestLoader: fromCallback<LoaderRequest, { root: string }, LoaderEvent>(({ input, receive, sendBack }) => {
      const controller = new AbortController();
      const queue: LoaderRequest[] = [];
      let running = 0;
      const pump = () => {
        while (running < LOADER_CONCURRENCY && queue.length > 0 && !controller.signal.aborted) {
          const next = queue.shift()!;
          running++;
          loadManifestNode(client, next.key, next.reference, controller.signal)
            .then((event) => {
              if (!controller.signal.aborted) sendBack(event);
            })
            .catch(() => undefined)
            .finally(() => {
              running--;
              pump();
            });
        }
      };
      receive((request) => {
        queue.push(request);
        pump();
      });
      // The walk starts with its root.
      queue.push({ type: 'load', key: '', reference: input.root });
      pump();
      return () => controller.abort();
    }),
  };
}
