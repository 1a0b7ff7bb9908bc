import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
import { pollingScreenWith } from './polling-screen.machine.js';
import { BATCH_A, BATCH_B, bucketSummary, stampsPoll, stampsSyncing } from '../../../core/cockpit/screens/screen-fixtures.js';
import { selectStampsContent, stampsScreenMachine, type StampsScreenSnapshot } from './stamps.machine.js';

// The table renders most urgent first: the pending batch B is row 0, the in-use batch A row 1.
const firstPoll = stampsPoll(1_000);

function expectTable(s: StampsScreenSnapshot): void {
  const content = selectStampsContent(s);
  if (s.context.poll === null) {
    expect(content.status).toBe('loading');
    if (s.context.pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: bug in a projection');
    return;
  }
  if (s.context.poll.stamps.ok) {
    const table = content.sections.find((x) => x.id === 'batches');
    expect(table?.kind === 'table' && table.rows.map((r) => r.key)).toEqual([BATCH_B, BATCH_A]);
    expect(content.status).toBe('ready');
  } else {
    expect(content).toMatchObject({ status: 'error', subtitle: 'postage batches not known yet: the node is still syncing postage events (/stamps 503)' });
  }
}

describeMachineModel(stampsScreenMachine, {
  input: { pollIntervalMs: 30_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { batches: { type: 'poll.done', poll: firstPoll }, syncing: { type: 'poll.done', poll: stampsSyncing(2_000) } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: bug in a projection' } },
    'xstate.done.actor.fetchBuckets': { summary: actorDone('fetchBuckets', bucketSummary) },
    'xstate.error.actor.fetchBuckets': { refused: actorFailed('fetchBuckets', new Error('GET /stamps/{id}/buckets -> 400 batch not usable')) },
    'screen.activate': {
      inUseRow: { type: 'screen.activate', section: 'batches', index: 1 },
      byKey: { type: 'screen.activate', section: 'batches', index: 0, key: BATCH_A },
      inTheDrill: { type: 'screen.activate', section: 'batches', index: 1, inDrill: true },
      pastTheEnd: { type: 'screen.activate', section: 'batches', index: 9 },
      otherSection: { type: 'screen.activate', section: 'worst', index: 0 },
    },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
    'screen.select': { pendingRow: { type: 'screen.select', section: 'batches', index: 0 }, otherSection: { type: 'screen.select', section: 'worst', index: 0 } },
  },
  states: {
    'drill.closed': (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 30_000 });
      expectTable(s);
      expect(s.context.drillBatchId).toBeNull();
      expect(selectStampsContent(s).drill).toBeNull();
    },
    'drill.loading': (s, probe) => {
      expect(probe.inputOf('fetchBuckets')).toEqual({ batchID: BATCH_A });
      expectTable(s);
      expect(selectStampsContent(s).drill).toMatchObject({ status: 'loading' });
    },
    'drill.open': (s) => {
      expect(s.context.buckets[BATCH_A]).toEqual(bucketSummary);
      const drill = selectStampsContent(s).drill;
      expect(drill).toMatchObject({ status: 'ready', title: `Buckets of aaaaaaaa… (devnet)` });
      const worst = drill?.sections.find((x) => x.id === 'worst');
      expect(worst?.kind === 'table' && worst.rows.map((r) => r.cells[0]!.text)).toEqual(['0x0007', '0x0002']);
    },
    'drill.failed': (s) => {
      expect(selectStampsContent(s).drill).toMatchObject({ status: 'error', subtitle: 'GET /stamps/{id}/buckets -> 400 batch not usable' });
      expect(s.context.buckets[BATCH_A]).toBeUndefined();
    },
  },
});

describe('stampsScreenMachine on a simulated clock', () => {
  it('loads a batch’s buckets once: reopening the drill uses the cache', async () => {
    let bucketCalls = 0;
    const clock = new SimulatedClock();
    const machine = stampsScreenMachine.provide({
      actors: {
        poller: pollingScreenWith(fromPromise(async () => stampsPoll(clock.now()))),
        fetchBuckets: fromPromise(async () => {
          bucketCalls += 1;
          return bucketSummary;
        }),
      },
    });
    const actor = createActor(machine, { input: {}, clock }).start();
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await tick();
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'screen.activate', section: 'batches', index: 1 });
      await tick();
      expect(actor.getSnapshot().matches({ drill: 'open' })).toBe(true);
      actor.send({ type: 'screen.closeDrill' });
    }
    expect(bucketCalls).toBe(1);
    actor.stop();
  });

  it('polls every 30 s by default, not while hidden, at once when shown again; a pending batch turns red after 10 min', async () => {
    let polls = 0;
    const clock = new SimulatedClock();
    const machine = stampsScreenMachine.provide({
      actors: {
        poller: pollingScreenWith(
          fromPromise(async () => {
            polls += 1;
            return stampsPoll(clock.now());
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: {}, clock }).start();
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await tick();
    const pendingTone = () => {
      const table = selectStampsContent(actor.getSnapshot()).sections[0]!;
      return table.kind === 'table' ? table.rows[0]!.tone : undefined;
    };
    expect([polls, pendingTone()]).toEqual([1, 'warn']);
    clock.increment(29_999);
    await tick();
    expect(polls).toBe(1);
    clock.increment(1);
    await tick();
    expect(polls).toBe(2);
    actor.send({ type: 'screen.visible', visible: false });
    clock.increment(10 * 60_000);
    await tick();
    expect(polls).toBe(2);
    actor.send({ type: 'screen.visible', visible: true });
    await tick();
    // Seen pending since the first poll at t=0, now 10.5 min later.
    expect([polls, pendingTone()]).toEqual([3, 'fail']);
    expect(actor.getSnapshot().context.pendingSince).toEqual({ [BATCH_B]: 0 });
    actor.stop();
  });
});
