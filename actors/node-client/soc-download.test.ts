/** GET /soc/{owner}/{id}: headers out, the wrapped chunk and the signature back, 404 as an error, a cap on the body. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient, isNotFound } from './index.js';
import { sendBeeError, startLoopbackServer, type LoopbackServer } from './loopback-server.js';

const OWNER = 'ab'.repeat(20);
const ID = 'cd'.repeat(32);
const SIG = 'ef'.repeat(65);
const HUGE = '11'.repeat(32);
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const huge = request.url.startsWith(`/soc/${OWNER}/${HUGE}`);
    if (request.url.startsWith(`/soc/${OWNER}/${ID}`) || huge) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'swarm-soc-signature': SIG });
      response.end(Buffer.alloc(huge ? 5000 : 16, 7));
      return;
    }
    return sendBeeError(response, 404, 'Not Found');
  });
});
afterAll(() => server.close());

describe('node client downloadSoc', () => {
  it('asks for the root chunk only and returns the bytes with the signature', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const soc = await client.downloadSoc(`0x${OWNER}`, ID, { onlyRootChunk: true });
    expect(soc).toEqual({ data: new Uint8Array(16).fill(7), signature: SIG });
    const sent = server.received[server.received.length - 1]!;
    expect(sent.url).toBe(`/soc/${OWNER}/${ID}`);
    expect(sent.headers['swarm-only-root-chunk']).toBe('true');
  });

  it('throws a 404 NodeApiError for a missing SOC and refuses a root chunk larger than a SOC', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    const missing = await client.downloadSoc(OWNER, '00'.repeat(32)).catch((e: unknown) => e);
    expect(isNotFound(missing)).toBe(true);
    expect(() => client.downloadSoc(OWNER, 'zz')).toThrow(/SOC identifier/);
    // The cap is a SOC's size (4201 bytes) when only the root chunk is asked for.
    await expect(client.downloadSoc(OWNER, HUGE, { onlyRootChunk: true })).rejects.toMatchObject({ code: 'invalid-response' });
    await expect(client.downloadSoc(OWNER, HUGE)).resolves.toMatchObject({ data: expect.any(Uint8Array) });
  });
});
