/**
 * The raw keep-alive wire (raw-http-wire.ts) against real servers on loopback: node:http answers with a
 * length, chunked, or none (body to the end of the connection), plain TCP servers that answer wrongly, a
 * server that drops idle sockets, and the node client on top of it (errors, timeouts, caps, fallbacks).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallAbort } from './call-cancel.js';
import { createNodeClient } from './client.js';
import { NodeApiError } from './errors.js';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from './loopback-server.js';
import { createNodeHttpWire } from './node-http-wire.js';
import { createRawHttpWire } from './raw-http-wire.js';
import { BodyOverLimit } from './wire.js';

const fallback = createNodeHttpWire();
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function wire() {
  const w = createRawHttpWire({ fallback });
  cleanups.push(() => w.close());
  return w;
}

async function server(handler: Parameters<typeof startLoopbackServer>[0]): Promise<LoopbackServer> {
  const s = await startLoopbackServer(handler);
  cleanups.push(() => s.close());
  return s;
}

/** A TCP server that writes `answer` to every connection once it has read a request head. */
async function tcpServer(answer: (socket: Socket) => void): Promise<string> {
  const s: TcpServer = createTcpServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => answer(socket));
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => s.close(() => resolve())));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

const get = (origin: string, path = '/x', limit = 1 << 20) => wire().requestBuffered!({ origin, path, method: 'GET', signal: new CallAbort() }, limit);

describe('raw HTTP wire: framing', () => {
  it('reads Content-Length bodies and reuses one socket for calls in turn', async () => {
    let connections = 0;
    const http = createHttpServer((_request, response) => response.writeHead(200, { 'content-length': 5, 'x-tag': 'A' }).end('hello'));
    http.on('connection', () => connections++);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))));
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const w = wire();
    for (let i = 0; i < 5; i++) {
      const answer = await w.requestBuffered!({ origin, path: `/n/${i}`, method: 'GET', signal: new CallAbort() }, 100);
      expect(answer.statusCode).toBe(200);
      expect(answer.body.toString()).toBe('hello');
      expect(answer.rawHeaders).toContain('x-tag');
    }
    expect(connections).toBe(1);
  });

  it('reads chunked bodies, and bodies that end with the connection', async () => {
    const chunked = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'binary/octet-stream' });
      response.write('abc');
      response.write('defgh');
      response.end('!');
    });
    expect((await get(chunked.url)).body.toString()).toBe('abcdefgh!');
    const untilClose = await tcpServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nall of it'));
    expect((await get(untilClose)).body.toString()).toBe('all of it');
  });

  it('answers read in pieces on several sockets at once keep their own bytes (every socket reads into one buffer)', async () => {
    // Each answer comes in pieces: half a head, the rest of the head with some body, then the body in parts, a
    // length-framed one far larger than one read and a chunked one; the pieces of all sockets interleave.
    const bodies = [0, 1, 2].map(() => new Uint8Array(randomBytes(200_000)));
    const sockets: Socket[] = [];
    const pieces = (i: number): Buffer[] => {
      const body = Buffer.from(bodies[i]!);
      if (i === 2) {
        const parts = [body.subarray(0, 70_000), body.subarray(70_000, 140_000), body.subarray(140_000)];
        const framed = parts.map((part) => Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
        return [Buffer.from('HTTP/1.1 200 OK\r\ntransfer-enc'), Buffer.from('oding: chunked\r\n\r\n'), ...framed, Buffer.from('0\r\n\r\n')];
      }
      const head = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`);
      return [head.subarray(0, 20), Buffer.concat([head.subarray(20), body.subarray(0, 100)]), body.subarray(100, 90_000), body.subarray(90_000)];
    };
    const origin = await tcpServer((socket) => {
      sockets.push(socket);
      if (sockets.length < 3) return;
      // Once all three asked: piece k of every answer, then piece k + 1, each round in a later turn of the event
      // loop (its check phase), so the client's reads (poll phase) come between the rounds.
      const all = sockets.map((_, i) => pieces(i));
      const round = (k: number): void => {
        let more = false;
        all.forEach((list, i) => {
          if (k < list.length) sockets[i]!.write(list[k]!);
          more ||= k + 1 < list.length;
        });
        if (more) setImmediate(() => round(k + 1));
      };
      setImmediate(() => round(0));
    });
    const w = wire();
    const answers = await Promise.all([0, 1, 2].map(() => w.requestBuffered!({ origin, path: '/', method: 'GET', signal: new CallAbort() }, 1 << 20)));
    // Sockets are matched to answers by their content: each body is one of the three, and all three came back.
    const got = answers.map((a) => bodies.findIndex((b) => Buffer.from(b).equals(a.body)));
    expect([...got].sort()).toEqual([0, 1, 2]);
    for (const socket of sockets) socket.destroy(); // kept alive otherwise: the server's close would wait for them
  });

  it('a request failing on an idle socket the server closed is retried once on a new socket', async () => {
    let connections = 0;
    const origin = await tcpServer((socket) => {
      connections++;
      // Answers one request, then closes the idle socket after a moment, as keep-alive timeouts do.
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
      setTimeout(() => socket.destroy(), 20);
    });
    const w = wire();
    const ask = () => w.requestBuffered!({ origin, path: '/', method: 'GET', signal: new CallAbort() }, 100);
    expect((await ask()).body.toString()).toBe('ok');
    await new Promise((r) => setTimeout(r, 80));
    expect((await ask()).body.toString()).toBe('ok');
    expect(connections).toBe(2);
  });

  it('stops at the limit: a declared length over it, and a chunked body growing past it', async () => {
    const big = await server((_request, response) => void response.writeHead(200, { 'content-length': 5000 }).end(Buffer.alloc(5000)));
    await expect(get(big.url, '/', 4201)).rejects.toBeInstanceOf(BodyOverLimit);
    const growing = await server((_request, response) => {
      response.writeHead(200);
      for (let i = 0; i < 10; i++) response.write(Buffer.alloc(1000));
      response.end();
    });
    await expect(get(growing.url, '/', 4201)).rejects.toMatchObject({ limit: 4201 });
  });

  it('refuses what is not HTTP, and an impossible Content-Length', async () => {
    await expect(get(await tcpServer((socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n')))).rejects.toThrow(/not an HTTP\/1.x status line/);
    await expect(get(await tcpServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 12abc\r\n\r\n')))).rejects.toThrow(/Content-Length/);
  });

  it('an abort ends the request at once', async () => {
    const origin = await tcpServer(() => {}); // never answers
    const signal = new CallAbort();
    const pending = wire().requestBuffered!({ origin, path: '/', method: 'GET', signal }, 100);
    setTimeout(() => signal.abort(new Error('enough')), 20);
    await expect(pending).rejects.toThrow('enough');
  });
});

describe('the node client on the raw wire', () => {
  const client = (baseUrl: string, timeoutMs = 5000) => createNodeClient({ baseUrl, wire: wire(), timeoutMs });
  const REF = 'ab'.repeat(32);

  it('downloadChunk: bytes, Bee errors, timeouts, refused connections and caps as NodeApiErrors', async () => {
    const s = await server((request, response) => {
      if (request.url.endsWith(REF)) response.writeHead(200, { 'content-length': 8 }).end(Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]));
      else if (request.url.endsWith('cd'.repeat(32))) sendBeeError(response, 500, 'read chunk failed');
      else if (request.url.endsWith('ef'.repeat(32))) response.writeHead(200).end(Buffer.alloc(5000));
      else if (request.url.endsWith('12'.repeat(32))) response.writeHead(500).end(`{"code":500,"message":"disk full"}${' '.repeat(5000)}`);
    });
    expect([...(await client(s.url).downloadChunk(REF))]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    await expect(client(s.url).downloadChunk('cd'.repeat(32))).rejects.toMatchObject({ code: 'http', status: 500, beeMessage: 'read chunk failed' });
    await expect(client(s.url).downloadChunk('ef'.repeat(32))).rejects.toMatchObject({ code: 'invalid-response', limitBytes: 4201 });
    // An error answer over the cap is still that error, with Bee's message from its first bytes.
    await expect(client(s.url).downloadChunk('12'.repeat(32))).rejects.toMatchObject({ code: 'http', status: 500, beeMessage: 'disk full' });
    await expect(client(s.url, 200).downloadChunk('99'.repeat(32))).rejects.toMatchObject({ code: 'timeout' });
    const closed = await startLoopbackServer(() => {});
    await closed.close();
    const refused = await client(closed.url).downloadChunk(REF).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NodeApiError);
    expect(refused).toMatchObject({ code: 'network' });
  });

  it('JSON GETs and POSTs with no body or one in memory are read on it whole; a streamed request body goes to the fallback', async () => {
    const s = await server((request, response) => {
      if (request.url === '/health') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","version":"2.8.1","apiVersion":"8.1.0"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"rtt":"1.5ms"}');
    });
    let connections = 0;
    const counting = { request: (request: Parameters<typeof fallback.request>[0]) => (connections++, fallback.request(request)) };
    const w = createRawHttpWire({ fallback: counting });
    cleanups.push(() => w.close());
    const c = createNodeClient({ baseUrl: s.url, wire: w, timeoutMs: 5000 });
    await expect(c.health()).resolves.toMatchObject({ version: '2.8.1' });
    expect(connections).toBe(0);
    await expect(c.pingpong('ab'.repeat(32))).resolves.toMatchObject({ rttMs: 1.5 });
    expect(connections).toBe(0);
    const streamed = Readable.from([Buffer.from('streamed')]);
    await c.uploadBytes(streamed, { batchId: 'cd'.repeat(32) }).catch(() => undefined);
    expect(connections).toBe(1);
  });
});

describe('raw HTTP wire: request bodies and drained answers', () => {
  it('writes an in-memory body behind its head with its Content-Length, on any method, and reads the answer whole', async () => {
    const s = await server((request, response) => void response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ method: request.method, length: request.headers['content-length'] })));
    const w = wire();
    const body = randomBytes(100_000);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await w.requestBuffered!({ origin: s.url, path: '/b', method, headers: { 'content-length': '3' }, body, signal: new CallAbort() }, 1000);
      expect(JSON.parse(answer.body.toString())).toEqual({ method, length: '100000' });
    }
    expect(s.received.map((r) => r.body.equals(body))).toEqual([true, true, true, true]);
    const text = await w.requestBuffered!({ origin: s.url, path: '/t', method: 'POST', body: 'héllo', signal: new CallAbort() }, 1000);
    expect(JSON.parse(text.body.toString())).toMatchObject({ length: '6' });
    expect(s.received.at(-1)!.body.toString()).toBe('héllo');
  });

  it('sends an in-memory body again, whole, when the reused socket turns out closed before any answer', async () => {
    let connections = 0;
    const bodies: string[] = [];
    const s: TcpServer = createTcpServer((socket) => {
      connections++;
      socket.on('error', () => {});
      let seen = '';
      let answered = 0;
      socket.on('data', (d) => {
        seen += d.toString('latin1');
        const end = seen.indexOf('\r\n\r\n');
        if (end < 0 || seen.length < end + 4 + 4) return;
        // A second request on a kept-alive socket meets a reset, as when the node's idle timeout closes it just then.
        if (++answered > 1) return void socket.resetAndDestroy();
        bodies.push(seen.slice(end + 4, end + 8));
        seen = '';
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const w = wire();
    cleanups.push(() => new Promise<void>((resolve) => s.close(() => resolve())));
    const post = (body: string) => w.requestBuffered!({ origin, path: '/p', method: 'POST', body, signal: new CallAbort() }, 100);
    await expect(post('one!')).resolves.toMatchObject({ statusCode: 200 });
    await expect(post('two!')).resolves.toMatchObject({ statusCode: 200 });
    expect(bodies).toEqual(['one!', 'two!']);
    expect(connections).toBe(2);
  });

  it('says content-length: 0 on a bodiless POST, and hands a caller-framed (transfer-encoding) body to the fallback', async () => {
    const s = await server((request, response) => void response.writeHead(200).end(`${request.headers['content-length']}`));
    let handed = 0;
    const w = createRawHttpWire({ fallback: { request: (request) => (handed++, fallback.request(request)) } });
    cleanups.push(() => w.close());
    const empty = await w.requestBuffered!({ origin: s.url, path: '/e', method: 'POST', signal: new CallAbort() }, 100);
    expect(empty.body.toString()).toBe('0');
    expect(handed).toBe(0);
    await w.requestBuffered!({ origin: s.url, path: '/c', method: 'POST', headers: { 'Transfer-Encoding': 'chunked' }, body: 'x', signal: new CallAbort() }, 100);
    expect(handed).toBe(1);
  });

  it('drains an answer to its end, Content-Length or chunked, counting its bytes without keeping them', async () => {
    const payload = randomBytes(3_000_000);
    const s = await server((request, response) => {
      if (request.url === '/chunked') {
        response.writeHead(200);
        for (let at = 0; at < payload.length; at += 65_536) response.write(payload.subarray(at, at + 65_536));
        response.end();
      } else response.writeHead(200, { 'content-length': payload.length, 'x-kind': 'sized' }).end(payload);
    });
    const w = wire();
    for (const path of ['/sized', '/chunked', '/sized']) {
      const drained = await w.requestDrained!({ origin: s.url, path, method: 'GET', signal: new CallAbort() });
      expect(drained).toMatchObject({ statusCode: 200, bytes: payload.length });
      expect('body' in drained ? (drained as { body: Buffer }).body.length : 0).toBe(0);
    }
    const c = createNodeClient({ baseUrl: s.url, wire: w, timeoutMs: 5000 });
    await expect(c.streamBytes('ab'.repeat(32))).resolves.toMatchObject({ status: 200, bytes: payload.length });
    expect(c.stats.snapshot().find((e) => e.template.endsWith('/bytes/{ref}'))).toMatchObject({ count: 1, errors: 0 });
  });

  it('hands a streamed body to the fallback, and with pipelining any body', async () => {
    const s = await server((request, response) => void response.writeHead(200).end(`got ${request.method}`));
    let handed = 0;
    const counting = { request: (request: Parameters<typeof fallback.request>[0]) => (handed++, fallback.request(request)) };
    const plain = createRawHttpWire({ fallback: counting });
    const piped = createRawHttpWire({ fallback: counting, pipeline: 4 });
    cleanups.push(() => plain.close(), () => piped.close());
    await plain.requestBuffered!({ origin: s.url, path: '/s', method: 'POST', body: Readable.from([Buffer.from('x')]), signal: new CallAbort() }, 100);
    expect(handed).toBe(1);
    await piped.requestBuffered!({ origin: s.url, path: '/s', method: 'POST', body: 'x', signal: new CallAbort() }, 100);
    expect(handed).toBe(2);
    await plain.requestBuffered!({ origin: s.url, path: '/s', method: 'POST', body: 'x', signal: new CallAbort() }, 100);
    expect(handed).toBe(2);
  });
});

describe('raw HTTP wire: what it hands to a fallback without a buffered path', () => {
  // A streamed request body is the fallback's; with `requestBuffered` it is still read whole, under the same cap.
  const post = (origin: string, limit: number, signal = new CallAbort()) =>
    wire().requestBuffered!({ origin, path: '/p', method: 'POST', body: Readable.from([Buffer.from('ping')]), signal }, limit);

  it('reads the answer whole with its status and headers', async () => {
    const s = await server((_request, response) => void response.writeHead(201, { 'x-tag': 'B' }).end('created'));
    const answer = await post(s.url, 100);
    expect(answer.statusCode).toBe(201);
    expect(answer.body.toString()).toBe('created');
    expect(answer.rawHeaders).toEqual(expect.arrayContaining(['x-tag', 'B']));
    expect(s.received[0]).toMatchObject({ method: 'POST', body: Buffer.from('ping') });
  });

  it('stops at the limit, declared or streamed, and on an abort', async () => {
    const declared = await server((_request, response) => void response.writeHead(200, { 'content-length': 5000 }).end(Buffer.alloc(5000)));
    await expect(post(declared.url, 100)).rejects.toMatchObject({ limit: 100, declared: 5000 });
    const growing = await server((_request, response) => {
      response.writeHead(200);
      for (let i = 0; i < 10; i++) response.write(Buffer.alloc(1000));
      response.end();
    });
    await expect(post(growing.url, 4201)).rejects.toBeInstanceOf(BodyOverLimit);
    const dripping = await server((_request, response) => void response.writeHead(200).write('a')); // never ends
    const signal = new CallAbort();
    const pending = post(dripping.url, 100, signal);
    setTimeout(() => signal.abort(new Error('enough')), 20);
    await expect(pending).rejects.toThrow('enough');
  });
});

describe('raw HTTP wire: queued requests', () => {
  it('a request whose caller gave up while it waited for a socket is refused, never sent', async () => {
    let release: () => void = () => {};
    const s = await server((request, response) => {
      if (request.url === '/first') release = () => response.writeHead(200, { 'content-length': 2 }).end('ok');
      else response.writeHead(200, { 'content-length': 2 }).end('ok');
    });
    const w = createRawHttpWire({ fallback, maxSockets: 1 });
    cleanups.push(() => w.close());
    const ask = (path: string, signal = new CallAbort()) => w.requestBuffered!({ origin: s.url, path, method: 'GET', signal }, 100);
    const first = ask('/first');
    const gaveUp = new CallAbort();
    // Its refusal is awaited from the start: the wire refuses it as soon as the caller gives up, before `first`
    // is answered, and a rejection nobody listens to yet is an unhandled one.
    const second = expect(ask('/second', gaveUp)).rejects.toThrow('gave up');
    const third = ask('/third');
    await vi.waitFor(() => expect(s.received).toHaveLength(1));
    gaveUp.abort(new Error('gave up'));
    release();
    await expect(first).resolves.toMatchObject({ statusCode: 200 });
    await second;
    await expect(third).resolves.toMatchObject({ statusCode: 200 });
    expect(s.received.map((r) => r.url)).toEqual(['/first', '/third']);
  });
});
