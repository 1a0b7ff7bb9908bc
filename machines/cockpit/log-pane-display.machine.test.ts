import { expect } from 'vitest';
import { describeMachineModel } from '../../test/model-based.js';
import { logPaneDisplayMachine, PANE_MAX_LINES, PANE_MIN_LINES } from './log-pane-display.machine.js';

describeMachineModel(logPaneDisplayMachine, {
  input: { height: 23 },
  events: {
    'pane.tab': { cockpit: { type: 'pane.tab', tab: 'cockpit' } },
    'filter.set': { api: { type: 'filter.set', text: 'API' }, clear: { type: 'filter.set', text: '' } },
  },
  states: {
    docked: (s) => expect(s.context.height).toBeGreaterThanOrEqual(PANE_MIN_LINES),
    hidden: (s) => expect(s.context.height).toBeLessThanOrEqual(PANE_MAX_LINES),
    fullscreen: (s) => expect(['errors', 'cockpit']).toContain(s.context.activeTab),
  },
});
