/**
 * External oracle: bee-js 12.1.0 (Swarm's own JS client) and this client upload the same random data with the same
 * random options to one loopback server; the swarm-* headers that arrive must be identical.
 *
 * Known deliberate difference, excluded from the generator: bee-js drops falsy `redundancyLevel` (0) and `tag` (0);
 * this client sends an explicit 0, because since Bee v2.8.1 the server default is level 1, so 0 is meaningful.
 */
import { Bee } from '@ethersphere/bee-js';
import fc from 'fast-check';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REF } from './bee-fixtures.js';
import { createNodeClient } from './client.js';
import { sendJson, startLoopbackServer, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const tag = request.headers['swarm-tag'];
    sendJson(response, 201, { reference: REF }, typeof tag === 'string' ? { 'swarm-tag': tag } : {});
  });
});
afterAll(() => server.close());

const swarmHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('swarm-')).sort(([a], [b]) => a.localeCompare(b)));

const optionsArbitrary = fc.record(
  {
    pin: fc.boolean(),
    encrypt: fc.boolean(),
    deferred: fc.boolean(),
    tag: fc.integer({ min: 1, max: 2 ** 31 }),
    redundancyLevel: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
  },
  { requiredKeys: [] },
);

describe('upload headers agree with bee-js 12.1.0', () => {
  it('POST /bytes with random options and data', async () => {
    const bee = new Bee(server.url);
    const client = createNodeClient({ baseUrl: server.url });
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 256 }), fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')), optionsArbitrary, async (data, batchId, options) => {
        server.received.length = 0;
        const theirs = await bee.uploadData(batchId, data, options);
        const ours = await client.uploadBytes(data, { batchId, ...options });
        const [fromBeeJs, fromUs] = server.received;
        expect(swarmHeaders(fromUs!.headers)).toEqual(swarmHeaders(fromBeeJs!.headers));
        expect(fromUs!.body).toEqual(fromBeeJs!.body);
        expect(ours.reference).toBe(theirs.reference.toHex());
        expect(ours.tagUid).toBe(options.tag);
      }),
      { numRuns: 30 },
    );
  });

  it('POST /bzz single file with name and content type', async () => {
    const bee = new Bee(server.url);
    const client = createNodeClient({ baseUrl: server.url });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() === name && name.length > 0),
        fc.constantFrom('text/plain', 'application/json', 'image/png'),
        optionsArbitrary,
        async (name, contentType, options) => {
          server.received.length = 0;
          const batchId = 'ab'.repeat(32);
          await bee.uploadFile(batchId, 'content', name, { ...options, contentType });
          await client.uploadFile('content', { batchId, name, contentType, ...options });
          const [fromBeeJs, fromUs] = server.received;
          expect(swarmHeaders(fromUs!.headers)).toEqual(swarmHeaders(fromBeeJs!.headers));
          expect(fromUs!.headers['content-type']).toBe(fromBeeJs!.headers['content-type']);
          expect(new URL(fromUs!.url, server.url).searchParams.get('name')).toBe(new URL(fromBeeJs!.url, server.url).searchParams.get('name'));
        },
      ),
      { numRuns: 30 },
    );
  });
});
