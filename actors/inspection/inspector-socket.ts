/**
 * The WebSocket that carries inspection events to an inspector (the Stately bridge, or any receiver), as the
 * Adapter of `@statelyai/inspect`'s createInspector: the package turns XState's inspection events into its
 * wire events, this sends them as inert JSON text (core/inspection/inspection-json.ts).
 *
 * Why not the package's own WebSocket adapter (createWebSocketInspector): its retry timer holds the process
 * open and restarts the socket even after stop(), so a finished `retcheck` could hang; it keeps 200 events while
 * the socket is down, so a busy cockpit's first actors (the root among them) were gone by the time it opened;
 * and it cannot tell anyone that the inspector went away. Here:
 * - `connectInspectorSocket` opens the socket before the actor system starts, so the first event (the root
 *   actor) is the first the inspector gets, and an address that does not answer is refused at once;
 * - a connection lost later is said once (a note), retried every RETRY_MS with an unreferenced timer, and said
 *   again when it is back; meanwhile the last MAX_QUEUED events wait;
 * - stop() sends what is queued and closes the socket, waiting at most CLOSE_WAIT_MS.
 */
import WebSocket from 'ws';
import { inspectionJson } from '../../core/inspection/inspection-json.js';

export const RETRY_MS = 5_000;
export const MAX_QUEUED = 2_000;
const CLOSE_WAIT_MS = 1_000;

export interface InspectionNote {
  readonly level: 'info' | 'warning';
  readonly message: string;
}

export class InspectorUnreachableError extends Error {
  override name = 'InspectorUnreachableError';
}

/** Opens a socket to `url`; rejects with InspectorUnreachableError if it is not open within `timeoutMs`. */
export function connectInspectorSocket(url: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
    const fail = (why: string) => {
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      reject(new InspectorUnreachableError(`cannot reach the inspector at ${url}: ${why}`));
    };
    ws.once('open', () => {
      ws.removeAllListeners();
      resolve(ws);
    });
    ws.once('error', (error: NodeJS.ErrnoException) => fail(reasonOf(error)));
    ws.once('unexpected-response', (_request, response) => fail(`it answered HTTP ${response.statusCode}, not a WebSocket`));
  });
}

function reasonOf(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'connection refused (is the inspector running?)';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'no such host';
  if (/handshake has timed out/i.test(error.message)) return 'no answer in time';
  return error.message;
}

export interface InspectorSocket {
  /** The Adapter createInspector takes. */
  start(): void;
  stop(): void;
  send(event: object): void;
  /** Sends what is queued and closes the socket. */
  close(): Promise<void>;
}

export interface InspectorSocketOptions {
  readonly url: string;
  /** The socket connectInspectorSocket opened. */
  readonly socket: WebSocket;
  readonly depthLimit: number;
  readonly note: (note: InspectionNote) => void;
  /** Called each time the socket opens again after a loss: the receiver may be new, so the system is announced again. */
  readonly reconnected: () => void;
}

export function createInspectorSocket(options: InspectorSocketOptions): InspectorSocket {
  const { url, note } = options;
  let ws: WebSocket | null = options.socket;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const queue: string[] = [];

  const flush = () => {
    while (ws?.readyState === WebSocket.OPEN && queue.length > 0) ws.send(queue.shift()!);
  };
  const watch = (socket: WebSocket) => {
    socket.on('error', () => {}); // the close that follows says it
    socket.once('close', () => {
      if (closing || ws !== socket) return;
      ws = null;
      note({ level: 'warning', message: `inspector connection to ${url} lost; retrying every ${RETRY_MS / 1000} s (the cockpit goes on)` });
      scheduleRetry();
    });
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      connectInspectorSocket(url, RETRY_MS).then(
        (socket) => {
          if (closing) return void socket.terminate();
          ws = socket;
          watch(socket);
          note({ level: 'info', message: `inspector connection to ${url} is back` });
          flush();
          options.reconnected();
        },
        () => {
          if (!closing) scheduleRetry();
        },
      );
    }, RETRY_MS);
    retry.unref();
  };
  watch(options.socket);

  return {
    start() {},
    stop() {},
    send(event) {
      queue.push(inspectionJson(event, options.depthLimit));
      if (queue.length > MAX_QUEUED) queue.shift();
      flush();
    },
    async close() {
      closing = true;
      clearTimeout(retry);
      const socket = ws;
      ws = null;
      if (!socket) return;
      while (socket.readyState === WebSocket.OPEN && queue.length > 0) socket.send(queue.shift()!);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          socket.terminate();
          resolve();
        }, CLOSE_WAIT_MS);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.close(1000, 'done');
      });
    },
  };
}
