/**
 * Drain, then stop (issue 29 item 2) with real processes: the headless harness (test/fixtures/supervise-harness.ts)
 * supervises `devnet start --config <yaml>` as its child, with `drain_secs` on and 0.05 s blocks, so a lottery
 * round (152 blocks) takes about 8 s. The test watches the node's /redistributionstate from outside while the
 * harness stops it: SIGTERM must reach the node only once the reveal phase of the round it plays is over.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEntries } from '../../test/compiled-entries.js';
import { freePort } from '../../test/fixtures/devnet-as-bee.js';

const compiled = compileEntries('supervisor-drain', ['devnet/devnet-bin.ts', 'test/fixtures/supervise-harness.ts']);
let dir: string;
let devnetBin: string;

interface Phase {
  phase: string;
  round: number;
  block: number;
  lastSelectedRound: number;
  lastPlayedRound: number;
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function phaseOf(port: number): Promise<Phase | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/redistributionstate`, { signal: AbortSignal.timeout(1_000) });
    return response.ok ? ((await response.json()) as Phase) : null;
  } catch {
    return null;
  }
}

/** The harness supervising a devnet node with `drain_secs` 60, reading /redistributionstate every 100 ms. */
async function startHarness(yamlExtra: string) {
  const port = await freePort();
  const name = `node-${port}`;
  const yaml = join(dir, `${name}.yaml`);
  await writeFile(yaml, `api-addr: 127.0.0.1:${port}\ndata-dir: ${join(dir, name)}\nblock-time: 0.05\n${yamlExtra}`);
  const harness = spawn(process.execPath, [compiled('test/fixtures/supervise-harness.ts'), devnetBin, yaml, join(dir, `capture-${name}`), '60', '100'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: Record<string, string>[] = [];
  let buffered = '';
  harness.stdout.on('data', (data: Buffer) => {
    buffered += data.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.map((line) => JSON.parse(line) as Record<string, string>));
  });
  const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
  await until('the harness to report the node running', () => (lines[0] ? true : undefined), 30_000);
  expect(lines[0]!.chip).toBe('running');
  return { harness, lines, exited, port };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'supervisor-drain-'));
  devnetBin = join(dir, 'devnet-node');
  await writeFile(devnetBin, `#!/bin/sh\nexec "${process.execPath}" "${compiled('devnet/devnet-bin.ts')}" "$@"\n`);
  await chmod(devnetBin, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('drain_secs with the devnet node as the supervised child', { timeout: 90_000 }, () => {
  it('a stop early in the commit phase of a round the node plays waits through commit and reveal, then SIGTERM in the claim phase', async () => {
    const { harness, lines, exited, port } = await startHarness('');
    // In the commit phase of a round the node has committed in, early enough that the drain has most of commit and
    // all of reveal to wait out. (Stopped merely selected, a node that had not committed yet by the reveal phase —
    // its sample late under load — is rightly safe to stop there: seen in CI, so the test waits for the commit.)
    const atStop = await until(
      'an early commit phase of a round the node committed in',
      async () => {
        const state = await phaseOf(port);
        return state && state.phase === 'commit' && state.round > 0 && state.lastPlayedRound === state.round && state.block % 152 < 30 ? state : undefined;
      },
      60_000,
    );
    const seen: Phase[] = [atStop];
    harness.kill('SIGTERM');
    // Watch the node from outside until the cockpit has exited: what it said last is the phase it was stopped in.
    // A read that fails meanwhile is skipped, not taken for the end (under load one can time out mid-drain).
    let over = false;
    const code = exited.then((c) => ((over = true), c));
    while (!over) {
      const state = await phaseOf(port);
      if (state) seen.push(state);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(await code).toBe(0);
    const phases = seen.map((s) => s.phase).filter((phase, i, all) => phase !== all[i - 1]);
    // The node went through the whole reveal phase of that round before it stopped. Seeing `claim` from outside is
    // a race with blocks of 50 ms: the cockpit sends SIGTERM within one 100 ms reading of the claim phase, and under
    // load (CI, 2026-11-29) this 30 ms watch's last answer came from the reveal phase. Which phase the stop came in
    // is the cockpit's own reading, checked on the final line below; from outside, a stop in commit would show no
    // reveal, and a stop after the round would show the next round's commit.
    expect(phases.slice(0, 2)).toEqual(['commit', 'reveal']);
    expect(['commit,reveal', 'commit,reveal,claim']).toContain(phases.join(','));
    expect(seen.at(-1)!.round).toBe(atStop.round);
    const chips = lines.filter((line) => line.chip !== undefined).map((line) => line.chip!);
    const draining = chips.map((chip) => /^draining \(reveal ends in ~(\d+) blocks?\)$/.exec(chip)).filter((m) => m !== null);
    expect(draining.length).toBeGreaterThan(0);
    // The first reading was early in the commit phase: most of the 76 blocks to the claim phase were still ahead.
    expect(Number(draining[0]![1])).toBeGreaterThan(40);
    expect(Number(draining[0]![1])).toBeLessThanOrEqual(76);
    expect(chips.indexOf('stopping')).toBeGreaterThan(chips.indexOf(draining[0]![0]));
    const detail = lines.find((line) => line.chip === draining[0]![0])!.detail!;
    expect(detail).toMatch(new RegExp(`^round ${atStop.round}: (committed in the commit phase|the neighbourhood is selected).*; SIGTERM when it is safe, or in \\d+ s at the latest \\(drain_secs 60\\)$`));
    const final = lines.find((line) => line.final !== undefined)!.final!;
    expect(final).toMatch(new RegExp(`^node exited \\(0\\) after SIGTERM, uptime \\d+s; drained \\d+s: round ${atStop.round}: claim phase`));
  });

  it('/redistributionstate cannot be read (storage incentives off: 403): the chip says so and the stop goes on at once', async () => {
    const { harness, lines, exited } = await startHarness('storage-incentives-enable: false\n');
    harness.kill('SIGTERM');
    expect(await exited).toBe(0);
    const chips = lines.filter((line) => line.chip !== undefined).map((line) => line.chip);
    expect(chips).toContain('stopping (not drained: /redistributionstate unreadable)');
    expect(chips.some((chip) => chip?.startsWith('draining ('))).toBe(false);
    const final = lines.find((line) => line.final !== undefined)!.final!;
    expect(final).toMatch(/^node exited \(0\) after SIGTERM, uptime \d+s; not drained: cannot read \/redistributionstate \(answered 403: Storage incentives are disabled/);
  });
});
