/**
 * Real-Bee tier: the operator scenario (test/bee/conformance/operator-scenario.ts: chequebook, cheques,
 * settlements, time settlements, balances, cashout status, stake, redistribution, rchash, pending
 * transactions, loggers) against a real Bee v2.8.1 cluster with swap and storage incentives ON and against
 * the devnet, diffed step by step. Also holds Bee to the recorded transcript the normal suite checks the
 * devnet against (test/conformance/bee-v2.8.1-operator.transcript.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBeeCluster, type BeeCluster } from '../../bee-cluster/cluster.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { diffTranscripts } from './conformance/diff.js';
import { anvilChain, devnetChain } from './conformance/operator-chains.js';
import { runOperatorScenario } from './conformance/operator-scenario.js';
import type { Transcript } from './conformance/transcript.js';

const RECORDED = new URL('../conformance/bee-v2.8.1-operator.transcript.json', import.meta.url);
const FRESH = 'test-output/bee-conformance/bee-v2.8.1-operator.transcript.json';

describe('operator conformance: devnet vs real Bee v2.8.1 with swap and storage incentives on', () => {
  let cluster: BeeCluster;
  let devnet: StartedDevnet;
  let bee: Transcript;
  let simulated: Transcript;

  beforeAll(async () => {
    cluster = await startBeeCluster({ nodes: 3, swapEnable: true, storageIncentivesEnable: true, log: (line) => process.stderr.write(`bee-cluster: ${line}\n`) });
    devnet = await startDevnet({ nodes: 3, mineBlocks: false });
    const urls = cluster.nodes.map((n) => n.url);
    bee = await runOperatorScenario({ urls, batchId: cluster.batchId, chain: anvilChain(cluster.anvilUrl, urls, 1) });
    simulated = await runOperatorScenario({ urls: devnet.nodes.map((n) => n.url), batchId: devnet.nodes[0]!.batchId!, chain: devnetChain(devnet) });
    mkdirSync('test-output/bee-conformance', { recursive: true });
    writeFileSync(FRESH, `${JSON.stringify(bee, null, 1)}\n`);
  }, 15 * 60_000);

  afterAll(async () => {
    await Promise.all([cluster?.stop(), devnet?.stop()]);
  });

  it('real Bee paid its peers by cheque and answered every operator endpoint', () => {
    const step = (name: string) => bee.find((s) => s.step === name);
    expect(step('chequebook cheques after paying peers')?.shape['.lastcheques[].lastsent.payout']).toBe('string');
    expect(step('settlement with the paid peer')?.status).toBe(200);
    expect(step('cashout status at the payee')?.status).toBe(200);
    expect(step('pending transactions, one pending')?.shape['.pendingTransactions[].transactionHash']).toBe('string');
    expect(step('rchash at the storage radius')?.status).toBe(200);
    expect(step('redistribution state, incentives on')?.status).toBe(200);
    // The same 3 MB gives the same reference on both.
    const ref = (t: Transcript) => t.find((s) => s.step === 'bytes upload 3 MB, direct, paid to peers')?.addresses['reference'];
    expect(ref(simulated)).toBe(ref(bee));
  });

  it('the devnet answers every operator step like Bee: status, content type, headers, shape', () => {
    const problems = diffTranscripts(bee, simulated, ['bee', 'devnet']);
    expect(problems, `devnet differs from real Bee in ${problems.length} step(s):\n${problems.join('\n')}`).toEqual([]);
  });

  it('real Bee still answers like the recorded operator transcript', () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Transcript;
    const problems = diffTranscripts(recorded, bee, ['recorded', 'bee now']);
    expect(problems, `Bee's answers changed in ${problems.length} step(s); review and copy ${FRESH} to test/conformance/:\n${problems.join('\n')}`).toEqual([]);
  });
});
