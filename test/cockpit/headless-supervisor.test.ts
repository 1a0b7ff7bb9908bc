/**
 * The headless modes (`cockpit --serve-metrics`, `cockpit --serve`) supervising a node, as real processes with
 * a stand-in node binary (test/fixtures/fake-node.ts, started as Bee is):
 * - issue 23 item 9: every start-up check failure reaches stderr (and /metrics) as it happens, not at the stop;
 * - issue 24 item 11: the node is watched where its YAML's api-addr says, without a URL on the command line;
 * - issue 24 item 3: a leader killed as by the OOM killer takes its group with it, and one SIGTERM stops the cockpit;
 * - issue 24 item 10: a state.json that is a named pipe is refused at once; a deep one is moved aside, said on stderr.
 */
import { spawn, execFileSync, type ChildProcessByStdio } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEntries } from '../compiled-entries.js';
import { ensureRendererBuilt } from '../desktop/window-harness.js';
import { freePort } from '../fixtures/devnet-as-bee.js';

let bin: string;
let fakeBin: string;
let dir: string;
let count = 0;

beforeAll(async () => {
  await ensureRendererBuilt();
  const compiled = compileEntries('headless-supervisor', ['surfaces/cli/cockpit-bin.ts', 'test/fixtures/fake-node.ts']);
  bin = compiled('surfaces/cli/cockpit-bin.ts');
  dir = await mkdtemp(join(tmpdir(), 'headless-supervisor-'));
  fakeBin = join(dir, 'fake-bee');
  await writeFile(fakeBin, `#!/bin/sh\nexec "${process.execPath}" "${compiled('test/fixtures/fake-node.ts')}" "$@"\n`);
  await chmod(fakeBin, 0o755);
}, 180_000);

/** Every cockpit started here: a failed test must not leave one (or its node) running. */
const started: ChildProcessByStdio<null, Readable, Readable>[] = [];

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function nodeYaml(port: number): Promise<string> {
  const path = join(dir, `bee-${++count}.yaml`);
  await writeFile(path, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, `data-${count}`)}\n`);
  return path;
}

interface Running {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  stderr(): string;
  stdout(): string;
  /** Waits for `pattern` on stderr (while the cockpit runs). */
  said(pattern: RegExp, timeoutMs?: number): Promise<string>;
  readonly exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, NO_COLOR: '1', COCKPIT_DATA: join(dir, `cockpit-data-${++count}`), XDG_CONFIG_HOME: join(dir, 'no-config'), NODE_URL: '', NODE_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
    async said(pattern, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(stderr);
        if (match) return match[0];
        if (child.exitCode !== null || Date.now() > end) throw new Error(`never said ${pattern} (exit ${child.exitCode}); stderr:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

async function metrics(running: Running): Promise<string> {
  const url = /serving Prometheus metrics at (\S+)/.exec(running.stderr())![1]!;
  return (await fetch(url)).text();
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM once; the exit code, or a note when the cockpit is still running 10 s later. */
async function stopOnce(running: Running): Promise<number | null | string> {
  running.child.kill('SIGTERM');
  return Promise.race([running.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running 10 s after one SIGTERM'), 10_000))]);
}

describe('the headless supervisor speaks at once (issue 23 item 9)', () => {
  it('--serve-metrics with a missing binary: stderr and /metrics say so while it runs', async () => {
    const missing = join(dir, 'missing');
    const running = start(['--serve-metrics', '127.0.0.1:0', '--node-bin', missing, '--node-config', await nodeYaml(await freePort())]);
    await running.said(/serving Prometheus metrics at /);
    expect(await running.said(/cockpit: node start-up check failed: .*\n/)).toBe(`cockpit: node start-up check failed: node binary ${missing} does not exist\n`);
    const text = await metrics(running);
    expect(text).toContain('cockpit_supervised_node_state{state="refused"} 1');
    expect(text).toContain('cockpit_supervised_node_state{state="running"} 0');
    expect(await stopOnce(running)).toBe(0);
  }, 60_000);

  it('--serve-metrics with the API port taken: the holder is named at once', async () => {
    const sockets = new Set<Socket>();
    const taken: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const running = start(['--serve-metrics', '127.0.0.1:0', '--node-bin', fakeBin, '--node-config', await nodeYaml(port)]);
      expect(await running.said(/cockpit: node start-up check failed: .*\n/)).toMatch(new RegExp(`^cockpit: node start-up check failed: API port ${port} is already in use by process ${process.pid} \\(node\\)`));
      expect(await stopOnce(running)).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it('--serve with a YAML Bee would refuse: stderr says why before the URL', async () => {
    const yaml = join(dir, 'refused.yaml');
    await writeFile(yaml, 'api-adr: 127.0.0.1:1633\n');
    const running = start(['--serve', '127.0.0.1:0', '--node-bin', fakeBin, '--node-config', yaml]);
    await until('the URL', () => running.stdout().includes('\n'));
    const said = running.stderr();
    const refusal = said.indexOf(`cockpit: node start-up check failed: node config ${yaml}: unknown parameters (Bee refuses to start): api-adr\n`);
    expect(refusal, said).toBeGreaterThanOrEqual(0);
    expect(refusal).toBeLessThan(said.indexOf('the cockpit window is at the URL below'));
    expect(await stopOnce(running)).toBe(0);
  }, 60_000);

  it('the node’s own story goes to stderr as it happens: started, running', async () => {
    const port = await freePort();
    const running = start(['--serve-metrics', '127.0.0.1:0', '--node-bin', fakeBin, '--node-config', await nodeYaml(port)], { FAKE_NODE: 'serve' });
    await running.said(/cockpit: node started \(pid \d+\): /);
    await running.said(new RegExp(`cockpit: node running: /health answered 200 at http://127.0.0.1:${port}\n`));
    expect(await stopOnce(running)).toBe(0);
    expect(running.stderr()).not.toMatch(/still running/);
  }, 60_000);
});

describe('--node-bin without a URL watches the node where its YAML says it listens (issue 24 item 11)', () => {
  it('api-addr 127.0.0.1:<port>: the fleet node is that URL, up, its gates measured', async () => {
    const port = await freePort();
    const running = start(['--serve-metrics', '127.0.0.1:0', '--node-bin', fakeBin, '--node-config', await nodeYaml(port)], { FAKE_NODE: 'serve' });
    await running.said(/serving Prometheus metrics at /);
    const node = `http://127.0.0.1:${port}`;
    await until('the supervised node up in /metrics', async () => (await metrics(running)).includes(`cockpit_node_up{node="${node}"} 1`));
    const text = await metrics(running);
    expect(text).not.toContain('localhost:1633');
    expect(text).toContain('cockpit_supervised_node_state{state="running"} 1');
    expect(await stopOnce(running)).toBe(0);
  }, 60_000);
});

describe('a dead leader does not free its group, through the bin (issue 24 item 3)', () => {
  it('the OOM killer takes the leader: the group’s child is ended, stderr says so at once, one SIGTERM stops the cockpit', async () => {
    const port = await freePort();
    const running = start(['--serve-metrics', '127.0.0.1:0', '--node-bin', fakeBin, '--node-config', await nodeYaml(port)], { FAKE_NODE: 'child-serves' });
    const leader = Number(/cockpit: node started \(pid (\d+)\)/.exec(await running.said(/cockpit: node started \(pid \d+\)/))![0].match(/\d+/)![0]);
    await running.said(/cockpit: node running: /);
    process.kill(leader, 'SIGKILL');
    expect(await running.said(/cockpit: node killed \(sig 9\).*\n/)).toMatch(/ · the rest of its process group was ended \(SIGTERM\)\n$/);
    expect(() => process.kill(-leader, 0)).toThrow(/ESRCH/);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    expect(await stopOnce(running)).toBe(0);
    expect(running.stderr()).not.toMatch(/still running/);
  }, 60_000);
});

describe('state.json edge cases, through the bin (issue 24 item 10)', () => {
  it('a named pipe as state.json: refused at once with exit 2, no hang', async () => {
    const data = join(dir, 'fifo-data');
    await mkdir(data, { recursive: true });
    execFileSync('mkfifo', [join(data, 'state.json')]);
    const running = start(['--serve-metrics', '127.0.0.1:0', 'http://127.0.0.1:9'], { COCKPIT_DATA: data });
    const code = await Promise.race([running.exited, new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
    if (code === 'hung') running.child.kill('SIGKILL');
    expect(code).toBe(2);
    expect(running.stderr()).toBe(`cockpit: ${join(data, 'state.json')} is a named pipe, not a regular file: the cockpit keeps its state in a file there. Remove it, or set COCKPIT_DATA to another directory\n`);
  }, 30_000);

  it('a deeply nested state.json: moved aside, said on stderr at start, and the cockpit runs', async () => {
    const data = join(dir, 'deep-data');
    await mkdir(data, { recursive: true });
    await writeFile(join(data, 'state.json'), `{"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`);
    const running = start(['--serve-metrics', '127.0.0.1:0', 'http://127.0.0.1:9'], { COCKPIT_DATA: data });
    expect(await running.said(/cockpit: .*state\.json nests deeper than 64 levels.*\n/)).toMatch(/moved to .*state\.json\.corrupt-.*, starting from defaults\n$/);
    await running.said(/serving Prometheus metrics at /);
    expect(await stopOnce(running), running.stderr()).toBe(0);
  }, 30_000);
});
