import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { swapOffPoll, swapPoll } from '../../../core/cockpit/screens/screen-fixtures.js';
import { selectSwapContent, swapScreenMachine } from './swap.machine.js';

describeMachineModel(swapScreenMachine, {
  input: { pollIntervalMs: 30_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { on: { type: 'poll.done', poll: swapPoll(1) }, off: { type: 'poll.done', poll: swapOffPoll(2) } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    showing: (s, probe) => {
      expect(probe.running()).toEqual(['poller']);
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 30_000 });
      const content = selectSwapContent(s);
      if (s.context.pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
      if (s.context.poll === null) return expect(content.status).toBe('loading');
      expect(content.status).toBe('ready');
      const sections = content.sections.map((x) => x.id);
      if (s.context.poll.node.ok && !s.context.poll.node.value.swapEnabled) expect(sections).toEqual(['swapOff', 'chequebook', 'cheques', 'settlements', 'timesettlements']);
      else expect(sections).toEqual(['chequebook', 'cheques', 'settlements', 'timesettlements']);
    },
  },
});
