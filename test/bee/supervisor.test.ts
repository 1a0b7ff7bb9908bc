/**
 * Issue 14, real-Bee tier: the supervisor starts the real Bee v2.8.1 binary (the one bee-cluster builds)
 * as `bee start --config <generated yaml>` against a 1-node cluster's chain, sees /health answer, captures
 * its output, and stops it with SIGTERM. The log pane tails the capture (the supervised tier) and every
 * line Bee wrote is parsed: its key="value" lines into levels, its access lines into the Bee HTTP tab.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ensureBeeBinary } from '../../bee-cluster/bee-binary.js';
import { CLUSTER_CHAIN_ID, startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { freePort, groupAlive, pollUntil } from '../../bee-cluster/processes.js';
import { logPaneActors } from '../../actors/log-pane/index.js';
import { startSupervision } from '../../actors/supervisor/index.js';
import { createNodeClient } from '../../actors/node-client/index.js';
import { parseBeeLogLine } from '../../core/log/bee-log-line.js';
import { LogBook } from '../../core/log/log-book.js';
import { logPaneMachine } from '../../machines/cockpit/log-pane.machine.js';
import { selectLogPaneHeader } from '../../machines/cockpit/log-pane.view.js';
import { selectSupervisorChip } from '../../machines/cockpit/supervisor.view.js';

let cluster: BeeCluster;
let beeBinary: string;

beforeAll(async () => {
  beeBinary = await ensureBeeBinary();
  cluster = await startBeeCluster({ nodes: 1 });
});
afterAll(async () => {
  await cluster?.stop();
});

function beeYaml(dir: string, apiPort: number, p2pPort: number): string {
  const c = cluster.contracts;
  return [
    `api-addr: 127.0.0.1:${apiPort}`,
    `p2p-addr: 127.0.0.1:${p2pPort}`,
    `data-dir: ${join(dir, 'data')}`,
    'password: supervisor-test',
    'full-node: true',
    'mainnet: false',
    `network-id: ${CLUSTER_CHAIN_ID}`,
    'blockchain-rpc:',
    `  endpoint: ${cluster.anvilUrl}`,
    'block-time: 1',
    'swap-enable: false',
    'allow-private-cidrs: true',
    'warmup-time: 1s',
    'skip-postage-snapshot: true',
    'storage-incentives-enable: false',
    `postage-stamp-address: "${c.postageStamp}"`,
    `postage-stamp-start-block: ${c.postageStartBlock}`,
    `staking-address: "${c.staking}"`,
    `redistribution-address: "${c.redistribution}"`,
    `bzz-token-address: "${c.bzzToken}"`,
    'bootnode: []',
    'verbosity: debug',
    '',
  ].join('\n');
}

describe('supervisor with the real Bee binary', () => {
  it('starts bee with a generated YAML, reaches running, captures and parses its log, stops it with SIGTERM', async () => {
    const dir = join(cluster.workDir, 'supervised');
    mkdirSync(join(dir, 'home'), { recursive: true });
    const apiPort = await freePort();
    const yaml = join(dir, 'bee.yaml');
    writeFileSync(yaml, beeYaml(dir, apiPort, await freePort()));
    // Bee's viper reads BEE_* variables: none of ours may reach it; HOME is its own.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BEE_')));
    const supervision = startSupervision({ binPath: beeBinary, configPath: yaml, autoRestart: false, captureDir: join(dir, 'capture'), deps: { env: { ...env, HOME: join(dir, 'home') } } });
    const started = await supervision.started;
    expect(started).toMatchObject({ apiUrl: `http://127.0.0.1:${apiPort}`, refusal: null });

    const book = new LogBook(5_000);
    const pane = createActor(logPaneMachine.provide({ actors: logPaneActors() }), { input: { book } }).start();
    pane.send({ type: 'node.switched', input: { nodeUrl: started.apiUrl!, platform: process.platform, supervisedCaptureFile: started.captureFile!, cli: { logFile: '/nonexistent' } } });

    let pid = 0;
    try {
      const running = await waitFor(supervision.actor, (s) => s.matches({ supervising: 'running' }) || s.matches('exited') || s.matches('killed'), { timeout: 60_000 });
      expect(selectSupervisorChip(running, Date.now()), readFileSync(started.captureFile!, 'utf8').slice(-2000)).toMatchObject({ text: 'running', tone: 'green' });
      pid = running.context.pid!;
      expect((await createNodeClient({ baseUrl: started.apiUrl! }).health()).version).toMatch(/^2\.8\.1-/);
      expect(selectLogPaneHeader(pane.getSnapshot())).toMatchObject({ source: started.captureFile, origin: 'supervised' });
      // Bee logs the supervisor's own /health polls at debug verbosity.
      await waitFor(pane, () => book.totals().nodeHttp > 0 && book.view('info', 5_000, 'bee version').entries.length > 0, { timeout: 20_000 });
      // /health answers while Bee is still building the node (chain, postage sync, kademlia). A SIGTERM then ends
      // it before it logged most of its start and with no shutdown sequence (Bee shuts down only a built node): under
      // load that left 14 lines. /readiness says the build is done, so the stop below runs Bee's full shutdown.
      await pollUntil('GET /readiness: ready', 60_000, async () => ((await fetch(`${started.apiUrl!}/readiness`)).status === 200 ? true : undefined));
    } finally {
      const final = await supervision.stop();
      pane.stop();
      expect(final).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s$/);
    }
    expect(groupAlive(pid)).toBe(false);

    // Every line Bee wrote: its key="value" lines parse with a level; only the welcome banner is plain text.
    const captured = readFileSync(started.captureFile!, 'utf8').split('\n').filter((l) => l.trim());
    const structured = captured.filter((l) => l.startsWith('"time"='));
    expect(structured.length).toBeGreaterThan(20);
    for (const line of structured) {
      const parsed = parseBeeLogLine(line);
      expect(parsed.format, line).toBe('logfmt');
      expect(parsed.time, line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/);
      expect(parsed.logger, line).toMatch(/^node/);
    }
    const levels = new Set(structured.map((l) => parseBeeLogLine(l).level));
    expect([...levels]).toEqual(expect.arrayContaining(['info', 'debug']));
    const access = structured.map(parseBeeLogLine).find((l) => l.msg === 'api access');
    expect(access?.fields).toMatchObject({ method: 'GET', uri: '/health', status: '200', proto: 'HTTP/1.1' });
    expect(captured.some((l) => l.includes('"msg"="received interrupt signal"'))).toBe(true);
    // The stop path kept everything: the last line Bee writes before it exits is captured.
    expect(structured.at(-1)).toContain('"msg"="node shutdown"');
  });
});
