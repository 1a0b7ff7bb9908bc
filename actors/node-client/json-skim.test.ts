/**
 * The /topology skim (json-skim.ts) and topologySummary on top of it: the summary of a skimmed answer equals
 * the summary of the whole answer, whatever the peer lists hold; when the skim is unsure the whole text decides.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEE_GET_BODIES } from './bee-fixtures.js';
import { createNodeClient } from './client.js';
import { withoutArrays } from './json-skim.js';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.js';
import { topologySummarySchema } from './schemas/status.js';

const LISTS = ['connectedPeers', 'disconnectedPeers'];
const peer = (address: string) => ({ address, metrics: { latencyEWMA: 3, reachability: 'Public', healthy: true } });

describe('withoutArrays', () => {
  it('replaces each listed array with null and keeps everything else byte for byte', () => {
    const text = JSON.stringify({ a: 1, bins: { bin_0: { connected: 2, connectedPeers: [peer('ab'), peer('cd')], disconnectedPeers: null }, bin_1: { connectedPeers: [] } }, z: 'end' });
    expect(withoutArrays(Buffer.from(text), LISTS)).toBe('{"a":1,"bins":{"bin_0":{"connected":2,"connectedPeers":null,"disconnectedPeers":null},"bin_1":{"connectedPeers":null}},"z":"end"}');
  });

  it('gives up when it cannot be sure: nothing to skip, a nested array, an unclosed list', () => {
    expect(withoutArrays(Buffer.from('{"connectedPeers":null}'), LISTS)).toBeUndefined();
    expect(withoutArrays(Buffer.from('{"connectedPeers":[{"tags":["x"]}]}'), LISTS)).toBeUndefined();
    expect(withoutArrays(Buffer.from('{"connectedPeers":[{"address":"ab"}'), LISTS)).toBeUndefined();
  });

  it('a key inside a string is never matched (JSON escapes the quote after it)', () => {
    const text = JSON.stringify({ note: '"connectedPeers":[1]', connected: 1 });
    expect(withoutArrays(Buffer.from(text), LISTS)).toBeUndefined();
  });
});

describe('topologySummary', () => {
  let server: LoopbackServer;
  let body = '';
  beforeAll(async () => {
    server = await startLoopbackServer((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  afterAll(() => server.close());
  const client = () => createNodeClient({ baseUrl: server.url });
  const wholeSummary = (text: string) => topologySummarySchema.parse(JSON.parse(text));

  it('a Bee answer: the same summary as parsing the whole text', async () => {
    body = JSON.stringify(BEE_GET_BODIES['/topology']);
    expect(await client().topologySummary()).toEqual(wholeSummary(body));
  });

  it('whatever the peer lists hold (brackets and quotes in strings, nested arrays), the summary is the whole text’s', async () => {
    const bin = fc.record({
      population: fc.nat(),
      connected: fc.nat(),
      connectedPeers: fc.option(fc.array(fc.oneof(fc.string().map(peer), fc.record({ address: fc.string(), tags: fc.array(fc.string(), { maxLength: 2 }) })), { maxLength: 4 })),
      disconnectedPeers: fc.option(fc.array(fc.string().map(peer), { maxLength: 3 })),
    });
    const topology = fc.record({
      baseAddr: fc.string(),
      population: fc.nat(),
      connected: fc.nat(),
      timestamp: fc.string(),
      nnLowWatermark: fc.nat(),
      depth: fc.nat({ max: 31 }),
      reachability: fc.string(),
      bins: fc.dictionary(fc.constantFrom('bin_0', 'bin_1', 'bin_2', 'bin_31'), bin),
    });
    await fc.assert(
      fc.asyncProperty(topology, async (value) => {
        body = JSON.stringify(value);
        expect(await client().topologySummary()).toEqual(wholeSummary(body));
      }),
      { numRuns: 150 },
    );
  });

  it('a body that is not JSON is invalid-response with the whole text as its excerpt', async () => {
    body = '{"connectedPeers":[1],"depth":';
    await expect(client().topologySummary()).rejects.toMatchObject({ code: 'invalid-response', bodyExcerpt: body });
  });
});
