/**
 * Once a node server listens for 'upgrade' (for WebSockets), Node hands it every request that carries an
 * Upgrade header, including `curl --http2`'s `Upgrade: h2c` on plain http. Bee ignores such upgrades and
 * answers normally, and so did the devnet before it had WebSockets; this helper keeps that: the request is
 * replayed into the server's ordinary 'request' handler on the same socket, with its body restored (Node
 * has already consumed the bytes after the headers into `head`), and the connection closes afterwards.
 */
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Bodies of replayed requests are buffered; a bigger one gets 413 rather than unbounded memory. */
const MAX_REPLAYED_BODY = 64 * 1024 * 1024;

export async function serveIgnoringUpgrade(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  socket.on('error', () => socket.destroy());
  const chunked = (req.headers['transfer-encoding'] ?? '').toLowerCase().includes('chunked');
  const declared = Number(req.headers['content-length'] ?? '0');
  if (chunked || !Number.isSafeInteger(declared) || declared < 0 || declared > MAX_REPLAYED_BODY) {
    const status = chunked ? 411 : 413;
    socket.once('finish', () => socket.destroy());
    socket.end(`HTTP/1.1 ${status} ${chunked ? 'Length Required' : 'Request Entity Too Large'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    return;
  }
  const body = await readExactly(socket, head, declared);
  if (body === undefined) {
    socket.destroy();
    return;
  }
  // The request stream has ended but not yet emitted 'end', so the body can still be put back in front.
  if (body.length > 0) req.unshift(body);
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Parameters<ServerResponse['assignSocket']>[0]);
  res.on('finish', () => {
    res.detachSocket(socket as Parameters<ServerResponse['detachSocket']>[0]);
    socket.end();
  });
  server.emit('request', req, res);
}

/** The declared body: what came with the headers, then the rest from the socket. Undefined if it closes early. */
function readExactly(socket: Duplex, head: Buffer, length: number): Promise<Buffer | undefined> {
  if (head.length >= length) return Promise.resolve(head.subarray(0, length));
  return new Promise((resolve) => {
    const parts: Buffer[] = [head];
    let received = head.length;
    const onData = (part: Buffer): void => {
      parts.push(part);
      received += part.length;
      if (received >= length) {
        cleanup();
        socket.pause();
        resolve(Buffer.concat(parts).subarray(0, length));
      }
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const cleanup = (): void => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
  });
}
