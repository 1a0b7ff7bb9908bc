/**
 * `cockpit --serve` as a real process: the URL with its token on stdout, the guard (token 401, foreign Host or
 * Origin 403, no CORS, on the page and on the WebSocket), SIGTERM as the window closing (with `--node-bin`: the
 * URL only once the node answers, and the node stopped with its final status), usage errors, and `cockpit`
 * alone on a machine without Electron's binary.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { RENDERER_CSP } from '../../core/cockpit/bridge/csp.js';
import { compileEntries } from '../compiled-entries.js';
import { devnetAsBee } from '../fixtures/devnet-as-bee.js';
import { runBin } from '../run-bin.js';
import { NO_ELECTRON } from '../../surfaces/desktop/launch.js';
import { ensureRendererBuilt } from './window-harness.js';

let bin: string;
let devnetBin: string;
let devnet: StartedDevnet;
let dir: string;

beforeAll(async () => {
  await ensureRendererBuilt();
  const compiled = compileEntries('desktop-serve-bin', ['surfaces/cli/cockpit-bin.ts', 'devnet/devnet-bin.ts']);
  bin = compiled('surfaces/cli/cockpit-bin.ts');
  devnetBin = compiled('devnet/devnet-bin.ts');
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'serve-bin-'));
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Served {
  readonly url: string;
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; stderr: string; stdout: string }>;
}

async function serve(args: string[], timeoutMs = 30_000): Promise<Served> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, NO_COLOR: '1', COCKPIT_DATA: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'no-config'), NODE_URL: '', NODE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const end = Date.now() + timeoutMs;
  while (!stdout.includes('\n')) {
    if (child.exitCode !== null || Date.now() > end) throw new Error(`no URL on stdout; stderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: stdout.split('\n')[0]!,
    child,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return { code: await exited, stderr, stdout };
    },
  };
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(url: string, headers: Record<string, string> = {}): Promise<{ first: unknown } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('message', (data) => {
      socket.close();
      resolve({ first: JSON.parse(String(data)) });
    });
    socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

describe('cockpit --serve', () => {
  it('prints a loopback URL with a random token; nothing is served without it, nor to a foreign Host or Origin', async () => {
    // `--serve <URL>`: the URL is the node, not a listen address.
    const served = await serve(['--serve', devnet.nodes[0]!.url]);
    try {
      const url = new URL(served.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.pathname).toMatch(/^\/[0-9a-f]{64}\/$/);
      const token = url.pathname.slice(1, -1);

      const page = await get(served.url);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toBe(RENDERER_CSP);
      expect(page.body).toContain('<div id="root">');
      expect(Object.keys(page.headers).filter((h) => h.startsWith('access-control'))).toEqual([]);
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(page.body)![1]!;
      expect((await get(`${served.url}${script}`)).status).toBe(200);

      for (const path of ['/', `/${script}`, `/${'0'.repeat(64)}/`, `/${token.slice(0, 63)}/`, `/x/${token}/`]) {
        const refused = await get(`${url.origin}${path}`);
        expect(refused.status, path).toBe(401);
        expect(refused.body).not.toContain('<');
        expect(Object.keys(refused.headers).filter((h) => h.startsWith('access-control'))).toEqual([]);
      }
      // DNS rebinding: the right token sent to a name that is not ours (or from another origin) is refused.
      expect((await get(served.url, { host: `rebind.example:${url.port}` })).status).toBe(403);
      expect((await get(served.url, { origin: 'http://evil.example' })).status).toBe(403);
      expect((await get(served.url, { origin: url.origin })).status).toBe(200);
      expect((await get(`${served.url}?x`, { host: `localhost:${url.port}` })).status).toBe(200);

      const socketUrl = `ws://${url.host}/${token}/bridge`;
      const greeted = await openSocket(socketUrl, { origin: url.origin });
      expect(greeted).toMatchObject({ first: { t: 'view', view: { face: 'desktop', screen: { id: expect.any(String) } } } });
      expect(await openSocket(socketUrl, { origin: 'http://evil.example' })).toEqual({ refused: 403 });
      expect(await openSocket(`ws://${url.host}/${'0'.repeat(64)}/bridge`, { origin: url.origin })).toEqual({ refused: 401 });
      expect(await openSocket(socketUrl, { origin: url.origin, host: 'rebind.example' })).toEqual({ refused: 403 });
    } finally {
      const { code, stderr } = await served.stop();
      expect(code).toBe(0);
      expect(stderr.trimEnd().split('\n').at(-1)).toBe('cockpit: stopped');
    }
  }, 90_000);

  it('with --node-bin, prints the URL once the node answers /health, and SIGTERM stops the node with its final status', async () => {
    const node = await devnetAsBee(dir, devnetBin);
    const served = await serve(['--serve', '127.0.0.1:0', '--node-bin', node.bin, '--node-config', node.config, node.url], 60_000);
    // The URL came after the node answered: it answers now.
    expect((await fetch(`${node.url}/health`)).status).toBe(200);
    expect(served.stderr()).toContain('the window opens once it answers /health');
    const { code, stderr } = await served.stop('SIGINT');
    expect(code).toBe(0);
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/^cockpit: node exited \(0\)/);
    await expect(fetch(`${node.url}/health`)).rejects.toThrow();
  }, 120_000);

  it(':quit in the window closes the cockpit: the process stops with exit code 0', async () => {
    const served = await serve(['--serve', devnet.nodes[0]!.url]);
    const url = new URL(served.url);
    const socket = new WebSocket(`ws://${url.host}${url.pathname}bridge`, { headers: { origin: url.origin } });
    await new Promise((resolve) => socket.once('message', resolve));
    let seq = 0;
    const send = (event: object) => socket.send(JSON.stringify({ t: 'event', event, seq: ++seq }));
    send({ type: 'ui.key', key: ':' });
    send({ type: 'ui.input', target: { kind: 'palette' }, value: 'quit' });
    send({ type: 'ui.submit', target: { kind: 'palette' } });
    const code = await new Promise<number | null>((resolve) => served.child.once('close', resolve));
    socket.terminate();
    expect(code).toBe(0);
    expect(served.stderr().trimEnd().split('\n').at(-1)).toBe('cockpit: stopped');
  }, 60_000);

  it('refuses a bad address and two modes at once with the usage code', async () => {
    const bad = await runBin(bin, ['--serve', 'nowhere', devnet.nodes[0]!.url]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(/^cockpit: invalid --serve address "nowhere": expected host:port/);
    expect((await runBin(bin, ['--serve', '--once', 'price'])).code).toBe(64);
    expect((await runBin(bin, ['--serve', '--serve-metrics', '127.0.0.1:0'])).code).toBe(64);
  });
});

describe('cockpit without --once or --serve', () => {
  it('says in one line how to get Electron and points at --serve (these machines have no Electron binary)', async () => {
    const run = await runBin(bin, [devnet.nodes[0]!.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cockpit: ${NO_ELECTRON}\n`);
  });
});
