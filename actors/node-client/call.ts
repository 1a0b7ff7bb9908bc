/**
 * One request from Transport.open() to settle(). Its state lives in fields rather than closures: the per-chunk
 * walk opens thousands of calls, and a handful of closures per call showed up as client CPU and GC.
 */
import { groupDigits } from '../../core/cockpit/format.js';
import type { CallRecord } from './call-stats.js';
import { CallAbort, CallerSignals, type Deadline, type DeadlineTimer } from './call-cancel.js';
import { NodeApiError, type NodeApiErrorCode } from './errors.js';
import type { OpenCall, RequestSpec } from './http.js';
import type { BodyStream, BufferedResponse, WireResponse } from './wire.js';

/** What a call needs from its transport. */
export interface CallOwner {
  scrub(text: string): string;
  record(record: CallRecord): void;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class Call implements OpenCall, Deadline {
  readonly abort = new CallAbort();
  readonly started = performance.now();
  readonly deadline: number;
  // Both set by respond(); an OpenCall is handed out only after that. Until then status reads undefined.
  status!: number;
  body!: BodyStream;
  private rawHeaders: WireResponse['headers'] | undefined;
  /** A buffered response (wire.ts requestBuffered), whose header pairs are flattened on first read. */
  private buffered: BufferedResponse | undefined;
  private flatHeaders: Record<string, string> | undefined;
  private timedOut = false;
  private watched: DeadlineTimer | undefined;
  private settled: { failure?: NodeApiError } | undefined;

  constructor(
    private readonly transport: CallOwner,
    private readonly spec: RequestSpec,
    readonly url: string,
    private readonly timeoutMs: number,
    readonly callerSignal: AbortSignal | undefined,
    readonly bodyLimit: number,
  ) {
    this.deadline = timeoutMs > 0 ? this.started + timeoutMs : Infinity;
  }

  /** Starts listening to the caller's signal and the deadline; settle() stops both. */
  watch(deadlines: DeadlineTimer): void {
    if (this.callerSignal) CallerSignals.add(this.callerSignal, this.abort);
    if (this.timeoutMs > 0) {
      this.watched = deadlines;
      deadlines.add(this);
    }
  }

  expire(): void {
    this.timedOut = true;
    this.abort.abort(new Error(`timed out after ${groupDigits(this.timeoutMs)} ms`));
  }

  respond(response: WireResponse): void {
    this.status = response.statusCode;
    this.rawHeaders = response.headers;
    this.body = response.body;
  }

  /** A buffered response: the whole body is in `bufferedBody`; `body` reads it as a one-chunk stream. */
  respondBuffered(response: BufferedResponse): void {
    this.status = response.statusCode;
    this.buffered = response;
    this.body = new WholeBody(response.body);
  }

  get bufferedBody(): Buffer | undefined {
    return this.buffered?.body;
  }

  /** Flattened on first read: most callers of a bulk download never look at the headers. */
  get headers(): Readonly<Record<string, string>> {
    if (!this.flatHeaders) {
      if (this.buffered) this.flatHeaders = flattenPairs(this.buffered.rawHeaders);
      else this.flatHeaders = this.rawHeaders ? flattenHeaders(this.rawHeaders) : {};
    }
    return this.flatHeaders;
  }

  header(name: string): string | undefined {
    if (this.buffered) return this.headers[name];
    const value = this.rawHeaders?.[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  error(code: NodeApiErrorCode, extra: { detail?: string; bodyExcerpt?: string; beeMessage?: string; limitBytes?: number; causeCode?: string } = {}): NodeApiError {
    const t = this.transport;
    return new NodeApiError({
      code,
      method: this.spec.method,
      url: this.url,
      template: this.spec.template,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(extra.detail === undefined ? {} : { detail: t.scrub(extra.detail) }),
      ...(extra.bodyExcerpt === undefined ? {} : { bodyExcerpt: t.scrub(extra.bodyExcerpt) }),
      ...(extra.beeMessage === undefined ? {} : { beeMessage: t.scrub(extra.beeMessage) }),
      ...(extra.limitBytes === undefined ? {} : { limitBytes: extra.limitBytes }),
      ...(extra.causeCode === undefined ? {} : { causeCode: extra.causeCode }),
    });
  }

  settle(failure?: unknown): NodeApiError | undefined {
    if (this.settled) return this.settled.failure;
    const error = failure === undefined ? undefined : this.classify(failure);
    this.settled = error ? { failure: error } : {};
    this.watched?.delete(this);
    if (this.callerSignal) CallerSignals.delete(this.callerSignal, this.abort);
    const { method, template } = this.spec;
    const ms = performance.now() - this.started;
    const status = this.status;
    const record: CallRecord =
      status === undefined
        ? error ? { method, template, url: this.url, ms, error: { code: error.code, message: error.message } } : { method, template, url: this.url, ms }
        : error ? { method, template, url: this.url, status, ms, error: { code: error.code, message: error.message } } : { method, template, url: this.url, status, ms };
    this.transport.record(record);
    return error;
  }

  private classify(failure: unknown): NodeApiError {
    if (failure instanceof NodeApiError) return failure;
    if (this.timedOut) return this.error('timeout', { detail: `after ${groupDigits(this.timeoutMs)} ms` });
    if (this.callerSignal?.aborted) return this.error('aborted');
    const code = errorCode(failure);
    if (code && TIMEOUT_CODES.has(code)) return this.error('timeout', { detail: `(${code})` });
    return this.error('network', { detail: describeCause(failure), ...(code ? { causeCode: code } : {}) });
  }
}

function flattenHeaders(headers: WireResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function flattenPairs(pairs: readonly (Buffer | string)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const name = pairs[i]!.toString().toLowerCase();
    const value = pairs[i + 1]!.toString();
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
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

/** A body already read whole, as the one-chunk stream a streaming reader expects (and a discard is a no-op). */
class WholeBody implements BodyStream {
  destroyed = false;
  readableEnded = false;
  constructor(private readonly bytes: Buffer) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    if (this.destroyed || this.readableEnded) return;
    this.readableEnded = true;
    yield this.bytes;
  }

  destroy(): void {
    this.destroyed = true;
  }

  on(): this {
    return this;
  }
}
