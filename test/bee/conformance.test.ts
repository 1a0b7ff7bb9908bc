/**
 * Issue 4, real-Bee tier: the conformance scenario against a real Bee v2.8.1 cluster and against a devnet
 * configured like it (swap and storage incentives off), diffed step by step. Also checks the recorded Bee
 * transcript that the normal suite holds the devnet to (test/conformance/bee-v2.8.1.transcript.json):
 * when Bee's answers change, the failure says which steps, and where the fresh transcript was written.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { diffTranscripts } from './conformance/diff.js';
import { runConformanceScenario } from './conformance/scenario.js';
import type { Transcript } from './conformance/transcript.js';
import { scenarioFullSizeSoc, scenarioSoc } from './conformance/fixtures.js';
import { bytesToHex, readUint64LE } from '../../core/swarm/bytes.js';
import { makeContentChunk } from '../../core/swarm/chunk.js';

const contentAddress = (data: Uint8Array) => bytesToHex(makeContentChunk(data.subarray(8), readUint64LE(data.subarray(0, 8))).address);

const RECORDED = new URL('../conformance/bee-v2.8.1.transcript.json', import.meta.url);
const FRESH = 'test-output/bee-conformance/bee-v2.8.1.transcript.json';

describe('conformance: devnet vs real Bee v2.8.1', () => {
  let cluster: BeeCluster;
  let devnet: StartedDevnet;
  let bee: Transcript;
  let simulated: Transcript;

  beforeAll(async () => {
    cluster = await startBeeCluster({ nodes: 3, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
    devnet = await startDevnet({ nodes: 3, swapEnable: false, storageIncentivesEnable: false });
    bee = await runConformanceScenario({ urls: cluster.nodes.map((n) => n.url), batchId: cluster.batchId });
    simulated = await runConformanceScenario({ urls: devnet.nodes.map((n) => n.url), batchId: devnet.nodes[0]!.batchId! });
    mkdirSync('test-output/bee-conformance', { recursive: true });
    writeFileSync(FRESH, `${JSON.stringify(bee, null, 1)}\n`);
  }, 15 * 60_000);

  afterAll(async () => {
    await Promise.all([cluster?.stop(), devnet?.stop()]);
  });

  it('ran every step on both, with content addresses on the uploads', () => {
    expect(bee.length).toBeGreaterThan(90);
    expect(simulated.map((s) => s.step)).toEqual(bee.map((s) => s.step));
    const reference = (t: Transcript, step: string) => t.find((s) => s.step === step)?.addresses['reference'];
    for (const step of ['bytes upload, level 0', 'bytes upload, default level', 'bzz upload, tar collection with index document', 'soc upload', 'feed manifest create']) {
      expect(reference(bee, step), step).toMatch(/^[0-9a-f]{64}$/);
    }
    // Bee v2.8.1 uploads at redundancy level 1 by default: the default and level-1 references agree, level 0 differs.
    expect(reference(bee, 'bytes upload, default level')).toBe(reference(bee, 'bytes upload, level 1'));
    expect(reference(bee, 'bytes upload, default level')).not.toBe(reference(bee, 'bytes upload, level 0'));
    // POST /chunks: SOC bytes up to 4104 bytes land under their content address, a longer SOC under its own.
    expect(reference(bee, 'chunk upload of soc bytes (read as a content chunk)')).toBe(contentAddress(scenarioSoc().data));
    expect(reference(bee, 'chunk upload of a full-size soc (read as a soc)')).toBe(scenarioFullSizeSoc().address);
  });

  it('the devnet answers every step like Bee: status, content type, headers, shape and addresses', () => {
    const problems = diffTranscripts(bee, simulated, ['bee', 'devnet']);
    expect(problems, `devnet differs from real Bee in ${problems.length} step(s):\n${problems.join('\n')}`).toEqual([]);
  });

  it('real Bee still answers like the recorded transcript the normal suite checks the devnet against', () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Transcript;
    const problems = diffTranscripts(recorded, bee, ['recorded', 'bee now']);
    expect(problems, `Bee's answers changed in ${problems.length} step(s); review and copy ${FRESH} to test/conformance/:\n${problems.join('\n')}`).toEqual([]);
  });
});
