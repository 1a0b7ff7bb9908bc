/**
 * Issue 29.7, real-Bee tier: what Bee v2.8.1 serves under /debug/pprof on its API port (no flag: pkg/api/router.go
 * mountTechnicalDebug mounts Go's net/http/pprof unconditionally; `--pprof-profile` and `--pprof-mutex` only turn
 * on the block and mutex profiles), against the devnet's answers, and a `:diagnose --pprof` bundle from the real
 * node: the CPU profile, the heap and the goroutine stacks, gzipped protobuf (the CPU and heap ones) and text.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { createNodeClient } from '../../actors/node-client/index.js';
import { writeDiagnosticBundle } from '../../actors/cockpit/diagnose.js';

let cluster: BeeCluster;
let devnet: StartedDevnet;

beforeAll(async () => {
  cluster = await startBeeCluster({ nodes: 1, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  devnet = await startDevnet({ nodes: 1 });
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all([cluster?.stop(), devnet?.stop()]);
});

/** Status, content type and what the body is, for one profile URL. */
async function shape(base: string, path: string): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = gz ? gunzipSync(bytes).toString('latin1') : bytes.toString('utf8');
  const body = gz ? `gzip:${['samples', 'nanoseconds', 'inuse_space', 'alloc_space'].filter((s) => text.includes(s)).join(',')}` : text.startsWith('goroutine ') ? 'goroutine dump' : text.trim().slice(0, 40);
  return { status: response.status, type: response.headers.get('content-type'), body };
}

describe('Bee v2.8.1 /debug/pprof, and the devnet’s', () => {
  it('answers the three profiles :diagnose --pprof fetches alike, root only', async () => {
    const real = cluster.nodes[0]!.url;
    const simulated = devnet.nodes[0]!.url;
    // (A bad `seconds` is not refused by Go's handler: it profiles for its default 30 s; the devnet does too.)
    for (const path of ['/debug/pprof/profile?seconds=1', '/debug/pprof/heap', '/debug/pprof/goroutine?debug=2']) {
      const [a, b] = await Promise.all([shape(real, path), shape(simulated, path)]);
      expect(b, path).toEqual(a);
    }
    expect(await shape(real, '/debug/pprof/heap')).toEqual({ status: 200, type: 'application/octet-stream', body: 'gzip:inuse_space,alloc_space' });
    expect((await fetch(`${real}/v1/debug/pprof/heap`)).status).toBe(404);
    expect((await fetch(`${simulated}/v1/debug/pprof/heap`)).status).toBe(404);
  }, 120_000);

  it('a :diagnose --pprof bundle from the real node holds its CPU (over its seconds), heap and goroutine profiles', async () => {
    const parentDir = await mkdtemp(join(tmpdir(), 'bee-pprof-'));
    try {
      const client = createNodeClient({ baseUrl: cluster.nodes[0]!.url });
      const result = await writeDiagnosticBundle({
        versions: {}, config: {}, secrets: [], gates: {}, callStats: [], logs: {}, profileMs: 500, parentDir,
        nodeProfiles: { node: 'bee', cpuSeconds: 3, fetch: (profile, seconds, signal) => client.pprof(profile, { seconds, ...(signal ? { signal } : {}) }) },
      });
      expect(result.nodeProfiles).toEqual({ cpu: { file: 'bee-pprof/cpu.pb.gz' }, heap: { file: 'bee-pprof/heap.pb.gz' }, goroutine: { file: 'bee-pprof/goroutines.txt' } });
      expect(gunzipSync(await readFile(join(result.dir, 'bee-pprof', 'cpu.pb.gz'))).toString('latin1')).toContain('nanoseconds');
      expect(await readFile(join(result.dir, 'bee-pprof', 'goroutines.txt'), 'utf8')).toMatch(/github\.com\/ethersphere\/bee\/v2\//);
    } finally {
      await rm(parentDir, { recursive: true, force: true });
    }
  }, 120_000);
});
