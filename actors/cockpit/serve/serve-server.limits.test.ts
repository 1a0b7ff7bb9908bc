/**
 * `cockpit --serve`'s server against hostile clients on real loopback sockets (issue 24 item 5): a connection
 * that never sends a byte, a head or a POST body trickled, hundreds of silent connections while the operator's
 * window loads, a window that stops answering pings, and more windows than the limit. The limits are shortened
 * for the test (the defaults are 10 s head, 15 s request, 64 sockets, 16 windows).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { viewFor } from '../../../core/cockpit/interaction/view-fixtures.js';
import type { RendererFiles } from './renderer-files.js';
import { startServeServer, type ServeServer } from './serve-server.js';

const TOKEN = 'ab'.repeat(32);
const files: RendererFiles = new Map([['index.html', { body: Buffer.from('<!doctype html><title>cockpit</title>'), gzip: null, type: 'text/html; charset=utf-8' }]]);
const view = viewFor({ face: 'desktop' });
const engine = { getView: () => view, subscribe: () => () => {}, send: () => {} };

let server: ServeServer | undefined;
const clients: Socket[] = [];
afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

async function serve(limits: Parameters<typeof startServeServer>[0]['limits'] = {}): Promise<ServeServer> {
  server = await startServeServer({ listen: { host: '127.0.0.1', port: 0 }, engine, files, token: TOKEN, limits });
  return server;
}

/** A raw TCP connection; resolves once connected, with a promise of when the server closed it. */
function rawSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    clients.push(socket);
    socket.on('data', () => {});
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

async function pageStatus(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/${TOKEN}/`, { signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return response.status;
}

describe('--serve holds no connection forever (issue 24 item 5)', () => {
  it('a connection that never sends a byte is closed at the head timeout', async () => {
    const { port } = await serve({ headerTimeoutMs: 1_000 });
    const { closed } = await rawSocket(port);
    const afterMs = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(5_000);
    // The server's side of the close may come a moment after the client's.
    for (let i = 0; i < 40 && server!.sockets().open > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server!.sockets()).toEqual({ open: 0, evicted: 1 });
  });

  it('a head trickled a byte at a time is closed at the head timeout', async () => {
    const { port } = await serve({ headerTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    const { socket, closed } = await rawSocket(port);
    const head = `GET /${TOKEN}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `;
    let i = 0;
    const drip = setInterval(() => socket.writable && socket.write(head[i++ % head.length]!), 100);
    try {
      expect(await closed).toBeLessThan(5_000);
    } finally {
      clearInterval(drip);
    }
  });

  it('a slow POST is answered 405 and closed, not held while its body trickles', async () => {
    const { port } = await serve({ headerTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
    const { socket, closed } = await rawSocket(port);
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.write(`POST /${TOKEN}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n`);
    const drip = setInterval(() => socket.writable && socket.write('x'), 200);
    try {
      expect(await closed).toBeLessThan(5_000);
    } finally {
      clearInterval(drip);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
  });

  it('300 silent connections: at most the limit stay open, and the operator’s page still loads', async () => {
    const { port } = await serve({ maxConnections: 64, headerTimeoutMs: 60_000 });
    const silent = [];
    for (let i = 0; i < 300; i++) silent.push(await rawSocket(port));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server!.sockets().open).toBeLessThanOrEqual(64);
    const stillOpen = silent.filter(({ socket }) => !socket.destroyed && socket.readyState === 'open');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(silent.filter(({ socket }) => !socket.destroyed && socket.readyState === 'open').length).toBeLessThanOrEqual(64);
    expect(stillOpen.length).toBeGreaterThan(0);
    expect(await pageStatus(port)).toBe(200);
    expect(server!.sockets().evicted).toBeGreaterThanOrEqual(236);
  });

  it('a window that stops answering pings is closed; windows past the limit are refused with 503', async () => {
    const { port } = await serve({ pingIntervalMs: 300, maxBridgeSessions: 2 });
    const url = `ws://127.0.0.1:${port}/${TOKEN}/bridge`;
    const open = (options: WebSocket.ClientOptions = {}) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { origin: `http://127.0.0.1:${port}` }, ...options });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
        ws.once('error', reject);
      });
    const a = await open();
    const b = await open({ autoPong: false }); // a window that stopped answering
    await expect(open()).rejects.toThrow('HTTP 503');
    const bClosed = new Promise((resolve) => b.once('close', resolve));
    await bClosed;
    expect(a.readyState).toBe(WebSocket.OPEN); // the live window answers its pings and stays
    const c = await open(); // b's slot is free again
    expect(server!.connections()).toBe(2);
    a.close();
    c.close();
  });
});
