import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../test/model-based.js';
import { BANNER_TTL_MS, selectUiSessionState, uiSessionMachine, type UiSessionSnapshot } from './ui-session.machine.js';

const mode = (s: UiSessionSnapshot) => selectUiSessionState(s).mode;

describeMachineModel(uiSessionMachine, {
  input: { face: 'terminal', screen: 'health', logPaneHeight: 8 },
  events: {
    'screen.show': { fleet: { type: 'screen.show', screen: 'fleet' } },
    'selection.set': { gates: { type: 'selection.set', screen: 'health', selection: { section: 'gates', index: 2 } } },
    'drillSelection.set': { bucket: { type: 'drillSelection.set', selection: { section: 'buckets', index: 1 } } },
    'palette.open': { empty: { type: 'palette.open', input: '' } },
    'palette.input': { ft: { type: 'palette.input', input: 'ft' } },
    'palette.highlight': { third: { type: 'palette.highlight', highlighted: 2 } },
    'palette.refuse': { arity: { type: 'palette.refuse', error: ':ft: takes 2 to 3 arguments, got 0' } },
    'picker.highlight': { second: { type: 'picker.highlight', highlighted: 1 } },
    'alerts.open': { notifications: { type: 'alerts.open', kind: 'notifications' } },
    'help.scroll': { down: { type: 'help.scroll', top: 3 } },
    'alerts.highlight': { second: { type: 'alerts.highlight', highlighted: 1 } },
    'log.resize': { tooTall: { type: 'log.resize', height: 30 } },
    'log.fit': { tall: { type: 'log.fit', rows: 54 }, short: { type: 'log.fit', rows: 39 } },
    'log.tab': { info: { type: 'log.tab', tab: 'info' } },
    'filter.input': { peer: { type: 'filter.input', text: ' peer ' } },
    'form.focus': { root: { type: 'form.focus', section: 'walk', field: 'root' } },
    'banner.show': { ok: { type: 'banner.show', text: 'switched to n2', tone: 'ok' } },
    'banner.expire': { first: { type: 'banner.expire', id: 1 } },
  },
  // Graph identity: the state value, plus the banner as far as the expiry guard can tell (the banner counter
  // would make the walk endless); the rest of the context follows from the path.
  stateKey: (s) => (s.context.banner === null ? 'no banner' : s.context.banner.id === 1 ? 'first banner' : 'later banner'),
  states: {
    'open.browsing': (s) => {
      expect(mode(s)).toBe('browsing');
      expect(s.context.form).toBeNull();
      expect(s.context.log.height).toBeGreaterThanOrEqual(4);
      expect(s.context.log.height).toBeLessThanOrEqual(24);
    },
    'open.palette': (s) => {
      expect(mode(s)).toBe('palette');
      expect(['', 'ft']).toContain(s.context.palette.input);
    },
    'open.picker': (s) => expect(mode(s)).toBe('picker'),
    'open.help': (s) => {
      expect(mode(s)).toBe('help');
      expect([0, 3]).toContain(s.context.helpTop);
    },
    'open.alerts': (s) => {
      expect(mode(s)).toBe('alerts');
      expect(s.context.alerts.kind).toBe('notifications');
    },
    'open.filtering': (s) => {
      expect(mode(s)).toBe('filtering');
      expect(s.context.log.visible).toBe(true);
    },
    'open.editingForm': (s) => {
      expect(mode(s)).toBe('editingForm');
      expect(s.context.form).toEqual({ section: 'walk', field: 'root' });
    },
    closed: (s) => {
      expect(mode(s)).toBe('closed');
      expect(s.status).toBe('done');
    },
  },
});

describe('uiSessionMachine details', () => {
  it('opens the log pane for a face of 40 rows or more (log.fit) until the operator or [ui] log_pane chose (issue 28 item 1)', () => {
    const actor = createActor(uiSessionMachine, { input: { face: 'desktop' } }).start();
    const visible = () => actor.getSnapshot().context.log.visible;
    actor.send({ type: 'log.fit', rows: 39 });
    expect(visible()).toBe(false);
    actor.send({ type: 'log.fit', rows: 40 });
    expect(visible()).toBe(true);
    actor.send({ type: 'log.fit', rows: 30 });
    expect(visible()).toBe(false);
    // Ctrl+L wins afterwards: a resize no longer opens or closes it.
    actor.send({ type: 'log.toggle' });
    expect(visible()).toBe(true);
    actor.send({ type: 'log.fit', rows: 20 });
    expect(visible()).toBe(true);
    const closed = createActor(uiSessionMachine, { input: { face: 'desktop', logPaneVisible: false, logPaneChosen: true } }).start();
    closed.send({ type: 'log.fit', rows: 80 });
    expect(closed.getSnapshot().context.log.visible).toBe(false);
  });

  it('clears a banner after 8 s, and a newer banner outlives the older one’s timer', () => {
    const clock = new SimulatedClock();
    const actor = createActor(uiSessionMachine, { input: { face: 'desktop' }, clock }).start();
    actor.send({ type: 'banner.show', text: 'first', tone: 'ok' });
    clock.increment(BANNER_TTL_MS - 1000);
    actor.send({ type: 'banner.show', text: 'second', tone: 'fail' });
    clock.increment(1000);
    expect(actor.getSnapshot().context.banner).toEqual({ id: 2, text: 'second', tone: 'fail' });
    clock.increment(BANNER_TTL_MS - 1000);
    expect(actor.getSnapshot().context.banner).toBeNull();
  });

  it('commits the trimmed filter; Esc on an empty prompt clears it; a node switch forgets selections', () => {
    const actor = createActor(uiSessionMachine, { input: { face: 'terminal', logFilter: 'old' } }).start();
    actor.send({ type: 'filter.open' });
    expect(actor.getSnapshot().context.log.editing).toBe('old');
    actor.send({ type: 'filter.input', text: ' peer ' });
    actor.send({ type: 'filter.commit' });
    expect(actor.getSnapshot().context.log.filter).toBe('peer');
    actor.send({ type: 'filter.open' });
    actor.send({ type: 'filter.clear' });
    expect(actor.getSnapshot().context.log.filter).toBe('');
    actor.send({ type: 'selection.set', screen: 'fleet', selection: { section: 'nodes', index: 3 } });
    actor.send({ type: 'node.switched' });
    expect(actor.getSnapshot().context.selections).toEqual({});
  });

  it('clamps a persisted pane height into 4..24', () => {
    expect(createActor(uiSessionMachine, { input: { face: 'terminal', logPaneHeight: 99 } }).start().getSnapshot().context.log.height).toBe(24);
    expect(createActor(uiSessionMachine, { input: { face: 'terminal', logPaneHeight: 1 } }).start().getSnapshot().context.log.height).toBe(4);
  });
});
