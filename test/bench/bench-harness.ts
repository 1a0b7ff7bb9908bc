/**
 * Helpers for the benchmark integration tests: the built runners (dist/ and ~/.cache/node-toolkit/bench),
 * a 1 MB fixture in a temp dir, and a loopback proxy that can "take the node down" in the middle of a run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFixture } from '../../bench/lib/fixtures.js';
import { runnerCommand } from '../../bench/lib/runner-commands.js';
import type { RunnerName } from '../../config-schema/bench-result.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const distBench = (file: string) => join(repoRoot, 'dist', 'bench', file);

/** Builds the Go and Rust runners (cached outside the repo; a no-op when their sources did not change). */
export function buildCompiledRunners(): void {
  const build = spawnSync('bash', [join(repoRoot, 'bench', 'build-runners.sh')], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`bench/build-runners.sh failed (exit ${build.status}):\n${build.stderr.slice(-3000)}`);
}

export function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-fixtures-'));
  ensureFixture(dir, 1);
  return dir;
}

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runProcess(command: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 600_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function runRunner(runner: RunnerName, args: string[], env: Record<string, string | undefined>): Promise<Exit> {
  const { command, args: base } = runnerCommand(runner);
  return runProcess(command, [...base, ...args], env);
}

export interface CountingProxy {
  readonly url: string;
  /** Requests seen so far, as "METHOD /path". */
  readonly seen: string[];
  close(): Promise<void>;
}

/** A forwarding proxy that records every request line: how many calls a runner really made. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface DyingProxy {
  readonly url: string;
  /** Resolves when the proxy has gone down (the first request matching `dieOn` arrived). */
  readonly died: Promise<void>;
  close(): Promise<void>;
}

/**
 * Forwards everything to `target` until a request matches `dieOn`: that request's connection is destroyed and
 * the listener closed, so every later call is refused, as when a node process dies in the middle of a run.
 */
export async function startDyingProxy(target: string, dieOn: (req: IncomingMessage) => boolean): Promise<DyingProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let markDead: () => void = () => {};
  const died = new Promise<void>((r) => (markDead = r));
  const server: Server = createServer((req, res) => {
    if (dieOn(req)) {
      req.socket.destroy();
      server.close();
      for (const s of sockets) s.destroy();
      markDead();
      return;
    }
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    died,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
        if (!server.listening) r();
      }),
  };
}
