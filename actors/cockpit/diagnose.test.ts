import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../node-client/index.js';
import { startLoopbackServer } from '../node-client/loopback-server.js';
import { DIAGNOSE_PROFILE_MS, redactConfig, scrubText, writeDiagnosticBundle } from './diagnose.js';

const TOKEN = 'tok-3f9a7c21b4d8e6f0';
let parentDir: string;
beforeAll(async () => {
  parentDir = await mkdtemp(join(tmpdir(), 'diagnose-test-'));
});
afterAll(async () => {
  await rm(parentDir, { recursive: true, force: true });
});

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe(':diagnose bundle', () => {
  it('holds a CPU profile, versions, redacted config, gates, call statistics and the last log lines, and no token anywhere', async () => {
    // Real calls with the token, so the call statistics are the client's own.
    const server = await startLoopbackServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ok', version: '2.8.1', apiVersion: '8.1.0' }));
    });
    const client = createNodeClient({ baseUrl: server.url, token: TOKEN });
    await client.health();
    await server.close();
    const result = await writeDiagnosticBundle({
      versions: { cockpit: '0.1.0', node: 'Bee 2.8.1' },
      config: { nodes: [{ name: 'n1', url: `http://admin:${TOKEN}@10.0.0.5:1633`, token: TOKEN }, { name: 'n2', url: 'http://n2:1633', token: '@env:N2_TOKEN' }], store: { bin: '/usr/bin/bee' } },
      secrets: [TOKEN],
      gates: { n1: [{ id: 'api_reachable', state: 'Pass', reason: `ok (token ${TOKEN})` }] },
      callStats: client.stats.snapshot(),
      logs: { errors: [`"level"="error" "msg"="auth" "header"="Authorization: Bearer ${TOKEN}"`], cockpit: [`GET ${server.url}/health?token=${TOKEN} -> 200`] },
      profileMs: 300,
      parentDir,
    });
    expect(result.files).toEqual(['README.txt', 'call-stats.json', 'config.json', 'gates.json', 'logs/cockpit.log', 'logs/errors.log', 'profile.cpuprofile', 'versions.json']);
    const profile = JSON.parse(await readFile(join(result.dir, 'profile.cpuprofile'), 'utf8')) as { nodes: unknown[]; startTime: number; endTime: number };
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.endTime - profile.startTime).toBeGreaterThanOrEqual(300_000); // microseconds
    expect(JSON.parse(await readFile(join(result.dir, 'config.json'), 'utf8'))).toEqual({
      nodes: [{ name: 'n1', url: 'http://[redacted]@10.0.0.5:1633', token: '[redacted]' }, { name: 'n2', url: 'http://n2:1633', token: '@env:N2_TOKEN' }],
      store: { bin: '/usr/bin/bee' },
    });
    expect(JSON.parse(await readFile(join(result.dir, 'call-stats.json'), 'utf8'))[0]).toMatchObject({ template: 'GET /health', count: 1 });
    expect(await readFile(join(result.dir, 'logs', 'errors.log'), 'utf8')).toContain('Bearer [redacted]');
    // The grep: the token is in no file of the bundle.
    for (const file of await allFiles(result.dir)) expect(await readFile(file, 'utf8'), file).not.toContain(TOKEN);
    expect(DIAGNOSE_PROFILE_MS).toBe(10_000);
  });

  it('redacts secret-looking keys and credential shapes', () => {
    expect(redactConfig({ a: { password: 'p', api_key: 'k', name: 'x', empty_token: '' } })).toEqual({ a: { password: '[redacted]', api_key: '[redacted]', name: 'x', empty_token: '' } });
    expect(scrubText('curl -H "Authorization: bearer abc.def" https://u:p@h/x?access_token=zz&b=1', [])).toBe('curl -H "Authorization: bearer [redacted]" https://[redacted]@h/x?access_token=[redacted]&b=1');
  });
});
