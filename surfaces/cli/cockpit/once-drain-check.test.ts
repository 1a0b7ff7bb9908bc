/**
 * `cockpit --once drain-check` (issue 29 item 2) as the compiled bin against the devnet, its chain mined by the
 * test: the node plays round 1, so its commit and reveal phases are not safe (sad, exit 1, with the block the
 * claim phase starts at), its claim phase is; a node with storage incentives off cannot say (error, exit 2).
 * Every JSON output is validated by config-schema/once-results.schema.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../../devnet/devnet.js';
import { compileEntries } from '../../../test/compiled-entries.js';
import { onceJson } from '../../../test/once-schema.js';
import { runBin } from '../../../test/run-bin.js';

interface DrainData {
  node: string;
  safe: boolean | null;
  reason: string;
  phase: string;
  round: number;
  block: number;
  committed: boolean;
  selected: boolean;
  safeAtBlock: number | null;
  blocksUntilSafe: number | null;
}

let bin: string;
let devnet: StartedDevnet;
let dark: StartedDevnet;

beforeAll(async () => {
  bin = compileEntries('once-drain-check', ['surfaces/cli/cockpit-bin.ts'])('surfaces/cli/cockpit-bin.ts');
  devnet = await startDevnet({ nodes: 1, port: 0, mineBlocks: false });
  dark = await startDevnet({ nodes: 1, port: 0, mineBlocks: false, storageIncentivesEnable: false });
});
afterAll(async () => {
  await devnet?.stop();
  await dark?.stop();
});

const drainCheck = async (url: string) => {
  const json = await runBin(bin, ['--once', 'drain-check', url, '--json']);
  const text = await runBin(bin, ['--once', 'drain-check', url]);
  return { code: json.code, result: onceJson<DrainData>(json.stdout), text: text.stdout.trim(), textCode: text.code, stderr: text.stderr.trim() };
};

describe('--once drain-check on a devnet', { timeout: 60_000 }, () => {
  it('commit and reveal of a round the node plays: not safe, until the claim phase; claim: safe', async () => {
    const url = devnet.nodes[0]!.url;
    devnet.control.advanceToPhase('commit'); // round 1: the node sampled in round 0's claim phase
    devnet.control.advanceBlocks(5);
    const commit = await drainCheck(url);
    expect(commit.code, commit.result.message).toBe(1);
    expect(commit.result).toMatchObject({ verb: 'drain-check', status: 'sad' });
    expect(commit.result.data).toMatchObject({ node: url, safe: false, reason: 'committing', phase: 'commit', round: 1, committed: true, safeAtBlock: 228 });
    expect(commit.result.data.blocksUntilSafe).toBe(228 - commit.result.data.block);
    expect(commit.textCode).toBe(1);
    expect(commit.text).toBe(`not safe to stop now: safe at block 228 (~${commit.result.data.blocksUntilSafe} blocks, when the reveal phase ends); round 1: committed in the commit phase; its reveal is due before block 228`);

    devnet.control.advanceToPhase('reveal');
    const reveal = await drainCheck(url);
    expect(reveal.code).toBe(1);
    expect(reveal.result.data).toMatchObject({ safe: false, reason: 'revealing', phase: 'reveal', round: 1, block: 190, safeAtBlock: 228, blocksUntilSafe: 38 });

    devnet.control.advanceToPhase('claim');
    const claim = await drainCheck(url);
    expect(claim.code, claim.result.message).toBe(0);
    expect(claim.result).toMatchObject({ status: 'ok', data: { safe: true, reason: 'claim', round: 1, block: 228, safeAtBlock: null, blocksUntilSafe: null } });
    expect(claim.text).toMatch(/^safe to stop now.*: round 1: claim phase, no commit or reveal due/);
  });

  it('storage incentives off (/redistributionstate 403): an error that says so, never "safe"', async () => {
    const run = await drainCheck(dark.nodes[0]!.url);
    expect(run.code).toBe(2);
    expect(run.result.status).toBe('error');
    expect(run.result.message).toMatch(/redistributionstate/);
    expect(run.textCode).toBe(2);
    expect(run.stderr).toMatch(/redistributionstate/);
  });

  it('an argument it does not take is a usage error (64)', async () => {
    const run = await runBin(bin, ['--once', 'drain-check', 'soon', devnet.nodes[0]!.url]);
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(/drain-check takes exactly 0 arguments/);
  });
});
