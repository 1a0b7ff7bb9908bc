/**
 * The raw wire's hand-written HTTP/1.1 reader (http1-answer-parser.ts) against llhttp, property by property (issue
 * 25 item 6): the same byte streams, from a loopback TCP server, go to the raw wire and to a reference reader:
 * node:http for one answer (what `--once` runs on), undici's pipelining client for several answers in a row
 * (node:http does not pipeline). Streams are answers built from parts, clean or broken: split heads, bad and
 * duplicate Content-Length, chunked garbage, oversize headers, interim answers, early close. Every time, the raw
 * wire reads what the reference reads (status, headers, body), or refuses; a clean answer it must read.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { Client } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { CallAbort } from './call-cancel.js';
import { createRawHttpWire } from './raw-http-wire.js';

/** What a reader made of an answer: its parts, or that it refused. */
type Reading = { ok: true; status: number; headers: string[]; body: string } | { ok: false; why: string };

const LIMIT = 1 << 20;
const RUNS = Number(process.env.AGREEMENT_RUNS ?? 150);

// ---- Streams ----------------------------------------------------------------------------------------------------

const tchar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-!#$%&\'*+.^_`|~');
const vchar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 ;=/,.:"()\t\u00e9\u00ff');
const headerName = fc.string({ unit: tchar, minLength: 1, maxLength: 10 }).filter((n) => !/^(content-length|transfer-encoding|connection|upgrade|keep-alive|proxy-connection)$/i.test(n));
const headerValue = fc.string({ unit: vchar, maxLength: 20 }).map((v) => v.trim());
const body = fc.string({ unit: fc.constantFrom(...'{}[]":,abc0123456789 \r\n\u00e9'), maxLength: 300 });

/** A status line: clean ones llhttp and RFC 9112 both take, broken ones one of them refuses. */
const statusLine = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('HTTP/1.1 200 OK', 'HTTP/1.1 404 Not Found', 'HTTP/1.1 500 ', 'HTTP/1.1 201', 'HTTP/1.0 200 OK', 'HTTP/1.1 200 \u00e9t\u00e9').map((line) => ({ line, clean: true })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('HTTP/1.1 2e2 OK', 'http/1.1 200 OK', 'HTTP/1.1  200 OK', 'HTTP/2.0 200 OK', 'HTTP/1.2 200 OK', 'HTTP/1.1 099 X', 'HTTP/1.1 600 X', 'HTTP/1.1 20 OK', 'HTTP/1.1 200 O\u0001K', 'HTTP/1.1 200 OK\r', 'ICE/1.0 200 OK', 'HTTP/1.1 101 Switching Protocols')
      .map((line) => ({ line, clean: false })),
  },
);

const cleanHeader = fc.tuple(headerName, headerValue).map(([n, v]) => ({ line: `${n}: ${v}`, clean: true }));
const brokenHeader = fc.oneof(
  fc.tuple(headerName, headerValue).map(([n, v]) => `${n} : ${v}`),
  fc.tuple(headerName, headerValue).map(([n, v]) => `${n}: ${v}\u0001x`),
  fc.tuple(headerName, headerValue).map(([n, v]) => `${n}: ${v}\r\n folded`),
  fc.tuple(headerName, headerValue).map(([n, v]) => `${n}: ${v}\rx`),
  fc.constant(': no name'),
  fc.constant('no-colon'),
  fc.constant(`x-big: ${'a'.repeat(17 * 1024)}`),
).map((line) => ({ line, clean: false }));
const headers = fc.array(fc.oneof({ weight: 12, arbitrary: cleanHeader }, { weight: 1, arbitrary: brokenHeader }), { maxLength: 5 });

/** Chunked framing of `text`, cleanly or with one fault. */
function chunked(text: string, cuts: number[], fault: number): { text: string; clean: boolean } {
  let out = '';
  cut(Buffer.from(text, 'latin1'), cuts).forEach((piece, i) => {
    let size = piece.length.toString(16);
    if (fault === 1 && i === 0) size = size.toUpperCase().padStart(4, '0'); // clean: leading zeros, upper case
    if (fault === 2 && i === 0) size += ';ext=1'; // llhttp reads it; the raw wire refuses extensions
    if (fault === 3 && i === 0) size = `${size} `;
    if (fault === 4 && i === 0) size = 'zz';
    out += `${size}\r\n${piece.toString('latin1')}${fault === 5 && i === 0 ? '' : '\r\n'}`;
  });
  out += fault === 6 ? '0\r\nx-trailer: 1\r\n\r\n' : fault === 7 ? '0\r\nx trailer\r\n\r\n' : '0\r\n\r\n';
  return { text: out, clean: fault <= 1 || fault === 6 };
}

/** The head's framing lines and the body after it: clean framings weigh more, so most streams are read. */
const chunkFault = fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 7 }) });
const framing = fc.oneof(
  { weight: 4, arbitrary: body.map((b) => ({ lines: [`content-length: ${Buffer.byteLength(b, 'latin1')}`], body: b, clean: true, close: false })) },
  {
    weight: 4,
    arbitrary: fc.tuple(body, fc.array(fc.nat(), { maxLength: 4 }), chunkFault).map(([b, cuts, fault]) => {
      const coded = chunked(b, cuts, fault);
      return { lines: ['transfer-encoding: chunked'], body: coded.text, clean: coded.clean, close: false };
    }),
  },
  { weight: 2, arbitrary: body.map((b) => ({ lines: [], body: b, clean: true, close: true })) },
  fc.tuple(body, fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0)).map(([b, d]) => ({ lines: [`content-length: ${Math.max(0, Buffer.byteLength(b, 'latin1') + d)}`], body: b, clean: false, close: false })),
  fc.tuple(body, fc.constantFrom('12abc', '+5', '-1', '5, 5', '99999999999999999999999', '')).map(([b, v]) => ({ lines: [`content-length: ${v}`], body: b, clean: false, close: false })),
  body.map((b) => ({ lines: [`content-length: ${Buffer.byteLength(b, 'latin1')}`, `Content-Length: ${Buffer.byteLength(b, 'latin1')}`], body: b, clean: false, close: false })),
  fc.tuple(body, fc.constantFrom('CHUNKED', 'gzip, chunked', 'chunked, gzip', 'identity')).map(([b, coding]) => ({ lines: [`transfer-encoding: ${coding}`], body: chunked(b, [], 0).text, clean: false, close: false })),
  body.map((b) => ({ lines: ['transfer-encoding: chunked', 'content-length: 5'], body: chunked(b, [], 0).text, clean: false, close: false })),
);

interface Answer {
  readonly text: string;
  readonly clean: boolean;
  /** Its body runs until the connection closes. */
  readonly untilClose: boolean;
}

const answer = fc.tuple(statusLine, headers, framing, fc.boolean()).map(([status, extra, frame, framingFirst]): Answer => {
  const lines = framingFirst ? [...frame.lines, ...extra.map((h) => h.line)] : [...extra.map((h) => h.line), ...frame.lines];
  const bodiless = /^HTTP\/1\.[01] (?:204|304)/.test(status.line);
  return {
    text: `${status.line}\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n${frame.body}`,
    // 204 and 304 have no body: what follows the head is bytes past the answer.
    clean: status.clean && frame.clean && extra.every((h) => h.clean) && !(bodiless && frame.body.length > 0),
    untilClose: frame.close,
  };
});

const interim = fc.array(fc.constantFrom('HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n'), { maxLength: 2 });

/** A stream cut into pieces written one after another; maybe closed early (cut short at `truncate`). */
const delivery = fc.record({ cuts: fc.array(fc.nat(), { maxLength: 5 }), truncate: fc.option(fc.nat(), { freq: 4 }) });

/** `stream` cut at the given points (taken modulo its length), empty pieces left out. */
function cut(stream: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const point of [...points, stream.length]) {
    if (point > from) out.push(stream.subarray(from, point));
    from = point;
  }
  return out;
}

// ---- The server and the readers ---------------------------------------------------------------------------------

interface StreamServer {
  origin: string;
  /** The next connection that sends `heads` request heads gets `parts`, a few ms apart, then the connection closes. */
  serve(parts: Buffer[], heads: number): void;
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function streamServer(): Promise<StreamServer> {
  let next: { parts: Buffer[]; heads: number } | undefined;
  const server = createServer((socket: Socket) => {
    socket.on('error', () => {});
    const job = next;
    next = undefined;
    // Only the first connection per stream gets it: a reader retrying elsewhere finds a closed door.
    if (!job) return void socket.destroy();
    let seen = '';
    let started = false;
    const write = (i: number): void => {
      if (socket.destroyed) return;
      if (i === job.parts.length) return void socket.end();
      socket.write(job.parts[i]!);
      setTimeout(() => write(i + 1), 2);
    };
    const start = () => {
      if (started) return;
      started = true;
      write(0);
    };
    socket.on('data', (data: Buffer) => {
      seen += data.toString('latin1');
      const heads = seen.split('\r\n\r\n').length - 1;
      // Every request asked for, or (a reader that holds some back) a moment after the first.
      if (heads >= job.heads) start();
      else if (heads === 1) setTimeout(start, 200);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (parts, heads) => void (next = { parts, heads }),
  };
}

const fallback = { request: () => Promise.reject(new Error('no fallback in this test')) };

async function viaRaw(origin: string, count: number): Promise<Reading[]> {
  const wire = createRawHttpWire({ fallback, pipeline: count, maxSockets: 1 });
  try {
    const asks = Array.from({ length: count }, (_, i) => wire.requestBuffered!({ origin, path: `/${i}`, method: 'GET', signal: new CallAbort() }, LIMIT));
    return await Promise.all(
      asks.map((ask) =>
        ask.then(
          (r): Reading => ({ ok: true, status: r.statusCode, headers: r.rawHeaders.map(String), body: r.body.toString('latin1') }),
          (e: unknown): Reading => ({ ok: false, why: String(e) }),
        ),
      ),
    );
  } finally {
    wire.close();
  }
}

function viaNodeHttp(origin: string): Promise<Reading> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const request = httpRequest({ host: hostname, port, path: '/0', agent: false }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (d: Buffer) => parts.push(d));
      response.on('end', () => resolve({ ok: true, status: response.statusCode!, headers: pairs(response.rawHeaders), body: Buffer.concat(parts).toString('latin1') }));
      response.on('error', (e) => resolve({ ok: false, why: String(e) }));
      response.on('aborted', () => resolve({ ok: false, why: 'aborted' }));
    });
    request.on('error', (e) => resolve({ ok: false, why: String(e) }));
    request.end();
  });
}

async function viaUndici(origin: string, count: number): Promise<Reading[]> {
  // `blocking: false`: undici otherwise sends a GET's successor only once the GET's head came back.
  const client = new Client(origin, { pipelining: count });
  try {
    const asks = Array.from({ length: count }, (_, i) =>
      client.request({ path: `/${i}`, method: 'GET', blocking: false }).then(async (r): Promise<Reading> => {
        const text = Buffer.from(await r.body.arrayBuffer()).toString('latin1');
        const headers: string[] = [];
        for (const [name, value] of Object.entries(r.headers)) for (const v of Array.isArray(value) ? value : [value]) headers.push(name, String(v));
        return { ok: true, status: r.statusCode, headers, body: text };
      }),
    );
    return await Promise.all(asks.map((ask) => ask.catch((e: unknown): Reading => ({ ok: false, why: String(e) }))));
  } finally {
    await client.destroy().catch(() => {});
  }
}

/** node:http's raw headers as the raw wire gives them: names lower-cased. */
function pairs(raw: string[]): string[] {
  return raw.map((item, i) => (i % 2 === 0 ? item.toLowerCase() : item));
}

/** Header pairs as a sorted list of `name: value` (undici groups repeated names). */
function headerSet(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push(`${list[i]}: ${list[i + 1]}`);
  return out.sort();
}

function expectSame(raw: Reading, reference: Reading, stream: string): void {
  if (!raw.ok) return; // refusing is always allowed
  expect(reference, `raw read an answer the reference refused:\n${JSON.stringify(stream)}\nraw: ${JSON.stringify(raw)}`).toMatchObject({ ok: true });
  if (!reference.ok) return;
  expect({ status: raw.status, body: raw.body, headers: headerSet(raw.headers) }, JSON.stringify(stream)).toEqual({ status: reference.status, body: reference.body, headers: headerSet(reference.headers) });
}

// ---- Properties -------------------------------------------------------------------------------------------------

describe('the raw wire reads what llhttp reads, or refuses', () => {
  it('one answer (interim answers before it, split anywhere, maybe cut short): as node:http reads it', async () => {
    const server = await streamServer();
    await fc.assert(
      fc.asyncProperty(interim, answer, delivery, async (before, main, how) => {
        let stream = Buffer.from(before.join('') + main.text, 'latin1');
        if (how.truncate !== null) stream = stream.subarray(0, how.truncate % (stream.length + 1));
        const parts = cut(stream, how.cuts);
        server.serve(parts, 1);
        const [raw] = await viaRaw(server.origin, 1);
        server.serve(parts, 1);
        const reference = await viaNodeHttp(server.origin);
        expectSame(raw!, reference, stream.toString('latin1'));
        if (main.clean && how.truncate === null && !main.text.includes('x-big')) expect(raw, `a clean answer refused: ${JSON.stringify(stream.toString('latin1'))}`).toMatchObject({ ok: true });
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('answers pipelined on one socket (split anywhere): as undici reads them, up to the first refusal', async () => {
    const server = await streamServer();
    const run = fc.array(answer, { minLength: 2, maxLength: 4 }).filter((list) => list.slice(0, -1).every((a) => !a.untilClose));
    await fc.assert(
      fc.asyncProperty(run, fc.array(fc.nat(), { maxLength: 6 }), async (list, cuts) => {
        const stream = Buffer.from(list.map((a) => a.text).join(''), 'latin1');
        const parts = cut(stream, cuts);
        server.serve(parts, list.length);
        const raw = await viaRaw(server.origin, list.length);
        server.serve(parts, list.length);
        const reference = await viaUndici(server.origin, list.length);
        for (let i = 0; i < list.length; i++) {
          expectSame(raw[i]!, reference[i]!, stream.toString('latin1'));
          if (!raw[i]!.ok || !reference[i]!.ok) break; // after a refusal the socket is gone: nothing more to pair
        }
        // Clean answers are read, up to one that ends the connection (HTTP/1.0, a body until close).
        const last = list.findIndex((a) => a.untilClose || a.text.startsWith('HTTP/1.0'));
        const readable = last < 0 ? list : list.slice(0, last + 1);
        if (readable.every((a) => a.clean && !a.text.includes('x-big'))) expect(raw.slice(0, readable.length).every((r) => r.ok), JSON.stringify(stream.toString('latin1'))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
