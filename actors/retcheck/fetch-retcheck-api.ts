/**
 * RetcheckApi on the WHATWG fetch API, for the browser (retcheck-web); it also runs in Node, which is how the
 * unit tests exercise it. Browser-specific failures get the spec's texts (spec 1 §5, §7):
 * - an HTTPS page calling a plain-HTTP node that is not loopback: exactly `blocked: mixed-content`;
 * - a response the browser withholds because the node's cors-allowed-origins lacks this origin: a message
 *   that says CORS. fetch cannot tell CORS from "unreachable", so after a TypeError we send one `no-cors`
 *   request: an opaque answer proves the node is up, hence the block was CORS.
 */
import type { CallLimits, RetcheckApi } from './retcheck-api.js';
import { referenceFromFeedLookup } from '../../core/retcheck/feed-reference.js';
import { bytesToHex, concatBytes, hexToBytes } from '../../core/swarm/bytes.js';
import { feedUpdateAddress, parseFeedIndexHeader } from '../../core/swarm/feeds.js';
import { isChunkNotFound } from '../../core/retcheck/chunk-answer.js';
import { CHUNK_BODY_LIMIT, SMALL_JSON_LIMIT } from '../node-client/body-limits.js';

export interface FetchRetcheckApiOptions {
  fetch?: typeof fetch;
  /** The page's origin/protocol; defaults to globalThis.location when present. */
  pageProtocol?: string;
  pageOrigin?: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

export function isMixedContentBlocked(url: string, pageProtocol: string | undefined): boolean {
  if (pageProtocol !== 'https:') return false;
  const target = new URL(url);
  if (target.protocol !== 'http:') return false;
  const host = target.hostname.toLowerCase();
  return !(LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host));
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly beeMessage?: string,
  ) {
    super(message);
  }
}

/** Error bodies: an excerpt is all a report shows. */
const ERROR_EXCERPT_LIMIT = 4096;

/**
 * The body as bytes, at most `limit` of them: a declared length over the limit is refused unread, and a
 * streamed body is cancelled at the first byte past it, so a hostile node cannot fill the page's memory (the
 * node client's caps, body-limits.ts, on fetch). With `truncate`, the first `limit` bytes are returned instead.
 */
export async function readBody(response: Response, limit: number, what: string, truncate = false): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (!truncate && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`${what} -> ${response.status} but the body of ${declared} bytes is over the limit of ${limit} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new Error(`${what} -> ${response.status} but the body is over the limit of ${limit} bytes`);
      parts.push(value.subarray(0, limit - size));
      size = limit;
      break;
    }
    parts.push(value);
    size += value.byteLength;
  }
  return concatBytes(...parts);
}

const utf8 = new TextDecoder();

export function createFetchRetcheckApi(options: FetchRetcheckApiOptions = {}): RetcheckApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const location = (globalThis as { location?: { protocol: string; origin: string } }).location;
  const pageProtocol = options.pageProtocol ?? location?.protocol;
  const pageOrigin = options.pageOrigin ?? location?.origin ?? 'this page';

  async function call(method: string, url: string, limits: CallLimits, init: RequestInit = {}): Promise<Response> {
    if (isMixedContentBlocked(url, pageProtocol)) throw new Error('blocked: mixed-content');
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
    try {
      return await doFetch(url, { ...init, method, signal });
    } catch (error) {
      // `code` as NodeApiError has it: the chunk walk gives up on a node it cannot reach (retcheck-api.ts).
      if (timeout.aborted) throw Object.assign(new Error(`${method} ${url} -> timeout after ${Math.round(limits.timeoutMs / 1000)} s`), { code: 'timeout' });
      if (limits.signal?.aborted) throw new Error(`${method} ${url} -> aborted`);
      if (error instanceof TypeError) {
        const explained = await explainTypeError(method, url);
        // A page cannot tell DNS from a refused connection: a no-cors request failing too means nothing answered.
        throw Object.assign(new Error(explained.message), { code: 'network', ...(explained.unreachable ? { unreachable: 'network' } : {}) });
      }
      throw error;
    }
  }

  async function explainTypeError(method: string, url: string): Promise<{ message: string; unreachable: boolean }> {
    try {
      await doFetch(url, { method: 'GET', mode: 'no-cors', signal: AbortSignal.timeout(5000) });
      return { message: `${method} ${url} -> CORS rejection: the node answered but does not allow origin ${pageOrigin} (add it to the node's cors-allowed-origins)`, unreachable: false };
    } catch {
      return { message: `${method} ${url} -> network error: could not be reached (name not resolved, connection refused, or no route)`, unreachable: true };
    }
  }

  async function failure(method: string, url: string, response: Response): Promise<HttpFailure> {
    let detail = '';
    let beeMessage: string | undefined;
    try {
      const text = utf8.decode(await readBody(response, ERROR_EXCERPT_LIMIT, `${method} ${url}`, true)).slice(0, 300);
      try {
        beeMessage = (JSON.parse(text) as { message?: string }).message;
        detail = beeMessage ?? text;
      } catch {
        detail = text;
      }
    } catch {
      // body unreadable: the status alone has to do
    }
    return new HttpFailure(response.status, `${method} ${url} -> ${response.status}${detail ? ` ${detail}` : ''}`, beeMessage);
  }

  async function json<T>(method: string, url: string, limits: CallLimits, init?: RequestInit): Promise<T> {
    const response = await call(method, url, limits, init);
    if (!response.ok) throw await failure(method, url, response);
    // Every JSON answer retcheck reads here (/stewardship, /addresses, /health, /stamps/{id}) is a few hundred
    // bytes: the small cap also bounds what parsing a hostile shape can build (body-limits.ts, json-shape.ts).
    const body = await readBody(response, SMALL_JSON_LIMIT, `${method} ${url}`);
    try {
      return JSON.parse(utf8.decode(body)) as T;
    } catch {
      throw new Error(`${method} ${url} -> ${response.status} but the body is not JSON`);
    }
  }

  /** A batch TTL as Bee can answer it (an int64 of seconds, -1 when unknown; schemas/common.ts ttlSeconds). */
  const asTtl = (value: unknown, url: string): number => {
    if (value === undefined) return -1;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < -1 || value > 2 ** 63) throw new Error(`GET ${url} -> invalid response: batchTTL is not a number of seconds Bee can answer`);
    return value;
  };

  const asBoolean = (value: unknown, what: string, url: string): boolean => {
    if (typeof value !== 'boolean') throw new Error(`GET ${url} -> invalid response: ${what} is not a boolean`);
    return value;
  };

  return {
    stewardship: async (nodeUrl, reference, l) => {
      const url = `${nodeUrl}/stewardship/${reference}`;
      const body = await json<{ isRetrievable?: unknown }>('GET', url, l);
      return { isRetrievable: asBoolean(body.isRetrievable, 'isRetrievable', url) };
    },
    overlay: async (nodeUrl, l) => {
      const body = await json<{ overlay?: unknown }>('GET', `${nodeUrl}/addresses`, l);
      if (typeof body.overlay !== 'string' || !/^[0-9a-f]{64}$/.test(body.overlay)) throw new Error(`GET ${nodeUrl}/addresses -> invalid overlay`);
      return body.overlay;
    },
    version: async (nodeUrl, l) => {
      const body = await json<{ version?: unknown }>('GET', `${nodeUrl}/health`, l);
      if (typeof body.version !== 'string') throw new Error(`GET ${nodeUrl}/health -> invalid version`);
      return body.version;
    },
    headGateway: async (gatewayUrl, reference, l) => (await call('HEAD', `${gatewayUrl}/bzz/${reference}/`, l)).status,
    chunk: async (nodeUrl, address, l) => {
      const url = `${nodeUrl}/chunks/${address}`;
      const response = await call('GET', url, l);
      if (response.ok) return readBody(response, CHUNK_BODY_LIMIT, `GET ${url}`);
      const problem = await failure('GET', url, response);
      if (isChunkNotFound(response.status, problem.beeMessage)) return undefined;
      throw problem;
    },
    resolveFeed: async (nodeUrl, owner, topic, l) => {
      const url = `${nodeUrl}/feeds/${owner}/${topic}`;
      const response = await call('GET', url, l, { headers: { 'swarm-only-root-chunk': 'true' } });
      if (!response.ok) throw await failure('GET', url, response);
      const rootChunk = await readBody(response, CHUNK_BODY_LIMIT, `GET ${url}`);
      const resolvedVersion = response.headers.get('swarm-feed-resolved-version') ?? undefined;
      // The index header is visible only when the node exposes it to scripts (CORS); without it, fall back.
      const index = response.headers.get('swarm-feed-index');
      let updateSoc: Uint8Array | undefined;
      if (index && /^[0-9a-fA-F]{16}$/.test(index)) {
        const address = bytesToHex(feedUpdateAddress(hexToBytes(owner), hexToBytes(topic), parseFeedIndexHeader(index)));
        const soc = await call('GET', `${nodeUrl}/chunks/${address}`, l);
        if (soc.ok) updateSoc = await readBody(soc, CHUNK_BODY_LIMIT, `GET ${nodeUrl}/chunks/${address}`);
      }
      return { reference: referenceFromFeedLookup({ rootChunk, ...(updateSoc ? { updateSoc } : {}), ...(resolvedVersion ? { resolvedVersion } : {}) }) };
    },
    streamDownload: async (baseUrl, path, l) => {
      const response = await call('GET', `${baseUrl}${path}`, l);
      let bytes = 0;
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
      }
      return { status: response.status, bytes };
    },
    batch: async (nodeUrl, batchId, l) => {
      const url = `${nodeUrl}/stamps/${batchId}`;
      const response = await call('GET', url, l);
      if (response.status === 404) return { exists: false, usable: false, ttlSeconds: -1 };
      if (response.status === 400) return { exists: true, usable: false, ttlSeconds: -1 };
      if (!response.ok) throw await failure('GET', url, response);
      let body: { usable?: unknown; batchTTL?: unknown };
      try {
        body = JSON.parse(utf8.decode(await readBody(response, SMALL_JSON_LIMIT, `GET ${url}`))) as typeof body;
      } catch (error) {
        throw error instanceof SyntaxError ? new Error(`GET ${url} -> ${response.status} but the body is not JSON`) : error;
      }
      return { exists: true, usable: asBoolean(body.usable, 'usable', url), ttlSeconds: asTtl(body.batchTTL, url) };
    },
    reupload: async (nodeUrl, reference, batchId, l) => {
      const url = `${nodeUrl}/stewardship/${reference}`;
      const response = await call('PUT', url, l, { headers: { 'swarm-postage-batch-id': batchId } });
      if (!response.ok) throw await failure('PUT', url, response);
    },
    uploadSoc: async (nodeUrl, soc, batchId, l) => {
      const url = `${nodeUrl}/soc/${soc.owner}/${soc.identifier}?sig=${soc.signature}`;
      const body = await json<{ reference?: unknown }>('POST', url, l, {
        headers: { 'swarm-postage-batch-id': batchId, 'swarm-deferred-upload': 'false', 'content-type': 'application/octet-stream' },
        body: soc.wrapped as BodyInit,
      });
      if (typeof body.reference !== 'string' || !/^[0-9a-f]{64}$/.test(body.reference)) throw new Error(`POST ${url} -> invalid reference`);
      return body.reference;
    },
  };
}
