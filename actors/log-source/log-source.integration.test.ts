/**
 * logSourceMachine with its real actors on this host: a real file on disk, and discovery against
 * a real node:http server on 127.0.0.1 run by a child process whose stdout is redirected.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, open, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { logSourceMachine, selectLogSource, type LogSourceInput } from '../../machines/log-source.machine.js';
import { classifyStdoutIn } from './classify-stdout.js';
import { findListenerIn } from './find-listener.js';
import { logSourceActors } from './index.js';

const onLinux = process.platform === 'linux';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'log-source-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function resolve(input: LogSourceInput) {
  const actor = createActor(logSourceMachine.provide({ actors: logSourceActors }), { input }).start();
  const settled = await waitFor(actor, (s) => s.matches('resolved') || s.matches('unavailable'), { timeout: 10_000 });
  actor.stop();
  return selectLogSource(settled);
}

/** A listener that writes one line as Bee does to its stdout (logfmt), so a file it goes to reads as Bee's log. */
const listenerScript = listenerWritingAfter(0);

/** The same listener writing its first line `ms` after it listens: until then its stdout file is empty. */
function listenerWritingAfter(ms: number): string {
  return `const s=require('node:http').createServer((q,r)=>r.end('ok'));s.listen(0,'127.0.0.1',()=>{setTimeout(()=>process.stdout.write('"time"="2026-11-24 14:33:19.932249" "level"="info" "logger"="node/api" "msg"="starting api server"\\n'),${ms});process.stderr.write(String(s.address().port)+'\\n')})`;
}
const devnetBin = fileURLToPath(new URL('../../dist/devnet/devnet-bin.js', import.meta.url));

/**
 * A node:http server on 127.0.0.1:0 in a child whose stdout is `stdout` (or, with `pipeInto`, a
 * real pipe into that shell command); it reports its port on stderr. The child leads its own
 * process group so `stop` ends the whole pipeline.
 */
async function startListener(stdout: 'ignore' | number, pipeInto?: string, script = listenerScript) {
  const child = pipeInto
    ? spawn('sh', ['-c', `"$0" -e "$1" | ${pipeInto}`, process.execPath, script], { stdio: ['ignore', 'ignore', 'pipe'], detached: true })
    : spawn(process.execPath, ['-e', script], { stdio: ['ignore', stdout, 'pipe'], detached: true });
  const port = await new Promise<number>((ok, fail) => {
    child.stderr?.once('data', (chunk: Buffer) => ok(Number(chunk.toString().trim())));
    child.once('exit', (code) => fail(new Error(`listener exited early with ${code}`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited; // the kernel has closed the child's sockets once it is reaped
  };
  return { child, port, stop };
}

describe('logSourceMachine with real actors', () => {
  it('chooses a --node-log file that exists, and reports a directory instead of guessing', async () => {
    const file = join(dir, 'bee.log');
    await writeFile(file, 'line\n');
    expect(await resolve({ nodeUrl: 'http://127.0.0.1:1', platform: process.platform, cli: { logFile: file } })).toEqual({ kind: 'file', path: file, origin: 'cli', reason: 'from --node-log' });
    const none = await resolve({ nodeUrl: 'http://127.0.0.1:1', platform: process.platform, config: { logFile: dir } });
    expect(none).toMatchObject({ kind: 'none', reason: expect.stringContaining('is a directory') });
  });

  // A listener whose stdout goes to a file is discovered and its file followed: one writing its first line at once,
  // and one whose file is still empty when discovery first looks (a node that has just started).
  for (const [title, file, script] of [
    ['discovers a local node whose stdout is redirected to a file (Linux /proc only)', 'node-stdout.log', listenerScript],
    ['waits for the first line of a stdout file that is still empty (a node that has just started), then follows it', 'new-node-stdout.log', listenerWritingAfter(1200)],
  ] as const) {
    it.skipIf(!onLinux)(title, async () => {
      const stdoutPath = join(dir, file);
      const handle = await open(stdoutPath, 'w');
      const { child, port, stop } = await startListener(handle.fd, undefined, script);
      try {
        const source = await resolve({ nodeUrl: `http://127.0.0.1:${port}`, platform: 'linux' });
        expect(source).toMatchObject({ kind: 'file', path: stdoutPath, origin: 'discovered' });
        expect(source?.reason).toContain(`process ${child.pid}`);
      } finally {
        await stop();
        await handle.close();
      }
    });
  }

  it.skipIf(!onLinux)('refuses a stdout file that is not Bee’s log: a devnet run with --json > file, and says why', async () => {
    const stdoutPath = join(dir, 'devnet.json');
    const handle = await open(stdoutPath, 'w');
    const child = spawn(process.execPath, [devnetBin, '--port', '0', '--nodes', '1', '--json'], { stdio: ['ignore', handle.fd, 'pipe'], detached: true });
    const exited = new Promise((done) => child.once('exit', done));
    try {
      let line = '';
      for (let i = 0; i < 200 && !line.includes('\n'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        line = await readFile(stdoutPath, 'utf8');
      }
      const url = (JSON.parse(line) as { nodes: { url: string }[] }).nodes[0]!.url;
      const source = await resolve({ nodeUrl: url, platform: 'linux' });
      expect(source).toMatchObject({ kind: 'none', origin: 'none' });
      expect(source?.reason).toContain(`writes its stdout to ${stdoutPath}, which does not read as Bee's log (its one line is not a Bee log line`);
      expect(source?.reason).toContain(`set --node-log ${stdoutPath} to follow it anyway`);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      await handle.close();
    }
  });

  it.skipIf(!onLinux)('follows a node run with Bee’s command line whose stdout goes to a file (devnet start --config)', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as { port: number }).port;
        probe.close(() => done(free));
      });
    });
    const config = join(dir, 'bee.yaml');
    await writeFile(config, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'bee-data')}\n`);
    const stdoutPath = join(dir, 'bee-stdout.log');
    const handle = await open(stdoutPath, 'w');
    const child = spawn(process.execPath, [devnetBin, 'start', '--config', config], { stdio: ['ignore', handle.fd, 'ignore'], detached: true });
    const exited = new Promise((done) => child.once('exit', done));
    try {
      for (let i = 0; i < 200; i++) {
        if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const source = await resolve({ nodeUrl: `http://127.0.0.1:${port}`, platform: 'linux' });
      expect(source).toMatchObject({ kind: 'file', path: stdoutPath, origin: 'discovered' });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      await handle.close();
    }
  });

  it.skipIf(!onLinux)('explains a local node whose stdout is /dev/null, or nothing listening', async () => {
    const { port, stop } = await startListener('ignore');
    try {
      const source = await resolve({ nodeUrl: `http://localhost:${port}`, platform: 'linux' });
      expect(source).toMatchObject({ kind: 'none', reason: expect.stringContaining('/dev/null') });
    } finally {
      await stop();
    }
    const lookup = await findListenerIn('/proc', port, new AbortController().signal);
    expect(lookup.found).toBe(false);
  });

  it.skipIf(!onLinux)('names the reader of a pipe it cannot follow (node | cat)', async () => {
    const { port, stop } = await startListener('ignore', 'cat > /dev/null');
    try {
      const lookup = await findListenerIn('/proc', port, new AbortController().signal);
      expect(lookup).toMatchObject({ found: true, processName: 'node' });
      const result = await classifyStdoutIn('/proc', { pid: lookup.found ? lookup.pid : 0, processName: 'node' }, new AbortController().signal);
      // Under a systemd service or a container the same pipe is that owner's log; on a plain host it is opaque.
      if (result.kind === 'uncapturable') expect(result).toMatchObject({ what: 'opaquePipe', detail: expect.stringContaining('pipe into cat') });
      else expect(['servicePipe', 'containerPipe']).toContain(result.kind);
    } finally {
      await stop();
    }
  });

  it('stops scanning when aborted (the machine aborts on its discovery deadline)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(findListenerIn(onLinux ? '/proc' : dir, 1633, controller.signal)).rejects.toThrow();
  });
});

describe('classifyStdout and findListener on a laid-out /proc tree', () => {
  it('finds a containerised node through its cgroup and the socket it holds', async () => {
    const proc = join(dir, 'proc');
    const id = 'c'.repeat(64);
    await mkdir(join(proc, 'net'), { recursive: true });
    await writeFile(join(proc, 'net', 'tcp'), `  sl  local_address rem_address   st\n   0: 00000000:0661 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 5555 1\n`);
    await mkdir(join(proc, '7', 'fd'), { recursive: true });
    await writeFile(join(proc, '7', 'comm'), 'bee\n');
    await writeFile(join(proc, '7', 'cgroup'), `0::/system.slice/docker-${id}.scope\n`);
    await symlink('socket:[5555]', join(proc, '7', 'fd', '3'));
    await symlink('pipe:[77]', join(proc, '7', 'fd', '1'));
    const signal = new AbortController().signal;
    expect(await findListenerIn(proc, 1633, signal)).toEqual({ found: true, pid: 7, processName: 'bee' });
    expect(await classifyStdoutIn(proc, { pid: 7, processName: 'bee' }, signal)).toEqual({ kind: 'containerPipe', runtime: 'docker', containerId: id });
    expect(await findListenerIn(proc, 1634, signal)).toEqual({ found: false, reason: 'nothing listens on port 1634 on this host' });
  });
});
