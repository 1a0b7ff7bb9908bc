import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
import { pollingScreenWith } from './polling-screen.machine.js';
import { ok, failed } from '../../../core/cockpit/screens/common.js';
import type { PeerDrillFacts, PeersTopologyFacts, TopologyPoll } from '../../../core/cockpit/screens/peers.js';
import { peersScreenMachine, selectPeersContent, type PeersScreenSnapshot } from './peers.machine.js';

const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const peer = (address: string, po: number) => ({ address, po, latencyMs: 2, direction: 'outbound', healthy: true, reachability: 'Public', sessionSeconds: 60 });
const topology: PeersTopologyFacts = { depth: 1, connected: 2, population: 2, connectedPerBin: [1, 1], peers: [peer(B, 1), peer(A, 0)] };
const good: TopologyPoll = { takenAtMs: 1000, topology: ok(topology) };
const refused: TopologyPoll = { takenAtMs: 2000, topology: failed({ code: 'http', status: 404, detail: '404 Not Found' }) };
const drillOf = (p: string): PeerDrillFacts => ({
  peer: p,
  balance: ok('100'),
  cheques: ok({ lastReceived: null, lastSent: null }),
  settlement: ok(null),
  ping: ok({ rtt: '1ms', rttMs: 1 }),
  peerStatuses: ok([{ overlay: p, storageRadius: 2, reserveSize: 10, pullsyncRate: 0, batchCommitment: 100 }]),
  localStatus: ok({ overlay: 'cc'.repeat(32), batchCommitment: 100 }),
});
const row = (index: number, section = 'peers') => ({ section, index });

function expectView(s: PeersScreenSnapshot): void {
  const content = selectPeersContent(s);
  if (s.context.topology === null) expect(content.status).toBe(s.context.pollError ? 'error' : 'loading');
  else expect(content.sections.map((x) => x.id).slice(0, 3)).toEqual(['bins', 'summary', 'peers']);
  if (s.context.pollError) expect(content.subtitle).toContain(s.context.pollError.startsWith('/topology') ? '/topology: 404 Not Found' : 'poll failed unexpectedly: a bug');
  if (s.context.drillOpen) expect(content.drill?.title).toBe(`Peer ${s.context.selectedPeer!.slice(0, 8)}…${s.context.selectedPeer!.slice(-4)}`);
  else expect(content.drill).toBeNull();
}

describeMachineModel(peersScreenMachine, {
  input: { pollIntervalMs: 15_000, selectDebounceMs: 400 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { good: { type: 'poll.done', poll: good }, refused: { type: 'poll.done', poll: refused } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'xstate.done.actor.fetchPeerDrill': { answered: actorDone('fetchPeerDrill', drillOf(A)) },
    'xstate.error.actor.fetchPeerDrill': { bug: actorFailed('fetchPeerDrill', new Error('drill bug')) },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
    'screen.select': { first: { type: 'screen.select', ...row(0) }, second: { type: 'screen.select', ...row(1) }, elsewhere: { type: 'screen.select', ...row(0, 'bins') } },
    'screen.activate': { first: { type: 'screen.activate', ...row(0) } },
  },
  states: {
    'drill.idle': (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 15_000 });
      expect(s.context.selectedPeer).toBeNull();
      expectView(s);
    },
    'drill.debouncing': (s, probe) => {
      expect(s.context.selectedPeer).toMatch(/^(aa|bb)+$/);
      expect(probe.running()).not.toContain('fetchPeerDrill');
      expectView(s);
    },
    'drill.loading': (s, probe) => {
      expect(probe.inputOf('fetchPeerDrill')).toEqual({ peer: s.context.selectedPeer });
      expectView(s);
    },
    'drill.ready': (s) => {
      expect(s.context.drillFacts !== null || s.context.drillError !== null).toBe(true);
      expectView(s);
    },
  },
});

describe('peers screen over time', () => {
  it('rests the selection before the fan-out, so arrowing through rows fires one fan-out', async () => {
    const calls: string[] = [];
    let topologyCalls = 0;
    const clock = new SimulatedClock();
    const machine = peersScreenMachine.provide({
      actors: {
        poller: pollingScreenWith(
          fromPromise(async () => {
            topologyCalls++;
            return good;
          }),
        ),
        fetchPeerDrill: fromPromise(async ({ input }: { input: { peer: string } }) => {
          calls.push(input.peer);
          return drillOf(input.peer);
        }),
      },
    });
    const actor = createActor(machine, { input: { selectDebounceMs: 400 }, clock }).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'screen.select', ...row(0) });
    clock.increment(200);
    actor.send({ type: 'screen.select', ...row(1) });
    clock.increment(399);
    expect(calls).toEqual([]);
    clock.increment(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([B]);
    expect(selectPeersContent(actor.getSnapshot()).sections.find((s) => s.id === 'selection')).toBeDefined();
    actor.send({ type: 'screen.activate', ...row(0) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([B, A]);
    expect(selectPeersContent(actor.getSnapshot()).drill?.status).toBe('ready');
    // Selecting and opening peers is the drill's business: the strip's poll goes on at its own pace.
    expect(topologyCalls).toBe(1);
    actor.stop();
  });
});
