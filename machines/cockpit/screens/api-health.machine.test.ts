import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import { apiHealthPoll } from '../../../core/cockpit/screens/screen-fixtures.js';
import type { ApiHealthPoll } from '../../../core/cockpit/screens/api-health.js';
import { apiHealthScreenMachine, selectApiHealthContent } from './api-health.machine.js';
import { pollingScreenWith } from './polling-screen.machine.js';

describeMachineModel(apiHealthScreenMachine, {
  input: { pollIntervalMs: 10_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { one: { type: 'poll.done', poll: apiHealthPoll(1_000_000, 1) }, none: { type: 'poll.done', poll: apiHealthPoll(2_000_000, 0) } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    showing: (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 10_000 });
      const content = selectApiHealthContent(s);
      if (s.context.pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
      if (s.context.poll === null) return expect(content.status).toBe('loading');
      expect(content.sections.map((x) => x.id)).toEqual(['chain', 'transactions', 'calls']);
      const txs = content.sections[1]!;
      const pending = s.context.poll.transactions.ok ? s.context.poll.transactions.value.length : -1;
      expect(txs.kind === 'table' && txs.rows.length).toBe(pending);
    },
  },
});

describe('S8 lag streak', () => {
  it('a lag over the warn line Warns, and Fails once it lasted 3 polls', async () => {
    const clock = new SimulatedClock();
    const lagging: ApiHealthPoll = { ...apiHealthPoll(0), chainstate: { ok: true as const, value: { chainTip: 1030, block: 1000, totalAmount: '1', currentPrice: '24000' } } };
    const machine = apiHealthScreenMachine.provide({ actors: { poller: pollingScreenWith(fromPromise(async () => lagging)) } });
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
