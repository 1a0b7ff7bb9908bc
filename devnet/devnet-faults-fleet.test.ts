/**
 * Devnet behaviour issue 12 asked for: a fleet of 200 nodes in one process, each answering /health and
 * /status; an isolated node reporting no peers; heal() clearing every fault, a bearer token included; the
 * bin removing its temporary log directory on exit unless --keep-logs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../actors/node-client/index.js';
import { compileEntries } from '../test/compiled-entries.js';
import { startDevnet, type StartedDevnet } from './devnet.js';
import type { DevnetDescription } from './describe.js';

describe('a fleet of 200 nodes in one process', () => {
  it('starts, and every node answers /health and /status', async () => {
    const fleet = await startDevnet({ nodes: 200, mineBlocks: false, batchDepth: 0 });
    try {
      expect(fleet.nodes).toHaveLength(200);
      const answers = await Promise.all(
        fleet.nodes.map(async (node) => {
          const client = createNodeClient({ baseUrl: node.url });
          const [health, status] = await Promise.all([client.health(), client.status()]);
          return health.status === 'ok' && status.overlay === node.overlay;
        }),
      );
      expect(answers.every(Boolean)).toBe(true);
    } finally {
      await fleet.stop();
    }
  }, 120_000);
});

describe('faults', () => {
  let devnet: StartedDevnet;
  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 3, mineBlocks: false, batchDepth: 0, token: 'start-token' });
  });
  afterAll(() => devnet.stop());
  const client = (i: number, token?: string) => createNodeClient({ baseUrl: devnet.nodes[i]!.url, ...(token ? { token } : {}) });

  it('an isolated node reports no connected peers (/status, /peers, /topology); its peers stop counting it', async () => {
    const before = await client(0, 'start-token').status();
    expect(before.connectedPeers).toBeGreaterThan(0);
    await devnet.control.node(0).setFault({ isolated: true });
    try {
      expect((await client(0, 'start-token').status()).connectedPeers).toBe(0);
      expect((await client(0, 'start-token').peers()).peers).toEqual([]);
      expect((await client(0, 'start-token').topology()).connected).toBe(0);
      const peersOfOne = (await client(1, 'start-token').peers()).peers.map((p) => p.address);
      expect(peersOfOne).not.toContain(devnet.nodes[0]!.overlay);
    } finally {
      await devnet.control.node(0).heal();
    }
    expect((await client(0, 'start-token').status()).connectedPeers).toBe(before.connectedPeers);
  });

  it('heal clears every fault, a token set as a fault included, and restores the start-up token', async () => {
    const handle = devnet.control.node(2);
    await handle.setFault({ authToken: 'fault-token' });
    await expect(client(2, 'start-token').status()).rejects.toMatchObject({ status: 401 });
    await handle.setFault({ error500: true, latencyMs: 5, corsOrigins: ['http://x.example'], frozen: true });
    await handle.heal();
    const faults = handle.faults();
    expect(faults).toMatchObject({ error500: false, latencyMs: 0, corsOrigins: [], frozen: false, authToken: '(set)' });
    await expect(client(2, 'fault-token').status()).rejects.toMatchObject({ status: 401 });
    await expect(client(2, 'start-token').status()).resolves.toMatchObject({ overlay: devnet.nodes[2]!.overlay });
  });

  it('heal on a devnet started without a token leaves none', async () => {
    const open = await startDevnet({ nodes: 1, mineBlocks: false, batchDepth: 0 });
    try {
      await open.control.node(0).setFault({ authToken: 'locked' });
      await open.control.node(0).heal();
      await expect(createNodeClient({ baseUrl: open.nodes[0]!.url }).status()).resolves.toBeDefined();
    } finally {
      await open.stop();
    }
  });
});

describe('the devnet bin and its temporary logs', () => {
  let bin: string;
  beforeAll(() => {
    bin = compileEntries('devnet-bin-logs', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
  });

  async function runUntilStopped(args: string[]): Promise<DevnetDescription> {
    const child = spawn(process.execPath, [bin, '--port', '0', '--nodes', '1', '--json', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`devnet exited ${code}`)));
    });
    const description = JSON.parse(line) as DevnetDescription;
    expect(existsSync(description.nodes[0]!.logFile)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    return description;
  }

  it('removes the temp log directory on Ctrl-C, and keeps it with --keep-logs', async () => {
    expect(existsSync((await runUntilStopped([])).logDir)).toBe(false);
    const kept = await runUntilStopped(['--keep-logs']);
    expect(existsSync(kept.nodes[0]!.logFile)).toBe(true);
  }, 60_000);
});
