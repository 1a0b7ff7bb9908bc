import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { describeMachineModel } from '../../test/model-based.js';
import type { GateTransition } from '../../core/cockpit/gate-transitions.js';
import { healthySnapshot, withSnapshot } from '../../core/cockpit/snapshot-fixtures.js';
import type { GatesNode, HealthPollerAnswer, HealthPollerEvent } from './gates.machine.js';
import type { WatchlistEntry } from '../../core/cockpit/watchlist.js';
import { cockpitMachine, fleetActorId, fleetNodeMachine, PROMETHEUS_FLEET_ID, screenActorId, watchActorId, type CockpitMachineInput, type CockpitSnapshot, type VerbOutcome } from './cockpit.machine.js';

const input: CockpitMachineInput = {
  face: 'terminal',
  nodes: [
    { name: 'n1', url: 'http://127.0.0.1:1633' },
    { name: 'n2', url: 'http://127.0.0.1:1733' },
  ],
  activeNode: 'n1',
  fleetPollIntervalMs: 10_000,
  session: { face: 'terminal' },
  log: { platform: 'linux', perNode: { n2: { cli: { logFile: '/var/log/bee.log' } } } },
  alerts: { face: 'terminal', webhook: false, fleetWebhook: false, debounceMs: 60_000, aggregateWindowMs: 60_000, toast: { enabled: true, ttlMs: 8000 }, bell: 'warn', osNotifications: false },
};

const frozen: GateTransition = { gateId: 'notFrozen', gateName: 'not frozen', from: 'Pass', to: 'Fail', reason: 'frozen since round 12', atMs: 5_000, recovery: false };

// Fleet pollers that never answer and a verb runner settled by the test: the root's own routing is what is tested.
const quietFleet = fleetNodeMachine.provide({ actors: { healthPoller: fromCallback<HealthPollerEvent, GatesNode | null | undefined>(() => undefined) } });
// Keyed by actor system: each replayed path (and each input's) has its own running verb.
const verbs = new WeakMap<object, { resolve: (o: VerbOutcome) => void; reject: (e: unknown) => void }>();
const oneShot = fromPromise<VerbOutcome, unknown>(({ self }) => new Promise((resolve, reject) => verbs.set(self.system, { resolve, reject })));

const children = (s: CockpitSnapshot) => Object.keys(s.children as Record<string, AnyActorRef>).sort();

// The input decides two branches: a supervised node or not, a fleet per node or from Prometheus.
const runningTheNode: CockpitMachineInput = {
  ...input,
  supervisor: { binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml', autoRestart: false, maxRestartsPerHour: 2 },
  prometheusFleet: { names: [] },
  watchlist: [{ reference: 'b'.repeat(64), intervalSeconds: 60 } satisfies WatchlistEntry],
  restoreWatches: true,
};
const has = (s: CockpitSnapshot, id: string) => expect(children(s)).toContain(id);

describeMachineModel(cockpitMachine, {
  inputs: { watchingNodes: input, runningTheNode },
  actors: { fleetNode: quietFleet, activeNodePoller: quietFleet, oneShot },
  events: {
    'engine.switchNode': {
      n2: { type: 'engine.switchNode', target: 'n2' },
      byUrl: { type: 'engine.switchNode', target: 'http://127.0.0.1:1633/' },
      newUrl: { type: 'engine.switchNode', target: 'http://127.0.0.1:1833' },
      unknown: { type: 'engine.switchNode', target: 'nope' },
    },
    'engine.screen': {
      showFleet: { type: 'engine.screen', screen: 'fleet', event: { type: 'screen.visible', visible: true } },
      key: { type: 'engine.screen', screen: 'health', event: { type: 'screen.action', id: 'repoll' } },
    },
    'engine.repollFleet': { all: { type: 'engine.repollFleet' }, one: { type: 'engine.repollFleet', node: 'n2' } },
    'engine.oneShot': { hash: { type: 'engine.oneShot', verb: 'hash', args: ['/tmp/x'] } },
    'engine.watchStart': { ref: { type: 'engine.watchStart', reference: 'a'.repeat(64), intervalSeconds: 60, clampedFrom: null } },
    'engine.watchStop': { all: { type: 'engine.watchStop', reference: null }, one: { type: 'engine.watchStop', reference: 'a'.repeat(64) } },
    'engine.watchlist': { add: { type: 'engine.watchlist', request: { kind: 'add', reference: 'c'.repeat(64) } }, all: { type: 'engine.watchlist', request: { kind: 'recheckAll' } } },
    'watch.result': { one: { type: 'watch.result', result: { reference: 'a'.repeat(64), node: 'http://127.0.0.1:1633', checkedAtMs: 1, elapsedMs: 1, retrievable: true } } },
    'engine.polling': { live: { type: 'engine.polling', preset: 'live' } },
    'engine.supervisor': { stop: { type: 'engine.supervisor', action: 'stop' }, start: { type: 'engine.supervisor', action: 'start' } },
    'supervisor.captureKnown': { active: { type: 'supervisor.captureKnown', file: '/tmp/capture/bee.log', apiUrl: 'http://127.0.0.1:1633' } },
    'fleet.transitions': { frozen: { type: 'fleet.transitions', node: 'n2', transitions: [frozen] }, none: { type: 'fleet.transitions', node: 'n1', transitions: [] } },
    'xstate.done.actor.*': { verb: { type: 'xstate.done.actor.verb:1', output: { ok: true, text: 'reference 1234' }, actorId: 'verb:1' } },
    'xstate.error.actor.*': { verb: { type: 'xstate.error.actor.verb:1', error: new Error('no such file'), actorId: 'verb:1' } },
  },
  drive: {
    // The verb actor is settled when it runs; a done/error event with none running is sent as is.
    'xstate.done.actor.verb:1': ({ actor, event }) => (verbs.has(actor.system) ? verbs.get(actor.system)!.resolve(event.output) : actor.send(event)),
    'xstate.error.actor.verb:1': ({ actor, event }) => (verbs.has(actor.system) ? verbs.get(actor.system)!.reject(event.error) : actor.send(event)),
  },
  // Graph identity: what routing depends on. The generation, sequence numbers and ring grow without bound.
  stateKey: (s) => ({ watches: Object.keys(s.context.watches).length, capture: s.context.capture?.node ?? null, active: s.context.activeNode, nodes: s.context.nodes.length, alerts: s.context.alerts.length > 0, shown: s.context.shownScreen, seen: s.context.alertsSeenAtMs > 0 }),
  states: {
    'running.session': (s) => has(s, 'session'),
    'running.alerts': (s) => has(s, 'alerts'),
    'running.watchlist': (s) => has(s, 'watchlist'),
    'running.watches': (s) => {
      const running = children(s).filter((n) => n.startsWith('watch:'));
      expect(running).toEqual(Object.keys(s.context.watches).map(watchActorId).sort());
    },
    'running.supervisor.supervising': (s) => has(s, 'supervisor'),
    'running.supervisor.notRunningTheNode': (s) => expect(children(s)).not.toContain('supervisor'),
    'running.fleet.perNode': (s) => {
      for (const node of s.context.nodes) has(s, fleetActorId(node.name));
      expect(children(s)).not.toContain(PROMETHEUS_FLEET_ID);
    },
    'running.fleet.fromPrometheus': (s) => {
      has(s, PROMETHEUS_FLEET_ID);
      expect(children(s).filter((n) => n.startsWith('fleet:'))).toEqual([fleetActorId(s.context.activeNode)]);
    },
    'running.logPane.following': (s) => has(s, 'logPane'),
    'running.screens': (s) => {
      expect(children(s).filter((n) => n.startsWith('screen:'))).toHaveLength(15);
      has(s, screenActorId(s.context.generation, 'health'));
      expect(s.context.nodes.map((n) => n.name)).toContain(s.context.activeNode);
    },
  },
});

describe('cockpitMachine routing', () => {
  it('a polling preset reaches the screens: each timed screen polls at its interval, before and after a switch', () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input: { ...input, screenPollIntervalsMs: { stamps: 15_000, warmup: 2_500 } } }).start();
    const interval = (generation: number, screen: 'stamps' | 'warmup' | 'swap') =>
      (actor.getSnapshot().children[screenActorId(generation, screen)]!.getSnapshot() as { context: { pollIntervalMs: number } }).context.pollIntervalMs;
    expect([interval(0, 'stamps'), interval(0, 'warmup'), interval(0, 'swap')]).toEqual([15_000, 2_500, 30_000]);
    actor.send({ type: 'engine.switchNode', target: 'n2' });
    expect([interval(1, 'stamps'), interval(1, 'warmup')]).toEqual([15_000, 2_500]);
    actor.stop();
  });

  it(':polling <preset> reaches the running pollers: every fleet node, the timed screens; a later switch keeps it', () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input }).start();
    const fleetInterval = (name: string) => (actor.getSnapshot().children[fleetActorId(name)]!.getSnapshot() as { context: { pollIntervalMs: number } }).context.pollIntervalMs;
    const pollerInterval = (generation: number, screen: 'stamps' | 'warmup' | 'peers') => {
      const screenActor = actor.getSnapshot().children[screenActorId(generation, screen)]!.getSnapshot() as { children: Record<string, { getSnapshot(): { context: { intervalMs: number } } }> };
      return screenActor.children.poller!.getSnapshot().context.intervalMs;
    };
    expect([pollerInterval(0, 'stamps'), pollerInterval(0, 'warmup')]).toEqual([30_000, 5_000]);
    actor.send({ type: 'engine.polling', preset: 'slow' });
    expect(input.nodes.map((node) => fleetInterval(node.name))).toEqual(input.nodes.map(() => 30_000));
    expect([pollerInterval(0, 'stamps'), pollerInterval(0, 'warmup'), pollerInterval(0, 'peers')]).toEqual([90_000, 15_000, 45_000]);
    actor.send({ type: 'engine.polling', preset: 'live' });
    expect([fleetInterval(input.nodes[0]!.name), pollerInterval(0, 'stamps'), pollerInterval(0, 'warmup')]).toEqual([5_000, 15_000, 2_500]);
    actor.send({ type: 'engine.switchNode', target: 'n2' });
    expect([pollerInterval(1, 'stamps'), pollerInterval(1, 'warmup')]).toEqual([15_000, 2_500]);
    actor.stop();
  });

  it('a switch respawns the screens for the new node, re-resolves its log source and leaves the fleet pollers running', async () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input }).start();
    const before = actor.getSnapshot();
    const fleetBefore = before.children[fleetActorId('n1')];
    actor.send({ type: 'engine.switchNode', target: 'n2' });
    const after = actor.getSnapshot();
    expect(after.context.activeNode).toBe('n2');
    expect(after.children[fleetActorId('n1')]).toBe(fleetBefore);
    expect(after.children[screenActorId(0, 'health')]).toBeUndefined();
    const health = after.children[screenActorId(1, 'health')]!;
    expect((health.getSnapshot() as { context: { node: { name: string } } }).context.node.name).toBe('n2');
    const log = after.children.logPane!.getSnapshot() as { context: { node: { nodeUrl: string; cli?: unknown } | null } };
    expect(log.context.node).toMatchObject({ nodeUrl: 'http://127.0.0.1:1733', cli: { logFile: '/var/log/bee.log' } });
    const session = after.children.session!.getSnapshot() as { context: { banner: { text: string } | null } };
    expect(session.context.banner?.text).toBe('switched to n2 (http://127.0.0.1:1733)');
    actor.stop();
  });

  it('the supervisor’s capture file becomes the supervised node’s log source, and only that node’s', () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input }).start();
    actor.send({ type: 'supervisor.captureKnown', file: '/tmp/c/bee.log', apiUrl: 'http://127.0.0.1:1733' });
    expect(actor.getSnapshot().context.capture).toEqual({ file: '/tmp/c/bee.log', node: 'n2' });
    const pane = () => (actor.getSnapshot().children.logPane!.getSnapshot() as { context: { node: { supervisedCaptureFile?: string } | null } }).context.node;
    expect(pane()?.supervisedCaptureFile).toBeUndefined();
    actor.send({ type: 'engine.switchNode', target: 'n2' });
    expect(pane()?.supervisedCaptureFile).toBe('/tmp/c/bee.log');
    actor.send({ type: 'engine.switchNode', target: 'n1' });
    expect(pane()?.supervisedCaptureFile).toBeUndefined();
    actor.stop();
  });

  it('the node the config named as supervised wins over a URL match (its URL may be written another way: localhost for 127.0.0.1)', () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input }).start();
    actor.send({ type: 'supervisor.captureKnown', file: '/tmp/c/bee.log', apiUrl: 'http://127.0.0.1:1733', node: 'n1' });
    expect(actor.getSnapshot().context.capture).toEqual({ file: '/tmp/c/bee.log', node: 'n1' });
    actor.stop();
  });

  it('keeps the alerts ring newest first across nodes and bounded to 200', () => {
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet } }), { input }).start();
    for (let i = 0; i < 210; i++) actor.send({ type: 'fleet.transitions', node: i % 2 ? 'n1' : 'n2', transitions: [{ ...frozen, atMs: i }] });
    const { alerts } = actor.getSnapshot().context;
    expect(alerts).toHaveLength(200);
    expect(alerts[0]).toMatchObject({ atMs: 209, node: 'n1', seq: 210 });
    actor.send({ type: 'engine.alertsSeen' });
    expect(actor.getSnapshot().context.alertsSeenAtMs).toBe(209);
    actor.stop();
  });

  it('the fleet pollers report every transition they record to the root', async () => {
    const sick = withSnapshot(healthySnapshot(7_000), { redistributionstate: { isFrozen: true } });
    const answerSick = fromCallback<HealthPollerEvent, GatesNode | null | undefined>(({ sendBack, receive }) => {
      receive((event) => {
        if (event.type === 'poll.start') queueMicrotask(() => sendBack({ type: 'poll.done', snapshot: sick } satisfies HealthPollerAnswer));
      });
    });
    const fleet = fleetNodeMachine.provide({ actors: { healthPoller: answerSick } });
    const actor = createActor(cockpitMachine.provide({ actors: { fleetNode: fleet } }), { input }).start();
    const s = await waitFor(actor, (snap) => snap.context.alerts.length >= 2);
    expect(s.context.alerts.map((a) => `${a.node}:${a.gateId}:${a.from}->${a.to}`).sort()).toEqual(['n1:notFrozen:null->Fail', 'n2:notFrozen:null->Fail']);
    actor.stop();
  });
});
