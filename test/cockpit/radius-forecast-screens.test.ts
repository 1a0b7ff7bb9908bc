/**
 * radius-doctor's section on S5 Warmup and S7 Network, and sample-forecast's on S4 Lottery (issue 29 items 3, 4),
 * against a live devnet: the real fetch actors, the screen machines (which track when the radius last moved across
 * their polls) and the devnet faults that reproduce each cause: an under-filled reserve, a slow pull sync, a lonely
 * neighbourhood, a slow rchash, and a round sample that leaves the margin thin (the redistribution gate's reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { fetchHealthSnapshot } from '../../actors/cockpit/health-snapshot.js';
import { fetchLottery, runRchash } from '../../actors/cockpit/screens/lottery.js';
import { fetchNetworkFacts } from '../../actors/cockpit/screens/network.js';
import { fetchWarmup, warmupScreenActors } from '../../actors/cockpit/screens/warmup.js';
import { createNodeClient, type NodeClient } from '../../actors/node-client/index.js';
import { computeGates } from '../../core/cockpit/gates.js';
import { benchmarkTarget, renderLottery } from '../../core/cockpit/screens/lottery.js';
import { renderNetwork } from '../../core/cockpit/screens/network.js';
import { renderWarmup } from '../../core/cockpit/screens/warmup.js';
import type { ScreenContent } from '../../core/cockpit/view/screen-contract.js';
import type { FaultPatch } from '../../devnet/control/devnet-control.js';
import { startDevnet, type StartedDevnet } from '../../devnet/devnet.js';
import { selectWarmupContent, warmupScreenMachine } from '../../machines/cockpit/screens/warmup.machine.js';

let devnet: StartedDevnet;
let client: NodeClient;
const signal = new AbortController().signal;

beforeAll(async () => {
  devnet = await startDevnet({ nodes: 2, port: 0, mineBlocks: false, pushDelayMs: 0 });
  devnet.control.advanceBlocks(400);
  client = createNodeClient({ baseUrl: devnet.nodes[0]!.url, timeoutMs: 5000 });
});
afterAll(() => devnet?.stop());

async function withFault<T>(fault: FaultPatch, run: () => Promise<T>): Promise<T> {
  await devnet.control.node(0).setFault(fault);
  try {
    return await run();
  } finally {
    await devnet.control.node(0).heal();
  }
}

const doctor = (content: ScreenContent) => {
  const s = content.sections.find((x) => x.id === 'radiusDoctor');
  if (s?.kind !== 'facts') throw new Error(`no radius-doctor section: ${JSON.stringify(content.sections.map((x) => x.id))}`);
  return s;
};
const findings = (content: ScreenContent) => doctor(content).rows.filter((r) => r.label === 'Finding' || r.label === 'Verdict');

describe('radius-doctor on S5 and S7', () => {
  it('a settled devnet node: the verdict on both screens', async () => {
    const warmup = renderWarmup(await fetchWarmup(client, signal));
    const network = await fetchNetworkFacts(client, signal);
    const s7 = renderNetwork({ addresses: network.addresses, topology: network.topology, polledAtMs: network.takenAtMs, ...(network.radius ? { radius: network.radius } : {}) });
    for (const content of [warmup, s7]) {
      expect(doctor(content).title).toMatch(/^Radius doctor: storage radius 1, committed depth 1: settled; last change unknown/);
      expect(findings(content)).toEqual([expect.objectContaining({ label: 'Verdict', tone: 'ok' })]);
    }
  });

  it('each cause from its fault: under-filled reserve, slow pull sync, lonely neighbourhood', async () => {
    const causes: Record<string, string[]> = {};
    for (const [name, fault] of [
      ['underfilled', { underfilledReserve: true, storageRadius: 3 }],
      ['slow sync', { slowPullSync: true }],
      ['lonely', { lonelyNeighbourhood: true, storageRadius: 2 }],
    ] as const) {
      causes[name] = await withFault(fault, async () => findings(renderWarmup(await fetchWarmup(client, signal))).map((r) => `${r.tone}: ${r.value.split(':')[0]}`));
    }
    expect(causes).toEqual({
      underfilled: ['warn: under-filled reserve'],
      'slow sync': ['warn: under-filled reserve', 'warn: slow pull sync'],
      lonely: ['warn: lonely neighbourhood'],
    });
  });

  it('S5 tracks when the radius last moved across its polls: unknown, then unchanged, then changed', async () => {
    let now = 1_000_000;
    const actor = createActor(warmupScreenMachine.provide({ actors: warmupScreenActors(client, () => now) }), { input: { pollIntervalMs: 20 } }).start();
    try {
      const lastChange = () => doctor(selectWarmupContent(actor.getSnapshot(), null)).rows.find((r) => r.label === 'Last change')?.value;
      await waitFor(actor, (s) => s.context.poll !== null);
      expect(lastChange()).toMatch(/^unknown \(one reading so far/);
      now += 600_000;
      await waitFor(actor, (s) => s.context.poll!.takenAtMs === now);
      expect(lastChange()).toBe('over 10 min ago (unchanged in every poll since)');
      await devnet.control.node(0).setFault({ storageRadius: 4 });
      now += 60_000;
      await waitFor(actor, (s) => s.context.poll!.takenAtMs === now && s.context.radiusTrack?.storageRadius === 4);
      expect(lastChange()).toBe('0 s ago (radius was 1, committed depth 1)');
    } finally {
      actor.stop();
      await devnet.control.node(0).heal();
    }
  });
});

describe('sample-forecast on S4 and in the redistribution gate', () => {
  it('before the benchmark the forecast is the node\'s own last sample and says the benchmark is unknown; after a slow rchash (fault) it warns the margin is thin', async () => {
    const poll = await fetchLottery(client, signal);
    const idle = renderLottery(poll, { kind: 'idle' }, null);
    // The devnet node played rounds with its 4.2 s sample: until the benchmark runs, the forecast is its last sample.
    const before = idle.sections.find((s) => s.id === 'sampleForecast');
    expect(before?.title).toMatch(/^Sample forecast: the node's last sample 4\.2 s of the 540 s sample budget/);
    expect(before?.kind === 'facts' && before.rows.find((r) => r.label === 'Sample now')).toMatchObject({ value: 'unknown: run the rchash benchmark (r)', tone: 'muted' });
    await withFault({ rchashSeconds: 480 }, async () => {
      const target = benchmarkTarget(poll);
      if ('error' in target) throw new Error(target.error);
      const result = await runRchash(client, target, signal);
      const content = renderLottery(poll, { kind: 'done', target, ...result }, null);
      const forecast = content.sections.find((s) => s.id === 'sampleForecast');
      expect(forecast?.title).toBe('Sample forecast: forecast sample 480 s of the 540 s sample budget (108 of 114 blocks at 5 s): margin thin, 60 s');
      expect(forecast?.kind === 'facts' && forecast.rows.find((r) => r.label === 'Sample now')).toMatchObject({ value: '8 min: fits, margin thin (margin 1 min)', tone: 'warn' });
    });
  });

  it('a round sampled slowly (fault rchashSeconds 500, rounds played): the redistribution gate warns with the sample margin', async () => {
    await withFault({ rchashSeconds: 500 }, async () => {
      devnet.control.advanceToPhase('sample');
      devnet.control.advanceBlocks(152);
      const snapshot = await fetchHealthSnapshot(client, { signal });
      expect(snapshot.redistributionstate.ok && snapshot.redistributionstate.value.lastSampleDurationSeconds).toBe(500);
      const gate = computeGates(snapshot).find((g) => g.id === 'redistributionHealthy')!;
      expect(gate).toMatchObject({ state: 'Warn', reason: expect.stringMatching(/^last round sample took 500 s of the 540 s sample budget \(108 blocks at 5 s\): margin thin/) });
    });
  });
});
