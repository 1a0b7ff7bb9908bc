/**
 * `:stop` and `:start` in the engine (issue 29 item 2), with the devnet node as the supervised child and 0.05 s
 * blocks (a 152-block lottery round in about 8 s): `:stop` early in a commit phase of a round the node plays
 * reaches the supervisor, which drains while the cockpit keeps running, so the view's chip reads
 * `draining (reveal ends in ~N blocks)`; the node is SIGTERMed once the claim phase came, and the chip then says
 * `stopped (…)`. `:start` then runs the node again (running chip, /health answers), and `:stop`/`:start` work again
 * and again; a cockpit without a node says it runs none.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { compileEntries } from '../compiled-entries.js';
import { freePort } from '../fixtures/devnet-as-bee.js';
import { earlyCommitOfPlayedRound, phaseOf } from '../fixtures/redistribution-phase.js';
import { startEngineHarness, type EngineHarness } from './engine-harness.js';

let dir: string;
let wrapper: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-stop-verb-'));
  const bin = compileEntries('engine-stop-verb', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
  wrapper = join(dir, 'bee');
  await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  await chmod(wrapper, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});



function palette(h: EngineHarness, line: string): void {
  h.key(':');
  h.type(line);
  h.key('Enter');
}

describe(':stop drains the supervised node while the cockpit runs', () => {
  it('shows draining (reveal ends in ~N blocks), SIGTERMs in the claim phase, then the stopped chip; :start runs it again, repeatedly', async () => {
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'data')}\nblock-time: 0.05\n`);
    const url = `http://127.0.0.1:${port}`;
    const h = await startEngineHarness({
      urls: [url],
      face: 'terminal',
      config: { store: { bin: wrapper, config: yaml }, supervisor: { autoRestart: false, maxRestartsPerHour: 6, drainSecs: 60 } },
    });
    try {
      await h.waitForView((v) => v.topBar.supervisor?.text.startsWith('running') === true, { timeoutMs: 30_000, what: 'a running chip' });
      // Early in a commit phase of a round the node is selected for: commit and reveal are still ahead.
      const atStop = await earlyCommitOfPlayedRound(url);
      palette(h, 'stop');
      const banner = await h.waitForView((v) => v.banner?.text.startsWith('stopping the node') === true, { what: 'the :stop banner' });
      expect(banner.banner!.text).toBe('stopping the node: first waiting while it commits or reveals (up to 60 s, drain_secs)');
      const draining = await h.waitForView((v) => /^draining \(reveal ends in ~\d+ blocks?\)/.test(v.topBar.supervisor?.text ?? ''), { timeoutMs: 10_000, what: 'the draining chip' });
      const blocks = Number(/~(\d+) block/.exec(draining.topBar.supervisor!.text)![1]);
      expect(blocks).toBeGreaterThan(0);
      expect(blocks).toBeLessThanOrEqual(76);
      expect(draining.topBar.supervisor!.text).toMatch(new RegExp(`· round ${atStop.round}: .*SIGTERM when it is safe, or in \\d+ s at the latest \\(drain_secs 60\\)$`));
      expect(draining.topBar.supervisor!.tone).toBe('warn');
      // The node still answers while it drains.
      expect(await phaseOf(url)).not.toBeNull();
      const stopped = await h.waitForView((v) => v.topBar.supervisor?.text.startsWith('stopped') === true, { timeoutMs: 30_000, what: 'the stopped chip' });
      expect(stopped.topBar.supervisor!.text).toMatch(new RegExp(`^stopped \\(exited \\(0\\)\\) · node exited \\(0\\) after SIGTERM, uptime \\d+s; drained \\d+s: round ${atStop.round}: claim phase.*; stopped with :stop, :start runs it again$`));
      expect(await phaseOf(url)).toBeNull();
      palette(h, 'stop');
      await h.waitForView((v) => v.banner?.text === ':stop: the node is already stopped', { what: 'a second :stop' });
      // :start runs it again, and :stop / :start go on working: a second stop skips the drain each time.
      for (let round = 1; round <= 2; round++) {
        palette(h, 'start');
        await h.waitForView((v) => v.banner?.text === 'starting the node again (it was stopped with :stop)', { what: `the :start banner (${round})` });
        await h.waitForView((v) => v.topBar.supervisor?.text.startsWith('running') === true, { timeoutMs: 30_000, what: `the running chip again (${round})` });
        expect(await phaseOf(url)).not.toBeNull();
        palette(h, 'stop');
        palette(h, 'stop');
        await h.waitForView((v) => /^stopped \(exited \(0\)\) · node exited \(0\) after SIGTERM/.test(v.topBar.supervisor?.text ?? ''), { timeoutMs: 30_000, what: `the stopped chip again (${round})` });
        expect(await phaseOf(url)).toBeNull();
      }
    } finally {
      await h.stop();
    }
  }, 120_000);
});

describe(':stop and :start where the cockpit runs no node', () => {
  let devnet: StartedDevnet;
  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, pushDelayMs: 0 });
  });
  afterAll(async () => {
    await devnet?.stop();
  });
  it('says this cockpit does not run a node', async () => {
    const h = await startEngineHarness({ devnet, face: 'desktop' });
    try {
      for (const verb of ['stop', 'start']) {
        palette(h, verb);
        const shown = await h.waitForView((v) => v.banner?.text.startsWith(`:${verb}: this cockpit does not run a node`) === true, { what: `the :${verb} refusal` });
        expect(shown.banner!.tone).toBe('fail');
        expect(shown.topBar.supervisor).toBeNull();
      }
    } finally {
      await h.stop();
    }
  });
});
