import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { HealthProbe, RedistributionRead, StartupCheck } from './supervisor.contracts.js';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import { backoffMs, restartsInWindow, supervisorMachine, type SupervisorInput } from './supervisor.machine.js';
import { exitReason, finalStatusOf, formatDuration, selectSupervisorChip } from './supervisor.view.js';

const input: SupervisorInput = { binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml', autoRestart: false, maxRestartsPerHour: 2 };
const passed: StartupCheck = { ok: true, apiUrl: 'http://127.0.0.1:1633', captureFile: '/tmp/cockpit-node-x/node.log', binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml' };
const exitAt = 5_000;
const tail = ['"time"="t" "level"="error" "logger"="node" "msg"="failed to build bee node" "error"="listen tcp 127.0.0.1:1633: bind: address already in use"'];
// Round 100 is blocks 15200..15351: its reveal phase ends (claim starts) at block 15276.
const revealing: RedistributionRead = { ok: true, atMs: 10_000, reading: { phase: 'reveal', round: 100, block: 15_250, lastPlayedRound: 100, lastSelectedRound: 100, isFrozen: false } };
const claiming: RedistributionRead = { ok: true, atMs: 40_000, reading: { phase: 'claim', round: 100, block: 15_280, lastPlayedRound: 100, lastSelectedRound: 100, isFrozen: false } };
const unreadable: RedistributionRead = { ok: false, atMs: 10_000, detail: 'answered 400: operation supported only in full mode' };

describeMachineModel(supervisorMachine, {
  // drain_secs 0 is the spec's stop; 60 drains a running node's stop first (issue 29 item 2).
  inputs: { spec: input, drain60: { ...input, drainSecs: 60 } },
  // auto_restart on/off, the restart window, the capture state and the last /health answer vary independently.
  maxSnapshots: 50_000,
  // What guards and assertions read: enough to tell the paths apart without every free-text and pid combination.
  stateKey: ({ context: c }) => ({
    auto: c.settings.autoRestart,
    restarts: c.restarts.length,
    stopBy: c.stopBy,
    exit: c.lastExit ? [c.lastExit.phase, c.lastExit.code, c.lastExit.groupEnded, c.lastExit.tail.length] : null,
    drain: c.drain ? [c.drain.ended, c.drain.verdict?.safe ?? null, c.drain.unreadable !== null] : null,
    spawned: c.pid !== null,
    health: c.healthDetail !== null,
    capture: [c.captureFile !== null, c.captureProblem !== null],
    refusal: c.refusal !== null,
    stuck: c.stopProblem !== null,
  }),
  events: {
    'xstate.done.actor.checkStartup': { passed: actorDone('checkStartup', passed), refused: actorDone('checkStartup', { ok: false, reason: 'node binary /opt/bee/bee is not executable' } satisfies StartupCheck) },
    'xstate.error.actor.checkStartup': { crashed: actorFailed('checkStartup', new Error('EIO')) },
    'xstate.done.actor.probeHealth': { healthy: actorDone('probeHealth', { healthy: true, version: '2.8.1' } satisfies HealthProbe), notYet: actorDone('probeHealth', { healthy: false, detail: 'the API is not listening yet' } satisfies HealthProbe) },
    'xstate.error.actor.probeHealth': { crashed: actorFailed('probeHealth', new Error('boom')) },
    'process.spawned': { pid42: { type: 'process.spawned', pid: 42, atMs: 1_000 } },
    'process.exited': {
      code1: { type: 'process.exited', code: 1, signal: null, signalName: null, atMs: exitAt, tail },
      sig9: { type: 'process.exited', code: null, signal: 9, signalName: 'SIGKILL', atMs: exitAt, tail },
      // The OOM killer took the leader; a child of its group kept serving until the actor ended it.
      sig9LeftGroup: { type: 'process.exited', code: null, signal: 9, signalName: 'SIGKILL', atMs: exitAt, tail: [], groupEnded: 'SIGTERM' },
    },
    'process.failed': { eacces: { type: 'process.failed', message: '/opt/bee/bee is not executable (permission denied)' } },
    'capture.status': { full: { type: 'capture.status', ok: false, message: 'capture paused: no space left on device', droppedBytes: 4096 } },
    'xstate.done.actor.readRedistribution': { revealing: actorDone('readRedistribution', revealing), claiming: actorDone('readRedistribution', claiming), unreadable: actorDone('readRedistribution', unreadable) },
    'xstate.error.actor.readRedistribution': { crashed: actorFailed('readRedistribution', new Error('boom')) },
    // `:stop` (the operator's: supervision goes on) and the cockpit ending (final).
    'supervisor.stop': { operator: { type: 'supervisor.stop', by: 'operator' }, shutdown: { type: 'supervisor.stop' } },
    'supervisor.autoRestart': { on: { type: 'supervisor.autoRestart', enabled: true }, off: { type: 'supervisor.autoRestart', enabled: false } },
  },
  states: {
    checking: (s, probe) => {
      // A start after an earlier run writes on into its capture file (the log pane follows one file).
      const earlier = s.context.captureFile ? { captureFile: s.context.captureFile } : {};
      expect(probe.inputOf('checkStartup')).toEqual({ binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml', ...earlier });
      expect(selectSupervisorChip(s, 0)).toMatchObject({ text: 'starting', tone: 'amber' });
    },
    'supervising.starting.probe.polling': (s, probe) => {
      expect(probe.inputOf('probeHealth')).toEqual({ apiUrl: 'http://127.0.0.1:1633' });
      expect(probe.inputOf('nodeProcess')).toEqual({ binPath: '/opt/bee/bee', configPath: '/etc/bee.yaml', captureFile: passed.ok ? passed.captureFile : '', rotateBytes: 64 * 1024 * 1024, keepFiles: 5, stopGraceMs: 5_000 });
    },
    'supervising.starting.probe.pausing': (s) => expect(s.context.healthDetail).toMatch(/not listening|boom/),
    'supervising.starting.deadline.withinReadinessWait': (s) => expect(selectSupervisorChip(s, 2_000)).toMatchObject({ text: 'starting', tone: 'amber' }),
    'supervising.starting.deadline.overdue': (s) => expect(selectSupervisorChip(s, 70_000)).toMatchObject({ text: 'starting (no /health 200 in 60 s)', tone: 'red' }),
    'supervising.running': (s) => {
      const chip = selectSupervisorChip(s, 61_000);
      expect(chip).toMatchObject({ text: 'running', tone: 'green', pid: s.context.pid });
      if (s.context.spawnedAtMs !== null) expect(chip.detail).toContain('up 1m 00s');
      if (s.context.settings.autoRestart) expect(chip.detail).toContain('restarts in the last hour');
      if (s.context.captureProblem) expect(chip.detail).toContain('no space left on device (4 KiB dropped)');
    },
    'supervising.stopping.draining.reading': (s, probe) => {
      expect(s.context.settings.drainMs).toBe(60_000);
      expect(probe.inputOf('readRedistribution')).toEqual({ apiUrl: 'http://127.0.0.1:1633' });
      if (!s.context.drain) expect(selectSupervisorChip(s, 0)).toMatchObject({ text: 'draining', tone: 'amber', detail: expect.stringContaining('reading /redistributionstate') });
    },
    'supervising.stopping.draining.waiting': (s) => {
      // Read at 10 s: 26 blocks to the claim phase, 60 s of drain_secs from then, so 50 s left at 20 s.
      const chip = selectSupervisorChip(s, 20_000);
      expect(chip).toMatchObject({ text: 'draining (reveal ends in ~26 blocks)', tone: 'amber' });
      expect(chip.detail).toBe('round 100: committed, revealing in the reveal phase, which ends at block 15276; SIGTERM when it is safe, or in 50 s at the latest (drain_secs 60)');
    },
    'supervising.stopping.terminating': (s) => {
      const chip = selectSupervisorChip(s, 0);
      const ended = s.context.drain?.ended ?? null;
      expect(chip).toMatchObject({ text: ended === 'unreadable' ? 'stopping (not drained: /redistributionstate unreadable)' : 'stopping', tone: 'amber' });
      if (ended === 'unreadable') expect(chip.detail).toMatch(/^not drained: cannot read \/redistributionstate \((answered 400: operation supported only in full mode|boom)\)/);
      if (ended === 'safe') expect(chip.detail).toMatch(/^(drained 30s: round 100: claim phase|safe to stop at once: round 100: claim phase)/);
      if (ended === 'skipped') expect(chip.detail).toMatch(/^drain skipped by a second stop/);
      if (ended === 'limit') expect(chip.detail).toMatch(/^drain limit reached, stopped anyway/);
      if (ended === null) expect(s.context.settings.drainMs === 0 || s.context.drain === null).toBe(true);
    },
    'supervising.stopping.killing': (s) => expect(selectSupervisorChip(s, 0)).toMatchObject({ text: 'stopping', tone: 'red' }),
    backingOff: (s) => {
      const chip = selectSupervisorChip(s, exitAt);
      expect(chip.detail).toMatch(/restarting in (1|2) s/);
      expect(s.context.restarts.length).toBeGreaterThan(0);
    },
    exited: (s) => {
      const exit = s.context.lastExit!;
      const chip = selectSupervisorChip(s, exitAt);
      expect(chip.text).toBe(`exited (${exit.code})`);
      expect(chip.tone).toBe(exit.phase === 'starting' || exit.code !== 0 ? 'red' : 'grey');
      if (exit.tail.length) expect(chip.detail).toContain('failed to build bee node: listen tcp 127.0.0.1:1633: bind: address already in use');
    },
    killed: (s) => {
      const chip = selectSupervisorChip(s, exitAt);
      expect(chip).toMatchObject({ text: 'killed (sig 9)', tone: 'red' });
      if (s.context.lastExit?.groupEnded) expect(chip.detail).toContain('the rest of its process group was ended (SIGTERM)');
      // A kill is not explained by the node's last words: the signal and its sender come first, the output is labelled.
      expect(chip.detail).toMatch(/(SIGKILL|signal 9), not sent by the cockpit|from the cockpit's stop/);
      if (s.context.lastExit?.tail.length) expect(chip.detail).toMatch(/; its last output: /);
    },
    gaveUp: (s) => expect(selectSupervisorChip(s, exitAt)).toMatchObject({ text: 'max restarts (2/2) hit', tone: 'red' }),
    refused: (s) => expect(selectSupervisorChip(s, 0)).toMatchObject({ text: 'start-up check failed', tone: 'red', detail: expect.stringMatching(/not executable|EIO/) }),
    stoppedByOperator: (s) => {
      expect(s.status).toBe('active');
      expect(s.context.pid).toBeNull();
      const chip = selectSupervisorChip(s, exitAt);
      expect(chip.tone).toBe('grey');
      expect(chip.text).toBe(s.context.lastExit ? `stopped (${s.context.lastExit.code !== null ? `exited (${s.context.lastExit.code})` : `killed (sig ${s.context.lastExit.signal})`})` : 'stopped');
      expect(chip.detail).toBe(`${finalStatusOf(s.context)}; stopped with :stop, :start runs it again`);
    },
    stopped: (s) => {
      expect(s.status).toBe('done');
      expect(s.output?.finalStatus).toBe(finalStatusOf(s.context));
      if (s.context.drain?.ended && s.context.lastExit) expect(s.output?.finalStatus).toMatch(/; (drained|safe to stop at once|drain limit reached|not drained|drain skipped)/);
    },
  },
});

describe('supervisor rules', () => {
  it('backs off 1, 2, 4, 8, 16 s, then 30 s, over a sliding hour', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(restartsInWindow([1, 3_600_000, 3_600_001], 3_600_001 + 1)).toEqual([3_600_000, 3_600_001]);
  });

  it('words final statuses and exit reasons', () => {
    expect(formatDuration(3_723_000)).toBe('1h 02m');
    expect(formatDuration(65_000)).toBe('1m 05s');
    expect(exitReason({ code: 0, signal: null, signalName: null, atMs: 0, uptimeMs: 0, phase: 'starting', tail, groupEnded: null })).toBe('failed to build bee node: listen tcp 127.0.0.1:1633: bind: address already in use');
    expect(exitReason({ code: 2, signal: null, signalName: null, atMs: 0, uptimeMs: 0, phase: 'starting', tail: ['Error: unknown parameters'], groupEnded: null })).toBe('Error: unknown parameters');
  });

  it('spends a budget of 6 restarts in the hour, then shows `max restarts (6/6) hit`, and frees it as the hour slides', async () => {
    const clock = new SimulatedClock();
    let now = 0;
    let runs = 0;
    const machine = supervisorMachine.provide({
      actors: {
        checkStartup: fromPromise(async (): Promise<StartupCheck> => passed),
        probeHealth: fromPromise(async () => ({ healthy: true, version: 'x' }) as HealthProbe),
        nodeProcess: fromCallback(({ sendBack }) => {
          runs++;
          sendBack({ type: 'process.spawned', pid: 100 + runs, atMs: now });
        }),
      },
    });
    const actor = createActor(machine, { input: { ...input, autoRestart: true, maxRestartsPerHour: undefined }, clock }).start();
    const crash = () => actor.send({ type: 'process.exited', code: 1, signal: null, signalName: null, atMs: now, tail: [] });
    const delays: number[] = [];
    for (let restart = 1; restart <= 6; restart++) {
      await waitFor(actor, (s) => s.matches({ supervising: 'running' }));
      now += 10_000;
      crash();
      expect(actor.getSnapshot().value).toBe('backingOff');
      expect(selectSupervisorChip(actor.getSnapshot(), now).detail).toContain(`${restart}/6 restarts in the last hour`);
      const delay = backoffMs(restart - 1);
      delays.push(delay);
      clock.increment(delay);
      now += delay;
    }
    await waitFor(actor, (s) => s.matches({ supervising: 'running' }));
    crash();
    expect(actor.getSnapshot().value).toBe('gaveUp');
    expect(selectSupervisorChip(actor.getSnapshot(), now)).toMatchObject({ text: 'max restarts (6/6) hit', tone: 'red' });
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(runs).toBe(7);
    // An hour later the window is empty again: an operator's start runs, and a crash is respawned after 1 s.
    actor.send({ type: 'supervisor.start' });
    await waitFor(actor, (s) => s.matches({ supervising: 'running' }));
    now += 3_600_000;
    crash();
    expect(actor.getSnapshot().value).toBe('backingOff');
    actor.stop();
  });
});

describe('the engine’s chip (core/cockpit/view ChipView)', () => {
  it('keeps the spec’s text and adds uptime and restarts while running', async () => {
    const { selectSupervisorChipView } = await import('./supervisor.view.js');
    const machine = supervisorMachine.provide({
      actors: {
        checkStartup: fromPromise(async (): Promise<StartupCheck> => passed),
        probeHealth: fromPromise(async () => ({ healthy: true, version: 'x' }) as HealthProbe),
        nodeProcess: fromCallback(({ sendBack }) => sendBack({ type: 'process.spawned', pid: 7, atMs: 0 })),
      },
    });
    const actor = createActor(machine, { input: { ...input, autoRestart: true } }).start();
    const running = await waitFor(actor, (s) => s.matches({ supervising: 'running' }));
    expect(selectSupervisorChipView(running, 7_380_000)).toEqual({ text: 'running · up 2h 03m · 0/2 restarts', tone: 'ok' });
    actor.send({ type: 'process.exited', code: 1, signal: null, signalName: null, atMs: 7_380_000, tail: [] });
    expect(selectSupervisorChipView(actor.getSnapshot(), 7_380_000)).toEqual({ text: 'exited (1) · restarting in 1 s · 1/2 restarts', tone: 'fail' });
    actor.stop();
  });
});
