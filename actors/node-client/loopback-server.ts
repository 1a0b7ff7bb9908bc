/**
 * A real node:http server on 127.0.0.1 (port 0) for the node-client tests and for other actors' tests that need a
 * Bee-shaped peer. It records what actually arrived on the wire (method, path, headers, body size) so tests assert
 * on the server side, never on a mocked fetch.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  /** Path and query as sent, e.g. `/bzz?name=a.txt`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export type LoopbackHandler = (request: ReceivedRequest, response: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface LoopbackServer {
  readonly url: string;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts the server. Request bodies are read whole before `handler` runs (tests send small bodies). */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((raw, response) => {
    const parts: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => parts.push(chunk));
    raw.on('end', () => {
      const request = { method: raw.method ?? '', url: raw.url ?? '', headers: raw.headers, body: Buffer.concat(parts) };
      received.push(request);
      Promise.resolve(handler(request, response, raw)).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(599);
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON body the way Bee does (`application/json; charset=utf-8`). */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** Bee's error body `{code, message}`. */
export function sendBeeError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { code: status, message });
}
