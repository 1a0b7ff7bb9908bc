/**
 * A request of the raw wire (raw-http-wire.ts) from its caller's call until its answer or refusal: what the pool
 * queues and a connection sends, and the few ways it ends. Shared by raw-http-wire.ts (the pools) and
 * raw-http-connection.ts (the sockets).
 */
import type { BufferedResponse, WireRequest } from './wire.js';

export interface Pending {
  readonly request: WireRequest;
  /** Its request head, built and checked when it was asked for (http1-request-head.ts). */
  readonly head: string;
  /** The request body written after the head (its Content-Length is in the head); never with pipelining. */
  readonly body?: Buffer | undefined;
  readonly limit: number;
  /** The answer's body is counted, not kept (requestDrained). */
  readonly drain?: boolean | undefined;
  readonly resolve: (response: BufferedResponse) => void;
  readonly reject: (error: unknown) => void;
  /** Whether it may be sent again after a reused socket turned out closed (false for a stand-in). */
  retry: boolean;
  /** Times sent again after a reused socket turned out closed (bounded: a hostile node could keep doing it). */
  resends?: number;
  /** A stand-in whose answer is read and dropped (its caller gave up, or it went out again on another socket). */
  abandoned?: boolean;
  /** Its 'abort' listener, from the request until its answer or failure. */
  onAbort?: () => void;
  /** The socket it was sent on; undefined while it waits in its pool. */
  at?: { abandon(pending: Pending): void };
}

/** The answer goes to the caller; its abort listener is removed. */
export function answer(pending: Pending, response: BufferedResponse): void {
  unlisten(pending);
  pending.resolve(response);
}

export function refuse(pending: Pending, error: unknown): void {
  unlisten(pending);
  pending.reject(error);
}

/** What stays in a socket's queue for a request that left it: its answer is still read (to keep the rest paired), then dropped. */
export function standIn(pending: Pending): Pending {
  return { request: pending.request, head: pending.head, limit: pending.limit, drain: pending.drain, resolve: () => {}, reject: () => {}, retry: false, abandoned: true };
}

export function reasonOf(signal: WireRequest['signal']): Error {
  const reason = signal.reason;
  return reason instanceof Error ? reason : new Error(reason === undefined ? 'aborted' : String(reason));
}

function unlisten(pending: Pending): void {
  if (pending.onAbort) pending.request.signal.removeListener('abort', pending.onAbort);
  pending.onAbort = undefined;
}
