/**
 * The conformance scenario of the real-Bee tier (test/bee/conformance.test.ts), run on the devnet in the
 * normal suite and diffed against the transcript recorded from real Bee v2.8.1 (a 3-node bee-cluster with
 * swap and storage incentives off), so the devnet cannot drift from Bee between bee-tier runs.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { diffTranscripts } from '../bee/conformance/diff.js';
import { runConformanceScenario } from '../bee/conformance/scenario.js';
import type { Transcript } from '../bee/conformance/transcript.js';

const recorded = JSON.parse(readFileSync(new URL('./bee-v2.8.1.transcript.json', import.meta.url), 'utf8')) as Transcript;

describe('devnet against the recorded real-Bee conformance transcript', () => {
  let devnet: StartedDevnet;
  let transcript: Transcript;

  beforeAll(async () => {
    devnet = await startDevnet({ nodes: 3, swapEnable: false, storageIncentivesEnable: false });
    transcript = await runConformanceScenario({ urls: devnet.nodes.map((n) => n.url), batchId: devnet.nodes[0]!.batchId! });
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it('answers every step as real Bee did (status, content type, headers, shape, content addresses)', () => {
    const problems = diffTranscripts(recorded, transcript, ['bee', 'devnet']);
    expect(problems, `devnet differs from recorded Bee v2.8.1 in ${problems.length} step(s):\n${problems.join('\n')}`).toEqual([]);
  });

  it('produces Bee’s references for the same bytes at redundancy levels 0, 1 (the default) and 2', () => {
    const reference = (step: string) => transcript.find((s) => s.step === step)?.addresses['reference'];
    const bee = (step: string) => recorded.find((s) => s.step === step)?.addresses['reference'];
    for (const step of ['bytes upload, level 0', 'bytes upload, default level', 'bytes upload, level 1', 'bytes upload, level 2', 'bytes upload 600 kB, default level, direct']) {
      expect(reference(step), step).toBe(bee(step));
      expect(reference(step), step).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
