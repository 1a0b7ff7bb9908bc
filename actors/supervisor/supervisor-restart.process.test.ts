/**
 * `:stop` then `:start`, again and again, with a real node process (`devnet start --config <yaml>`): the
 * operator's stop (`supervisor.stop` by `operator`) SIGTERMs the node's group and leaves supervision going
 * (`stoppedByOperator`); `supervisor.start` runs the same command again, through the same start-up check and
 * /health gate, writing on into the same capture file. Only the cockpit's own stop ends supervision.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectSupervisorChip } from '../../machines/cockpit/supervisor.view.js';
import { compileEntries } from '../../test/compiled-entries.js';
import { answers, groupAlive } from '../../test/fixtures/process-probes.js';
import { freePort } from '../../test/fixtures/devnet-as-bee.js';
import { logSupervisorEvents, startSupervision } from './index.js';

const compiled = compileEntries('supervisor-restart', ['devnet/devnet-bin.ts']);
let dir: string;
let devnetBin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'supervisor-restart-'));
  devnetBin = join(dir, 'bee');
  await writeFile(devnetBin, `#!/bin/sh\nexec "${process.execPath}" "${compiled('devnet/devnet-bin.ts')}" "$@"\n`);
  await chmod(devnetBin, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('the operator stops and starts the supervised node', () => {
  it(':stop rests the node (supervision goes on); :start runs the same command again through /health, into the same capture, twice', async () => {
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'data')}\nverbosity: debug\n`);
    // The default capture (a fresh temp directory), as the cockpit runs it.
    const supervision = startSupervision({ binPath: devnetBin, configPath: yaml, autoRestart: false });
    const tab: string[] = [];
    logSupervisorEvents(supervision.actor, (level, message) => tab.push(`${level} ${message}`));
    const { captureFile } = await supervision.started;
    expect(captureFile).toMatch(/cockpit-node-.*\/node\.log$/);
    const pids: number[] = [];
    try {
      for (let run = 1; run <= 3; run++) {
        const running = await waitFor(supervision.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 30_000 });
        const pid = running.context.pid!;
        expect(pids).not.toContain(pid);
        pids.push(pid);
        expect(running.context.captureFile).toBe(captureFile);
        expect(await answers(port)).toBe(true);
        if (run === 3) break;
        supervision.actor.send({ type: 'supervisor.stop', by: 'operator' });
        const rested = await waitFor(supervision.actor, (s) => s.matches('stoppedByOperator'), { timeout: 15_000 });
        expect(rested.status).toBe('active');
        expect(groupAlive(pid)).toBe(false);
        expect(await answers(port)).toBe(false);
        const chip = selectSupervisorChip(rested, Date.now());
        expect(chip).toMatchObject({ text: 'stopped (exited (0))', tone: 'grey', pid: null });
        expect(chip.detail).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s; stopped with :stop, :start runs it again$/);
        supervision.actor.send({ type: 'supervisor.start' });
      }
      const final = await supervision.stop();
      expect(final).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s$/);
      expect(groupAlive(pids[2]!)).toBe(false);
    } finally {
      await supervision.stop();
    }
    // Three runs of the same command, each through the /health gate.
    for (const pid of pids) expect(tab).toContain(`info node started (pid ${pid}): ${devnetBin} start --config ${yaml}`);
    expect(tab.filter((line) => line === `info node running: /health answered 200 at http://127.0.0.1:${port}`)).toHaveLength(3);
    expect(tab.filter((line) => line.startsWith('info node stopped (exited (0)): ') && line.endsWith('; stopped with :stop, :start runs it again'))).toHaveLength(2);
    expect(tab.at(-1)).toMatch(/^info node stopped \(exited \(0\)\): node exited \(0\) after SIGTERM, uptime \d+s$/);
    expect(pids).toHaveLength(3);
  }, 120_000);

  it('keeps the capture file: both runs wrote into one node.log (read before the clean stop removes it)', async () => {
    const port = await freePort();
    const yaml = join(dir, 'bee-2.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'data-2')}\nverbosity: debug\n`);
    const captureDir = join(dir, 'capture');
    const supervision = startSupervision({ binPath: devnetBin, configPath: yaml, autoRestart: false, captureDir });
    try {
      for (let run = 1; run <= 2; run++) {
        await waitFor(supervision.actor, (s) => s.matches({ supervising: 'running' }), { timeout: 30_000 });
        supervision.actor.send({ type: 'supervisor.stop', by: 'operator' });
        await waitFor(supervision.actor, (s) => s.matches('stoppedByOperator'), { timeout: 15_000 });
        if (run === 1) supervision.actor.send({ type: 'supervisor.start' });
      }
      const captured = await readFile(join(captureDir, 'node.log'), 'utf8');
      expect(count(captured, '"msg"="bee version"')).toBe(2);
      expect(count(captured, '"msg"="received interrupt signal"')).toBe(2);
    } finally {
      await supervision.stop();
    }
  }, 120_000);
});
