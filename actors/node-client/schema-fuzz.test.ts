/**
 * Boundary validation under hostile bodies: unknown extra fields are tolerated (a newer Bee must not break us),
 * while random, truncated or re-typed bodies fail only with NodeApiError('invalid-response'), never a crash.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEE_GET_BODIES } from './bee-fixtures.js';
import { createNodeClient, type NodeClient } from './client.js';
import { NodeApiError } from './errors.js';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer;
let nextBody = '';

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(nextBody);
  });
});
afterAll(() => server.close());

/** Endpoints whose whole JSON body is validated, with the fixture path that answers them. */
const CASES: ReadonlyArray<[string, (c: NodeClient) => Promise<unknown>]> = [
  ['/health', (c) => c.health()],
  ['/status', (c) => c.status()],
  ['/topology', (c) => c.topology()],
  ['/topology', (c) => c.topologySummary()],
  ['/chainstate', (c) => c.chainstate()],
  ['/redistributionstate', (c) => c.redistributionstate()],
  ['/wallet', (c) => c.wallet()],
  ['/stamps', (c) => c.stamps()],
  ['/transactions', (c) => c.transactions()],
  ['/chequebook/cheque', (c) => c.cheques()],
  ['/tags', (c) => c.tags()],
];

/** Adds random extra keys at the top level and in nested objects. */
function withExtras(value: unknown, extras: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withExtras(item, extras));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = withExtras(inner, extras);
    for (const [key, extra] of Object.entries(extras)) if (!(key in copy)) copy[key] = extra;
    return copy;
  }
  return value;
}

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await call() };
  } catch (error) {
    return error;
  }
}

describe('response schemas', () => {
  it('tolerate unknown extra fields anywhere and parse to the same value', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        async ([path, call], extras) => {
          nextBody = JSON.stringify(BEE_GET_BODIES[path]);
          const plain = await call(client);
          nextBody = JSON.stringify(withExtras(BEE_GET_BODIES[path], extras));
          expect(await call(client)).toEqual(plain);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('random JSON, truncated bodies and random bytes only ever fail with invalid-response', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const hostileBody = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.tuple(fc.constantFrom(...CASES.map(([path]) => JSON.stringify(BEE_GET_BODIES[path]))), fc.double({ min: 0, max: 1, noNaN: true })).map(
        ([text, cut]) => text.slice(0, Math.floor(text.length * cut)),
      ),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES), hostileBody, async ([, call], body) => {
        nextBody = body;
        const result = await outcome(() => call(client));
        if (result instanceof NodeApiError) {
          expect(result.code).toBe('invalid-response');
          expect((result.bodyExcerpt ?? '').length).toBeLessThanOrEqual(300);
        } else {
          expect(result).toHaveProperty('ok');
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a wrong type in a known field names the field', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    nextBody = JSON.stringify({ stamps: [{ ...(BEE_GET_BODIES['/stamps'] as { stamps: object[] }).stamps[0], usable: 'yes' }] });
    await expect(client.stamps()).rejects.toThrow(/invalid response: stamps\.0\.usable: /);
  });
});
