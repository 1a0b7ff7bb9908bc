/**
 * `createNodeClient`: one typed object over every Bee endpoint the toolkit uses. It holds no state besides the
 * connection pool (the dispatcher) and the call statistics, so machines can create one per node and share it.
 *
 * What a hostile node can make a call cost is bounded (docs/retcheck.md "What a hostile node can cost"; figures:
 * docs/benchmarks.md "Hostile nodes"): every body by its endpoint's cap while it streams (body-limits.ts: a chunk
 * 4,201 bytes, fixed-shape JSON 64 KiB, other JSON 1 MiB, the lists up to 64 MiB); a JSON text over 64 KiB by what
 * parsing would build (json-shape.ts: nesting at most 64 deep, estimated heap at most 4 times the text); the HTTP
 * framing by the wires' own limits (heads and trailers 16 KiB, interim answers, chunk-size lines); every number by
 * what Bee can answer (schemas/common.ts).
 *
 * Which wire: the raw wire (raw-http-wire.ts, with node:http behind it for https and streamed uploads) is the
 * fastest for every call it takes, so retcheck, the cockpit engine and the benchmark's ts runner pass it. Measured
 * with `npm run bench:client-calls` (client CPU µs per call, devnet, load average 14 on 2 cores, 2026-11-28):
 * GET /stamps raw 165, node:http 479, undici 662; POST /chunks 307 / 522 / 502; pin + unpin 172 / 650 / 687;
 * 1 MB download drained 579 / 3,275 / 2,186; 64 KiB range 259 / 562 / 314; 1 MB upload from memory 1,091 /
 * 1,804 / 1,696. undici was faster than node:http on the bulk rows but never than raw, so no call goes through it
 * unless a caller passes a dispatcher (a proxy). The default stays node:http: nothing to load for `--once`.
 */
import type { Dispatcher } from 'undici';
import { InputError } from '../../core/swarm/input-error.js';
import { createCallStats, type CallRecord, type CallStats } from './call-stats.js';
import { accountingEndpoints } from './endpoints/accounting.js';
import { chainEndpoints } from './endpoints/chain.js';
import { contentEndpoints } from './endpoints/content.js';
import { downloadEndpoints } from './endpoints/download.js';
import { feedEndpoints } from './endpoints/feeds.js';
import { messagingEndpoints } from './endpoints/messaging.js';
import { granteeEndpoints } from './endpoints/grantee.js';
import { stampEndpoints } from './endpoints/stamps.js';
import { statusEndpoints } from './endpoints/status.js';
import { uploadEndpoints } from './endpoints/upload.js';
import { Transport } from './http.js';
import { createNodeHttpWire } from './node-http-wire.js';
import { createRawHttpWire } from './raw-http-wire.js';
import { parseBaseUrl } from './url.js';
import { undiciWire } from './undici-wire.js';
import type { Wire } from './wire.js';

export interface NodeClientOptions {
  /** e.g. `http://localhost:1633`; http/https only, no credentials in the URL. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` to the node only; never logged, never in errors or stats. */
  readonly token?: string;
  /** Default per-call timeout covering the whole transfer; 0 disables it. Default 60 000 ms. */
  readonly timeoutMs?: number;
  /**
   * undici dispatcher (connection pool, proxy). Default: node:http with a keep-alive agent shared by every client
   * of the process, which costs nothing to load (wire.ts says why).
   */
  readonly dispatcher?: Dispatcher;
  /** A wire of your own (wire.ts), e.g. createRawHttpWire, the fastest (see above); wins over `dispatcher`. */
  readonly wire?: Wire;
  /** Statistics sink; pass a shared one to aggregate several clients. Default: a fresh `createCallStats()`. */
  readonly stats?: CallStats;
  /** Called after every call, success or failure (the -vv HTTP log). Exceptions thrown here are ignored. */
  readonly onCall?: (record: CallRecord) => void;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

let sharedWire: Wire | undefined;

/** HEADs to http: origins, every client of the process (http.ts TransportOptions.headWire says why); made on first HEAD. */
let sharedHeadWire: Wire | undefined;
const loadHeadWire = (): Promise<Wire> =>
  Promise.resolve((sharedHeadWire ??= createRawHttpWire({ fallback: { request: () => Promise.reject(new Error('the HEAD wire serves http: origins only')) } })));

function buildEndpoints(transport: Transport) {
  return {
    ...statusEndpoints(transport),
    ...chainEndpoints(transport),
    ...accountingEndpoints(transport),
    ...stampEndpoints(transport),
    ...contentEndpoints(transport),
    ...uploadEndpoints(transport),
    ...downloadEndpoints(transport),
    ...feedEndpoints(transport),
    ...messagingEndpoints(transport),
    ...granteeEndpoints(transport),
  };
}

export type NodeEndpoints = ReturnType<typeof buildEndpoints>;

export interface NodeClient extends NodeEndpoints {
  /** Normalised base URL (no trailing slash). */
  readonly baseUrl: string;
  readonly stats: CallStats;
}

export function createNodeClient(options: NodeClientOptions): NodeClient {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0) throw new InputError('timeoutMs', String(timeoutMs), 'milliseconds >= 0 (0 disables)');
  const stats = options.stats ?? createCallStats();
  const transport = new Transport({
    baseUrl,
    timeoutMs,
    stats,
    wire: options.wire ?? (options.dispatcher ? undiciWire(options.dispatcher) : (sharedWire ??= createNodeHttpWire())),
    ...(options.token ? { token: options.token } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    headWire: loadHeadWire,
  });
  return { baseUrl, stats, ...buildEndpoints(transport) };
}
