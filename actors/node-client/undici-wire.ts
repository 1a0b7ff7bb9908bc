/**
 * An undici Dispatcher (an Agent, a Pool) as the node client's wire (wire.ts), for a caller that passes one
 * (`dispatcher`); no command does (raw-http-wire.ts says why). `request()` is undici's own; `requestBuffered()`
 * goes through `dispatch()` with a handler that collects the body into Buffers and stops at the limit, skipping
 * the stream undici's request() builds around every body. This module only imports undici's types: the dispatcher
 * comes from the caller.
 *
 * Against hostile nodes it holds the same body caps as the other wires, and its llhttp refuses what node:http's
 * does, with one gap: undici 7 reads a chunk extension of any length, so a node sending one without end holds a
 * call until its timeout (at about half a core). node:http stops at 16 KiB, the raw wire at the chunk-size line.
 */
import type { Dispatcher } from 'undici';
import { BodyOverLimit, type BufferedResponse, type Wire, type WireRequest, type WireResponse } from './wire.js';

const CONTENT_LENGTH = 'content-length';

/** The declared Content-Length among raw header pairs, if any. */
function declaredLength(raw: readonly (Buffer | string)[]): number | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== CONTENT_LENGTH.length || name.toString().toLowerCase() !== CONTENT_LENGTH) continue;
    const value = Number(raw[i + 1]!.toString());
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  }
  return undefined;
}

function reasonOf(signal: WireRequest['signal']): Error {
  const reason = signal.reason;
  return reason instanceof Error ? reason : new Error(reason === undefined ? 'aborted' : String(reason));
}

export function undiciWire(dispatcher: Dispatcher): Wire {
  return {
    request: (request) => dispatcher.request(request as Dispatcher.RequestOptions) as Promise<WireResponse>,

    requestBuffered: (request, limit) =>
      new Promise<BufferedResponse>((resolve, reject) => {
        const parts: Buffer[] = [];
        let size = 0;
        let statusCode = 0;
        let rawHeaders: readonly (Buffer | string)[] = [];
        let abort: ((reason: Error) => void) | undefined;
        let done = false;
        const onAbort = () => abort?.(reasonOf(request.signal));
        const finish = (error: unknown, value?: BufferedResponse) => {
          if (done) return;
          done = true;
          request.signal.removeListener('abort', onAbort);
          if (error) reject(error);
          else resolve(value!);
        };
        request.signal.once('abort', onAbort);
        dispatcher.dispatch(
          { origin: request.origin, path: request.path, method: request.method as Dispatcher.HttpMethod, headers: request.headers ?? null, body: request.body ?? null },
          {
            onConnect(abortRequest: (reason: Error) => void) {
              abort = abortRequest;
              if (request.signal.aborted) abortRequest(reasonOf(request.signal));
            },
            onHeaders(status: number, headers: Buffer[]) {
              statusCode = status;
              rawHeaders = headers;
              const declared = declaredLength(headers);
              if (declared !== undefined && declared > limit) {
                abort?.(new BodyOverLimit(limit, declared, status));
                return false;
              }
              return true;
            },
            onData(chunk: Buffer) {
              size += chunk.length;
              if (size > limit) {
                abort?.(new BodyOverLimit(limit, undefined, statusCode, [...parts, chunk]));
                return false;
              }
              parts.push(chunk);
              return true;
            },
            onComplete() {
              finish(undefined, { statusCode, rawHeaders, body: parts.length === 1 ? parts[0]! : Buffer.concat(parts, size) });
            },
            onError(error: Error) {
              finish(error);
            },
          } as unknown as Dispatcher.DispatchHandler,
        );
      }),
  };
}
