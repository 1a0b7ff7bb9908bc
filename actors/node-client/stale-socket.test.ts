import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeClient } from './index.js';
import { createNodeHttpWire } from './node-http-wire.js';
import { createRawHttpWire } from './raw-http-wire.js';

/**
 * A raw server that answers the first request on each connection (keep-alive) and resets the connection when
 * a second request arrives on it: the moment a node's idle timeout closes a kept-alive socket just as the
 * client reuses it.
 */
async function startResettingServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    let requests = 0;
    let buffered = '';
    socket.on('data', (d) => {
      buffered += d.toString('latin1');
      while (buffered.includes('\r\n\r\n')) {
        const end = buffered.indexOf('\r\n\r\n') + 4;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + length) return;
        buffered = buffered.slice(end + length);
        requests++;
        if (requests > 1) {
          socket.resetAndDestroy();
          return;
        }
        const body = JSON.stringify({ reference: 'ab'.repeat(32) });
        socket.write(`HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\nkeep-alive: timeout=5\r\n\r\n${body}`);
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}

describe('node client on a kept-alive socket the node has just closed', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('resends a bytes upload once on a fresh socket instead of failing with ECONNRESET', async () => {
    const server = await startResettingServer();
    close = server.close;
    const node = createNodeClient({ baseUrl: server.url });
    const chunk = new Uint8Array(4104);
    for (let i = 0; i < 3; i++) {
      await expect(node.uploadChunk(chunk, { batchId: 'cd'.repeat(32) })).resolves.toEqual({ reference: 'ab'.repeat(32) });
    }
    // Each call after the first found the reused socket reset and went out again on a new one.
    expect(server.connections()).toBe(3);
  });

  it('does not resend a streamed body (it was consumed): the error surfaces', async () => {
    const server = await startResettingServer();
    close = server.close;
    const node = createNodeClient({ baseUrl: server.url });
    await node.uploadBytes(new Uint8Array(10), { batchId: 'cd'.repeat(32) });
    async function* body() {
      yield new Uint8Array(10);
    }
    await expect(node.uploadBytes(body(), { batchId: 'cd'.repeat(32), contentLength: 10 })).rejects.toMatchObject({ code: 'network' });
  });

  // Sockets opened by one burst of calls go idle together, and a node's idle timeout closes them together:
  // the resend must not stop at the next pooled socket, which is just as closed (a screen's poll is such a burst).
  for (const [name, wire] of [
    ['node:http wire', () => createNodeHttpWire()],
    ['raw wire', () => createRawHttpWire({ fallback: createNodeHttpWire() })],
  ] as const) {
    it(`${name}: after a burst, a call goes through however many pooled sockets the node has closed`, async () => {
      const server = await startResettingServer();
      close = server.close;
      const w = wire();
      try {
        const node = createNodeClient({ baseUrl: server.url, wire: w });
        const chunk = new Uint8Array(4104);
        await Promise.all(Array.from({ length: 4 }, () => node.uploadChunk(chunk, { batchId: 'cd'.repeat(32) })));
        expect(server.connections()).toBe(4);
        await expect(node.uploadChunk(chunk, { batchId: 'cd'.repeat(32) })).resolves.toEqual({ reference: 'ab'.repeat(32) });
        // The four kept-alive sockets were each tried and each found closed; the fifth, fresh, answered.
        expect(server.connections()).toBe(5);
      } finally {
        w.close();
      }
    });
  }
});
