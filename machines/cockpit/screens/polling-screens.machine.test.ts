/**
 * Model-based tests of the three single-region screen machines (S3 Swap, S5 Warmup, S8 API Health): the
 * same flow (polling, waiting, hidden), each with its own poll fixtures and view assertions.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
import { apiHealthPoll, swapOffPoll, swapPoll, warmupPoll } from '../../../core/cockpit/screens/screen-fixtures.js';
import { apiHealthScreenMachine, selectApiHealthContent } from './api-health.machine.js';
import { selectSwapContent, swapScreenMachine } from './swap.machine.js';
import { selectWarmupContent, warmupScreenMachine } from './warmup.machine.js';
import type { ScreenContent } from '../../../core/cockpit/view/screen-contract.js';
import type { ApiHealthPoll } from '../../../core/cockpit/screens/api-health.js';

const visible = { hide: { type: 'screen.visible', visible: false }, show: { type: 'screen.visible', visible: true } } as const;
const sectionIds = (c: ScreenContent) => c.sections.map((s) => s.id);

function expectUnexpected(content: ScreenContent, pollError: string | null): void {
  if (pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
}

describeMachineModel(swapScreenMachine, {
  input: { pollIntervalMs: 30_000 },
  events: {
    'xstate.done.actor.fetchSwap': { on: actorDone('fetchSwap', swapPoll(1)), off: actorDone('fetchSwap', swapOffPoll(2)) },
    'xstate.error.actor.fetchSwap': { bug: actorFailed('fetchSwap', new Error('a bug')) },
    'screen.visible': visible,
  },
  states: Object.fromEntries(
    ['polling', 'waiting', 'hidden'].map((state) => [
      state,
      (s: Parameters<typeof selectSwapContent>[0], probe: { running(): string[] }) => {
        expect(probe.running().includes('fetchSwap')).toBe(state === 'polling');
        const content = selectSwapContent(s);
        expectUnexpected(content, s.context.pollError);
        if (s.context.poll === null) return expect(content.status).toBe('loading');
        expect(content.status).toBe('ready');
        if (s.context.poll.node.ok && !s.context.poll.node.value.swapEnabled) expect(sectionIds(content)).toEqual(['swapOff', 'chequebook', 'cheques', 'settlements', 'timesettlements']);
        else expect(sectionIds(content)).toEqual(['chequebook', 'cheques', 'settlements', 'timesettlements']);
      },
    ]),
  ),
});

describeMachineModel(warmupScreenMachine, {
  input: { pollIntervalMs: 5_000 },
  events: {
    'xstate.done.actor.fetchWarmup': { settled: actorDone('fetchWarmup', warmupPoll(1)), warming: actorDone('fetchWarmup', warmupPoll(2, true)) },
    'xstate.error.actor.fetchWarmup': { bug: actorFailed('fetchWarmup', new Error('a bug')) },
    'screen.visible': visible,
  },
  states: Object.fromEntries(
    ['polling', 'waiting', 'hidden'].map((state) => [
      state,
      (s: Parameters<typeof selectWarmupContent>[0], probe: { running(): string[] }) => {
        expect(probe.running().includes('fetchWarmup')).toBe(state === 'polling');
        const content = selectWarmupContent(s);
        expectUnexpected(content, s.context.pollError);
        if (s.context.poll === null) return expect(content.status).toBe('loading');
        const summary = content.sections[0];
        const warming = s.context.poll.status.ok && s.context.poll.status.value.isWarmingUp;
        expect(summary?.kind === 'text' && summary.lines[0]!.text).toMatch(warming ? /^1 of 8 steps done/ : /^Bootstrapped/);
      },
    ]),
  ),
});

describeMachineModel(apiHealthScreenMachine, {
  input: { pollIntervalMs: 10_000 },
  events: {
    'xstate.done.actor.fetchApiHealth': { one: actorDone('fetchApiHealth', apiHealthPoll(1_000_000, 1)), none: actorDone('fetchApiHealth', apiHealthPoll(2_000_000, 0)) },
    'xstate.error.actor.fetchApiHealth': { bug: actorFailed('fetchApiHealth', new Error('a bug')) },
    'screen.visible': visible,
  },
  states: Object.fromEntries(
    ['polling', 'waiting', 'hidden'].map((state) => [
      state,
      (s: Parameters<typeof selectApiHealthContent>[0], probe: { running(): string[] }) => {
        expect(probe.running().includes('fetchApiHealth')).toBe(state === 'polling');
        const content = selectApiHealthContent(s);
        expectUnexpected(content, s.context.pollError);
        if (s.context.poll === null) return expect(content.status).toBe('loading');
        expect(sectionIds(content)).toEqual(['chain', 'transactions', 'calls']);
        const txs = content.sections[1]!;
        const pending = s.context.poll.transactions.ok ? s.context.poll.transactions.value.length : -1;
        expect(txs.kind === 'table' && txs.rows.length).toBe(pending);
      },
    ]),
  ),
});

describe('S8 lag streak', () => {
  it('a lag over the warn line Warns, and Fails once it lasted 3 polls', async () => {
    const clock = new SimulatedClock();
    const lagging: ApiHealthPoll = { ...apiHealthPoll(0), chainstate: { ok: true as const, value: { chainTip: 1030, block: 1000, totalAmount: '1', currentPrice: '24000' } } };
    const machine = apiHealthScreenMachine.provide({ actors: { fetchApiHealth: fromPromise(async () => lagging) } });
    const actor = createActor(machine, { input: { pollIntervalMs: 1000 }, clock }).start();
    const lagTone = () => {
      const chain = selectApiHealthContent(actor.getSnapshot()).sections[0]!;
      return chain.kind === 'facts' ? chain.rows.find((r) => r.label === 'Lag')!.tone : undefined;
    };
    const tones: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      tones.push(lagTone());
      clock.increment(1000);
    }
    expect(tones).toEqual(['warn', 'warn', 'fail']);
    actor.stop();
  });
});
