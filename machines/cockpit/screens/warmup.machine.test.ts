import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { warmupPoll } from '../../../core/cockpit/screens/screen-fixtures.js';
import { selectWarmupContent, warmupScreenMachine } from './warmup.machine.js';

describeMachineModel(warmupScreenMachine, {
  input: { pollIntervalMs: 5_000 },
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { settled: { type: 'poll.done', poll: warmupPoll(1) }, warming: { type: 'poll.done', poll: warmupPoll(2, true) } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    showing: (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 5_000 });
      const content = selectWarmupContent(s, null);
      if (s.context.pollError !== null) expect(content.subtitle).toBe('poll failed unexpectedly: a bug');
      if (s.context.poll === null) return expect(content.status).toBe('loading');
      const summary = content.sections[0];
      const warming = s.context.poll.status.ok && s.context.poll.status.value.isWarmingUp;
      expect(summary?.kind === 'text' && summary.lines[0]!.text).toMatch(warming ? /^1 of 8 steps done/ : /^Bootstrapped/);
    },
  },
});
