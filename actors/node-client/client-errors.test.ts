/**
 * Every failure becomes a NodeApiError with the right code, a readable message, a bounded excerpt, plain-data JSON,
 * and no token anywhere; every call (failures included) reaches the stats and the onCall hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH } from './bee-fixtures.js';
import type { CallRecord } from './call-stats.js';
import { createCallStats } from './call-stats.js';
import { createNodeClient } from './client.js';
import { NodeApiError, isNotFound } from './errors.js';
import { sendBeeError, sendJson, startLoopbackServer, type LoopbackServer } from './loopback-server.js';
import { freePort } from '../../test/fixtures/devnet-as-bee.js';

const TOKEN = 'tok-5ecret-abcdef';
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const echo = String(request.headers.authorization ?? '');
    switch (request.url.split('?')[0]) {
      case '/health':
        return sendJson(response, 200, { status: 'ok', version: 1, apiVersion: '8.1.0', echo });
      case '/node':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`<html>oops ${'x'.repeat(1000)}`);
        return;
      case `/stamps/${BATCH}/buckets`:
        return sendBeeError(response, 404, 'issuer does not exist');
      case '/addresses':
        return sendBeeError(response, 500, `internal error, your header was ${echo}`);
      case '/status':
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('bad gateway from proxy');
        return;
      case '/topology':
        return; // hangs: never answers
      case '/peers':
        // Headers arrive, then the body stalls mid-way.
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"peers":[');
        return;
      default:
        return sendBeeError(response, 404, 'not found');
    }
  });
});

afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(NodeApiError);
    return error as NodeApiError;
  }
  throw new Error('expected the call to fail');
}

describe('NodeApiError codes', () => {
  it('http: 404 with Bee {code,message} gives status, beeMessage and a readable message with a shortened id', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url }).stampBuckets(BATCH));
    expect(error).toMatchObject({ code: 'http', status: 404, method: 'GET', beeMessage: 'issuer does not exist', template: '/stamps/{id}/buckets' });
    expect(error.url).toBe(`${server.url}/stamps/${BATCH}/buckets`);
    expect(error.message).toBe(`GET ${server.url}/stamps/b2b2b2b2…/buckets -> 404 issuer does not exist`);
    expect(isNotFound(error)).toBe(true);
  });

  it('http: non-JSON 502 keeps the body as excerpt', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url }).status());
    expect(error).toMatchObject({ code: 'http', status: 502, bodyExcerpt: 'bad gateway from proxy' });
    expect(error.beeMessage).toBeUndefined();
    expect(error.message).toMatch(/-> 502 bad gateway from proxy$/);
  });

  it('invalid-response: a schema mismatch names the field and keeps a ≤300 char excerpt', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url }).health());
    expect(error).toMatchObject({ code: 'invalid-response', status: 200 });
    expect(error.message).toMatch(/invalid response: version: /);
    expect(error.bodyExcerpt).toContain('"status":"ok"');
  });

  it('invalid-response: garbage JSON', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url }).node());
    expect(error.code).toBe('invalid-response');
    expect(error.message).toMatch(/not JSON/);
    expect(error.bodyExcerpt!.length).toBeLessThanOrEqual(300);
    expect(error.bodyExcerpt!.startsWith('<html>oops')).toBe(true);
  });

  it('timeout: a server that never answers fails fast with the per-call timeout', async () => {
    const client = createNodeClient({ baseUrl: server.url, timeoutMs: 60_000 });
    const started = performance.now();
    const error = await failure(client.topology({ timeoutMs: 150 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/-> timeout after 150 ms$/);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('timeout: also while the body is still arriving', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url, timeoutMs: 150 }).peers());
    expect(error).toMatchObject({ code: 'timeout', status: 200 });
  });

  it('aborted: the caller signal cancels an in-flight call, and an already-aborted one never sends', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const controller = new AbortController();
    const pending = failure(client.topology({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect((await pending).code).toBe('aborted');

    const before = server.received.length;
    const error = await failure(client.health({ signal: AbortSignal.abort() }));
    expect(error.code).toBe('aborted');
    expect(server.received.length).toBe(before);
  });

  it('network: nothing listening on the port', async () => {
    const port = await freePort();
    const error = await failure(createNodeClient({ baseUrl: `http://127.0.0.1:${port}` }).health());
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.status).toBeUndefined();
  });
});

describe('secrecy and serialisation', () => {
  it('the token never appears in message, url, excerpt, JSON, stats or onCall records', async () => {
    const records: CallRecord[] = [];
    const stats = createCallStats();
    const client = createNodeClient({ baseUrl: server.url, token: TOKEN, stats, onCall: (r) => records.push(r) });
    const errors = [await failure(client.addresses()), await failure(client.health())];
    expect(errors[0]!.bodyExcerpt).toContain('[redacted]');
    const everything = JSON.stringify({ errors, messages: errors.map((e) => e.message), stack: errors.map((e) => e.stack), records, stats: stats.snapshot() });
    expect(everything).not.toContain(TOKEN);
    expect(server.received.some((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('toJSON gives plain data that survives JSON and structuredClone', async () => {
    const error = await failure(createNodeClient({ baseUrl: server.url }).stampBuckets(BATCH));
    const data = error.toJSON();
    expect(JSON.parse(JSON.stringify(error))).toEqual(data);
    expect(structuredClone(data)).toEqual(data);
    expect(Object.keys(data).sort()).toEqual(['beeMessage', 'bodyExcerpt', 'code', 'message', 'method', 'name', 'status', 'template', 'url']);
  });
});

describe('call recording', () => {
  it('records successes and failures under the endpoint template with status and latency', async () => {
    const records: CallRecord[] = [];
    const client = createNodeClient({ baseUrl: server.url, onCall: (r) => records.push(r) });
    await failure(client.stampBuckets(BATCH));
    await failure(client.topology({ timeoutMs: 50 }));
    await client.headUrl(`${server.url}/whatever`);
    expect(records.map((r) => [r.method, r.template, r.status, r.error?.code])).toEqual([
      ['GET', '/stamps/{id}/buckets', 404, 'http'],
      ['GET', '/topology', undefined, 'timeout'],
      ['HEAD', '{url}', 404, undefined],
    ]);
    expect(records.every((r) => r.ms >= 0)).toBe(true);
    const rows = client.stats.snapshot();
    expect(rows.map((r) => r.template)).toEqual(['GET /stamps/{id}/buckets', 'GET /topology', 'HEAD {url}']);
    expect(rows.every((r) => r.count === 1 && r.errors === 1)).toBe(true);
  });

  it('a throwing onCall hook does not break the call', async () => {
    const client = createNodeClient({
      baseUrl: server.url,
      onCall: () => {
        throw new Error('log sink down');
      },
    });
    expect((await failure(client.stampBuckets(BATCH))).status).toBe(404);
  });

  it('refuses a bad base URL and a negative timeout up front', () => {
    expect(() => createNodeClient({ baseUrl: 'ws://127.0.0.1:1633' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createNodeClient({ baseUrl: server.url, timeoutMs: -1 })).toThrow(/timeoutMs/);
  });
});

