/**
 * The request core every endpoint goes through: builds the URL from a path template, adds the bearer token (only for
 * the node's own origin), runs undici with a per-call timeout and the caller's AbortSignal, turns every failure into
 * a NodeApiError, and records each call (success or failure) into the call statistics and the onCall hook.
 *
 * A call is "settled" exactly once: when its body has been fully consumed, or when it failed. Streaming readers keep
 * the timer and the statistics open until the last byte, so latency figures cover the whole transfer.
 */
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { CallRecord, CallStats } from './call-stats.js';
import { NodeApiError, type NodeApiErrorCode } from './errors.js';
import { fillTemplate, queryString, type QueryValue } from './url.js';

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
}

export type BodyStream = Dispatcher.ResponseData['body'];

/** A response whose status was accepted; its body is still unread and the call is not yet settled. */
export interface OpenCall {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: BodyStream;
  readonly url: string;
  /** Builds a NodeApiError bound to this call (invalid-response etc.). */
  error(code: NodeApiErrorCode, extra?: { detail?: string; bodyExcerpt?: string }): NodeApiError;
  /** Records the call; pass the failure if the body could not be consumed. Idempotent. */
  settle(failure?: unknown): NodeApiError | undefined;
}

export interface TransportOptions {
  readonly baseUrl: string;
  readonly token?: string;
  readonly timeoutMs: number;
  readonly dispatcher?: Dispatcher;
  readonly stats: CallStats;
  readonly onCall?: (record: CallRecord) => void;
}

const ERROR_BODY_READ_LIMIT = 4096;
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class Transport {
  constructor(private readonly options: TransportOptions) {}

  /** Removes the token from any text that came from outside (server bodies, error messages). */
  scrub(text: string): string {
    const token = this.options.token;
    return token ? text.split(token).join('[redacted]') : text;
  }

  async open(spec: RequestSpec, callOptions: CallOptions = {}): Promise<OpenCall> {
    const url = spec.absoluteUrl
      ? spec.absoluteUrl.href
      : `${this.options.baseUrl}${fillTemplate(spec.template, spec.params ?? {})}${queryString(spec.query)}`;
    const safeUrl = this.scrub(url);
    const started = performance.now();
    const timeoutMs = callOptions.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    const callerSignal = callOptions.signal;
    let timedOut = false;
    let settled: { failure?: NodeApiError } | undefined;
    let status: number | undefined;

    const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(new Error(`timed out after ${timeoutMs} ms`));
          }, timeoutMs)
        : undefined;
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    const makeError = (code: NodeApiErrorCode, extra: { detail?: string; bodyExcerpt?: string; beeMessage?: string } = {}) =>
      new NodeApiError({
        code,
        method: spec.method,
        url: safeUrl,
        template: spec.template,
        ...(status === undefined ? {} : { status }),
        ...(extra.detail === undefined ? {} : { detail: this.scrub(extra.detail) }),
        ...(extra.bodyExcerpt === undefined ? {} : { bodyExcerpt: this.scrub(extra.bodyExcerpt) }),
        ...(extra.beeMessage === undefined ? {} : { beeMessage: this.scrub(extra.beeMessage) }),
      });

    const classify = (failure: unknown): NodeApiError => {
      if (failure instanceof NodeApiError) return failure;
      if (timedOut) return makeError('timeout', { detail: `after ${timeoutMs} ms` });
      if (callerSignal?.aborted) return makeError('aborted');
      const code = errorCode(failure);
      if (code && TIMEOUT_CODES.has(code)) return makeError('timeout', { detail: `(${code})` });
      return makeError('network', { detail: describeCause(failure) });
    };

    const settle = (failure?: unknown): NodeApiError | undefined => {
      if (settled) return settled.failure;
      const error = failure === undefined ? undefined : classify(failure);
      settled = error ? { failure: error } : {};
      if (timer) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      this.record({
        method: spec.method,
        template: spec.template,
        url: safeUrl,
        ...(status === undefined ? {} : { status }),
        ms: performance.now() - started,
        ...(error ? { error: { code: error.code, message: error.message } } : {}),
      });
      return error;
    };

    if (callerSignal?.aborted) throw settle(callerSignal.reason ?? new Error('aborted'))!;

    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: spec.method,
        headers: this.headersFor(spec),
        body: toUndiciBody(spec.body),
        signal: controller.signal,
        ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
      });
    } catch (failure) {
      throw settle(failure)!;
    }

    status = response.statusCode;
    const headers = flattenHeaders(response.headers);
    const accepted = spec.accept ? spec.accept(status) : status >= 200 && status < 300;
    if (!accepted) {
      const text = await readSome(response.body, ERROR_BODY_READ_LIMIT).catch(() => '');
      const beeMessage = beeMessageOf(text);
      throw settle(
        makeError('http', { bodyExcerpt: text, ...(beeMessage === undefined ? {} : { beeMessage }) }),
      )!;
    }
    return {
      status,
      headers,
      body: response.body,
      url: safeUrl,
      error: (code, extra = {}) => makeError(code, extra),
      settle,
    };
  }

  /** Opens a call, lets `consume` read the body, and settles it either way. */
  async run<T>(spec: RequestSpec, callOptions: CallOptions | undefined, consume: (call: OpenCall) => Promise<T>): Promise<T> {
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

  private headersFor(spec: RequestSpec): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(spec.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
    // The token belongs to the node; a gateway probe (absoluteUrl) must never receive it.
    if (this.options.token && !spec.absoluteUrl) headers.authorization = `Bearer ${this.options.token}`;
    return headers;
  }

  private record(record: CallRecord): void {
    this.options.stats.record(record);
    try {
      this.options.onCall?.(record);
    } catch {
      // A faulty log hook must not turn a successful call into a failure.
    }
  }
}

function toUndiciBody(body: RequestBody | undefined): string | Uint8Array | Readable | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array || body instanceof Readable) return body;
  return Readable.from(body, { objectMode: false });
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
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

function errorCode(failure: unknown): string | undefined {
  const code = (failure as { code?: unknown } | null)?.code;
  const causeCode = (failure as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string') return code;
  return typeof causeCode === 'string' ? causeCode : undefined;
}

function describeCause(failure: unknown): string {
  const code = errorCode(failure);
  const message = failure instanceof Error ? failure.message : String(failure);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
