/**
 * RetcheckApi for Node: the node client, one per base URL (sharing one wire and one statistics sink). `onCall`
 * receives every call for the -vv HTTP log. retcheck sends no authentication (spec §5), so no token is ever
 * configured here. The calls themselves (`retcheckApiOver`) also run over the cockpit's own node client, which
 * carries the node's token: the cockpit's automatic re-seed (actors/cockpit/auto-reseed.ts) runs retcheck's
 * re-seed through it.
 *
 * The wire (actors/node-client/raw-http-wire.ts says which does what): chunk fetches and every small JSON answer,
 * thousands per walk, on the raw keep-alive wire; downloads, https and request bodies on node:http. undici only
 * when a caller passes a dispatcher: loading it cost retcheck 100-150 ms of start-up, and the one thing it did
 * faster here, streaming a cold download, is paced by the node's retrieval rather than by the client.
 */
import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import { createNodeClient, createCallStats, createRawHttpWire, undiciWire, type CallRecord, type NodeClient } from '../node-client/index.js';
import { createNodeHttpWire } from '../node-client/node-http-wire.js';
import { referenceFromFeedLookup } from '../../core/retcheck/feed-reference.js';
import { bytesToHex, hexToBytes } from '../../core/swarm/bytes.js';
import { feedUpdateAddress, parseFeedIndexHeader } from '../../core/swarm/feeds.js';
import { isChunkNotFound } from '../../core/retcheck/chunk-answer.js';
import type { CallLimits, RetcheckApi } from './retcheck-api.js';

export interface NodeRetcheckApiOptions {
  onCall?: (record: CallRecord) => void;
  /** An undici dispatcher for what the raw wire hands on (downloads, https); default node:http. */
  dispatcher?: Dispatcher;
}

export function createNodeRetcheckApi(options: NodeRetcheckApiOptions = {}): RetcheckApi & { close(): Promise<void> } {
  const nodeHttp = options.dispatcher ? undefined : createNodeHttpWire();
  const wire = createRawHttpWire({ fallback: options.dispatcher ? undiciWire(options.dispatcher) : nodeHttp! });
  const stats = createCallStats();
  const clients = new Map<string, NodeClient>();
  const client = (baseUrl: string): NodeClient => {
    let c = clients.get(baseUrl);
    if (!c) {
      c = createNodeClient({ baseUrl, wire, stats, ...(options.onCall ? { onCall: options.onCall } : {}) });
      clients.set(baseUrl, c);
    }
    return c;
  };
  return {
    ...retcheckApiOver(client),
    close: async () => {
      wire.close();
      nodeHttp?.close();
    },
  };
}

/** retcheck's calls over the node client `client(baseUrl)` gives for each node URL (or gateway URL) it is asked about. */
export function retcheckApiOver(client: (baseUrl: string) => NodeClient): RetcheckApi {
  // The actors share one abort signal among all their in-flight calls (hundreds in a chunk walk): that is by
  // design, not the listener leak Node warns about once a signal has more than 10 listeners.
  const seen = new WeakSet<AbortSignal>();
  const limits = <T extends CallLimits>(l: T): T => {
    if (l.signal && !seen.has(l.signal)) {
      setMaxListeners(0, l.signal);
      seen.add(l.signal);
    }
    return l;
  };

  return {
    stewardship: (nodeUrl, reference, l) => client(nodeUrl).stewardshipCheck(reference, limits(l)),
    overlay: async (nodeUrl, l) => (await client(nodeUrl).addresses(limits(l))).overlay,
    version: async (nodeUrl, l) => (await client(nodeUrl).health(limits(l))).version,
    headGateway: async (gatewayUrl, reference, l) => (await client(gatewayUrl).headUrl(`${gatewayUrl}/bzz/${reference}/`, limits(l))).status,
    chunk: async (nodeUrl, address, l) => {
      try {
        return await client(nodeUrl).downloadChunk(address, limits(l));
      } catch (error) {
        const { status, beeMessage } = error as { status?: number; beeMessage?: string };
        if (isChunkNotFound(status, beeMessage)) return undefined;
        throw error;
      }
    },
    resolveFeed: async (nodeUrl, owner, topic, l) => {
      const c = client(nodeUrl);
      const lookup = await c.feedLatest(owner, topic, { ...limits(l), onlyRootChunk: true });
      const updateAddress = bytesToHex(feedUpdateAddress(hexToBytes(owner), hexToBytes(topic), parseFeedIndexHeader(lookup.index)));
      const updateSoc = await c.downloadChunk(updateAddress, limits(l));
      return {
        reference: referenceFromFeedLookup({ rootChunk: lookup.payload, updateSoc, ...(lookup.resolvedVersion ? { resolvedVersion: lookup.resolvedVersion } : {}) }),
      };
    },
    streamDownload: async (baseUrl, path, l) => {
      const c = client(baseUrl);
      const result = path.startsWith('/bzz/')
        ? await c.streamBzz(path.slice('/bzz/'.length).replace(/\/$/, ''), '', limits(l))
        : await c.streamBytes(path.slice('/bytes/'.length), limits(l));
      return { status: result.status, bytes: result.bytes };
    },
    batch: async (nodeUrl, batchId, l) => {
      const answer = await client(nodeUrl).stamp(batchId, limits(l));
      if (answer.found) return { exists: true, usable: answer.batch.usable, ttlSeconds: Number(answer.batch.batchTTL) };
      return answer.reason === 'not-found' ? { exists: false, usable: false, ttlSeconds: -1 } : { exists: true, usable: false, ttlSeconds: -1 };
    },
    reupload: async (nodeUrl, reference, batchId, l) => {
      await client(nodeUrl).stewardshipReupload(reference, batchId, limits(l));
    },
    uploadSoc: async (nodeUrl, soc, batchId, l) =>
      (await client(nodeUrl).uploadSoc(soc.owner, soc.identifier, soc.signature, soc.wrapped, { ...limits(l), batchId, deferred: false })).reference,
  };
}
