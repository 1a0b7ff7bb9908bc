import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { supervisorMachine } from './supervisor.machine.js';
import { cockpitMachine, fleetNodeMachine, type CockpitMachineInput } from './cockpit.machine.js';
import type { HealthPollerEvent, GatesNode } from './gates.machine.js';
import { NO_NODE_TEXT, supervisorVerbEffect } from './supervisor-verbs.js';
import type { HealthProbe, HealthProbeInput, RedistributionRead, RedistributionReadInput, StartupCheck, StartupCheckInput } from './supervisor.contracts.js';

/** The supervisor machine with a node that starts, answers /health and exits when signalled. */
function supervisorLogic(read: RedistributionRead | null) {
  return supervisorMachine.provide({
    actors: {
      checkStartup: fromPromise<StartupCheck, StartupCheckInput>(async () => ({ ok: true, apiUrl: 'http://127.0.0.1:1', captureFile: '/tmp/c', binPath: '/b', configPath: '/c' }) as StartupCheck),
      probeHealth: fromPromise<HealthProbe, HealthProbeInput>(async () => ({ healthy: true, version: '2.8.1' })),
      nodeProcess: fromCallback(({ sendBack, receive }) => {
        sendBack({ type: 'process.spawned', pid: 42, atMs: 1 });
        receive(() => sendBack({ type: 'process.exited', code: 0, signal: null, atMs: 2 }));
      }) as never,
      readRedistribution: fromPromise<RedistributionRead, RedistributionReadInput>(() => (read ? Promise.resolve(read) : new Promise(() => undefined))),
    },
  });
}

/** A running supervisor of that node. */
function supervisor(drainSecs: number, read: RedistributionRead | null) {
  return createActor(supervisorLogic(read), { input: { binPath: '/b', configPath: '/c', autoRestart: false, drainSecs } }).start();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe(':stop and :start, decided from the supervisor’s snapshot', () => {
  it('without a supervised node both say so', () => {
    expect(supervisorVerbEffect('stop', false, undefined)).toEqual({ send: null, banner: { text: `:stop: ${NO_NODE_TEXT}`, tone: 'fail' } });
    expect(supervisorVerbEffect('start', false, undefined).banner.text).toMatch(/^:start: this cockpit does not run a node/);
  });

  it('a running node with drain_secs: :stop sends the stop and says it drains first; a second :stop while draining stops at once', async () => {
    const actor = supervisor(60, null);
    await settle();
    expect(actor.getSnapshot().matches({ supervising: 'running' })).toBe(true);
    expect(supervisorVerbEffect('start', true, actor.getSnapshot()).banner).toEqual({ text: ':start: the node is not stopped (running)', tone: 'fail' });
    const first = supervisorVerbEffect('stop', true, actor.getSnapshot());
    expect(first).toEqual({ send: { type: 'supervisor.stop', by: 'operator' }, banner: { text: 'stopping the node: first waiting while it commits or reveals (up to 60 s, drain_secs)', tone: 'ok' } });
    actor.send(first.send!);
    expect(actor.getSnapshot().matches({ supervising: { stopping: 'draining' } })).toBe(true);
    const second = supervisorVerbEffect('stop', true, actor.getSnapshot());
    expect(second.banner.text).toBe('stopping the node now, without waiting for the drain');
    actor.send(second.send!);
    await settle();
    // The operator's stop leaves supervision going: the node rests until :start.
    expect(actor.getSnapshot().value).toBe('stoppedByOperator');
    expect(actor.getSnapshot().status).toBe('active');
    expect(supervisorVerbEffect('stop', true, actor.getSnapshot()).banner.text).toBe(':stop: the node is already stopped');
    const start = supervisorVerbEffect('start', true, actor.getSnapshot());
    expect(start).toEqual({ send: { type: 'supervisor.start' }, banner: { text: 'starting the node again (it was stopped with :stop)', tone: 'ok' } });
    actor.send(start.send!);
    await settle();
    expect(actor.getSnapshot().matches({ supervising: 'running' })).toBe(true);
    // The cockpit's own end (no `by`) still ends supervision, from the resting state too.
    actor.send(supervisorVerbEffect('stop', true, actor.getSnapshot()).send!);
    actor.send({ type: 'supervisor.stop' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(supervisorVerbEffect('start', true, undefined).banner.text).toBe(':start: the cockpit is ending and its supervision of the node has ended');
  });

  it('without drain_secs :stop just stops', async () => {
    const actor = supervisor(0, null);
    await settle();
    expect(supervisorVerbEffect('stop', true, actor.getSnapshot()).banner.text).toBe('stopping the node');
    actor.stop();
  });
});

describe(':stop through the root machine', () => {
  const input: CockpitMachineInput = {
    face: 'terminal',
    nodes: [{ name: 'n1', url: 'http://127.0.0.1:1' }],
    activeNode: 'n1',
    fleetPollIntervalMs: 10_000,
    session: { face: 'terminal' },
    log: { platform: 'linux', perNode: {} },
    alerts: { face: 'terminal', webhook: false, fleetWebhook: false, debounceMs: 60_000, aggregateWindowMs: 60_000, toast: { enabled: true, ttlMs: 8000 }, bell: 'warn', osNotifications: false },
    supervisor: { binPath: '/b', configPath: '/c', autoRestart: false, maxRestartsPerHour: 2, drainSecs: 60 },
  };
  const quietFleet = fleetNodeMachine.provide({ actors: { healthPoller: fromCallback<HealthPollerEvent, GatesNode | null | undefined>(() => undefined) } });
  const banner = (root: ReturnType<typeof createActor<typeof cockpitMachine>>) =>
    (root.getSnapshot().children.session!.getSnapshot() as { context: { banner: { text: string } | null } }).context.banner?.text;

  it('engine.supervisor stop reaches the supervisor, which drains while a reveal is due; the root keeps running', async () => {
    const revealDue: RedistributionRead = { ok: true, atMs: 5, reading: { phase: 'reveal', round: 3, block: 3 * 152 + 40, lastSelectedRound: 3, lastPlayedRound: 3, isFrozen: false } };
    const root = createActor(cockpitMachine.provide({ actors: { fleetNode: quietFleet, supervisor: supervisorLogic(revealDue) } }), { input }).start();
    await settle();
    const supervisorOf = () => root.getSnapshot().children.supervisor!.getSnapshot() as ReturnType<ReturnType<typeof supervisor>['getSnapshot']>;
    expect(supervisorOf().matches({ supervising: 'running' })).toBe(true);
    root.send({ type: 'engine.supervisor', action: 'stop' });
    await settle();
    expect(supervisorOf().matches({ supervising: { stopping: { draining: 'waiting' } } })).toBe(true);
    expect(supervisorOf().context.drain?.verdict?.blocksUntilSafe).toBe(76 - 40);
    expect(banner(root)).toBe('stopping the node: first waiting while it commits or reveals (up to 60 s, drain_secs)');
    expect(root.getSnapshot().status).toBe('active');
    root.send({ type: 'engine.supervisor', action: 'stop' });
    await settle();
    expect(supervisorOf().value).toBe('stoppedByOperator');
    expect(banner(root)).toBe('stopping the node now, without waiting for the drain');
    root.send({ type: 'engine.supervisor', action: 'start' });
    expect(banner(root)).toBe('starting the node again (it was stopped with :stop)');
    await settle();
    expect(supervisorOf().matches({ supervising: 'running' })).toBe(true);
    root.stop();
  });
});
