/**
 * The raw wire's pipelining (raw-http-wire.ts `pipeline`), against real servers on loopback: node:http, and plain
 * TCP servers that answer in one write, drip their answers, close mid-pipeline, hang on one request, or answer
 * out of order. Each call must get its own answer or its own error, and never hang.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchHealthSnapshot } from '../cockpit/health-snapshot.js';
import { BEE_GET_BODIES } from './bee-fixtures.js';
import { CallAbort } from './call-cancel.js';
import { createNodeClient } from './client.js';
import { createNodeHttpWire } from './node-http-wire.js';
import { createRawHttpWire, type RawHttpWireOptions } from './raw-http-wire.js';

const fallback = createNodeHttpWire();
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function pipelining(options: Partial<RawHttpWireOptions> = {}) {
  const w = createRawHttpWire({ fallback, pipeline: 9, maxSockets: 2, ...options });
  cleanups.push(() => w.close());
  return w;
}

const PATHS = Array.from({ length: 9 }, (_, i) => `/p${i + 1}`);

function askAll(w: ReturnType<typeof pipelining>, origin: string, signals: CallAbort[] = PATHS.map(() => new CallAbort())) {
  return PATHS.map((path, i) => w.requestBuffered!({ origin, path, method: 'GET', signal: signals[i]! }, 1 << 16).then((answer) => `${answer.statusCode} ${answer.body.toString()}`));
}

const lengthAnswer = (body: string) => `HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const chunkedAnswer = (body: string) => `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;

interface TcpLog {
  connections: number;
  /** Per connection: the data events that carried its requests, and the request paths in arrival order. */
  reads: number[];
  paths: string[][];
}

/**
 * A TCP server that collects request heads per connection and lets `onRequests` answer (it gets the socket, the
 * connection's index and every path received so far on it, each time a read completes one or more heads).
 */
async function tcpServer(onRequests: (socket: Socket, connection: number, paths: string[]) => void): Promise<{ origin: string; log: TcpLog }> {
  const log: TcpLog = { connections: 0, reads: [], paths: [] };
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    const index = log.connections++;
    log.reads[index] = 0;
    log.paths[index] = [];
    socket.on('error', () => {});
    let text = '';
    socket.on('data', (data) => {
      log.reads[index]!++;
      text += data.toString('latin1');
      let end: number;
      let added = false;
      while ((end = text.indexOf('\r\n\r\n')) >= 0) {
        log.paths[index]!.push(text.slice(0, end).split(' ')[1]!);
        text = text.slice(end + 4);
        added = true;
      }
      if (added) onRequests(socket, index, log.paths[index]!);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), server.close(() => resolve()))));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log };
}

async function httpServer(handler: Parameters<typeof createHttpServer>[1]): Promise<{ origin: string; connections: () => number }> {
  let connections = 0;
  const server: HttpServer = createHttpServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
}

describe('raw HTTP wire: pipelining', () => {
  it('sends the requests of one turn in one write on one socket, and pairs the answers in order', async () => {
    let answered = 0;
    const { origin, log } = await tcpServer((socket, _connection, paths) => {
      if (paths.length - answered < 9) return;
      socket.write(paths.slice(answered).map((path) => lengthAnswer(`answer to ${path}`)).join(''));
      answered = paths.length;
    });
    const w = pipelining();
    expect(await Promise.all(askAll(w, origin))).toEqual(PATHS.map((path) => `200 answer to ${path}`));
    expect(log.connections).toBe(1);
    expect(log.reads[0]).toBe(1); // nine request heads in one write
    // The next round reuses the socket.
    expect(await Promise.all(askAll(w, origin))).toEqual(PATHS.map((path) => `200 answer to ${path}`));
    expect(log.connections).toBe(1);
  });

  it('node:http answers in order even when its handlers finish out of order', async () => {
    const server = await httpServer((request, response) => {
      const n = Number(request.url!.slice(2));
      setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end(`answer to ${request.url}`), (10 - n) * 5);
    });
    const w = pipelining();
    expect(await Promise.all(askAll(w, server.origin))).toEqual(PATHS.map((path) => `200 answer to ${path}`));
    expect(server.connections()).toBe(1);
  });

  it('reads answers dripped a byte at a time, Content-Length and chunked mixed', async () => {
    const { origin } = await tcpServer((socket, _connection, paths) => {
      if (paths.length < 9) return;
      const bytes = Buffer.from(paths.map((path, i) => (i % 2 ? chunkedAnswer(`answer to ${path}`) : lengthAnswer(`answer to ${path}`))).join(''));
      let at = 0;
      const drip = () => {
        if (at >= bytes.length || socket.destroyed) return;
        socket.write(bytes.subarray(at, at + 1));
        at++;
        setImmediate(drip);
      };
      drip();
    });
    expect(await Promise.all(askAll(pipelining(), origin))).toEqual(PATHS.map((path) => `200 answer to ${path}`));
  });

  it('a server that closes after three answers: the six unanswered go out again on a new socket', async () => {
    const { origin, log } = await tcpServer((socket, connection, paths) => {
      if (connection === 0 && paths.length === 9) socket.end(paths.slice(0, 3).map((path) => lengthAnswer(`first socket: ${path}`)).join(''));
      if (connection === 1 && paths.length === 6) socket.write(paths.map((path) => lengthAnswer(`second socket: ${path}`)).join(''));
    });
    const answers = await Promise.all(askAll(pipelining(), origin));
    expect(answers).toEqual(PATHS.map((path, i) => `200 ${i < 3 ? 'first' : 'second'} socket: ${path}`));
    expect(log.paths[1]).toEqual(PATHS.slice(3));
  });

  it('a server that closes in the middle of the fourth answer: the fourth fails, the five after it are answered elsewhere', async () => {
    const { origin, log } = await tcpServer((socket, connection, paths) => {
      if (connection === 0 && paths.length === 9) {
        socket.write(paths.slice(0, 3).map((path) => lengthAnswer(`answer to ${path}`)).join('') + 'HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nhalf');
        setTimeout(() => socket.destroy(), 10);
      }
      if (connection === 1 && paths.length === 5) socket.write(paths.map((path) => lengthAnswer(`answer to ${path}`)).join(''));
    });
    const results = await Promise.allSettled(askAll(pipelining(), origin));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : `error: ${(r.reason as Error).message}`))).toEqual(
      PATHS.map((path, i) => (i === 3 ? 'error: socket closed before the answer ended' : `200 answer to ${path}`)),
    );
    expect(log.paths[1]).toEqual(PATHS.slice(4));
  });

  it('one hanging answer holds up the ones behind it only for stallMs: they are answered on a second socket', async () => {
    const server = await httpServer((request, response) => {
      if (request.url === '/p5') return; // never answers
      response.writeHead(200).end(`answer to ${request.url}`);
    });
    const w = pipelining({ stallMs: 50 });
    const signals = PATHS.map(() => new CallAbort());
    const calls = askAll(w, server.origin, signals);
    const others = calls.filter((_, i) => i !== 4);
    expect(await Promise.all(others)).toEqual(PATHS.filter((_, i) => i !== 4).map((path) => `200 answer to ${path}`));
    signals[4]!.abort(new Error('timed out after 8000 ms'));
    await expect(calls[4]).rejects.toThrow('timed out after 8000 ms');
    expect(server.connections()).toBe(2);
    // The wire goes on working for the next round.
    const nextSignals = PATHS.map(() => new CallAbort());
    const next = askAll(w, server.origin, nextSignals);
    expect(await Promise.all(next.filter((_, i) => i !== 4))).toEqual(PATHS.filter((_, i) => i !== 4).map((path) => `200 answer to ${path}`));
    nextSignals[4]!.abort(new Error('timed out'));
    await expect(next[4]).rejects.toThrow('timed out');
  });

  it('a caller who gives up on a request in the middle is refused at once; the answers after it stay paired', async () => {
    let release = () => {};
    const { origin } = await tcpServer((socket, _connection, paths) => {
      if (paths.length === 9) release = () => socket.write(paths.map((path) => lengthAnswer(`answer to ${path}`)).join(''));
    });
    const signals = PATHS.map(() => new CallAbort());
    const calls = askAll(pipelining(), origin, signals);
    await new Promise((resolve) => setTimeout(resolve, 20));
    signals[4]!.abort(new Error('gave up'));
    await expect(calls[4]).rejects.toThrow('gave up');
    release();
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : `error: ${(r.reason as Error).message}`))).toEqual(
      PATHS.map((path, i) => (i === 4 ? 'error: gave up' : `200 answer to ${path}`)),
    );
  });

  it('a caller who gives up on the answer being read drops the socket; the ones behind it go out again', async () => {
    const { origin, log } = await tcpServer((socket, connection, paths) => {
      if (connection === 1 && paths.length === 8) socket.write(paths.map((path) => lengthAnswer(`answer to ${path}`)).join(''));
    });
    const signals = PATHS.map(() => new CallAbort());
    const calls = askAll(pipelining(), origin, signals);
    await new Promise((resolve) => setTimeout(resolve, 20));
    signals[0]!.abort(new Error('gave up'));
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : `error: ${(r.reason as Error).message}`))).toEqual(
      PATHS.map((path, i) => (i === 0 ? 'error: gave up' : `200 answer to ${path}`)),
    );
    expect(log.connections).toBe(2);
  });

  it('a fleet poll against a node that answers out of order: every endpoint gets its own facts or its own error, and the poll ends', async () => {
    const SNAPSHOT_PATHS = ['/health', '/readiness', '/status', '/topology', '/chainstate', '/wallet', '/reservestate', '/redistributionstate', '/stamps'];
    const bodyOf = (path: string) => JSON.stringify(path === '/readiness' ? { code: 200, message: 'OK' } : BEE_GET_BODIES[path]);
    const json = (path: string) => {
      const body = bodyOf(path);
      return `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    // Answers each poll's nine requests together once all nine arrived (socket reused across polls).
    const everyNine = (answer: (paths: string[]) => string) => {
      const answered: number[] = [];
      return (socket: Socket, connection: number, paths: string[]) => {
        const from = answered[connection] ?? 0;
        if (paths.length - from < 9) return;
        answered[connection] = paths.length;
        socket.write(answer(paths.slice(from)));
      };
    };
    const inOrder = await tcpServer(everyNine((paths) => paths.map(json).join('')));
    const reversed = await tcpServer(everyNine((paths) => [...paths].reverse().map(json).join('')));
    const w = pipelining();
    const poll = (origin: string) => fetchHealthSnapshot(createNodeClient({ baseUrl: origin, wire: w, timeoutMs: 2000 }));
    const good = await poll(inOrder.origin);
    const keys = ['health', 'readiness', 'status', 'topology', 'chainstate', 'wallet', 'reservestate', 'redistributionstate', 'stamps'] as const;
    for (const key of keys) expect(good[key], key).toMatchObject({ ok: true });
    expect(inOrder.log.paths[0]).toEqual(SNAPSHOT_PATHS);

    // HTTP/1.1 pairs answers by order only: a node that answers out of order is lying, like one that answers
    // /health with /stamps' body. Every call still ends with an answer its schema accepts or its own error.
    const bad = await poll(reversed.origin);
    for (const key of keys) {
      const fetched = bad[key];
      expect(fetched.ok || fetched.error.code === 'invalid-response', key).toBe(true);
    }
    expect(bad.health).toMatchObject({ ok: false, error: { code: 'invalid-response' } }); // it got /stamps' answer
    // The reversed node's answers never reach the well-behaved one's polls on the same wire.
    const again = await poll(inOrder.origin);
    for (const key of keys) expect(again[key], key).toEqual(good[key]);
  });
});
