/**
 * `devnet start --config <yaml>` as a real process, the way the supervisor (or systemd) starts Bee:
 * YAML in, Bee-style log lines on stdout, /health on api-addr, SIGTERM ends it with 0; and Bee's answers
 * to a config it cannot use.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEntries } from '../test/compiled-entries.js';
import { runBin } from '../test/run-bin.js';
import { parseStartArgs } from './start-command.js';
import { freePort } from '../test/fixtures/devnet-as-bee.js';

const compiled = compileEntries('devnet-start', ['devnet/devnet-bin.ts']);
const bin = compiled('devnet/devnet-bin.ts');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'devnet-start-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function yaml(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/** Starts the node and resolves once /health answers; `stop` sends SIGTERM and returns the exit and output. */
async function startNode(configPath: string, port: number) {
  const child = spawn(process.execPath, [bin, 'start', '--config', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 200; i++) {
    const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
    if (answer?.status === 200) return { health: (await answer.json()) as { status: string; version: string }, stdout: () => stdout, stop: async () => (child.kill('SIGTERM'), { code: await exited, stdout }) };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`devnet start did not answer /health; output:\n${stdout}`);
}

describe('devnet start --config <yaml>', () => {
  it('serves /health on api-addr, logs Bee-style lines to stdout, keeps its overlay in data-dir, exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'data');
    const config = await yaml('bee.yaml', `api-addr: 127.0.0.1:${port}\ndata-dir: ${dataDir}\npassword: x\nmainnet: false\nverbosity: debug\nblockchain-rpc:\n  endpoint: http://127.0.0.1:1\n`);
    const first = await startNode(config, port);
    expect(first.health).toMatchObject({ status: 'ok', version: expect.stringContaining('devnet') });
    const overlay = ((await (await fetch(`http://127.0.0.1:${port}/addresses`)).json()) as { overlay: string }).overlay;
    const ended = await first.stop();
    expect(ended.code).toBe(0);
    expect(ended.stdout).toMatch(/^"time"="[\d-]+ [\d:.]+" "level"="info" "logger"="node" "msg"="bee version"/m);
    expect(ended.stdout).toContain('"msg"="api access"'); // debug verbosity prints the access lines
    expect(ended.stdout).toContain('"msg"="received interrupt signal"');

    const again = await startNode(config, port);
    const overlayAgain = ((await (await fetch(`http://127.0.0.1:${port}/addresses`)).json()) as { overlay: string }).overlay;
    await again.stop();
    expect(overlayAgain).toBe(overlay);
  });

  it('prints only what verbosity allows (info hides the debug access lines)', async () => {
    const port = await freePort();
    const config = await yaml('info.yaml', `api-addr: ":${port}"\ndata-dir: ${join(dir, 'info')}\n`);
    const node = await startNode(config, port);
    const { stdout } = await node.stop();
    expect(stdout).toContain('"msg"="bee version"');
    expect(stdout).not.toContain('"level"="debug"');
  });

  it('refuses what Bee refuses: a missing file, bad YAML, unknown keys (exit 1, Error: on stderr)', async () => {
    const missing = await runBin(bin, ['start', '--config', join(dir, 'nope.yaml')]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file or directory') });
    const broken = await runBin(bin, ['start', '--config', await yaml('broken.yaml', 'api-addr: [\n')]);
    expect(broken).toMatchObject({ code: 1, stderr: expect.stringContaining('not valid YAML') });
    const unknown = await runBin(bin, ['start', '--config', await yaml('unknown.yaml', 'api-adr: 127.0.0.1:1633\n')]);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown parameters (Bee refuses to start): api-adr') });
    const noConfig = await runBin(bin, ['start']);
    expect(noConfig).toMatchObject({ code: 1, stderr: expect.stringContaining('needs --config') });
  });

  it('logs "failed to build bee node" and exits 0 when the API port is taken, as Bee v2.8.1 does', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const run = await runBin(bin, ['start', '--config', await yaml('taken.yaml', `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'taken')}\n`)]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`"msg"="failed to build bee node" "error"="listen tcp 127.0.0.1:${port}: bind: address already in use"`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('takes --config only', () => {
    expect(parseStartArgs(['--config=/a.yaml'])).toEqual({ configPath: '/a.yaml' });
    expect(parseStartArgs(['--api-addr', ':1'])).toMatchObject({ error: expect.stringContaining('only --config') });
  });
});
