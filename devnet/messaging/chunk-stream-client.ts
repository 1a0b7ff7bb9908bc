/**
 * Streams chunks into a node's GET /chunks/stream and reports what came back: how many messages were
 * acknowledged (Bee acks each stored chunk with an empty binary message), how the socket closed, or the
 * HTTP status of a refused upgrade. Sends one message at a time and waits for its ack, as a careful client
 * does; stops at the first message the node does not acknowledge. Used by the devnet tests and by the
 * real-Bee tier, which runs the same exchanges against both.
 */
import { WebSocket } from 'ws';
import { UpgradeRefused, websocketUrl } from './subscriber-client.js';

export type StreamMessage = Uint8Array | { text: string };

export interface StreamOutcome {
  acks: number;
  /** Close code and reason from the node; 1006 (no close frame) when the connection just ended. */
  close: { code: number; reason: string } | undefined;
}

export function streamChunks(baseUrl: string, messages: StreamMessage[], options: { headers?: Record<string, string>; query?: string; timeoutMs?: number } = {}): Promise<StreamOutcome> {
  const url = websocketUrl(baseUrl, `/chunks/stream${options.query ? `?${options.query}` : ''}`);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: options.headers ?? {} });
    let acks = 0;
    let next = 0;
    let settled = false;
    const timer = setTimeout(() => finish(undefined, new Error(`no answer from ${url} within ${options.timeoutMs ?? 10_000} ms`)), options.timeoutMs ?? 10_000);
    const finish = (close: StreamOutcome['close'], error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ acks, close });
    };
    const sendNext = () => {
      if (next >= messages.length) {
        socket.close(1000);
        return;
      }
      const message = messages[next++]!;
      if (message instanceof Uint8Array) socket.send(message, { binary: true });
      else socket.send(message.text, { binary: false });
    };
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => finish(undefined, new UpgradeRefused(response.statusCode ?? 0, body)));
    });
    socket.on('open', sendNext);
    socket.on('message', (data, isBinary) => {
      if (isBinary && (data as Buffer).length === 0) {
        acks++;
        sendNext();
      }
    });
    socket.on('close', (code, reason) => finish(acks === messages.length && code === 1000 ? undefined : { code, reason: reason.toString() }));
    socket.on('error', (error) => finish(undefined, error));
  });
}
