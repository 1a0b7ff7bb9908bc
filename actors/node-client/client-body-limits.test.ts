/**
 * Body caps (body-limits.ts) against real servers that send far more than any Bee answer: every reader stops
 * at its cap while the body streams in, on both wires (node:http by default, undici when a dispatcher is
 * given). The servers count what they managed to write, so "stopped reading" is checked on the wire.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { CHUNK_BODY_LIMIT, DEFAULT_JSON_LIMIT, jsonLimitFor, SMALL_JSON_LIMIT } from './body-limits.js';
import { createNodeClient, type NodeClient } from './client.js';
import { nodeApiFailure } from './node-api-failure.js';
import { startHugeBodyServer, type HostileServer } from '../../devnet/testing/hostile-node.js';

const HUGE = 200 * 1024 * 1024;
/** What may be in flight (socket buffers on both sides) when the client hangs up. */
const IN_FLIGHT = 16 * 1024 * 1024;
const REF = 'ab'.repeat(32);

const agent = new Agent();
afterAll(() => agent.close());

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function huge(options: { declareLength?: boolean; contentType?: string } = {}): Promise<HostileServer> {
  const server = await startHugeBodyServer(HUGE, options);
  servers.push(server);
  return server;
}

/** Waits until the server saw the connection close, then returns what it wrote. */
async function writtenBy(server: HostileServer): Promise<number> {
  for (let i = 0; i < 200 && !server.bodies.every((b) => b.cutShort || b.written === HUGE); i++) await new Promise((r) => setTimeout(r, 10));
  return Math.max(...server.bodies.map((b) => b.written));
}

const failure = nodeApiFailure;

describe.each([
  ['node:http (default)', (url: string) => createNodeClient({ baseUrl: url })],
  ['undici dispatcher', (url: string) => createNodeClient({ baseUrl: url, dispatcher: agent })],
] as const)('body caps on the %s wire', (_wire, client: (url: string) => NodeClient) => {
  it('a 200 MB chunked JSON answer is cut off at its cap (64 KiB for /health): invalid-response with limitBytes', async () => {
    const server = await huge();
    const error = await failure(client(server.url).health());
    expect(error).toMatchObject({ code: 'invalid-response', limitBytes: SMALL_JSON_LIMIT });
    expect(error.message).toContain('limit');
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('a declared Content-Length over the cap is refused before the body is read', async () => {
    const server = await huge({ declareLength: true });
    const error = await failure(client(server.url).loggers());
    expect(error).toMatchObject({ code: 'invalid-response', limitBytes: DEFAULT_JSON_LIMIT });
    expect(error.message).toContain(`${HUGE} bytes (Content-Length)`);
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('GET /chunks accepts at most a single-owner chunk', async () => {
    const server = await huge({ contentType: 'binary/octet-stream' });
    const error = await failure(client(server.url).downloadChunk(REF));
    expect(error).toMatchObject({ code: 'invalid-response', limitBytes: CHUNK_BODY_LIMIT });
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('buffered downloads stop at maxBytes', async () => {
    const server = await huge({ contentType: 'binary/octet-stream' });
    const error = await failure(client(server.url).downloadBytes(REF, { maxBytes: 1000 }));
    expect(error).toMatchObject({ code: 'invalid-response', limitBytes: 1000 });
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('an unused success body is dropped with its connection after a few KiB; the call still succeeds', async () => {
    const server = await huge();
    await expect(client(server.url).deleteTag(1)).resolves.toMatchObject({ status: 200 });
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('an NDJSON line that never ends is cut off', async () => {
    const server = await huge();
    const lines = client(server.url).pinsCheck();
    const error = await failure(lines.next());
    expect(error).toMatchObject({ code: 'invalid-response' });
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });

  it('an error status with a 200 MB body reads only an excerpt', async () => {
    const server = await startHugeBodyServer(HUGE, { status: 500 });
    servers.push(server);
    const error = await failure(client(server.url).health());
    expect(error).toMatchObject({ code: 'http', status: 500 });
    expect(await writtenBy(server)).toBeLessThan(IN_FLIGHT);
  });
});

describe('caps by endpoint', () => {
  it('large answers have room (the bucket histogram, the chain batches), fixed-shape ones 64 KiB, everything else 1 MiB', () => {
    expect(jsonLimitFor('/stamps/{id}/buckets')).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(jsonLimitFor('/batches')).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    for (const template of ['/health', '/readiness', '/status', '/chainstate', '/addresses', '/stewardship/{ref}']) expect(jsonLimitFor(template), template).toBe(SMALL_JSON_LIMIT);
    expect(jsonLimitFor('/loggers')).toBe(DEFAULT_JSON_LIMIT);
  });
});
