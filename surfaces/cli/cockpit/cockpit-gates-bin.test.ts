/**
 * The compiled `cockpit` bin, spawned as a process, running `--once readiness` and `--once version-check`
 * against a devnet (and a loopback server for API versions the devnet does not speak): text and JSON
 * output, exit codes 0/1/2/64, and the node URL and bearer token from flags, positionals and environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../../actors/node-client/loopback-server.js';
import { startDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceSchemaErrors } from '../../../test/once-schema.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';

type Devnet = Awaited<ReturnType<typeof startDevnet>>;
type Run = BinRun;
interface Result {
  verb: string;
  status: string;
  message: string;
  data: { node: string; gates: Array<{ id: string; name: string; state: string; reason: string; applicable: boolean }>; summary: Record<string, unknown> } & Record<string, unknown>;
}

const TOKEN = 'devnet-bearer-s3cret';
let bin: string;
let devnet: Devnet;
let url: string;
let guarded: string;
let closed: string;
const servers: LoopbackServer[] = [];

beforeAll(async () => {
  bin = compileEntries('cockpit-gates-bin', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 3, port: 0, mineBlocks: false, pushDelayMs: 0 });
  url = devnet.nodes[0]!.url;
  guarded = devnet.nodes[1]!.url;
  await devnet.control.node(1).setFault({ authToken: TOKEN });
  closed = devnet.nodes[2]!.url;
  await devnet.control.node(2).setFault({ down: true });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await devnet?.stop();
});

const cockpit = (args: string[], env: Record<string, string> = {}): Promise<Run> => runBin(bin, args, env);

const json = (run: Run): Result => {
  expect(run.stdout.trim().split('\n'), run.stdout).toHaveLength(1);
  const result = JSON.parse(run.stdout) as Result;
  expect(Object.keys(result).sort()).toEqual(['data', 'message', 'status', 'verb']);
  return result;
};

/** A server that answers /health with the given apiVersion, like a Bee of another release. */
async function beeWithApi(apiVersion: string): Promise<string> {
  const server = await startLoopbackServer((_, response) => sendJson(response, 200, { status: 'ok', version: '9.9.9-test', apiVersion }));
  servers.push(server);
  return server.url;
}

describe('cockpit --once readiness', () => {
  it('text: one line per gate in ladder order, then the summary; exit 0 on a healthy node', async () => {
    const run = await cockpit(['--once', 'readiness', url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines.slice(0, 11).map((l) => l.slice(0, 9))).toEqual(new Array(11).fill('PASS     '));
    expect(lines[0]).toMatch(/^PASS {5}API reachable {11}Bee 2\.8\.1-devnet, API 8\.1\.0$/);
    expect(lines[9]).toContain('stamp TTL');
    expect(lines[10]).toContain('API version');
    expect(lines[11]).toBe(`${url} ready: 11 gates: 11 pass, 0 warn, 0 fail`);
  });

  it('--json: status unhealthy and exit 1 when a gate fails; warnings alone stay ok (exit 0)', async () => {
    const node = devnet.control.node(0);
    // A lagging chain listener only warns (a node with few peers would also starve its bins below the depth: Fail).
    // Lag needs a chain taller than the lag: mine past it first.
    devnet.control.advanceBlocks(100);
    await node.setFault({ frozen: true, chainLagBlocks: 20 });
    try {
      const run = await cockpit(['--once', 'readiness', '--json', '--node', url]);
      expect(run.code).toBe(1);
      const result = json(run);
      expect(result).toMatchObject({ verb: 'readiness', status: 'unhealthy', message: `${url} unhealthy: 11 gates: 9 pass, 1 warn, 1 fail` });
      expect(result.data.node).toBe(url);
      expect(result.data.summary).toEqual({ pass: 9, warn: 1, fail: 1, unknown: 0, worst: 'Fail' });
      expect(result.data.gates).toHaveLength(11);
      for (const gate of result.data.gates) expect(Object.keys(gate).sort()).toEqual(['applicable', 'id', 'name', 'reason', 'state']);
      expect(result.data.gates.find((g) => g.id === 'notFrozen')).toMatchObject({ state: 'Fail', name: 'not frozen' });
      await node.setFault({ frozen: false });
      const warnOnly = await cockpit(['--once', 'readiness', '--json'], { NODE_URL: url });
      expect(warnOnly.code).toBe(0);
      expect(json(warnOnly)).toMatchObject({ status: 'ok', message: `${url} ready: 11 gates: 10 pass, 1 warn, 0 fail` });
    } finally {
      await node.heal();
    }
  });

  it('a node answering 500 everywhere: API reachable fails (exit 1); the ten gates it hides are not measured, not Fail', async () => {
    const node = devnet.control.node(0);
    await node.setFault({ error500: true });
    try {
      const run = await cockpit(['--once', 'readiness', url, '--json']);
      expect(run.code).toBe(1);
      const result = json(run);
      expect(result).toMatchObject({ status: 'unhealthy', message: `${url} unhealthy: 11 gates: 0 pass, 0 warn, 1 fail, 10 not measured` });
      expect(result.data.summary).toEqual({ pass: 0, warn: 0, fail: 1, unknown: 10, worst: 'Fail' });
      expect(result.data.gates[0]).toMatchObject({ id: 'apiReachable', state: 'Fail' });
      for (const gate of result.data.gates.slice(1)) expect(gate).toMatchObject({ state: 'Unknown', applicable: true, reason: expect.stringMatching(/^not measured: \/[a-z]+: 500/) });
      const text = await cockpit(['--once', 'readiness', url]);
      expect(text.code).toBe(1);
      const lines = text.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^FAIL {5}API reachable {11}\/health did not answer as Bee does: 500/);
      expect(lines[1]).toMatch(/^UNKNOWN {2}chain RPC fresh {9}not measured: \/chainstate: 500/);
      expect(lines.filter((line) => line.startsWith('FAIL'))).toHaveLength(1);
    } finally {
      await node.heal();
    }
  });

  it('nothing fails but some gates could not be measured: cannot be judged, exit 2; the ladder on stdout, why on stderr', async () => {
    const node = devnet.control.node(0);
    // A starting node: /health and /readiness answer, the rest 503.
    await node.setFault({ startingUp: true });
    try {
      const text = await cockpit(['--once', 'readiness', url]);
      expect(text.code).toBe(2);
      const lines = text.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(11);
      expect(lines[0]).toMatch(/^WARN {5}API reachable {11}\/health ok but \d+ endpoints failing: /);
      expect(lines.filter((line) => line.startsWith('UNKNOWN  '))).toHaveLength(8);
      expect(lines.some((line) => line.startsWith('FAIL'))).toBe(false);
      expect(text.stderr).toBe(`cockpit: ${url} cannot be judged: 11 gates: 2 pass, 1 warn, 0 fail, 8 not measured\n`);
      const run = await cockpit(['--once', 'readiness', url, '--json']);
      expect(run.code).toBe(2);
      expect(json(run)).toMatchObject({
        status: 'error',
        data: { node: url, summary: { pass: 2, warn: 1, fail: 0, unknown: 8, worst: 'Warn' }, error: { code: 'not-measured', detail: expect.stringMatching(/^wallet funded: not measured: \/wallet: 503/) } },
      });
      expect(onceSchemaErrors(JSON.parse(run.stdout))).toEqual([]);
    } finally {
      await node.heal();
    }
  });

  it('an unreachable node is an error: exit 2, message on stderr (text) or a JSON error object', async () => {
    const text = await cockpit(['--once', 'readiness', closed]);
    expect(text).toMatchObject({ code: 2, stdout: '' });
    expect(text.stderr).toMatch(new RegExp(`^cockpit: cannot reach the node at ${closed}: network error`));
    const run = await cockpit(['--once', 'readiness', closed, '--json']);
    expect(run.code).toBe(2);
    expect(json(run)).toMatchObject({ verb: 'readiness', status: 'error', data: { node: closed, error: { code: 'network' } } });
  });

  it('bearer token: 401 without it is exit 2 with a hint; --token or NODE_TOKEN gets in; the token is never printed', async () => {
    const without = await cockpit(['--once', 'readiness', guarded]);
    expect(without.code).toBe(2);
    expect(without.stderr).toBe(`cockpit: ${guarded} asks for a bearer token (401): pass --token or set NODE_TOKEN\n`);
    const flag = await cockpit(['--once', 'readiness', guarded, '--token', TOKEN, '--json']);
    expect(flag.code).toBe(0);
    expect(json(flag).data.summary).toMatchObject({ fail: 0 });
    const envRun = await cockpit(['--once', 'readiness'], { NODE_URL: guarded, NODE_TOKEN: TOKEN });
    expect(envRun.code).toBe(0);
    const wrong = await cockpit(['--once', 'readiness', guarded, '--token', 'wrong-token', '--json']);
    expect(wrong.code).toBe(2);
    for (const run of [without, flag, envRun, wrong]) expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  it('usage errors exit 64: two node URLs, a bad URL, an extra argument', async () => {
    const two = await cockpit(['--once', 'readiness', '--node', url, closed]);
    expect(two.code).toBe(64);
    expect(two.stderr).toContain('two node URLs');
    expect((await cockpit(['--once', 'readiness', 'localhost:1633'])).code).toBe(64);
    expect((await cockpit(['--once', 'readiness', url, url])).code).toBe(64);
    expect((await cockpit(['--once', 'readiness', '--token'])).code).toBe(64);
  });
});

describe('cockpit --once version-check', () => {
  it('same API major as expected: ok, exit 0; check-version is an alias', async () => {
    const run = await cockpit(['--once', 'version-check', url]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`${url} (Bee 2.8.1-devnet): node API 8.1.0 matches the expected 8.1.0\n`);
    const alias = await cockpit(['--once', 'check-version', '--json', '--node', url]);
    expect(alias.code).toBe(0);
    expect(json(alias)).toEqual({
      verb: 'version-check',
      status: 'ok',
      message: `${url} (Bee 2.8.1-devnet): node API 8.1.0 matches the expected 8.1.0`,
      data: { node: url, expected: { apiVersion: '8.1.0', beeVersion: '2.8.1' }, live: { apiVersion: '8.1.0', version: '2.8.1-devnet' }, verdict: 'same', compatible: true },
    });
  });

  it('another major is sad (exit 1); an older minor is still ok; a non-version is an error (exit 2)', async () => {
    const older = await cockpit(['--once', 'version-check', await beeWithApi('7.3.0'), '--json']);
    expect(older.code).toBe(1);
    expect(json(older)).toMatchObject({ status: 'sad', data: { verdict: 'olderMajor', compatible: false }, message: expect.stringContaining('upgrade the node to Bee 2.8.1') });
    const newer = await cockpit(['--once', 'version-check', await beeWithApi('9.0.0')]);
    expect(newer.code).toBe(1);
    expect(newer.stdout).toContain('newer major');
    const minor = await cockpit(['--once', 'version-check', await beeWithApi('8.0.0')]);
    expect(minor.code).toBe(0);
    expect(minor.stdout).toContain('older minor');
    const garbage = await cockpit(['--once', 'version-check', await beeWithApi('banana')]);
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('invalid node API version "banana"');
  });

  it('unreachable node or missing token: exit 2', async () => {
    const down = await cockpit(['--once', 'version-check', closed, '--json']);
    expect(down.code).toBe(2);
    expect(json(down)).toMatchObject({ status: 'error', data: { error: { code: 'network' } } });
    // Like Bee, the devnet keeps /health open behind a token, so the version is readable without one.
    expect((await cockpit(['--once', 'version-check', guarded])).code).toBe(0);
    const server = await startLoopbackServer((request, response) =>
      request.headers.authorization === `Bearer ${TOKEN}` ? sendJson(response, 200, { status: 'ok', version: '2.8.1', apiVersion: '8.1.0' }) : sendJson(response, 401, { code: 401, message: 'Unauthorized' }),
    );
    servers.push(server);
    const locked = await cockpit(['--once', 'version-check', server.url]);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toBe(`cockpit: ${server.url} asks for a bearer token (401): pass --token or set NODE_TOKEN\n`);
    expect((await cockpit(['--once', 'version-check', server.url], { NODE_TOKEN: TOKEN })).code).toBe(0);
  });
});
