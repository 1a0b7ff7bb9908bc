import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AlertRecord } from '../../core/cockpit/interaction/compose-view.js';
import { actorDone, actorFailed, describeMachineModel } from '../../test/model-based.js';
import { alertmanagerSinkMachine, selectAlertmanagerProblem, type LogLine, type PostAlertsInput } from './alertmanager-sink.machine.js';

const record = (to: AlertRecord['to'], atMs = 1_000): AlertRecord => ({
  node: 'bee-1',
  seq: 1,
  gateId: 'notFrozen',
  gateName: 'not frozen',
  from: 'Pass',
  to,
  reason: to === 'Fail' ? 'frozen in the staking contract' : 'not frozen',
  atMs,
  recovery: to === 'Pass',
  caused: [],
});

describeMachineModel(alertmanagerSinkMachine, {
  input: { label: 'http://am:9093', resendIntervalMs: 60_000, maxEnded: 1 },
  events: {
    'am.record': { fails: { type: 'am.record', records: [record('Fail')] }, recovers: { type: 'am.record', records: [record('Pass', 2_000)] } },
    'xstate.done.actor.postAlerts': { delivered: actorDone('postAlerts', undefined) },
    'xstate.error.actor.postAlerts': { refused: actorFailed('postAlerts', new Error('cannot post (ECONNREFUSED)')) },
  },
  stateKey: (s) => ({ active: Object.keys(s.context.set.active).length, ended: s.context.set.ended.length, dirty: s.context.dirty, attempt: Math.min(s.context.attempt, 2), dropped: Math.min(s.context.dropped, 1) }),
  states: {
    idle: (s) => {
      expect(s.context.dirty).toBe(false);
      expect(s.context.attempt).toBe(0);
    },
    posting: (s, probe) => {
      expect(probe.running()).toEqual(['postAlerts']);
      expect(probe.inputOf('postAlerts')).toMatchObject({ url: 'http://am:9093', validForMs: 240_000 });
    },
    retrying: (s) => {
      expect(s.context.attempt).toBeGreaterThan(0);
      expect(selectAlertmanagerProblem(s)).toMatch(/^alertmanager http:\/\/am:9093: retrying \(cannot post \(ECONNREFUSED\)\)/);
    },
  },
});

describe('Alertmanager sink', () => {
  const run = (post: (input: PostAlertsInput) => Promise<void>, lines: LogLine[] = [], input = {}) => {
    const clock = new SimulatedClock();
    const actor = createActor(
      alertmanagerSinkMachine.provide({
        actors: { postAlerts: fromPromise<void, PostAlertsInput>(({ input: i }) => post(i)) },
        actions: { logLine: (_a, line: LogLine) => void (line.message !== null && lines.push(line)) },
      }),
      { input: { label: 'http://am:9093', ...input }, clock },
    ).start();
    return { actor, clock, settle: () => new Promise((resolve) => setImmediate(resolve)) };
  };

  it('posts a failing gate at once, resends it every interval while active, and its end once it recovers', async () => {
    const posts: PostAlertsInput[] = [];
    const { actor, clock, settle } = run(async (input) => void posts.push(input));
    actor.send({ type: 'am.record', records: [record('Fail')] });
    await settle();
    expect(posts).toHaveLength(1);
    expect(Object.values(posts[0]!.set.active).map((a) => a.labels)).toEqual([{ alertname: 'CockpitGateFailing', node: 'bee-1', gate: 'not_frozen', severity: 'critical' }]);
    clock.increment(60_000);
    await settle();
    expect(posts).toHaveLength(2);
    actor.send({ type: 'am.record', records: [record('Pass', 5_000)] });
    await settle();
    expect(posts[2]!.set).toEqual({ active: {}, ended: [expect.objectContaining({ endsAt: new Date(5_000).toISOString() })] });
    // Delivered: the end is not sent again, and nothing is resent with nothing active.
    clock.increment(120_000);
    await settle();
    expect(posts).toHaveLength(3);
    expect(actor.getSnapshot().context.set).toEqual({ active: {}, ended: [] });
  });

  it('backs off 1, 2, 4 s while Alertmanager refuses, keeps what changes meanwhile, logs each failure and the recovery', async () => {
    const tries: { at: number; ended: number; active: number }[] = [];
    let refusing = true;
    const lines: LogLine[] = [];
    const { actor, clock, settle } = run(async (input) => {
      tries.push({ at: clock.now(), ended: input.set.ended.length, active: Object.keys(input.set.active).length });
      if (refusing) throw new Error('cannot post (ECONNREFUSED)');
    }, lines);
    actor.send({ type: 'am.record', records: [record('Fail')] });
    await settle();
    clock.increment(1_000);
    await settle();
    actor.send({ type: 'am.record', records: [record('Pass', 1_500)] });
    clock.increment(2_000);
    await settle();
    refusing = false;
    clock.increment(4_000);
    await settle();
    expect(tries).toEqual([
      { at: 0, ended: 0, active: 1 },
      { at: 1_000, ended: 0, active: 1 },
      { at: 3_000, ended: 1, active: 0 },
      { at: 7_000, ended: 1, active: 0 },
    ]);
    expect(lines.map((l) => l.message)).toEqual([
      'alertmanager http://am:9093: post failed (cannot post (ECONNREFUSED)); retrying in 1 s',
      'alertmanager http://am:9093: post failed (cannot post (ECONNREFUSED)); retrying in 2 s',
      'alertmanager http://am:9093: post failed (cannot post (ECONNREFUSED)); retrying in 4 s',
      'alertmanager http://am:9093: delivered after 3 failed posts',
    ]);
    expect(actor.getSnapshot().context.set.ended).toEqual([]);
  });

  it('bounds the ended alerts waiting for an unreachable Alertmanager, dropping the oldest with a log line', async () => {
    const lines: LogLine[] = [];
    const { actor, settle } = run(async () => {
      throw new Error('HTTP 500');
    }, lines, { maxEnded: 2 });
    for (let i = 0; i < 4; i++) actor.send({ type: 'am.record', records: [record(i % 2 ? 'Pass' : 'Fail', 1_000 + i)] });
    actor.send({ type: 'am.record', records: [{ ...record('Fail'), gateId: 'stampTtl' }, { ...record('Pass'), gateId: 'stampTtl' }] });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ dropped: 1 });
    expect(actor.getSnapshot().context.set.ended).toHaveLength(2);
    expect(lines.some((l) => l.message === 'alertmanager http://am:9093: 1 ended alert dropped undelivered (more than 2 waiting)')).toBe(true);
    expect(selectAlertmanagerProblem(actor.getSnapshot())).toMatch(/1 dropped/);
  });
});
