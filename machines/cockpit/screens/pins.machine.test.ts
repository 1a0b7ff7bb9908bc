import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { ok } from '../../../core/cockpit/screens/common.js';
import type { PinsPoll } from '../../../core/cockpit/screens/pins.js';
import { pinsScreenMachine, selectPinsContent, type PinsScreenSnapshot } from './pins.machine.js';

const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const two: PinsPoll = { takenAtMs: 1, pins: ok([B, A]) };

function expectView(s: PinsScreenSnapshot): void {
  const content = selectPinsContent(s);
  if (s.context.pins === null) return expect(content.status).toBe(s.context.pollError ? 'error' : 'loading');
  const sortButton = content.sections.flatMap((x) => (x.kind === 'actions' ? x.actions : [])).find((a) => a.id === 'cycleSort')?.label;
  expect(sortButton).toBe(`Sort: ${{ reference: 'by reference', badFirst: 'bad first', totalChunks: 'by total chunks' }[s.context.sort]}`);
  const table = content.sections.find((x) => x.id === 'pins');
  if (table?.kind !== 'table') throw new Error('no pin table');
  const checking = s.matches({ check: 'checking' });
  for (const row of table.rows) {
    const state = row.cells[1]?.text;
    if (checking && s.context.pending.includes(row.key)) expect(state).toBe('Checking');
    else if (s.context.checks[row.key]) expect(['OK', 'Damaged', 'Empty']).toContain(state);
    else expect(state).toBe('Unchecked');
  }
  if (s.context.lastRun) expect(content.banner?.id).toBe(s.context.lastRun.id);
}

describeMachineModel(pinsScreenMachine, {
  input: { pollIntervalMs: 30_000 },
  // About 200 snapshots (sort × results × check state × poll) times 14 events: finite, wider than the default bound.
  maxSnapshots: 20_000,
  events: {
    'screen.pollInterval': [{ type: 'screen.pollInterval', intervalMs: 5_000 }],
    'poll.done': { two: { type: 'poll.done', poll: two } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
    'screen.action': { checkAll: { type: 'screen.action', id: 'checkAll' }, sort: { type: 'screen.action', id: 'cycleSort' }, other: { type: 'screen.action', id: 'rchash' } },
    'screen.activate': { first: { type: 'screen.activate', section: 'pins', index: 0 } },
    'check.line': { bad: { type: 'check.line', line: { reference: A, total: 5, missing: 1, invalid: 0 } } },
    'check.done': { done: { type: 'check.done', atMs: 10 } },
    'check.failed': { failed: { type: 'check.failed', error: '/pins/check: timeout', atMs: 10 } },
  },
  states: {
    'check.idle': (s, probe) => {
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 30_000 });
      expect(probe.running()).not.toContain('checkPins');
      expectView(s);
    },
    'check.checking': (s, probe) => {
      expect(probe.inputOf('checkPins')).toEqual(s.context.checkScope === 'all' ? {} : { reference: s.context.checkScope });
      expectView(s);
    },
  },
});
