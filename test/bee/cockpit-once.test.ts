/**
 * Issue 4, real-Bee tier: `cockpit --once readiness` and `--once version-check` (compiled from current
 * sources) against a 2-node Bee v2.8.1 cluster on loopback. The cluster runs with storage incentives and
 * swap off and has no real network around it, so some gates legitimately do not pass (reserve fill, peer
 * count, bin saturation; redistribution is not applicable). The test checks what must hold on any real
 * node (shape, order, exit code consistent with the gates, every endpoint parsed) plus the gates whose
 * outcome this cluster fixes, and records the full ladder under test-output/bee-cockpit/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { createFleetPollWire } from '../../actors/cockpit/fleet-poll-wire.js';
import { fetchHealthSnapshot } from '../../actors/cockpit/health-snapshot.js';
import { createNodeClient } from '../../actors/node-client/index.js';
import { createNodeHttpWire } from '../../actors/node-client/node-http-wire.js';
import { GATE_IDS, GATE_NAMES } from '../../core/cockpit/gates.js';
import { SNAPSHOT_ENDPOINTS } from '../../core/cockpit/health-snapshot.js';
import { compileEntries } from '../compiled-entries.js';
import { runBin, type BinRun } from '../run-bin.js';

type Run = BinRun;
interface GateJson {
  id: string;
  name: string;
  state: 'Pass' | 'Warn' | 'Fail' | 'Unknown';
  reason: string;
  applicable: boolean;
}
interface ReadinessJson {
  verb: string;
  status: string;
  message: string;
  data: { node: string; gates: GateJson[]; summary: { pass: number; warn: number; fail: number; unknown: number; worst: string } };
}

const OUT = 'test-output/bee-cockpit';
let bin: string;
let cluster: BeeCluster;

const cockpit = (args: string[], env: Record<string, string> = {}): Promise<Run> => runBin(bin, args, env);

/** Checks every real-node invariant of a readiness JSON run and returns it. */
function validReadiness(run: Run, node: string): ReadinessJson {
  const result = JSON.parse(run.stdout) as ReadinessJson;
  expect(Object.keys(result).sort()).toEqual(['data', 'message', 'status', 'verb']);
  expect(result.verb).toBe('readiness');
  expect(result.data.node).toBe(node);
  expect(result.data.gates.map((g) => g.id)).toEqual([...GATE_IDS]);
  for (const gate of result.data.gates) {
    expect(Object.keys(gate).sort()).toEqual(['applicable', 'id', 'name', 'reason', 'state']);
    expect(gate.name).toBe(GATE_NAMES[gate.id as keyof typeof GATE_NAMES]);
    expect(['Pass', 'Warn', 'Fail', 'Unknown']).toContain(gate.state);
    if (gate.state === 'Unknown') expect(gate.reason).toMatch(/^not measured: /);
    expect(gate.reason).toMatch(/^[^\n]{4,}$/);
    if (!gate.applicable) expect(gate).toMatchObject({ state: 'Warn', reason: expect.stringMatching(/^not applicable: /) });
  }
  const fails = result.data.gates.filter((g) => g.state === 'Fail').length;
  const warns = result.data.gates.filter((g) => g.state === 'Warn').length;
  const unknown = result.data.gates.filter((g) => g.state === 'Unknown').length;
  expect(result.data.summary).toEqual({ pass: 11 - fails - warns - unknown, warn: warns, fail: fails, unknown, worst: fails ? 'Fail' : warns ? 'Warn' : unknown ? 'Unknown' : 'Pass' });
  // A failure the node showed is known whatever else was measured; without one, a gate not measured means "cannot judge".
  expect(result.status).toBe(fails ? 'unhealthy' : unknown ? 'error' : 'ok');
  expect(run.code, run.stderr).toBe(fails ? 1 : unknown ? 2 : 0);
  return result;
}

const byId = (result: ReadinessJson) => Object.fromEntries(result.data.gates.map((g) => [g.id, g]));

beforeAll(async () => {
  bin = compileEntries('bee-cockpit-once', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  cluster = await startBeeCluster({ nodes: 2, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
  mkdirSync(OUT, { recursive: true });
}, 15 * 60_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('cockpit --once on real Bee v2.8.1', () => {
  it('every endpoint of a health poll parses on real Bee; only /redistributionstate is refused (403, incentives off)', async () => {
    const snapshot = await fetchHealthSnapshot(createNodeClient({ baseUrl: cluster.nodes[0]!.url }));
    const failed = SNAPSHOT_ENDPOINTS.filter((e) => !snapshot[e].ok);
    expect(failed).toEqual(['redistributionstate']);
    expect(snapshot.redistributionstate).toMatchObject({ ok: false, error: { code: 'http', status: 403 } });
    writeFileSync(`${OUT}/snapshot-node0.json`, `${JSON.stringify(snapshot, null, 1)}\n`);
  });

  it("the fleet's pipelined polls (nine requests in one write, answers in order) read what one request at a time reads", async () => {
    const url = cluster.nodes[0]!.url;
    const wire = createFleetPollWire(createNodeHttpWire(), 25_000);
    try {
      const client = createNodeClient({ baseUrl: url, wire });
      // Three polls in a row on the same wire: Go's net/http answers pipelined requests in order on a reused socket.
      for (let poll = 0; poll < 3; poll++) {
        const piped = await fetchHealthSnapshot(client);
        const plain = await fetchHealthSnapshot(createNodeClient({ baseUrl: url }));
        for (const endpoint of SNAPSHOT_ENDPOINTS) expect(piped[endpoint].ok, endpoint).toBe(plain[endpoint].ok);
        expect(piped.redistributionstate).toMatchObject({ ok: false, error: { code: 'http', status: 403 } });
        for (const endpoint of ['health', 'readiness'] as const) expect(piped[endpoint], endpoint).toEqual(plain[endpoint]);
        expect(piped.status.ok && piped.status.value.beeMode).toBe(plain.status.ok && plain.status.value.beeMode);
        expect(piped.stamps.ok && piped.stamps.value.map((s) => s.batchID)).toEqual(plain.stamps.ok && plain.stamps.value.map((s) => s.batchID));
      }
    } finally {
      wire.close();
    }
  });

  it('readiness --json on the node with the batch: valid shape, exit code consistent with the gates', async () => {
    const node = cluster.nodes[0]!.url;
    const run = await cockpit(['--once', 'readiness', '--json', '--node', node]);
    const result = validReadiness(run, node);
    writeFileSync(`${OUT}/readiness-node0.json`, `${JSON.stringify(result, null, 1)}\n`);
    process.stderr.write(`readiness on real Bee (node 0):\n${result.data.gates.map((g) => `  ${g.state.padEnd(4)} ${g.name}: ${g.reason}`).join('\n')}\n  ${result.message}\n`);
    const gates = byId(result);
    // What this cluster fixes: a live, ready, funded Bee 2.8.1 with incentives off and one peer.
    expect(gates.apiReachable).toMatchObject({ state: 'Pass', reason: expect.stringMatching(/^Bee 2\.8\.1-[0-9a-f]+, API 8\.1\.0$/) });
    expect(gates.apiVersion).toMatchObject({ state: 'Pass', reason: 'node API 8.1.0 matches the expected 8.1.0' });
    expect(gates.walletFunded!.state).toBe('Pass');
    expect(gates.warmupComplete).toMatchObject({ state: 'Pass', reason: 'ready, warm-up done' });
    expect(gates.chainRpcFresh!.state).not.toBe('Fail');
    expect(gates.peerCount).toMatchObject({ state: 'Fail', reason: '1 connected peer: too few to form a neighbourhood (need 4)' });
    for (const id of ['redistributionHealthy', 'notFrozen']) {
      expect(gates[id]).toMatchObject({ state: 'Warn', applicable: false, reason: 'not applicable: storage incentives disabled (403)' });
    }
    // The cluster's batch lives about 19 h at 1 s blocks (4x the 24 h minimum at 5 s blocks).
    expect(gates.stampTtl).toMatchObject({ state: 'Warn', reason: expect.stringContaining(`batch ${cluster.batchId.slice(0, 8)}…`) });
    expect(result.status).toBe('unhealthy');
  });

  it('readiness text on the other node, URL from NODE_URL: a line per gate and the summary', async () => {
    const node = cluster.nodes[1]!.url;
    const run = await cockpit(['--once', 'readiness'], { NODE_URL: node });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines.slice(0, 11).map((l) => l.split(' ')[0])).toEqual(expect.arrayContaining(['PASS']));
    for (const [i, line] of lines.slice(0, 11).entries()) expect(line).toMatch(new RegExp(`^(PASS|WARN|FAIL) +${GATE_NAMES[GATE_IDS[i]!]} +\\S`));
    const summary = /^(\S+) (ready|unhealthy): 11 gates: (\d+) pass, (\d+) warn, (\d+) fail$/.exec(lines[11]!);
    expect(summary?.[1]).toBe(node);
    expect(run.code).toBe(Number(summary?.[5]) > 0 ? 1 : 0);
    expect(lines.find((l) => l.includes('stamp TTL'))).toContain('no postage batches');
    writeFileSync(`${OUT}/readiness-node1.txt`, run.stdout);
  });

  it('version-check: the live API 8.1.0 matches the expected one, exit 0 (and via the check-version alias)', async () => {
    const node = cluster.nodes[0]!.url;
    const run = await cockpit(['--once', 'version-check', node, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { status: string; data: { verdict: string; compatible: boolean; live: { apiVersion: string; version: string } } };
    expect(result).toMatchObject({ status: 'ok', data: { verdict: 'same', compatible: true, live: { apiVersion: '8.1.0' } } });
    expect(result.data.live.version).toMatch(/^2\.8\.1-/);
    const alias = await cockpit(['--once', 'check-version', '--node', cluster.nodes[1]!.url]);
    expect(alias.code).toBe(0);
    expect(alias.stdout).toMatch(/\(Bee 2\.8\.1-[0-9a-f]+\): node API 8\.1\.0 matches the expected 8\.1\.0\n$/);
  });
});
