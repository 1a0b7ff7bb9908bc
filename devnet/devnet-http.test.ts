/** HTTP behaviour shared by all routes: prefixes, CORS, auth, errors, logs and the control API. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from './devnet.js';

let devnet: StartedDevnet;
const ALLOWED = 'http://app.example:5173';

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, mineBlocks: false, corsOrigins: [ALLOWED], token: 's3cret', seed: 'http-test' });
});
afterAll(() => devnet.stop());

const url = (path: string, i = 0): string => `${devnet.nodes[i]!.url}${path}`;
const auth = { authorization: 'Bearer s3cret' };

describe('routing', () => {
  it('serves API routes at /x and /v1/x, root-only routes only at the root', async () => {
    expect((await fetch(url('/health'))).status).toBe(200);
    const v1Health = await fetch(url('/v1/health'), { headers: auth });
    expect(v1Health.status).toBe(404);
    expect(await v1Health.json()).toEqual({ code: 404, message: 'Not Found' });
    expect((await fetch(url('/v1/tags'), { headers: auth })).status).toBe(200);
    expect((await fetch(url('/tags'), { headers: auth })).status).toBe(200);
    const wrongMethod = await fetch(url('/bytes'), { method: 'GET', headers: auth });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await (await fetch(url('/'))).text()).toBe('Ethereum Swarm Bee\n');
  });
});

describe('authentication', () => {
  it('requires the bearer token on API routes (401) but not on /health', async () => {
    const denied = await fetch(url('/tags'));
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ code: 401, message: 'Unauthorized' });
    expect((await fetch(url('/tags'), { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url('/health'))).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers an allowed origin with Bee\'s CORS headers and a disallowed one with none', async () => {
    const allowed = await fetch(url('/health'), { headers: { origin: ALLOWED } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS, POST, PUT, DELETE');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Swarm-Postage-Batch-Id');
    const rejected = await fetch(url('/health'), { headers: { origin: 'http://evil.example' } });
    expect(rejected.status).toBe(200);
    expect(rejected.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight without a token, with the CORS headers for an allowed origin', async () => {
    const preflight = await fetch(url('/stewardship/' + '00'.repeat(32)), {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('allow')).toBe('GET, PUT');
  });
});

describe('control API and logs', () => {
  it('lists the devnet, flips faults over HTTP (on another node too) and redacts the token', async () => {
    const listing = (await (await fetch(url('/_devnet'))).json()) as { nodes: { url: string; overlay: string; faults: { authToken: string } }[] };
    expect(listing.nodes.map((n) => n.overlay)).toEqual(devnet.nodes.map((n) => n.overlay));
    expect(listing.nodes[0]!.faults.authToken).toBe('(set)');
    const patched = await fetch(url('/_devnet/nodes/1/faults'), { method: 'PATCH', body: JSON.stringify({ down: true }) });
    expect(patched.status).toBe(200);
    await expect(fetch(url('/health', 1))).rejects.toThrow();
    await fetch(url('/_devnet/nodes/1/faults'), { method: 'PATCH', body: JSON.stringify({ down: false }) });
    expect((await fetch(url('/health', 1))).status).toBe(200);
    const bad = await fetch(url('/_devnet/nodes/0/faults'), { method: 'PATCH', body: JSON.stringify({ latencyMs: -1 }) });
    expect(bad.status).toBe(400);
    expect((await fetch(url('/v1/_devnet'))).status).not.toBe(200);
  });

  it('writes a Bee-like log file with startup lines and HTTP access lines', async () => {
    await fetch(url('/tags'), { headers: auth });
    const lines = (await (await fetch(url('/_devnet/nodes/0/log'))).text()).split('\n');
    const access = lines.find((l) => l.includes('"msg"="api access"') && l.includes('"uri"="/tags"'));
    expect(access).toMatch(/^"time"="\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}" "level"="debug" "logger"="node\/api" "msg"="api access" "ip"="[^"]+" "method"="GET" "uri"="\/tags" "proto"="HTTP\/1.1" "status"=200 /);
    const other = await startDevnet({ nodes: 1, mineBlocks: false, seed: 'log-test', keepLogs: true });
    await fetch(`${other.nodes[0]!.url}/health`);
    await other.stop();
    const file = await readFile(other.nodes[0]!.logFile, 'utf8');
    await rm(other.logDir, { recursive: true, force: true });
    expect(file).toContain('"msg"="using overlay address"');
    expect(file).toContain(`"address"="${other.nodes[0]!.overlay}"`);
    expect(file).toContain('"uri"="/health"');
    expect(file).not.toContain('s3cret');
  });

  it('removes its temporary log directory on stop unless asked to keep it, and never a directory it was given', async () => {
    const temp = await startDevnet({ nodes: 1, mineBlocks: false, batchDepth: 0 });
    expect(existsSync(temp.nodes[0]!.logFile)).toBe(true);
    await temp.stop();
    expect(existsSync(temp.logDir)).toBe(false);
    const mine = await mkdtemp(join(tmpdir(), 'devnet-given-'));
    const given = await startDevnet({ nodes: 1, mineBlocks: false, batchDepth: 0, logDir: mine });
    await given.stop();
    expect(existsSync(join(mine, 'node-0.log'))).toBe(true);
    await rm(mine, { recursive: true, force: true });
  });

  it('derives the same overlays from the same seed', async () => {
    const again = await startDevnet({ nodes: 2, mineBlocks: false, seed: 'http-test', batchDepth: 0 });
    try {
      expect(again.nodes.map((n) => n.overlay)).toEqual(devnet.nodes.map((n) => n.overlay));
    } finally {
      await again.stop();
    }
  });
});
