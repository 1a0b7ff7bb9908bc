import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../node-client/index.js';
import { startLoopbackServer } from '../node-client/loopback-server.js';
import { gunzipSync, gzipSync } from 'node:zlib';
import { startDevnet } from '../../devnet/devnet.js';
import { DIAGNOSE_PROFILE_MS, redactConfig, scrubText, secretIn, writeDiagnosticBundle, type NodeProfileSource } from './diagnose.js';

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

/** The node's profiles through its client, as `:diagnose --pprof` fetches them. */
const profilesOf = (client: ReturnType<typeof createNodeClient>, cpuSeconds: number): NodeProfileSource => ({
  node: 'alpha',
  cpuSeconds,
  fetch: (profile, seconds, signal) => client.pprof(profile, { seconds, ...(signal ? { signal } : {}) }),
});

describe(':diagnose --pprof on a devnet node behind a token', () => {
  it('adds the node’s CPU, heap and goroutine profiles; the token it sent is in no file, gunzipped or not', async () => {
    const devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
    try {
      const node = devnet.control.node(0);
      // The fault: the node answers nothing without `Authorization: Bearer <token>`, /debug/pprof included.
      await node.setFault({ authToken: TOKEN });
      expect((await fetch(`${devnet.nodes[0]!.url}/debug/pprof/heap`)).status).toBe(401);
      const client = createNodeClient({ baseUrl: devnet.nodes[0]!.url, token: TOKEN });
      const started = Date.now();
      const result = await writeDiagnosticBundle({
        versions: { cockpit: '0.1.0' },
        config: { nodes: [{ name: 'alpha', url: devnet.nodes[0]!.url, token: TOKEN }] },
        secrets: [TOKEN],
        gates: {},
        callStats: client.stats.snapshot(),
        logs: { cockpit: [`GET /debug/pprof/profile with Authorization: Bearer ${TOKEN}`] },
        profileMs: 1_000,
        parentDir,
        nodeProfiles: profilesOf(client, 2),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000); // the node sampled for its seconds
      expect(result.files).toEqual(expect.arrayContaining(['bee-pprof/README.txt', 'bee-pprof/cpu.pb.gz', 'bee-pprof/heap.pb.gz', 'bee-pprof/goroutines.txt']));
      expect(result.nodeProfiles).toEqual({ cpu: { file: 'bee-pprof/cpu.pb.gz' }, heap: { file: 'bee-pprof/heap.pb.gz' }, goroutine: { file: 'bee-pprof/goroutines.txt' } });
      // Real profiles: gzipped protobuf whose string table names the sample types; goroutine stacks as text.
      const cpu = gunzipSync(await readFile(join(result.dir, 'bee-pprof', 'cpu.pb.gz'))).toString('latin1');
      expect(cpu).toContain('samples');
      expect(cpu).toContain('nanoseconds');
      expect(gunzipSync(await readFile(join(result.dir, 'bee-pprof', 'heap.pb.gz'))).toString('latin1')).toContain('inuse_space');
      expect(await readFile(join(result.dir, 'bee-pprof', 'goroutines.txt'), 'utf8')).toMatch(/^goroutine 1 \[running\]:\n/);
      expect(await readFile(join(result.dir, 'bee-pprof', 'README.txt'), 'utf8')).toContain('cpu.pb.gz        CPU profile of the node (gzipped protobuf: go tool pprof), over 2 s');
      // The proof: no file of the bundle holds the token, as bytes or inflated.
      for (const file of await allFiles(result.dir)) expect(secretIn(await readFile(file), [TOKEN]), file).toBe(false);
    } finally {
      await devnet.stop();
    }
  }, 60_000);

  it('a node that will not give its profiles: the bundle is written and its README says why each is missing', async () => {
    const devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
    try {
      await devnet.control.node(0).setFault({ error500: true });
      const client = createNodeClient({ baseUrl: devnet.nodes[0]!.url });
      const result = await writeDiagnosticBundle({ versions: {}, config: {}, secrets: [], gates: {}, callStats: [], logs: {}, profileMs: 200, parentDir, nodeProfiles: profilesOf(client, 1) });
      expect(result.files).toContain('profile.cpuprofile');
      expect(result.files.filter((f) => f.startsWith('bee-pprof/'))).toEqual(['bee-pprof/README.txt']);
      const readme = await readFile(join(result.dir, 'bee-pprof', 'README.txt'), 'utf8');
      expect(readme).toMatch(/cpu\.pb\.gz +MISSING: not fetched: .*500/);
      expect(readme).toMatch(/goroutines\.txt +MISSING: not fetched: .*500/);
    } finally {
      await devnet.stop();
    }
  }, 60_000);

  it('a profile holding a known secret is withheld, not written', () => {
    expect(secretIn(Buffer.from(`x${TOKEN}y`), [TOKEN])).toBe(true);
    expect(secretIn(gzipSync(`stack ${TOKEN}`), [TOKEN])).toBe(true);
    expect(secretIn(Buffer.from('nothing here'), [TOKEN])).toBe(false);
  });
});
