/**
 * The wire under the node client's transport: one HTTP request out, status + headers + a readable body back, and
 * optionally a whole small body read without a stream (`requestBuffered`). Three implement it:
 * node-http-wire.ts (node:http, the default: it costs nothing to load, so `cockpit --once version-check` starts and
 * finishes in under twice `node -e 0`), raw-http-wire.ts (the fast path for small answers fetched by the thousand,
 * in front of one of the others) and undici-wire.ts (a caller's undici Dispatcher). raw-http-wire.ts says which
 * command uses which, and what each measured.
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

/** A body read to its end and counted, not kept: a download drained (the benchmark's, retcheck's cold reads). */
export interface DrainedResponse {
  readonly statusCode: number;
  readonly rawHeaders: readonly (Buffer | string)[];
  /** Body bytes received. */
  readonly bytes: number;
}

/** How much of an error answer's body is kept for its message (the excerpt of a NodeApiError 'http'). */
export const ERROR_EXCERPT_BYTES = 4096;

/**
 * Thrown by `requestBuffered` when the body (declared or received) passes the limit; the request is aborted.
 * It carries the answer's status and its first bytes: an error status with a huge body is still that error
 * (a 500 whose page is 200 MB is a 500), which only the caller can tell apart from an accepted answer.
 */
export class BodyOverLimit extends Error {
  /** The first bytes received (at most ERROR_EXCERPT_BYTES); empty when a declared length was refused. */
  readonly excerpt: Buffer;
  constructor(
    readonly limit: number,
    readonly declared?: number,
    readonly statusCode?: number,
    received: readonly Buffer[] = [],
  ) {
    super(`body over ${limit} bytes`);
    this.excerpt = excerptOf(received);
  }
}

function excerptOf(parts: readonly Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= ERROR_EXCERPT_BYTES) break;
    kept.push(part.subarray(0, ERROR_EXCERPT_BYTES - size));
    size += kept.at(-1)!.length;
  }
  return Buffer.concat(kept, size);
}

export interface Wire {
  request(request: WireRequest): Promise<WireResponse>;
  /**
   * Optional: the whole response with a body of at most `limit` bytes, read without a stream: the raw wire's
   * fast path (the per-chunk walk and the fleet polls run on it), or undici's dispatch API.
   */
  requestBuffered?(request: WireRequest, limit: number): Promise<BufferedResponse>;
  /**
   * Optional: whether `requestBuffered` takes requests with an in-memory body (a string or bytes) on any method
   * (the raw wire: uploads, pins, tags) rather than only bodiless GETs and HEADs.
   */
  readonly buffersRequestBodies?: boolean;
  /** Optional: the answer's body read to its end and counted without being kept or copied (the raw wire). */
  requestDrained?(request: WireRequest): Promise<DrainedResponse>;
}

/** Reads a body to its end, adding up the chunk sizes (nothing kept). */
export async function countBody(body: BodyStream): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/** `requestDrained` over a wire's streaming `request()`: the body is iterated and its chunks' sizes added up. */
export async function requestDrainedVia(wire: Wire, request: WireRequest): Promise<DrainedResponse> {
  const response = await wire.request(request);
  const bytes = await countBody(response.body);
  const rawHeaders: string[] = [];
  for (const name in response.headers) {
    const value = response.headers[name];
    if (value !== undefined) rawHeaders.push(name, headerValue(value)!);
  }
  return { statusCode: response.statusCode, rawHeaders, bytes };
}

/**
 * `requestBuffered` done over a wire's streaming `request()`: for a wire whose fast path does not cover a request
 * (the raw wire's https or a request body, with a fallback that has no buffered path of its own). The body is
 * counted as it arrives and the request dropped at the first byte past `limit`, as every buffered path does.
 */
export async function requestWholeVia(wire: Wire, request: WireRequest, limit: number): Promise<BufferedResponse> {
  const response = await wire.request(request);
  const { body } = response;
  const drop = (error: Error) => {
    body.on('error', () => {});
    body.destroy();
    return error;
  };
  const declared = Number(headerValue(response.headers['content-length']));
  if (Number.isSafeInteger(declared) && declared > limit) throw drop(new BodyOverLimit(limit, declared, response.statusCode));
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw drop(new BodyOverLimit(limit, undefined, response.statusCode, [...parts, buffer]));
    parts.push(buffer);
  }
  const rawHeaders: string[] = [];
  for (const name in response.headers) {
    const value = response.headers[name];
    if (value !== undefined) rawHeaders.push(name, headerValue(value)!);
  }
  return { statusCode: response.statusCode, rawHeaders, body: parts.length === 1 ? parts[0]! : Buffer.concat(parts, size) };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
