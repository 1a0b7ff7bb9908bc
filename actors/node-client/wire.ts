/**
 * The wire under the node client's transport: one HTTP request out, status + headers + a readable body back.
 * undici's Dispatcher (`dispatcher.request`) is one; node-http-wire.ts is the other, built on node:http.
 *
 * Why two: undici is the fastest client for thousands of calls (the per-chunk walk passes an undici Agent),
 * but loading it costs more than a whole one-shot command (`cockpit --once version-check` must start and
 * finish in under twice `node -e 0`). node:http is part of Node's startup snapshot: a client without a
 * dispatcher uses it, and pays nothing to load.
 */
import type { Readable } from 'node:stream';

/** What the transport reads a body through: an async-iterable stream (undici's BodyReadable or an IncomingMessage). */
export interface BodyStream extends AsyncIterable<unknown> {
  readonly readableEnded: boolean;
  readonly destroyed: boolean;
  destroy(error?: Error): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** undici's own whole-body consumer, cheaper than iterating for small bodies; node:http bodies lack it. */
  arrayBuffer?: () => Promise<ArrayBuffer>;
}

/** An abort signal in undici's accepted shape: `aborted`, `reason` and an 'abort' event (call-cancel.ts CallAbort). */
export interface WireSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  once(event: 'abort', listener: () => void): unknown;
  removeListener(event: 'abort', listener: () => void): unknown;
}

export interface WireRequest {
  /** `http://127.0.0.1:1633` */
  readonly origin: string;
  /** Path and query, percent-encoded. */
  readonly path: string;
  readonly method: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array | Readable;
  readonly signal: WireSignal;
}

export interface WireResponse {
  readonly statusCode: number;
  /** Lower-case names; repeated headers as arrays. */
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: BodyStream;
}

/** A whole small body, read by the wire itself (no stream): the fast path for calls made by the thousand. */
export interface BufferedResponse {
  readonly statusCode: number;
  /** Raw header pairs (name, value, name, value, ...), flattened only if someone asks for a header. */
  readonly rawHeaders: readonly (Buffer | string)[];
  readonly body: Buffer;
}

/** Thrown by `requestBuffered` when the body (declared or received) passes the limit; the request is aborted. */
export class BodyOverLimit extends Error {
  constructor(
    readonly limit: number,
    readonly declared?: number,
  ) {
    super(`body over ${limit} bytes`);
  }
}

export interface Wire {
  request(request: WireRequest): Promise<WireResponse>;
  /**
   * Optional: the whole response with a body of at most `limit` bytes, read without a stream. undici's
   * dispatch API does it for about half the client CPU of `request()`; the per-chunk walk runs on it.
   */
  requestBuffered?(request: WireRequest, limit: number): Promise<BufferedResponse>;
}
