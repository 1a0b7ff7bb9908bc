import { expect } from 'vitest';
import { actorDone, actorFailed, describeMachineModel } from '../../../test/model-based.js';
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
  // About 600 snapshots (sort × results × check state) times 15 events: finite, wider than the default bound.
  maxSnapshots: 20_000,
  events: {
    'xstate.done.actor.fetchPins': { two: actorDone('fetchPins', two) },
    'xstate.error.actor.fetchPins': { bug: actorFailed('fetchPins', new Error('a bug')) },
    'screen.visible': { hide: { type: 'screen.visible', visible: false }, show: { type: 'screen.visible', visible: true } },
    'screen.action': { checkAll: { type: 'screen.action', id: 'checkAll' }, sort: { type: 'screen.action', id: 'cycleSort' }, other: { type: 'screen.action', id: 'rchash' } },
    'screen.activate': { first: { type: 'screen.activate', section: 'pins', index: 0 } },
    'check.line': { bad: { type: 'check.line', line: { reference: A, total: 5, missing: 1, invalid: 0 } } },
    'check.done': { done: { type: 'check.done', atMs: 10 } },
    'check.failed': { failed: { type: 'check.failed', error: '/pins/check: timeout', atMs: 10 } },
  },
  states: {
    'list.polling': (s, probe) => {
      expect(probe.running()).toContain('fetchPins');
      expectView(s);
    },
    'list.waiting': (s) => expectView(s),
    'list.hidden': (s) => expectView(s),
    'check.idle': (s, probe) => {
      expect(probe.running()).not.toContain('checkPins');
      expectView(s);
    },
    'check.checking': (s, probe) => {
      expect(probe.inputOf('checkPins')).toEqual(s.context.checkScope === 'all' ? {} : { reference: s.context.checkScope });
      expectView(s);
    },
  },
});
