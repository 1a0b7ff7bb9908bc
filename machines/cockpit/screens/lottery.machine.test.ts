import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
import { pollingScreenWith } from './polling-screen.machine.js';
import { lotteryPoll, OVERLAY } from '../../../core/cockpit/screens/screen-fixtures.js';
import { refused } from '../../../core/cockpit/snapshot-fixtures.js';
import { lotteryScreenMachine, rchashRunOf, selectLotteryContent, type LotteryScreenSnapshot } from './lottery.machine.js';

const poll = lotteryPoll(1);
// No overlay: /status failed, so the benchmark has no anchors.
const blind = { ...lotteryPoll(2), status: refused(503, '503 Node is syncing') };
const fast = { durationSeconds: 4.2, hash: 'ab'.repeat(32), requestMs: 4300 };
const slow = { durationSeconds: 130, hash: 'cd'.repeat(32), requestMs: 130_100 };
const depth5 = { depth: 5, anchor1: 'b0' + '00'.repeat(31), anchor2: 'b7' + 'ff'.repeat(31) };

function rchashFacts(s: LotteryScreenSnapshot) {
  const section = selectLotteryContent(s).sections.find((x) => x.id === 'rchash');
  return section?.kind === 'facts' ? Object.fromEntries(section.rows.map((r) => [r.label, r])) : {};
}

function expectRound(s: LotteryScreenSnapshot): void {
  const content = selectLotteryContent(s);
  if (s.context.pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
  if (s.context.poll === null) return;
  const round = content.sections.find((x) => x.id === 'round');
  expect(round).toMatchObject({ kind: 'facts', title: 'Round 90: Reveal' });
}

describeMachineModel(lotteryScreenMachine, {
  input: { pollIntervalMs: 10_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { poll: { type: 'poll.done', poll }, blind: { type: 'poll.done', poll: blind } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'xstate.done.actor.runRchash': { fast: actorDone('runRchash', fast) },
    'xstate.error.actor.runRchash': { closed: actorFailed('runRchash', new Error('GET /rchash/{depth}/{anchor1}/{anchor2} -> socket closed')) },
    'screen.action': { run: { type: 'screen.action', id: 'rchash' }, other: { type: 'screen.action', id: 'repoll' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    'rchash.idle': (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 10_000 });
      expectRound(s);
      expect(rchashRunOf(s)).toEqual({ kind: 'idle' });
      if (s.context.banner) expect(s.context.banner.text).toMatch(/^cannot run rchash yet: /);
    },
    'rchash.running': (s, probe) => {
      expect(probe.inputOf('runRchash')).toEqual(depth5);
      expect(rchashFacts(s)['Result']).toMatchObject({ value: 'running…' });
    },
    'rchash.done': (s) => {
      const green = s.context.rchashResult!.durationSeconds < 95;
      expect(rchashFacts(s)['Result']).toMatchObject({ tone: green ? 'ok' : 'fail' });
      expect(selectLotteryContent(s).banner).toMatchObject({ tone: green ? 'ok' : 'fail', text: expect.stringMatching(/^rchash at depth 5: /) });
    },
    'rchash.failed': (s) => {
      expect(rchashFacts(s)['Result']).toMatchObject({ tone: 'fail', value: 'failed: GET /rchash/{depth}/{anchor1}/{anchor2} -> socket closed' });
    },
  },
});

describe('lotteryScreenMachine', () => {
  it('r before the first poll is refused with a banner; after it, runs at the storage radius across the neighbourhood', async () => {
    const inputs: unknown[] = [];
    const machine = lotteryScreenMachine.provide({
      actors: {
        poller: pollingScreenWith(fromPromise(async () => poll)),
        runRchash: fromPromise(async ({ input }) => {
          inputs.push(input);
          return fast;
        }),
      },
    });
    const actor = createActor(machine, { input: {}, clock: new SimulatedClock() });
    actor.start();
    actor.send({ type: 'screen.action', id: 'rchash' });
    expect(selectLotteryContent(actor.getSnapshot()).banner).toEqual({ id: 1, text: 'cannot run rchash yet: no poll yet', tone: 'fail' });
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'screen.action', id: 'rchash' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(inputs).toEqual([{ depth: 5, anchor1: 'b0' + '00'.repeat(31), anchor2: 'b7' + 'ff'.repeat(31) }]);
    expect(OVERLAY.startsWith('b6')).toBe(true);
    expect(selectLotteryContent(actor.getSnapshot()).banner).toEqual({
      id: 2,
      text: 'rchash at depth 5: 4.2 s: within the 95 s reveal deadline (normal for a fast disk)',
      tone: 'ok',
    });
    actor.stop();
  });

  it('a run over the 95 s deadline is red, and each outcome gets a new banner id', async () => {
    const results = [slow, fast];
    const machine = lotteryScreenMachine.provide({
      actors: { poller: pollingScreenWith(fromPromise(async () => poll)), runRchash: fromPromise(async () => results.shift()!) },
    });
    const actor = createActor(machine, { input: {}, clock: new SimulatedClock() }).start();
    await new Promise((resolve) => setImmediate(resolve));
    const banners = [];
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'screen.action', id: 'rchash' });
      await new Promise((resolve) => setImmediate(resolve));
      banners.push(selectLotteryContent(actor.getSnapshot()).banner);
    }
    expect(banners).toEqual([
      { id: 1, tone: 'fail', text: 'rchash at depth 5: 130.0 s: over the 95 s reveal deadline, the node would miss its reveals' },
      { id: 2, tone: 'ok', text: 'rchash at depth 5: 4.2 s: within the 95 s reveal deadline (normal for a fast disk)' },
    ]);
    actor.stop();
  });
});
