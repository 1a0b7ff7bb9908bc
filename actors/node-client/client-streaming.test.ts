/**
 * Streaming paths: a 50 MB download generated on the fly is counted without being buffered, and the NDJSON
 * pin check yields entries line by line as they arrive.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REF } from './bee-fixtures.js';
import { createNodeClient } from './client.js';
import { NodeApiError } from './errors.js';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from './loopback-server.js';

const LARGE = 50 * 1024 * 1024;
const PIECE = 64 * 1024;
const pinLine = (n: number, missing = 0) => JSON.stringify({ reference: n.toString(16).padStart(64, '0'), total: 10 + n, missing, invalid: 0 });

let server: LoopbackServer;
/** Resolved by the test to let the slow NDJSON server send its remaining lines. */
let releaseRest: () => void = () => {};

beforeAll(async () => {
  server = await startLoopbackServer(async (request, response) => {
    const path = request.url.split('?')[0];
    if (path === `/bytes/${REF}`) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(LARGE) });
      const piece = Buffer.alloc(PIECE, 7);
      let sent = 0;
      const pump = (): void => {
        while (sent < LARGE) {
          sent += PIECE;
          if (!response.write(piece)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
      return;
    }
    if (path === '/pins/check' && request.url.includes('ref=')) {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${pinLine(1)}\n`);
      await new Promise<void>((resolve) => (releaseRest = resolve));
      response.end(`${pinLine(2)}\n`);
      return;
    }
    if (path === '/pins/check') {
      // Lines split across writes, blank lines, several lines per write, and a last line without newline.
      const text = `${pinLine(1)}\n\n${pinLine(2, 3)}\n${pinLine(3)}`;
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const part of [text.slice(0, 7), text.slice(7, 90), text.slice(90)]) {
        response.write(part);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      response.end();
      return;
    }
    if (path?.startsWith('/bzz/')) return sendBeeError(response, 404, 'path address not found');
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.end(`${pinLine(1)}\n{"reference":"zz"}\n`);
  });
});

afterAll(() => server.close());

describe('streamBytes', () => {
  it('counts a 50 MB body chunk by chunk with bounded memory', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    // Collect before each sample so the figure is memory RETAINED, not garbage waiting for the collector.
    const gc = exposeGc();
    gc();
    const baseline = process.memoryUsage();
    let peakRetained = 0;
    const sampler = setInterval(() => {
      gc();
      const now = process.memoryUsage();
      peakRetained = Math.max(peakRetained, now.arrayBuffers + now.heapUsed - baseline.arrayBuffers - baseline.heapUsed);
    }, 10);
    const result = await client.streamBytes(REF).finally(() => clearInterval(sampler));
    expect(result.status).toBe(200);
    expect(result.bytes).toBe(LARGE);
    expect(result.headers['content-length']).toBe(String(LARGE));
    expect(result.elapsedMs).toBeGreaterThan(0);
    // Buffering would need at least the 50 MB body; draining keeps a few chunks in flight.
    expect(peakRetained).toBeLessThan(LARGE / 5);
    expect(client.stats.snapshot()[0]).toMatchObject({ template: 'GET /bytes/{ref}', count: 1, errors: 0 });
  });

  it('answers a non-2xx status as a value (a probe result), still drained', async () => {
    const result = await createNodeClient({ baseUrl: server.url }).streamBzz(REF, 'missing.txt');
    expect(result.status).toBe(404);
    expect(result.bytes).toBe(Buffer.byteLength(JSON.stringify({ code: 404, message: 'path address not found' })));
  });
});

describe('pinsCheck (NDJSON)', () => {
  it('parses every line, however the body is split', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const entries = [];
    for await (const entry of client.pinsCheck()) entries.push(entry);
    expect(entries.map((e) => [e.total, e.missing])).toEqual([
      [11, 0],
      [12, 3],
      [13, 0],
    ]);
    expect(client.stats.snapshot()[0]).toMatchObject({ template: 'GET /pins/check', count: 1, errors: 0 });
  });

  it('yields the first entry before the server has finished', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const iterator = client.pinsCheck({ reference: REF })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.total).toBe(11);
    expect(server.received.at(-1)!.url).toBe(`/pins/check?ref=${REF}`);
    releaseRest();
    expect((await iterator.next()).value?.total).toBe(12);
    expect((await iterator.next()).done).toBe(true);
  });

  it('stopping early cancels the stream and still records the call', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    for await (const entry of client.pinsCheck({ reference: REF })) {
      expect(entry.total).toBe(11);
      break;
    }
    releaseRest();
    expect(client.stats.snapshot()[0]).toMatchObject({ count: 1 });
  });

  it('a malformed line ends the iteration with invalid-response', async () => {
    const client = createNodeClient({ baseUrl: `${server.url}/garbage-root` });
    const seen: number[] = [];
    const error = await (async () => {
      try {
        for await (const entry of client.pinsCheck()) seen.push(entry.total);
      } catch (failure) {
        return failure;
      }
      return undefined;
    })();
    expect(seen).toEqual([11]);
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error).toMatchObject({ code: 'invalid-response', status: 200, bodyExcerpt: '{"reference":"zz"}' });
    expect(client.stats.snapshot()[0]).toMatchObject({ errors: 1 });
  });
});

/** `global.gc` without restarting the worker with --expose-gc: the flag applies to contexts created afterwards. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
