/**
 * The operator scenario of the real-Bee tier (test/bee/operator-conformance.test.ts: swap, stake,
 * redistribution, rchash, pending transactions and loggers with swap and storage incentives on), run on the
 * devnet in the normal suite and diffed against the transcript recorded from real Bee v2.8.1, so the devnet
 * the cockpit's operator screens are tested on cannot drift from Bee between bee-tier runs.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { diffTranscripts } from '../bee/conformance/diff.js';
import { devnetChain } from '../bee/conformance/operator-chains.js';
import { runOperatorScenario } from '../bee/conformance/operator-scenario.js';
import type { Transcript } from '../bee/conformance/transcript.js';

const recorded = JSON.parse(readFileSync(new URL('./bee-v2.8.1-operator.transcript.json', import.meta.url), 'utf8')) as Transcript;

describe('devnet against the recorded real-Bee operator transcript (swap and storage incentives on)', () => {
  let devnet: StartedDevnet;
  let transcript: Transcript;

  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 3, mineBlocks: false });
    transcript = await runOperatorScenario({ urls: devnet.nodes.map((n) => n.url), batchId: devnet.nodes[0]!.batchId!, chain: devnetChain(devnet) });
  }, 120_000);
  afterAll(async () => {
    await devnet?.stop();
  });

  it('answers every operator step as real Bee did (status, content type, headers, shape)', () => {
    expect(transcript.map((s) => s.step).sort()).toEqual(recorded.map((s) => s.step).sort());
    const problems = diffTranscripts(recorded, transcript, ['bee', 'devnet']);
    expect(problems, `devnet differs from recorded Bee v2.8.1 in ${problems.length} step(s):\n${problems.join('\n')}`).toEqual([]);
  });

  it('produces Bee’s reference for the 3 MB it pays its peers to store', () => {
    const reference = (t: Transcript) => t.find((s) => s.step === 'bytes upload 3 MB, direct, paid to peers')?.addresses['reference'];
    expect(reference(transcript)).toMatch(/^[0-9a-f]{64}$/);
    expect(reference(transcript)).toBe(reference(recorded));
  });
});
