/**
 * The buffered fast path (undici dispatch, undici-wire.ts) behind downloadChunk when a dispatcher is given:
 * the same answers, errors, timeouts, cancellation and statistics as the streamed path, on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { createNodeClient } from './client.js';
import { NodeApiError } from './errors.js';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from './loopback-server.js';

const REF = 'ab'.repeat(32);
const CHUNK = Buffer.from(Array.from({ length: 4104 }, (_, i) => i & 0xff));
let server: LoopbackServer;
const agent = new Agent();

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const id = request.url.split('/').pop();
    if (id === REF) response.writeHead(200, { 'content-type': 'binary/octet-stream', 'x-extra': 'yes' }).end(CHUNK);
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
