/**
 * The engine's node clients: one per node (token, whole-transfer timeout, shared call statistics), over two
 * wires, and the listeners of every call they make. Tokens stay here; no snapshot, view or log line carries one.
 */
import type { Dispatcher } from 'undici';
import { createCallStats, createNodeClient, createRawHttpWire, undiciWire, type CallRecord, type CallStats, type NodeClient } from '../node-client/index.js';
import { createNodeHttpWire } from '../node-client/node-http-wire.js';
import type { EngineNodeRef } from '../../core/cockpit/interaction/screen-env.js';
import { createFleetPollWire } from './fleet-poll-wire.js';

export const DEFAULT_REQUEST_TIMEOUT_MS = 8_000;
/** How long a node's idle sockets are kept: under Bee's 30 s idle timeout, over the 10 and 15 s poll cycles. */
const IDLE_SOCKET_MS = 25_000;

export interface EngineClientOptions {
  readonly nodes: readonly { readonly name: string; readonly token?: string | undefined }[];
  /** Per-request timeout of every node call, the whole transfer included (default 8 s). */
  readonly requestTimeoutMs?: number | undefined;
  /** The connection pool of every node client (an undici Agent); default the node client's own. */
  readonly dispatcher?: Dispatcher | undefined;
}

export interface EngineClients {
  readonly callStats: CallStats;
  /** The token of a configured node (a node added by URL has none). */
  tokenOf(name: string): string | undefined;
  clientFor(node: EngineNodeRef): NodeClient;
  /** The node's client for fleet polls (same token, statistics and call log; the pipelining wire). */
  pollClientFor(node: EngineNodeRef): NodeClient;
  /** Called after every node call (success or failure) with the node's name; returns the unsubscribe. */
  subscribeCalls(listener: (record: CallRecord, node: string) => void): () => void;
  close(): void;
}

export function createEngineClients({ nodes, ...options }: EngineClientOptions): EngineClients {
  const callStats = createCallStats();
  const callListeners = new Set<(record: CallRecord, node: string) => void>();
  const clients = new Map<string, NodeClient>();
  const tokens = new Map(nodes.map((node) => [node.name, node.token]));
  // The node clients share two raw wires (the screens' and the fleet polls', below). A fleet poll is nine small
  // JSON answers per node per cycle (1,800 per 10 s for 200 nodes): a raw wire reads each whole off its socket,
  // without the stream and parser objects node:http builds per call, which were most of the engine's CPU. Streams,
  // uploads and https go to the fallback. Sockets stay open between polls: Bee keeps an idle API connection 30 s
  // (pkg/node/node.go IdleTimeout), longer than a 10 or 15 s cycle, so a poll reuses the last one's.
  const fallbackWire = options.dispatcher ? undiciWire(options.dispatcher) : createNodeHttpWire();
  const wire = createRawHttpWire({ fallback: fallbackWire, idleMs: IDLE_SOCKET_MS });
  // The fleet polls have a wire of their own, pipelining each poll's nine requests on the node's poll socket
  // (fleet-poll-wire.ts). Screens keep the shared wire: a screen's call never queues behind a poll's answers.
  const pollWire = createFleetPollWire(fallbackWire, IDLE_SOCKET_MS);
  const pollClients = new Map<string, NodeClient>();

  const onCall = (record: CallRecord, node: string) => callListeners.forEach((listener) => listener(record, node));
  const subscribeCalls = (listener: (record: CallRecord, node: string) => void) => {
    callListeners.add(listener);
    return () => void callListeners.delete(listener);
  };
  const clientIn = (cache: Map<string, NodeClient>, clientWire: typeof wire, node: EngineNodeRef): NodeClient => {
    let client = cache.get(node.name);
    if (!client || client.baseUrl !== node.url) {
      const token = tokens.get(node.name);
      client = createNodeClient({
        baseUrl: node.url,
        timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
        stats: callStats,
        onCall: (record) => onCall(record, node.name),
        ...(token ? { token } : {}),
        wire: clientWire,
      });
      cache.set(node.name, client);
    }
    return client;
  };
  const clientFor = (node: EngineNodeRef): NodeClient => clientIn(clients, wire, node);
  /** The node's client for fleet polls (same token, statistics and call log; the pipelining wire). */
  const pollClientFor = (node: EngineNodeRef): NodeClient => clientIn(pollClients, pollWire, node);
  return {
    callStats,
    tokenOf: (name) => tokens.get(name),
    clientFor,
    pollClientFor,
    subscribeCalls,
    close() {
      wire.close();
      pollWire.close();
      if ('close' in fallbackWire) (fallbackWire as { close(): void }).close();
    },
  };
}
