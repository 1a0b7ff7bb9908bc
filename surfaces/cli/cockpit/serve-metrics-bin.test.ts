/**
 * `cockpit --serve-metrics` as a real process: it prints where it serves, answers /metrics, and SIGTERM stops
 * it with the final status; with `--node-bin` it supervises the node (the devnet started as Bee is) and stops
 * it on SIGTERM too. Bad addresses and half a supervision are usage errors (64).
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { runBin } from '../../../test/run-bin.js';
import { freePort } from '../../../test/fixtures/devnet-as-bee.js';

let bin: string;
let devnetBin: string;
let devnet: StartedDevnet;
let dir: string;

beforeAll(async () => {
  const compiled = compileEntries('serve-metrics-bin', ['surfaces/cli/cockpit-bin.ts', 'devnet/devnet-bin.ts']);
  bin = compiled('surfaces/cli/cockpit-bin.ts');
  devnetBin = compiled('devnet/devnet-bin.ts');
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  dir = await mkdtemp(join(tmpdir(), 'serve-metrics-bin-'));
}, 120_000);
afterAll(async () => {
  await devnet?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Starts the bin, waits for its "serving" line, returns the metrics URL and a stop that sends SIGTERM. */
async function serve(args: string[]) {
  const child = spawn(process.execPath, [bin, '--serve-metrics', '127.0.0.1:0', ...args], {
    env: { ...process.env, NO_COLOR: '1', COCKPIT_DATA: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'no-config'), NODE_URL: '', NODE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const end = Date.now() + 30_000;
  let url: string | undefined;
  while (!(url = /serving Prometheus metrics at (\S+)/.exec(stderr)?.[1])) {
    if (child.exitCode !== null || Date.now() > end) throw new Error(`no serving line; stderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      return { code: await exited, stderr };
    },
  };
}

describe('cockpit --serve-metrics', () => {
  it('serves /metrics for the given nodes and stops on SIGTERM', async () => {
    const node = devnet.nodes[0]!.url;
    const served = await serve([node]);
    let text = '';
    const end = Date.now() + 20_000;
    while (!text.includes(`cockpit_node_up{node="${node}"} 1`)) {
      if (Date.now() > end) throw new Error(`node never up:\n${text}`);
      text = await (await fetch(served.url)).text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(text).toContain(`cockpit_gate_state{node="${node}",gate="api_reachable"} 0`);
    const { code, stderr } = await served.stop();
    expect(code).toBe(0);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe('cockpit: stopped');
  }, 60_000);

  it('supervises --node-bin and stops the node on SIGTERM with its final status', async () => {
    const wrapper = join(dir, 'bee');
    await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${devnetBin}" "$@"\n`);
    await chmod(wrapper, 0o755);
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'bee-data')}\npassword: x\nmainnet: false\nblockchain-rpc:\n  endpoint: http://127.0.0.1:1\n`);
    const served = await serve(['--node-bin', wrapper, '--node-config', yaml, `http://127.0.0.1:${port}`]);
    const end = Date.now() + 30_000;
    for (let up = false; !up; ) {
      if (Date.now() > end) throw new Error('the supervised node never came up');
      up = (await (await fetch(served.url)).text()).includes(`cockpit_node_up{node="http://127.0.0.1:${port}"} 1`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { code, stderr } = await served.stop();
    expect(code).toBe(0);
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/^cockpit: node exited \(0\)/);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 90_000);

  it('refuses a bad address and half a supervision with the usage code', async () => {
    const bad = await runBin(bin, ['--serve-metrics', 'nowhere', devnet.nodes[0]!.url]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(/^cockpit: invalid --serve-metrics address "nowhere": expected host:port/);
    const half = await runBin(bin, ['--serve-metrics', '127.0.0.1:0', '--node-bin', '/bin/true', devnet.nodes[0]!.url], { COCKPIT_DATA: join(dir, 'data') });
    expect(half.code).toBe(64);
    expect(half.stderr).toMatch(/--node-config/);
  });
});
