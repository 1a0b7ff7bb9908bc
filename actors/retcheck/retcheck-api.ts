/**
 * The transport port of retcheck's actors: the handful of node and gateway calls a check makes. Node's
 * implementation (node-retcheck-api.ts) sits on the undici node client; the web app's sits on fetch. The actors
 * (retcheck-actors.ts) are written once against this port, so the CLI and the browser behave the same.
 *
 * Every method rejects with an Error whose message is fit for a report's `error` field (method, URL, status,
 * and the node's message), and honours `signal` and `timeoutMs`. When the node could not be reached at all
 * (timeout, refused or reset connection), the error's `code` is 'timeout' or 'network' (NodeApiError's codes;
 * the fetch transport sets the same), which the chunk walk counts to give up on a dead node.
 */
export interface CallLimits {
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface FeedResolution {
  /** The reference the feed's latest update points at (v1) or the address of the content it wraps (v2). */
  reference: string;
}

export interface BatchAnswer {
  exists: boolean;
  usable: boolean;
  ttlSeconds: number;
}

export interface RetcheckApi {
  stewardship(nodeUrl: string, reference: string, limits: CallLimits): Promise<{ isRetrievable: boolean }>;
  overlay(nodeUrl: string, limits: CallLimits): Promise<string>;
  version(nodeUrl: string, limits: CallLimits): Promise<string>;
  /** HEAD {gatewayUrl}/bzz/{reference}/; resolves with the status code for any HTTP answer. */
  headGateway(gatewayUrl: string, reference: string, limits: CallLimits): Promise<number>;
  /** GET /chunks/{address}; resolves `data` for 200, `undefined` for 404; rejects on other failures. */
  chunk(nodeUrl: string, address: string, limits: CallLimits): Promise<Uint8Array | undefined>;
  resolveFeed(nodeUrl: string, owner: string, topic: string, limits: CallLimits): Promise<FeedResolution>;
  /** Streams `path` under the base URL, counting bytes without keeping them. */
  streamDownload(baseUrl: string, path: string, limits: CallLimits): Promise<{ status: number; bytes: number }>;
  batch(nodeUrl: string, batchId: string, limits: CallLimits): Promise<BatchAnswer>;
  reupload(nodeUrl: string, reference: string, batchId: string, limits: CallLimits): Promise<void>;
  /**
   * POST /soc/{owner}/{id}?sig= with the batch, pushed directly (`swarm-deferred-upload: false`): `wrapped` is the
   * wrapped chunk's span ‖ payload. Resolves with the SOC address the node answers.
   */
  uploadSoc(nodeUrl: string, soc: { owner: string; identifier: string; signature: string; wrapped: Uint8Array }, batchId: string, limits: CallLimits): Promise<string>;
}

import type { Unreachable } from '../../config-schema/retcheck-report.js';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const NETWORK_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|EPROTO$)/;

/**
 * Whether a failed call never reached its target (report field `unreachable`): from the system error code the
 * node client keeps (`causeCode`), or the `unreachable` the browser transport sets when a no-cors request fails
 * too. A timeout, a reset after connecting, an HTTP error: the target was asked, so undefined.
 */
export function unreachableKind(error: unknown): Unreachable | undefined {
  const marked = (error as { unreachable?: unknown } | null)?.unreachable;
  if (marked === 'dns' || marked === 'refused' || marked === 'tls' || marked === 'network') return marked;
  const code = (error as { causeCode?: unknown } | null)?.causeCode;
  if (typeof code !== 'string') return undefined;
  if (DNS_CODES.has(code)) return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (NETWORK_CODES.has(code)) return 'network';
  if (TLS_CODES.test(code)) return 'tls';
  return undefined;
}

/** True when a call failed without reaching the node (its `code` is 'timeout' or 'network'). */
export function isUnreachableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'timeout' || code === 'network';
}
