/**
 * The buffered fast path (undici dispatch, undici-wire.ts) behind downloadChunk and every JSON call when a
 * dispatcher is given: the same answers, errors, timeouts, cancellation and statistics as the streamed path,
 * on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { createNodeClient } from './client.js';
import { NodeApiError } from './errors.js';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from './loopback-server.js';
import { undiciWire } from './undici-wire.js';
import type { Wire } from './wire.js';

const REF = 'ab'.repeat(32);
const CHUNK = Buffer.from(Array.from({ length: 4104 }, (_, i) => i & 0xff));
let server: LoopbackServer;
const agent = new Agent();

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const id = request.url.split('/').pop();
    if (request.url === '/health') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","version":"2.8.1","apiVersion":"8.1.0"}');
    else if (request.url === '/readiness') response.writeHead(400, { 'content-type': 'application/json' }).end('{"status":"notReady","version":"2.8.1","apiVersion":"8.1.0"}');
    else if (request.url === '/chainstate') response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
    else if (request.url === '/wallet') sendBeeError(response, 503, 'wallet not ready');
    else if (request.url === '/stamps') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ stamps: [], padding: 'x'.repeat(5 << 20) }));
    else if (id === REF) response.writeHead(200, { 'content-type': 'binary/octet-stream', 'x-extra': 'yes' }).end(CHUNK);
    else if (id === 'cd'.repeat(32)) sendBeeError(response, 500, 'read chunk failed');
    // 'ef…' hangs: never answered
  });
});
afterAll(async () => {
  await server.close();
  await agent.close();
});

const client = (timeoutMs = 10_000) => createNodeClient({ baseUrl: server.url, dispatcher: agent, timeoutMs });

async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(NodeApiError);
  return error as NodeApiError;
}

describe('downloadChunk on an undici dispatcher (buffered path)', () => {
  it('returns the body and records the call', async () => {
    const c = client();
    expect(Buffer.from(await c.downloadChunk(REF))).toEqual(CHUNK);
    expect(c.stats.snapshot().find((s) => s.template === 'GET /chunks/{address}')).toMatchObject({ count: 1, errors: 0, lastStatus: 200 });
  });

  it('an error status is NodeApiError http with Bee’s message', async () => {
    expect(await failure(client().downloadChunk('cd'.repeat(32)))).toMatchObject({ code: 'http', status: 500, beeMessage: 'read chunk failed' });
  });

  it('times out, and stops on the caller’s signal', async () => {
    expect(await failure(client(300).downloadChunk('ef'.repeat(32)))).toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    const pending = client().downloadChunk('ef'.repeat(32), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toMatchObject({ code: 'aborted' });
  });
});

describe('JSON calls on a wire with a buffered path', () => {
  /** undici's wire, counting which of its two paths each call took. */
  function countingClient() {
    const inner = undiciWire(agent);
    const taken = { buffered: 0, streamed: 0 };
    const wire: Wire = {
      request: (request) => (taken.streamed++, inner.request(request)),
      requestBuffered: (request, limit) => (taken.buffered++, inner.requestBuffered!(request, limit)),
    };
    return { client: createNodeClient({ baseUrl: server.url, wire, timeoutMs: 10_000 }), taken };
  }

  it('read whole without a stream: values, a 400 readiness as an answer, statistics', async () => {
    const { client: c, taken } = countingClient();
    expect(await c.health()).toEqual({ status: 'ok', version: '2.8.1', apiVersion: '8.1.0' });
    expect(await c.readiness()).toMatchObject({ ready: false, httpStatus: 400, status: 'notReady' });
    expect(taken).toEqual({ buffered: 2, streamed: 0 });
    expect(c.stats.snapshot().find((s) => s.template === 'GET /health')).toMatchObject({ count: 1, errors: 0, lastStatus: 200 });
  });

  it('the same errors as the streamed path: not JSON, a Bee error, a body over the cap', async () => {
    const { client: c, taken } = countingClient();
    expect(await failure(c.chainstate())).toMatchObject({ code: 'invalid-response', status: 200, bodyExcerpt: '<html>not json</html>' });
    expect(await failure(c.wallet())).toMatchObject({ code: 'http', status: 503, beeMessage: 'wallet not ready' });
    const tooBig = await failure(c.stamps());
    expect(tooBig.code).toBe('invalid-response');
    expect(tooBig.limitBytes).toBe(4 << 20);
    expect(taken.streamed).toBe(0);
    expect(c.stats.snapshot().find((s) => s.template === 'GET /wallet')).toMatchObject({ count: 1, errors: 1, lastStatus: 503 });
  });

  it('a call with a request body still streams (pingpong is a POST)', async () => {
    const { client: c, taken } = countingClient();
    await c.pingpong('ab'.repeat(32)).catch(() => undefined);
    expect(taken).toEqual({ buffered: 0, streamed: 1 });
  });
});
