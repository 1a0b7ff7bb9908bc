/**
 * `:stop` in the terminal face (issue 29 item 2), drawn by Ink (ink-testing-library) over the real engine, which
 * supervises the devnet node as its child with 0.05 s blocks and `drain_secs` 60: typed early in a commit phase
 * of a round the node plays, the top bar's chip reads `draining (reveal ends in ~N blocks)` while the cockpit
 * keeps drawing, then `stopped (exited (0))` once the claim phase came and SIGTERM ended the node.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { startCockpitEngine } from '../../actors/cockpit/engine.js';
import { engineConfigForUrls } from '../../core/cockpit/interaction/config.js';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import { compileEntries } from '../../test/compiled-entries.js';
import { freePort } from '../../test/fixtures/devnet-as-bee.js';
import { earlyCommitOfPlayedRound, phaseOf } from '../../test/fixtures/redistribution-phase.js';
import { CockpitApp } from './components/App.js';
import { renderSized, settle } from './testing/render-sized.js';

const engines: { stop(): Promise<unknown> }[] = [];
let dir: string;
let wrapper: string;
let screenNow: () => string = () => '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tui-stop-verb-'));
  const bin = compileEntries('tui-stop-verb', ['devnet/devnet-bin.ts'])('devnet/devnet-bin.ts');
  wrapper = join(dir, 'bee');
  await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  await chmod(wrapper, 0o755);
});
afterEach(async () => {
  cleanup();
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the screen:\n${screenNow()}`);
    await settle(25);
  }
}


describe(':stop in the terminal face (Ink, real engine, supervised devnet node)', () => {
  it('draws the draining chip while the node finishes its reveal, then the stopped chip', async () => {
    const port = await freePort();
    const yaml = join(dir, 'bee.yaml');
    await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, 'data')}\nblock-time: 0.05\n`);
    const url = `http://127.0.0.1:${port}`;
    const engine = startCockpitEngine({
      face: 'terminal',
      config: engineConfigForUrls([url], { store: { bin: wrapper, config: yaml }, supervisor: { autoRestart: false, maxRestartsPerHour: 6, drainSecs: 60 } }),
    });
    engines.push(engine);
    const ui = renderSized(<CockpitApp engine={engine} />, 160, 30);
    screenNow = () => ui.screen().join('\n');
    const row = (pattern: RegExp) => () => ui.screen().find((line) => pattern.test(line));
    await until(row(/\brunning\b/), 'the running chip', 30_000);
    await earlyCommitOfPlayedRound(url);
    const keys: CockpitUiEvent[] = [{ type: 'ui.key', key: ':' }, ...[...'stop'].map((key): CockpitUiEvent => ({ type: 'ui.key', key })), { type: 'ui.key', key: 'Enter' }];
    for (const key of keys) {
      engine.send(key);
      await settle(5);
    }
    const draining = await until(row(/draining \(reveal ends in ~\d+ blocks?\)/), 'the draining chip', 10_000);
    expect(Number(/~(\d+) block/.exec(draining)![1])).toBeLessThanOrEqual(76);
    // The cockpit is still running the drain: the node still answers.
    expect(await phaseOf(url)).not.toBeNull();
    await until(row(/stopped \(exited \(0\)\)/), 'the stopped chip', 30_000);
    expect(await phaseOf(url)).toBeNull();
  }, 120_000);
});
