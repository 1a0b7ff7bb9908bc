import { describe, expect, it } from 'vitest';
import { createFetchRetcheckApi, isMixedContentBlocked } from './fetch-retcheck-api.js';
import type { RetcheckApi } from './retcheck-api.js';
import { startHugeBodyServer, type HostileServer } from '../../devnet/testing/hostile-node.js';

describe('mixed-content rule (spec 1 §5)', () => {
  it('blocks plain-HTTP non-loopback nodes from an HTTPS page only', () => {
    expect(isMixedContentBlocked('http://node.example:1633', 'https:')).toBe(true);
    expect(isMixedContentBlocked('http://192.0.2.1:1633', 'https:')).toBe(true);
    expect(isMixedContentBlocked('http://localhost:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://127.0.0.1:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://[::1]:1633', 'https:')).toBe(false);
    expect(isMixedContentBlocked('https://node.example', 'https:')).toBe(false);
    expect(isMixedContentBlocked('http://node.example:1633', 'http:')).toBe(false);
  });
});

describe('body caps on the fetch transport (real servers sending 200 MB)', () => {
  const HUGE = 200 * 1024 * 1024;
  const IN_FLIGHT = 16 * 1024 * 1024;
  const limits = { timeoutMs: 20_000 };

  async function wrote(server: HostileServer): Promise<number> {
    for (let i = 0; i < 200 && !server.bodies.every((b) => b.cutShort || b.written === HUGE); i++) await new Promise((r) => setTimeout(r, 10));
    return Math.max(...server.bodies.map((b) => b.written));
  }

  it.each([
    ['stewardship JSON', false, (api: RetcheckApi, url: string) => api.stewardship(url, 'ab'.repeat(32), limits)],
    ['version JSON with a declared length', true, (api: RetcheckApi, url: string) => api.version(url, limits)],
    ['a chunk', false, (api: RetcheckApi, url: string) => api.chunk(url, 'ab'.repeat(32), limits)],
    ['a feed root chunk', false, (api: RetcheckApi, url: string) => api.resolveFeed(url, '12'.repeat(20), '34'.repeat(32), limits)],
  ])('%s stops at its cap', async (_what, declareLength, call) => {
    const server = await startHugeBodyServer(HUGE, { declareLength });
    try {
      await expect(call(createFetchRetcheckApi(), server.url)).rejects.toThrow(/limit of \d+ bytes/);
      expect(await wrote(server)).toBeLessThan(IN_FLIGHT);
    } finally {
      await server.close();
    }
  });

  it('an error status with a 200 MB body keeps an excerpt only', async () => {
    const server = await startHugeBodyServer(HUGE, { status: 500 });
    try {
      await expect(createFetchRetcheckApi().overlay(server.url, limits)).rejects.toThrow(/-> 500 \{\{\{/);
      expect(await wrote(server)).toBeLessThan(IN_FLIGHT);
    } finally {
      await server.close();
    }
  });
});

describe('numbers Bee cannot answer (issue 24 item 13)', () => {
  it("a batch TTL that is no int64 of seconds is an invalid answer, not a batch's life; Bee's -1 is unknown", async () => {
    const { startJsonServer } = await import('../../devnet/testing/hostile-node.js');
    let ttl: unknown = -1228;
    const server = await startJsonServer({ [`/stamps/${'b2'.repeat(32)}`]: () => ({ usable: true, batchTTL: ttl }) });
    try {
      const api = createFetchRetcheckApi();
      for (const absurd of [-1228, 1e308, 2.5, '86400']) {
        ttl = absurd;
        await expect(api.batch(server.url, 'b2'.repeat(32), { timeoutMs: 5000 }), String(absurd)).rejects.toThrow(/batchTTL is not a number of seconds Bee can answer/);
      }
      ttl = -1;
      await expect(api.batch(server.url, 'b2'.repeat(32), { timeoutMs: 5000 })).resolves.toMatchObject({ exists: true, ttlSeconds: -1 });
      ttl = 86_400;
      await expect(api.batch(server.url, 'b2'.repeat(32), { timeoutMs: 5000 })).resolves.toMatchObject({ ttlSeconds: 86_400 });
    } finally {
      await server.close();
    }
  });
});
