/**
 * Numbers Bee cannot answer are invalid answers (issue 24 item 13): negative or 1e308 block numbers, peer counts,
 * depths, TTLs and rounds, BigInts of more than 256 bits. The schemas (schemas/common.ts) bound each to its Go
 * type and the protocol's limits, so the call fails with `invalid-response` naming the field, and a gate reading
 * it is not measured, with why (a chain tip of -1228 gave `PASS chain RPC fresh tip -1228`). Bee's own values pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHealthSnapshot } from '../cockpit/health-snapshot.js';
import { computeGates } from '../../core/cockpit/gates.js';
import { BATCH, BEE_GET_BODIES } from './bee-fixtures.js';
import { createNodeClient, type NodeClient } from './client.js';
import { nodeApiFailure } from './node-api-failure.js';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.js';

let server: LoopbackServer;
let bodies: Record<string, unknown> = {};

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const body = bodies[request.url.split('?')[0]!];
    const text = JSON.stringify(body ?? { code: 404, message: 'Not Found' });
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  });
});
afterAll(() => server.close());

/** The fixture at `path` with `field` (dotted; array indices as numbers) set to `value`. */
function withField(path: string, field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(BEE_GET_BODIES) as Record<string, unknown>;
  let at = copy[path] as Record<string, unknown>;
  const keys = field.split('.');
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

const CASES: ReadonlyArray<[path: string, field: string, call: (c: NodeClient) => Promise<unknown>]> = [
  ['/chainstate', 'chainTip', (c) => c.chainstate()],
  ['/chainstate', 'block', (c) => c.chainstate()],
  ['/status', 'connectedPeers', (c) => c.status()],
  ['/status', 'lastSyncedBlock', (c) => c.status()],
  ['/status', 'storageRadius', (c) => c.status()],
  ['/status', 'reserveSizeWithinRadius', (c) => c.status()],
  ['/status', 'pullsyncRate', (c) => c.status()],
  ['/topology', 'depth', (c) => c.topologySummary()],
  ['/topology', 'connected', (c) => c.topologySummary()],
  ['/topology', 'bins.bin_0.connected', (c) => c.topologySummary()],
  ['/topology', 'population', (c) => c.topology()],
  ['/reservestate', 'storageRadius', (c) => c.reservestate()],
  ['/reservestate', 'commitment', (c) => c.reservestate()],
  ['/redistributionstate', 'round', (c) => c.redistributionstate()],
  ['/redistributionstate', 'block', (c) => c.redistributionstate()],
  ['/stamps', 'stamps.0.batchTTL', (c) => c.stamps()],
  ['/stamps', 'stamps.0.depth', (c) => c.stamps()],
  [`/stamps/${BATCH}`, 'blockNumber', (c) => c.stamp(BATCH)],
  ['/batches', 'batches.0.start', (c) => c.batches()],
  ['/wallet', 'chainID', (c) => c.wallet()],
];

/** Values no Bee field of these kinds can hold. */
const ABSURD: readonly unknown[] = [-1228, 1e308, -1e308, 2 ** 64, 1.5e-300 * -1, 300.5];

const invalidFor = (call: () => Promise<unknown>) => nodeApiFailure(call());

describe('response schemas bound the numbers Bee can answer', () => {
  it.each(CASES)('%s %s: absurd values are invalid answers naming the field', async (path, field, call) => {
    const client = createNodeClient({ baseUrl: server.url });
    for (const value of ABSURD) {
      // A TTL of -1 is Bee's "unknown"; 300.5 is no count; for floats (pull-sync rate) only the out-of-range ones.
      if (field === 'pullsyncRate' && typeof value === 'number' && value >= 0 && value <= Number.MAX_SAFE_INTEGER) continue;
      bodies = withField(path, field, value);
      const error = await invalidFor(() => call(client));
      expect(error, `${field} = ${String(value)}`).toMatchObject({ code: 'invalid-response' });
      expect(error.message).toContain(field);
    }
  });

  it("Bee's own values pass, -1 TTLs and 256 for a node's own proximity included", async () => {
    const client = createNodeClient({ baseUrl: server.url });
    bodies = withField('/stamps', 'stamps.0.batchTTL', -1);
    await expect(client.stamps()).resolves.toHaveLength(1);
    bodies = withField('/status', 'proximity', 256);
    await expect(client.status()).resolves.toMatchObject({ proximity: 256 });
    bodies = { ...BEE_GET_BODIES };
    for (const call of CASES.map(([, , c]) => c)) await expect(call(client)).resolves.toBeDefined();
  });

  it('BigInts: more than 78 digits (past 256 bits), or a JSON number past 2^53, are invalid', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    bodies = withField('/wallet', 'bzzBalance', '9'.repeat(79));
    expect(await invalidFor(() => client.wallet())).toMatchObject({ code: 'invalid-response' });
    bodies = withField('/chainstate', 'currentPrice', 1e308);
    expect(await invalidFor(() => client.chainstate())).toMatchObject({ code: 'invalid-response' });
    bodies = withField('/chainstate', 'currentPrice', 24_000);
    await expect(client.chainstate()).resolves.toMatchObject({ currentPrice: '24000' });
  });

  it('a gate fed an absurd chain tip is not measured, with why: never a Pass drawn from it', async () => {
    const client = createNodeClient({ baseUrl: server.url });
    bodies = withField('/chainstate', 'chainTip', -1228);
    const gates = computeGates(await fetchHealthSnapshot(client));
    const chain = gates.find((g) => g.id === 'chainRpcFresh')!;
    expect(chain.state).toBe('Unknown');
    expect(chain.reason).toMatch(/^not measured: \/chainstate: .*chainTip/);
    expect(chain.reason).not.toContain('tip -1228');
    bodies = withField('/status', 'connectedPeers', 1e308);
    // /status is no answer; the count comes from /topology, which Bee answered (10 peers), never from 1e308.
    const peers = computeGates(await fetchHealthSnapshot(client)).find((g) => g.id === 'peerCount')!;
    expect(peers.reason).toMatch(/^10 connected peers/);
  });
});
