/**
 * `--inspect ws://HOST:PORT` end to end (docs/cockpit.md "Live inspection"): a WebSocket server of ours on
 * loopback stands in for the Stately inspector; `cockpit --serve-metrics` and `retcheck` run as real processes
 * against the devnet and send it their actor systems. It must see the root actor, each child the chart invokes
 * in the states the root is in and every child the root machine starts with (both read from the chart, not
 * listed here), and a state change.
 * A bad address and one where nothing listens are refused before the tool does anything, with the exit code
 * the docs give.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createActor, fromCallback, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { startDevnet, type StartedDevnet } from '../devnet/devnet.js';
import { cockpitMachine, type CockpitMachineInput } from '../machines/cockpit/cockpit.machine.js';
import { retcheckMachine } from '../machines/retcheck/retcheck.machine.js';
import { compileEntries } from './compiled-entries.js';
import { uploadRandom } from './fixtures/devnet-content.js';
import { runBin } from './run-bin.js';

interface Wire {
  readonly type: string;
  readonly name?: string;
  readonly sessionId: string;
  readonly rootId?: string;
  readonly parentId?: string;
  readonly snapshot?: { value?: unknown; status?: string };
  readonly event?: { type?: string };
}

let cockpitBin: string;
let retcheckBin: string;
let devnet: StartedDevnet;
let dir: string;
let inspector: WebSocketServer;
let inspectorUrl: string;
/** Every message, one list per connection (one connection per process run). */
const connections: Wire[][] = [];

beforeAll(async () => {
  const compiled = compileEntries('live-inspection', ['surfaces/cli/cockpit-bin.ts', 'surfaces/cli/retcheck-bin.ts']);
  cockpitBin = compiled('surfaces/cli/cockpit-bin.ts');
  retcheckBin = compiled('surfaces/cli/retcheck-bin.ts');
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0, seed: 'live-inspection' });
  dir = await mkdtemp(join(tmpdir(), 'live-inspection-'));
  inspector = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => inspector.once('listening', resolve));
  inspectorUrl = `ws://127.0.0.1:${(inspector.address() as { port: number }).port}`;
  inspector.on('connection', (socket) => {
    const messages: Wire[] = [];
    connections.push(messages);
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Wire));
  });
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => inspector?.close(resolve));
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Every state node of a machine with the invokes it holds, and its path from the root. */
function invokesOf(machine: AnyStateMachine): { path: string[]; id: string }[] {
  const walk = (node: AnyStateNode): { path: string[]; id: string }[] => [
    ...node.invoke.map((invoke) => ({ path: node.path, id: invoke.id })),
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walk),
  ];
  return walk(machine.root);
}

/** Whether the state at `path` is active in a snapshot value (a string, or nested objects of parallel regions). */
function isActive(value: unknown, path: readonly string[]): boolean {
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  if (typeof value === 'string') return rest.length === 0 && value === head;
  if (typeof value !== 'object' || value === null || !(head! in value)) return false;
  return isActive((value as Record<string, unknown>)[head!], rest);
}

/**
 * The children the cockpit's root machine has once started, for one node as `--serve-metrics <url>` gives it:
 * the chart run here with every actor it names replaced by one that does nothing, so the ids are the chart's own
 * (invoked or spawned), read from it and not listed in this test.
 */
function cockpitChildrenAtStart(nodeUrl: string): string[] {
  const quiet = fromCallback(() => undefined);
  const actors = Object.fromEntries(Object.keys(cockpitMachine.implementations.actors).map((src) => [src, quiet])) as Record<string, AnyActorLogic>;
  const input: CockpitMachineInput = {
    face: 'desktop',
    nodes: [{ name: nodeUrl, url: nodeUrl }],
    activeNode: nodeUrl,
    fleetPollIntervalMs: 15_000,
    session: { face: 'desktop' },
    log: { platform: process.platform, perNode: {} },
    alerts: { face: 'desktop', webhook: false, fleetWebhook: false, debounceMs: 60_000, aggregateWindowMs: 60_000, toast: { enabled: true, ttlMs: 8000 }, bell: 'warn', osNotifications: false },
  };
  const actor = createActor(cockpitMachine.provide({ actors } as never), { input }).start();
  const ids = Object.keys(actor.getSnapshot().children);
  actor.stop();
  return ids;
}

/** The root's registration, the fixed children the chart invokes in the states seen, and a state change. */
function checkSystem(messages: readonly Wire[], machine: AnyStateMachine): { root: Wire; children: string[] } {
  const actors = messages.filter((m) => m.type === '@xstate.actor');
  const root = actors[0]!;
  expect(root.sessionId, 'the first actor announced is the root').toBe(root.rootId);
  expect(root.parentId).toBeUndefined();
  const rootValues = messages.filter((m) => m.type === '@xstate.snapshot' && m.sessionId === root.sessionId).map((m) => m.snapshot?.value);
  const expected = [...new Set(invokesOf(machine).filter(({ path }) => rootValues.some((value) => isActive(value, path))).map(({ id }) => id))];
  const children = actors.filter((m) => m.parentId === root.sessionId).map((m) => m.name!);
  for (const id of expected) expect(children, `invoked child ${id}`).toContain(id);
  const valuesBySession = new Map<string, Set<string>>();
  for (const m of messages) if (m.type === '@xstate.snapshot' && m.snapshot?.value !== undefined) valuesBySession.set(m.sessionId, (valuesBySession.get(m.sessionId) ?? new Set()).add(JSON.stringify(m.snapshot.value)));
  expect([...valuesBySession.values()].some((values) => values.size > 1), 'some actor changed state').toBe(true);
  return { root, children: expected };
}

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('cockpit --serve-metrics --inspect ws://…', () => {
  it('sends the root, its fixed children and state changes; SIGTERM still stops it cleanly', async () => {
    const before = connections.length;
    const child = spawn(process.execPath, [cockpitBin, '--serve-metrics', '127.0.0.1:0', devnet.nodes[0]!.url, '--inspect', inspectorUrl], {
      env: { ...process.env, NO_COLOR: '1', COCKPIT_DATA: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'no-config'), NODE_URL: '', NODE_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await until('serving', () => stderr.includes('serving Prometheus metrics'));
    expect(stderr).toContain(`cockpit: inspector: sending the actor system's events to ${inspectorUrl}\n`);
    const messages = () => connections[before] ?? [];
    // The fleet poller's first poll moves it on: a state change.
    await until('a state change', () => {
      const seen = new Map<string, Set<string>>();
      for (const m of messages()) if (m.type === '@xstate.snapshot') seen.set(m.sessionId, (seen.get(m.sessionId) ?? new Set()).add(JSON.stringify(m.snapshot?.value)));
      return [...seen.values()].some((values) => values.size > 1);
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const { root } = checkSystem(messages(), cockpitMachine);
    expect(root.name).toBe(cockpitMachine.id);
    // Every child the chart starts with (the fixed ones, and the node's poller and screens) arrived under the root.
    const atStart = cockpitChildrenAtStart(devnet.nodes[0]!.url);
    expect(atStart.length).toBeGreaterThan(0);
    const arrived = messages().filter((m) => m.type === '@xstate.actor' && m.parentId === root.sessionId).map((m) => m.name);
    for (const id of atStart) expect(arrived, `child ${id}`).toContain(id);
  }, 90_000);
});

describe('retcheck --inspect ws://…', () => {
  it('sends the check: the root, the children the chart invokes on the way, and its state changes', async () => {
    const reference = await uploadRandom(devnet.nodes[0]!, 5000);
    const before = connections.length;
    const run = await runBin(retcheckBin, [reference, '-b', devnet.nodes[1]!.url, '--no-gateway', '--output', 'json', '--inspect', inspectorUrl]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'retrievable' });
    expect(run.stderr).toBe(`retcheck: inspector: sending the actor system's events to ${inspectorUrl}\n`);
    await until('the final snapshot', () => (connections[before] ?? []).some((m) => m.type === '@xstate.snapshot' && m.snapshot?.value === 'done'));
    const { root, children } = checkSystem(connections[before]!, retcheckMachine);
    expect(root.name).toBe(retcheckMachine.id);
    expect(children).toContain('probe');
  }, 60_000);
});

describe('--inspect bad input', () => {
  it('an address that is not a ws:// URL is a usage error, before anything runs', async () => {
    const cockpit = await runBin(cockpitBin, ['--serve-metrics', '127.0.0.1:0', '--inspect', 'notaurl']);
    expect(cockpit.code).toBe(64);
    expect(cockpit.stderr).toContain(`cockpit: invalid --inspect address "notaurl": expected a ws:// or wss:// URL`);
    const retcheck = await runBin(retcheckBin, ['--inspect', 'notaurl', '--no-gateway']);
    expect(retcheck.code).toBe(1);
    expect(retcheck.stderr).toContain(`retcheck: invalid --inspect address "notaurl": expected a ws:// or wss:// URL`);
  });

  it('an address where nothing listens is refused with the error code, before any node is asked', async () => {
    const closed = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => closed.once('listening', resolve));
    const url = `ws://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const why = `cannot reach the inspector at ${url}: connection refused (is the inspector running?)`;
    const cockpit = await runBin(cockpitBin, ['--serve-metrics', '127.0.0.1:0', devnet.nodes[0]!.url, '--inspect', url], { COCKPIT_DATA: join(dir, 'data-refused') });
    expect(cockpit).toMatchObject({ code: 2, stdout: '' });
    expect(cockpit.stderr).toBe(`cockpit: ${why}\n`);
    const once = await runBin(cockpitBin, ['--once', 'version-check', devnet.nodes[0]!.url, '--inspect', url]);
    expect(once).toMatchObject({ code: 2, stdout: '', stderr: `cockpit: ${why}\n` });
    const retcheck = await runBin(retcheckBin, ['a'.repeat(64), '-b', devnet.nodes[0]!.url, '--no-gateway', '--inspect', url]);
    expect(retcheck).toMatchObject({ code: 1, stdout: '', stderr: `retcheck: ${why}\n` });
  });

  it('cockpit --once runs its verb as one inspected actor', async () => {
    const before = connections.length;
    const run = await runBin(cockpitBin, ['--once', 'version-check', devnet.nodes[0]!.url, '--inspect', inspectorUrl]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`cockpit: inspector: sending the actor system's events to ${inspectorUrl}\n`);
    await until('the verb done', () => (connections[before] ?? []).some((m) => m.type === '@xstate.snapshot' && m.snapshot?.status === 'done'));
    expect(connections[before]![0]).toMatchObject({ type: '@xstate.actor', name: 'once:version-check' });
  });
});
