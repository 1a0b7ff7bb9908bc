/**
 * JSON whose parsed form would be many times its size is refused unparsed (issue 24 item 2; json-shape.ts), while
 * Bee's largest answers pass: the estimate is checked against V8's own heap after JSON.parse, and the node client
 * is run against loopback nodes answering hostile shapes under each endpoint's cap, on the raw wire and node:http.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { jsonLimitFor } from './body-limits.js';
import { createNodeClient, type NodeClient } from './client.js';
import { nodeApiFailure } from './node-api-failure.js';
import { HEAP_FACTOR, JSON_DEPTH_LIMIT, jsonShapeFault, SCAN_FROM } from './json-shape.js';
import { createNodeHttpWire } from './node-http-wire.js';
import { createRawHttpWire } from './raw-http-wire.js';
import { NESTED_JSON_SHAPES, startNestedJsonServer, type NestedJsonShapeName, type RawServer } from '../../devnet/testing/hostile-streams.js';

const MB = 1024 * 1024;
const hex = (n: number, seed: number) => (seed.toString(16).padStart(8, '0').repeat(Math.ceil(n / 8)) + '0'.repeat(n)).slice(0, n);

/** Answers shaped as Bee's largest, at or above their real sizes. */
const BEE_SHAPED = {
  'bucket histogram (65,536 buckets)': () => JSON.stringify({ depth: 24, bucketDepth: 16, bucketUpperBound: 256, buckets: Array.from({ length: 65_536 }, (_, i) => ({ bucketID: i, collisions: i % 7 })) }),
  'chain batches (20,000)': () =>
    JSON.stringify({ batches: Array.from({ length: 20_000 }, (_, i) => ({ batchID: hex(64, i), value: String(1e15 + i), start: 30_000_000 + i, owner: hex(40, i), depth: 22, bucketDepth: 16, immutable: true, batchTTL: 12_345_678 })) }),
  'topology (9,600 peers with metrics)': () => {
    const peer = (i: number) => ({ address: hex(64, i), metrics: { lastSeenTimestamp: 1_700_000_000, sessionConnectionRetry: 0, connectionTotalDuration: 1234, sessionConnectionDuration: 12, sessionConnectionDirection: 'inbound', latencyEWMA: 1_234_567, reachability: 'Public', healthy: true } });
    const bins: Record<string, unknown> = {};
    for (let b = 0; b < 32; b++) bins[`bin_${b}`] = { population: 300, connected: 10, disconnectedPeers: Array.from({ length: 290 }, (_, i) => peer(b * 300 + i)), connectedPeers: Array.from({ length: 10 }, (_, i) => peer(b * 300 + 290 + i)) };
    return JSON.stringify({ baseAddr: hex(64, 1), population: 9600, connected: 320, timestamp: '2024-01-01T00:00:00Z', nnLowWatermark: 3, depth: 10, reachability: 'Public', networkAvailability: 'Available', bins });
  },
  'pins (100,000)': () => JSON.stringify({ references: Array.from({ length: 100_000 }, (_, i) => hex(64, i)) }),
  'accounting (5,000 peers)': () => {
    const peerData: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) peerData[hex(64, i)] = { balance: '-12345', consumedBalance: '0', thresholdReceived: '13500000', thresholdGiven: '13500000', surplusBalance: '0', reservedBalance: '0', ghostBalance: '0' };
    return JSON.stringify({ peerData });
  },
};

/** More shapes that cost far more than their text, beyond the ones hostile-streams.ts serves. */
const COSTLY = {
  'short keys in one object': (bytes: number) => {
    let text = '{';
    for (let i = 0; text.length < bytes; i++) text += `"k${i.toString(36)}":1,`;
    return `${text}"z":1}`;
  },
  'small integers': (bytes: number) => `[${'1,'.repeat(bytes / 2 - 1)}1]`,
  'doubles and short strings': (bytes: number) => `[${'1.5,"ab",'.repeat(bytes / 9)}1]`,
  'one-key objects': (bytes: number) => `[${'{"a":1},'.repeat(bytes / 8 - 1)}{"a":1}]`,
};

describe('jsonShapeFault', () => {
  it.each(Object.keys(BEE_SHAPED) as (keyof typeof BEE_SHAPED)[])("Bee's %s: accepted", (name) => {
    const text = BEE_SHAPED[name]();
    expect(text.length).toBeGreaterThan(SCAN_FROM);
    expect(jsonShapeFault(text)).toBeUndefined();
  });

  it.each([...(Object.keys(NESTED_JSON_SHAPES) as NestedJsonShapeName[]).map((n) => [n, NESTED_JSON_SHAPES[n]] as const), ...Object.entries(COSTLY)])('%s: refused, before parsing', (_name, make) => {
    const text = make(2 * MB);
    expect(jsonShapeFault(text)).toMatch(new RegExp(`nesting deeper than ${JSON_DEPTH_LIMIT} levels|over ${HEAP_FACTOR} times its`));
  });

  it('its estimate bounds what V8 builds: an accepted text takes at most about HEAP_FACTOR times its size once parsed', () => {
    // Each accepted text's heap after JSON.parse is measured (after collections, where the test run allows one).
    const gc = (globalThis as { gc?: () => void }).gc;
    for (const make of Object.values(BEE_SHAPED)) {
      const text = make();
      gc?.();
      const before = process.memoryUsage().heapUsed;
      const value: unknown = JSON.parse(text);
      gc?.();
      const grown = process.memoryUsage().heapUsed - before;
      expect(value).toBeTruthy();
      expect(grown / text.length).toBeLessThan(HEAP_FACTOR + 1);
    }
  });

  it('small texts are not walked; malformed ones are left for JSON.parse to name', () => {
    expect(jsonShapeFault('['.repeat(SCAN_FROM - 1))).toBeUndefined();
    expect(jsonShapeFault(`{"a":"${'x'.repeat(SCAN_FROM)}`)).toBeUndefined();
    expect(jsonShapeFault(`"${'\\"'.repeat(SCAN_FROM)}"`)).toBeUndefined();
  });
});

describe.each([
  ['raw', 'raw'],
  ['node:http', 'node:http'],
] as const)('the node client on the %s wire against hostile JSON under each cap', (_name, kind) => {
  const fallback = createNodeHttpWire();
  const raw = createRawHttpWire({ fallback });
  afterAll(() => {
    raw.close();
    fallback.close();
  });
  let servers: RawServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  const client = (url: string): NodeClient => createNodeClient({ baseUrl: url, timeoutMs: 20_000, ...(kind === 'raw' ? { wire: raw } : {}) });
  /** Just under the cap of the path's endpoint. */
  const underCap = (path: string) => (path === '/topology' ? jsonLimitFor('/topology') : path === '/loggers' ? jsonLimitFor('/loggers') : jsonLimitFor('/health')) - 64;

  it.each(Object.keys(NESTED_JSON_SHAPES) as NestedJsonShapeName[])('%s: /topology (summary and whole), /loggers and /health refused as invalid-response', async (shape) => {
    const server = await startNestedJsonServer(shape, underCap);
    servers.push(server);
    const node = client(server.url);
    // The large ones are refused before JSON.parse builds anything; /health's cap (64 KiB) is below what is walked.
    const calls = [
      [() => node.topologySummary(), /could not be skimmed off|JSON not parsed/],
      [() => node.topology(), /JSON not parsed: (nesting deeper|its shape would take)/],
      [() => node.loggers(), /JSON not parsed: (nesting deeper|its shape would take)/],
      [() => node.health(), /./],
    ] as const;
    for (const [call, why] of calls) {
      const error = await nodeApiFailure(call());
      expect(error).toMatchObject({ code: 'invalid-response' });
      expect(error.message).toMatch(why);
    }
  });
});
