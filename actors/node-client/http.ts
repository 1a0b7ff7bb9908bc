/**
 * The request core every endpoint goes through: builds the URL from a path template, adds the bearer token (only for
 * the node's own origin), runs undici with a per-call timeout and the caller's AbortSignal, turns every failure into
 * a NodeApiError, and records each call (success or failure) into the call statistics and the onCall hook.
 *
 * A call is "settled" exactly once: when its body has been fully consumed, or when it failed. Streaming readers keep
 * the timer and the statistics open until the last byte, so latency figures cover the whole transfer.
 *
 * Per-call overhead matters: the per-chunk walk makes thousands of loopback calls, each a fraction of a millisecond,
 * so cancellation is pooled (call-cancel.ts) and response headers are flattened only when read.
 */
import { Readable } from 'node:stream';
import { jsonLimitFor } from './body-limits.js';
import type { CallRecord, CallStats } from './call-stats.js';
import { SHARED_DEADLINES } from './call-cancel.js';
import { Call } from './call.js';
import type { NodeApiError, NodeApiErrorCode } from './errors.js';
import { fillTemplate, queryString, type QueryValue } from './url.js';
import { BodyOverLimit, countBody, ERROR_EXCERPT_BYTES, type BodyStream, type BufferedResponse, type DrainedResponse, type Wire, type WireResponse } from './wire.js';

export type { BodyStream } from './wire.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request bodies: bytes, text, or a stream (sent chunked unless a content-length header is given). */
export type RequestBody = string | Uint8Array | Readable | AsyncIterable<Uint8Array>;

/** Accepted by every client method. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Overrides the client's timeout for this call; 0 disables it. Covers the whole transfer, body included. */
  readonly timeoutMs?: number;
}

export interface RequestSpec {
  readonly method: HttpMethod;
  /** Path template relative to the base URL, e.g. `/stamps/{id}`; also the statistics key. */
  readonly template: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: RequestBody;
  /** Statuses answered as values instead of errors. Default: 2xx. */
  readonly accept?: (status: number) => boolean;
  /** An absolute URL outside the node (gateway probes): no base URL, and never the bearer token. */
  readonly absoluteUrl?: URL;
  /** The largest body the readers accept (body-limits.ts); default: the JSON cap of `template`. */
  readonly maxBodyBytes?: number;
  /**
   * The body of an accepted answer is not needed (emptyCall): on the buffered path, one past maxBodyBytes ends the
   * read and the call still succeeds with its status, as a streamed read that stops early does.
   */
  readonly bodyUnused?: boolean;
}

/** A response whose status was accepted; its body is still unread and the call is not yet settled. */
export interface OpenCall {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: BodyStream;
  readonly url: string;
  /** The largest body a reader may take from this call (RequestSpec.maxBodyBytes, else the template's JSON cap). */
  readonly bodyLimit: number;
  /** The whole body, already read, when the call went through the wire's buffered path (Transport.runWhole). */
  readonly bufferedBody?: Buffer;
  /** One response header (lower-case name), without flattening them all. */
  header(name: string): string | undefined;
  /** Builds a NodeApiError bound to this call (invalid-response etc.). */
  error(code: NodeApiErrorCode, extra?: { detail?: string; bodyExcerpt?: string; limitBytes?: number }): NodeApiError;
  /** Records the call; pass the failure if the body could not be consumed. Idempotent. */
  settle(failure?: unknown): NodeApiError | undefined;
}

export interface TransportOptions {
  readonly baseUrl: string;
  readonly token?: string;
  readonly timeoutMs: number;
  /** Where requests go: an undici Dispatcher or the node:http wire (wire.ts). */
  readonly wire: Wire;
  readonly stats: CallStats;
  readonly onCall?: (record: CallRecord) => void;
  /**
   * The wire HEADs to http: origins go through (raw-http-wire.ts), loaded on first use. Its reader takes the
   * answer's header block as text; node:http and undici refuse a Content-Length that is not a non-negative
   * integer even on a HEAD answer, where it frames nothing, and Bee v2.8.1 sends a negative one for every
   * redundancy-coded root (redundancy.ts decodeSpanHeader). Without it, HEADs use `wire` like any call.
   */
  readonly headWire?: () => Promise<Wire>;
}

/** A drained download: status, headers and how many body bytes arrived. */
export interface DrainedCall {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly bytes: number;
}

const EMPTY_BODY = Buffer.alloc(0);

/** Status and headers of a HEAD (any status is an answer: for a probe the status is the result). */
export interface HeadAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

const NO_PARAMS: Readonly<Record<string, string | number>> = {};
const NO_OPTIONS: CallOptions = {};

export class Transport {
  /** The one timer for the per-call timeouts of every call in flight, on every transport (call-cancel.ts). */
  private readonly deadlines = SHARED_DEADLINES;

  /** The base URL split once: requests go to the dispatcher as origin + path, without a URL parse per call. */
  private readonly origin: string;
  private readonly basePath: string;

  constructor(private readonly options: TransportOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  /** Removes the token from any text that came from outside (server bodies, error messages). */
  scrub(text: string): string {
    const token = this.options.token;
    return token ? text.split(token).join('[redacted]') : text;
  }

  /** Whether the wire reads small bodies without a stream (wire.ts requestBuffered). */
  get canBuffer(): boolean {
    return this.options.wire.requestBuffered !== undefined;
  }

  /** Builds the URL and the Call, and starts its deadline; throws (settled) when the caller already aborted. */
  private begin(spec: RequestSpec, callOptions: CallOptions): { call: Call; target: { origin: string; path: string } } {
    let url: string;
    let target: { origin: string; path: string };
    if (spec.absoluteUrl) {
      url = spec.absoluteUrl.href;
      target = { origin: spec.absoluteUrl.origin, path: spec.absoluteUrl.pathname + spec.absoluteUrl.search };
    } else {
      const pathAndQuery = fillTemplate(spec.template, spec.params ?? NO_PARAMS) + queryString(spec.query);
      url = this.options.baseUrl + pathAndQuery;
      target = this.targetOf(url, pathAndQuery);
    }
    const limit = spec.maxBodyBytes ?? jsonLimitFor(spec.template);
    const call = new Call(this, spec, this.scrub(url), callOptions.timeoutMs ?? this.options.timeoutMs, callOptions.signal, limit);
    if (call.callerSignal?.aborted) throw call.settle(call.callerSignal.reason ?? new Error('aborted'))!;
    call.watch(this.deadlines);
    return { call, target };
  }

  async open(spec: RequestSpec, callOptions: CallOptions = NO_OPTIONS): Promise<OpenCall> {
    const { call, target } = this.begin(spec, callOptions);
    let response: WireResponse;
    try {
      response = await this.options.wire.request({
        origin: target.origin,
        path: target.path,
        method: spec.method,
        headers: this.headersFor(spec),
        body: toUndiciBody(spec.body),
        signal: call.abort,
      });
    } catch (failure) {
      throw call.settle(failure)!;
    }
    call.respond(response);
    if (!isAccepted(spec, response.statusCode)) {
      const text = await readSome(response.body, ERROR_EXCERPT_BYTES).catch(() => '');
      throw call.settle(httpError(call, text))!;
    }
    return call;
  }

  /**
   * Whether `spec` can take the wire's buffered path (wire.ts requestBuffered): a bodiless GET or HEAD on a wire
   * that has one (every wire's buffered path does those), and on a wire that says it buffersRequestBodies (the
   * raw wire) any method with no body or one in memory. A streamed body goes through open().
   */
  private bufferable(spec: RequestSpec): boolean {
    const wire = this.options.wire;
    if (wire.requestBuffered === undefined) return false;
    if (wire.buffersRequestBodies === true) return spec.body === undefined || typeof spec.body === 'string' || spec.body instanceof Uint8Array;
    return spec.body === undefined && (spec.method === 'GET' || spec.method === 'HEAD');
  }

  /**
   * Sends a call through the wire's buffered path and waits for the whole body (at most the call's cap): no
   * stream per call. Same errors, timeouts, statistics and token rules as open(); the call is not yet settled.
   */
  private async openBuffered(spec: RequestSpec, callOptions: CallOptions): Promise<Call> {
    const { call, target } = this.begin(spec, callOptions);
    let response: BufferedResponse;
    try {
      response = await this.options.wire.requestBuffered!(
        { origin: target.origin, path: target.path, method: spec.method, headers: this.headersFor(spec), body: spec.body as string | Uint8Array | undefined, signal: call.abort },
        call.bodyLimit,
      );
    } catch (failure) {
      if (failure instanceof BodyOverLimit) {
        if (spec.bodyUnused && failure.statusCode !== undefined && isAccepted(spec, failure.statusCode)) {
          call.respondBuffered({ statusCode: failure.statusCode, rawHeaders: [], body: EMPTY_BODY });
          return call;
        }
        if (failure.statusCode !== undefined && !isAccepted(spec, failure.statusCode)) {
          // An error status whose body is over the cap is that error status, as on the streamed path.
          call.status = failure.statusCode;
          throw call.settle(httpError(call, failure.excerpt.toString('utf8')))!;
        }
        const size = failure.declared === undefined ? `more than ${failure.limit} bytes` : `${failure.declared} bytes (Content-Length)`;
        throw call.settle(call.error('invalid-response', { detail: `body of ${size} is over this endpoint's limit of ${failure.limit} bytes`, limitBytes: failure.limit }))!;
      }
      throw call.settle(failure)!;
    }
    call.respondBuffered(response);
    if (!isAccepted(spec, response.statusCode)) throw call.settle(httpError(call, response.body.subarray(0, ERROR_EXCERPT_BYTES).toString('utf8')))!;
    return call;
  }

  /**
   * One call whose whole body (at most the call's cap) is wanted as bytes, headers unread: through the wire's buffered fast
   * path (undici's dispatch or the raw wire: no stream per call); readers.ts fetchBytes falls back to open() and a capped
   * read on a wire without one. Same errors, timeouts, statistics and token rules as open().
   */
  async fetchBuffered(spec: RequestSpec, callOptions: CallOptions = NO_OPTIONS): Promise<Uint8Array> {
    if (!this.options.wire.requestBuffered) throw new Error('this wire has no buffered path (check Transport.canBuffer)');
    const call = await this.openBuffered(spec, callOptions);
    call.settle();
    const body = call.bufferedBody!;
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  }

  /**
   * A download read to its end and counted, never kept: through the wire's requestDrained where it has one (the
   * raw wire counts the bytes as they arrive, without copying them), else a streamed read that adds up the chunk
   * sizes. The call covers the whole transfer (timer, statistics), as run() does.
   */
  async drain(spec: RequestSpec, callOptions: CallOptions = NO_OPTIONS): Promise<DrainedCall> {
    const wire = this.options.wire;
    if (wire.requestDrained === undefined || spec.body !== undefined) {
      return this.run(spec, callOptions, async (call) => ({ status: call.status, headers: call.headers, bytes: await countBody(call.body) }));
    }
    const { call, target } = this.begin(spec, callOptions);
    let response: DrainedResponse;
    try {
      response = await wire.requestDrained({ origin: target.origin, path: target.path, method: spec.method, headers: this.headersFor(spec), signal: call.abort });
    } catch (failure) {
      throw call.settle(failure)!;
    }
    call.respondBuffered({ statusCode: response.statusCode, rawHeaders: response.rawHeaders, body: EMPTY_BODY });
    // The body was counted, not kept: an error status has no excerpt to show.
    if (!isAccepted(spec, response.statusCode)) throw call.settle(httpError(call, ''))!;
    call.settle();
    return { status: response.statusCode, headers: call.headers, bytes: response.bytes };
  }

  /**
   * A HEAD whose every status is an answer. On http: origins it goes through `headWire` (see TransportOptions), so
   * a header that node:http or undici would refuse still reaches the caller as text; https goes through `wire`.
   * Same errors, timeouts, statistics and token rules as open().
   */
  async head(spec: RequestSpec, callOptions: CallOptions = NO_OPTIONS): Promise<HeadAnswer> {
    const headSpec: RequestSpec = { ...spec, method: 'HEAD', accept: () => true };
    const protocol = spec.absoluteUrl ? spec.absoluteUrl.protocol : this.origin.slice(0, this.origin.indexOf(':') + 1);
    const loadWire = this.options.headWire;
    if (protocol !== 'http:' || loadWire === undefined) {
      return this.run(headSpec, callOptions, async (call) => {
        for await (const _ of call.body); // a HEAD answer has no body: this only sees the (empty) stream end
        return { status: call.status, headers: call.headers };
      });
    }
    const { call, target } = this.begin(headSpec, callOptions);
    let response: BufferedResponse;
    try {
      const wire = await loadWire();
      if (!wire.requestBuffered) throw new Error('the HEAD wire has no buffered path');
      response = await wire.requestBuffered({ origin: target.origin, path: target.path, method: 'HEAD', headers: this.headersFor(headSpec), signal: call.abort }, 0);
    } catch (failure) {
      throw call.settle(failure)!;
    }
    call.respondBuffered(response);
    call.settle();
    return { status: response.statusCode, headers: call.headers };
  }

  /**
   * As run(), for answers read whole (JSON, small bytes): where the wire has a buffered path (bufferable), `consume`
   * gets a call whose `bufferedBody` holds the whole body, read without a stream; elsewhere it is run() itself.
   * The readers (readers.ts readCapped) take either. The cockpit's fleet polls (nine JSON answers per node, 200
   * nodes) spend most of their client CPU in the HTTP library's per-call streams; this is what removes it.
   */
  async runWhole<T>(spec: RequestSpec, callOptions: CallOptions | undefined, consume: (call: OpenCall) => Promise<T> | T): Promise<T> {
    if (!this.bufferable(spec)) return this.run(spec, callOptions, consume);
    const call = await this.openBuffered(spec, callOptions ?? NO_OPTIONS);
    try {
      const value = await consume(call);
      call.settle();
      return value;
    } catch (failure) {
      throw call.settle(failure)!;
    }
  }

  /** Opens a call, lets `consume` read the body, and settles it either way. */
  async run<T>(spec: RequestSpec, callOptions: CallOptions | undefined, consume: (call: OpenCall) => Promise<T> | T): Promise<T> {
    const call = await this.open(spec, callOptions);
    try {
      const value = await consume(call);
      call.settle();
      return value;
    } catch (failure) {
      discardBody(call.body);
      throw call.settle(failure)!;
    }
  }

  /**
   * Where undici sends a node call. Path segments arrive percent-encoded (fillTemplate), so the path is what a URL
   * parse would produce, except for dot segments (`a/../b` in a manifest path), which a parse resolves: those
   * paths still go through URL.
   */
  private targetOf(url: string, pathAndQuery: string): { origin: string; path: string } {
    if (pathAndQuery.includes('/.')) {
      const parsed = new URL(url);
      return { origin: parsed.origin, path: parsed.pathname + parsed.search };
    }
    return { origin: this.origin, path: this.basePath + pathAndQuery };
  }

  private headersFor(spec: RequestSpec): Record<string, string> | undefined {
    // The token belongs to the node; a gateway probe (absoluteUrl) must never receive it.
    const token = spec.absoluteUrl ? undefined : this.options.token;
    let headers: Record<string, string> | undefined;
    if (spec.headers) {
      for (const name in spec.headers) {
        const value = spec.headers[name];
        if (value !== undefined) (headers ??= {})[name.toLowerCase()] = value;
      }
    }
    if (token) (headers ??= {}).authorization = `Bearer ${token}`;
    return headers;
  }

  /** Called once per call, by Call.settle (call.ts). */
  record(record: CallRecord): void {
    this.options.stats.record(record);
    try {
      this.options.onCall?.(record);
    } catch {
      // A faulty log hook must not turn a successful call into a failure.
    }
  }
}

function isAccepted(spec: RequestSpec, status: number): boolean {
  return spec.accept ? spec.accept(status) : status >= 200 && status < 300;
}

/** The error for a status the call does not accept, with Bee's message when the excerpt is Bee's `{code,message}`. */
function httpError(call: Call, excerpt: string): NodeApiError {
  const beeMessage = beeMessageOf(excerpt);
  return call.error('http', { bodyExcerpt: excerpt, ...(beeMessage === undefined ? {} : { beeMessage }) });
}

function toUndiciBody(body: RequestBody | undefined): string | Uint8Array | Readable | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array || body instanceof Readable) return body;
  return Readable.from(body, { objectMode: false });
}

/** Reads at most `limit` bytes as UTF-8 text and discards the rest of the body. */
export async function readSome(body: BodyStream, limit: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    parts.push(buffer);
    size += buffer.length;
    if (size >= limit) break;
  }
  discardBody(body);
  return Buffer.concat(parts).subarray(0, limit).toString('utf8');
}

/**
 * Drops an unread (or partly read) body. undici turns a bare destroy() of an unfinished body into an 'error'
 * event, which would crash the process without a listener; the listener makes the discard silent.
 */
export function discardBody(body: BodyStream): void {
  if (body.readableEnded || body.destroyed) return;
  body.on('error', () => {});
  body.destroy();
}

/** Bee's error body is `{code, message}`; anything else yields undefined. */
export function beeMessageOf(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message;
    }
  } catch {
    // Not JSON: the excerpt carries the body instead.
  }
  return undefined;
}
