import { expect } from 'vitest';
import { describeMachineModel } from '../../../test/model-based.js';
import { feedTimelineScreenMachine, selectFeedTimelineContent, type FeedTimelineScreenSnapshot } from './feed-timeline.machine.js';

const OWNER = 'ab'.repeat(20);
const entry = (index: string) => ({ index, found: true as const, version: 'v1' as const, reference: 'cd'.repeat(32), timestampSeconds: 1, size: null, preview: null });

function timelineRows(s: FeedTimelineScreenSnapshot) {
  const t = selectFeedTimelineContent(s).sections.find((x) => x.id === 'timeline');
  return t?.kind === 'table' ? t.rows : [];
}

function expectView(s: FeedTimelineScreenSnapshot): void {
  const content = selectFeedTimelineContent(s);
  const form = content.sections[0];
  if (form?.kind !== 'form') throw new Error('no form');
  expect(form.fields.map((f) => f.value)).toEqual([s.context.form.owner, s.context.form.topic, s.context.form.max]);
  const rows = timelineRows(s);
  expect(rows.map((r) => r.key)).toEqual(s.context.entries.map((e) => e.index));
  for (const row of rows) expect(row.cells[3]?.text).toBe(s.context.revealed.includes(row.key) ? 'cd'.repeat(32) : 'cdcdcdcd…cdcd');
}

describeMachineModel(feedTimelineScreenMachine, {
  events: {
    'screen.submit': {
      walk: { type: 'screen.submit', section: 'feed', values: { owner: OWNER, topic: 'news', max: '2' } },
      bad: { type: 'screen.submit', section: 'feed', values: { owner: 'nope', topic: '', max: '0' } },
    },
    'screen.command': { ft: { type: 'screen.command', verb: 'ft', args: [OWNER, 'news'] }, bad: { type: 'screen.command', verb: 'feed-timeline', args: [] } },
    'screen.input': { owner: { type: 'screen.input', section: 'feed', field: 'owner', value: OWNER } },
    'timeline.latest': { one: { type: 'timeline.latest', latest: '1' } },
    'timeline.entry': { newest: { type: 'timeline.entry', entry: entry('1') }, oldest: { type: 'timeline.entry', entry: entry('0') } },
    'timeline.done': { ok: { type: 'timeline.done', error: null }, empty: { type: 'timeline.done', error: 'no update found' } },
    'screen.activate': { first: { type: 'screen.activate', section: 'timeline', index: 0 } },
    'screen.reveal': { first: { type: 'screen.reveal', section: 'timeline', index: 0, column: 'reference' } },
  },
  states: {
    idle: (s) => {
      expect(s.context.query).toBeNull();
      if (Object.keys(s.context.formErrors).length) {
        const form = selectFeedTimelineContent(s).sections[0];
        expect(form?.kind === 'form' && form.fields.filter((f) => f.error).length).toBeGreaterThan(0);
      }
      expectView(s);
    },
    walking: (s, probe) => {
      expect(probe.inputOf('walkTimeline')).toEqual({ query: s.context.query });
      expect(s.context.query?.owner).toBe(OWNER);
      expectView(s);
    },
    done: (s) => {
      expectView(s);
      if (s.context.error) expect(selectFeedTimelineContent(s).subtitle).toContain(s.context.error);
    },
  },
});
