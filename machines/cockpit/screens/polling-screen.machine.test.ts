/**
 * The polling screen, once: its chart from the graph (every state, every transition), then what the chart alone
 * does not show, in a real parent on a simulated clock: what goes up to the screen, the cadence, the pause while
 * hidden, a fetch aborted by hiding, a new cadence. Last, each polling screen's wiring: it starts its poller with
 * its own default cadence and forwards visibility to it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, type AnyStateMachine, type PromiseActorLogic } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
import { ok } from '../../../core/cockpit/screens/common.js';
import { apiHealthPoll, lotteryPoll, stampsPoll, swapPoll, warmupPoll } from '../../../core/cockpit/screens/screen-fixtures.js';
import { API_HEALTH_POLL_INTERVAL_MS, apiHealthScreenMachine } from './api-health.machine.js';
import { LOTTERY_POLL_INTERVAL_MS, lotteryScreenMachine } from './lottery.machine.js';
import { NETWORK_POLL_INTERVAL_MS, networkScreenMachine } from './network.machine.js';
import { PEERS_POLL_INTERVAL_MS, peersScreenMachine } from './peers.machine.js';
import { PINS_POLL_INTERVAL_MS, pinsScreenMachine } from './pins.machine.js';
import { pollingScreenMachine, pollingScreenWith, type PollReport } from './polling-screen.machine.js';
import { STAMPS_POLL_INTERVAL_MS, stampsScreenMachine } from './stamps.machine.js';
import { SWAP_POLL_INTERVAL_MS, swapScreenMachine } from './swap.machine.js';
import { TAGS_IDLE_INTERVAL_MS, tagsScreenMachine } from './tags.machine.js';
import { WARMUP_POLL_INTERVAL_MS, warmupScreenMachine } from './warmup.machine.js';

const reports: string[] = [];
const visible = { hide: { type: 'screen.visible', visible: false }, show: { type: 'screen.visible', visible: true } } as const;

describeMachineModel(
  pollingScreenMachine.provide({
    actions: {
      reportPoll: (_, params) => void reports.push(`done ${JSON.stringify(params.poll)}`),
      reportFailure: (_, params) => void reports.push(`failed ${(params.error as Error).message}`),
    },
  }),
  {
    input: { intervalMs: 30_000 },
    events: {
      'xstate.done.actor.fetch': { answer: actorDone('fetch', { takenAtMs: 1 }) },
      'xstate.error.actor.fetch': { bug: actorFailed('fetch', new Error('a bug')) },
      'screen.visible': visible,
      'poll.cadence': { quick: { type: 'poll.cadence', intervalMs: 2_000 } },
    },
    states: {
      polling: (s, probe) => {
        expect(probe.running()).toEqual(['fetch']);
        expect([30_000, 2_000]).toContain(s.context.intervalMs);
      },
      // Reached only through an answer or a failure, each reported to the screen before the wait.
      waiting: (_, probe) => {
        expect(probe.running()).toEqual([]);
        expect(reports.at(-1)).toMatch(/^(done \{"takenAtMs":1\}|failed a bug)$/);
      },
      hidden: (_, probe) => expect(probe.running()).toEqual([]),
    },
  },
);

/** A parent that invokes the poller with `fetch` and keeps what the poller sends it. */
function parentOf<TPoll>(fetch: PromiseActorLogic<TPoll>, intervalMs: number) {
  const heard: PollReport<unknown>[] = [];
  const parent = setup({
    types: {} as { events: PollReport<unknown> | { type: 'screen.visible'; visible: boolean } | { type: 'poll.cadence'; intervalMs: number } },
    actors: { poller: pollingScreenWith(fetch) },
  }).createMachine({
    invoke: { id: 'poller', src: 'poller', input: { intervalMs } },
    on: {
      'poll.done': { actions: ({ event }) => void heard.push(event) },
      'poll.failed': { actions: ({ event }) => void heard.push(event) },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock }).start();
  const poller = actor.getSnapshot().children['poller']!;
  return { actor, clock, heard, send: (event: Parameters<typeof poller.send>[0]) => poller.send(event) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the poller in its screen', () => {
  it('sends each answer up, and an unexpected failure as the one line the screen shows', async () => {
    const answers: Array<() => unknown> = [
      () => ({ n: 1 }),
      () => {
        throw new Error('a bug\nwith a second line');
      },
    ];
    const p = parentOf(fromPromise(async () => answers.shift()!()), 1_000);
    await settle();
    p.clock.increment(1_000);
    await settle();
    expect(p.heard).toEqual([
      { type: 'poll.done', poll: { n: 1 } },
      { type: 'poll.failed', line: 'poll failed unexpectedly: a bug with a second line' },
    ]);
    p.actor.stop();
  });

  it('fetches every interval after an answer, not while hidden, at once when shown; hiding aborts a fetch in flight', async () => {
    let fetches = 0;
    const aborted: boolean[] = [];
    let release = () => {};
    const p = parentOf(
      fromPromise(({ signal }) => {
        fetches += 1;
        signal.addEventListener('abort', () => aborted.push(true));
        return new Promise((resolve) => (release = () => resolve(fetches)));
      }),
      10_000,
    );
    release();
    await settle();
    p.clock.increment(9_999);
    await settle();
    expect(fetches).toBe(1);
    p.clock.increment(1);
    await settle();
    expect(fetches).toBe(2);
    p.send({ type: 'screen.visible', visible: false });
    expect(aborted).toEqual([true]);
    p.clock.increment(60_000);
    await settle();
    expect(fetches).toBe(2);
    p.send({ type: 'screen.visible', visible: true });
    expect(fetches).toBe(3);
    release();
    await settle();
    expect(p.heard.map((e) => e.type === 'poll.done' && e.poll)).toEqual([1, 3]);
    p.actor.stop();
  });

  it('a new cadence, sent as an answer is recorded, times the wait from that answer', async () => {
    let fetches = 0;
    const p = parentOf(
      fromPromise(async () => {
        fetches += 1;
        return fetches;
      }),
      15_000,
    );
    await settle();
    p.send({ type: 'poll.cadence', intervalMs: 2_000 });
    p.clock.increment(1_999);
    await settle();
    expect(fetches).toBe(1);
    p.clock.increment(1);
    await settle();
    expect(fetches).toBe(2);
    p.actor.stop();
  });
});

const topology = { takenAtMs: 1, topology: ok({ depth: 1, connected: 0, population: 0, connectedPerBin: [], peers: [] }) };
const network = { takenAtMs: 1, addresses: ok({ overlay: 'ab'.repeat(32), ethereum: null, publicKey: '02', pssPublicKey: '02', underlay: [] }), topology: ok({ reachability: 'Public', networkAvailability: 'Available' }) };

/** Every polling screen, its default cadence and an answer its records accept. */
const screens: ReadonlyArray<readonly [string, AnyStateMachine, number, unknown]> = [
  ['S2 Stamps', stampsScreenMachine, STAMPS_POLL_INTERVAL_MS, stampsPoll(1)],
  ['S3 Swap', swapScreenMachine, SWAP_POLL_INTERVAL_MS, swapPoll(1)],
  ['S4 Lottery', lotteryScreenMachine, LOTTERY_POLL_INTERVAL_MS, lotteryPoll(1)],
  ['S5 Warmup', warmupScreenMachine, WARMUP_POLL_INTERVAL_MS, warmupPoll(1)],
  ['S6 Peers', peersScreenMachine, PEERS_POLL_INTERVAL_MS, topology],
  ['S7 Network', networkScreenMachine, NETWORK_POLL_INTERVAL_MS, network],
  ['S8 API Health', apiHealthScreenMachine, API_HEALTH_POLL_INTERVAL_MS, apiHealthPoll(1)],
  ['S9 Tags (all synced)', tagsScreenMachine, TAGS_IDLE_INTERVAL_MS, { takenAtMs: 1, tags: ok([]) }],
  ['S10 Pins', pinsScreenMachine, PINS_POLL_INTERVAL_MS, { takenAtMs: 1, pins: ok([]) }],
];

describe.each(screens)('%s polls through the poller', (_, machine, intervalMs, answer) => {
  it(`every ${intervalMs / 1000} s by default, not while hidden, at once when shown again`, async () => {
    let fetches = 0;
    const clock = new SimulatedClock();
    const poller = pollingScreenWith(
      fromPromise(async () => {
        fetches += 1;
        return answer;
      }),
    );
    const actor = createActor(machine.provide({ actors: { poller } }), { input: {}, clock }).start();
    await settle();
    expect(actor.getSnapshot().context.pollError).toBeNull();
    clock.increment(intervalMs - 1);
    await settle();
    expect(fetches).toBe(1);
    clock.increment(1);
    await settle();
    expect(fetches).toBe(2);
    actor.send({ type: 'screen.visible', visible: false });
    clock.increment(10 * intervalMs);
    await settle();
    expect(fetches).toBe(2);
    actor.send({ type: 'screen.visible', visible: true });
    await settle();
    expect(fetches).toBe(3);
    actor.stop();
  });
});
