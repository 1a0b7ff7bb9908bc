import { describe, expect, it } from 'vitest';
import { parseTimelineQuery } from '../feed-timeline.js';
import { renderFeedTimeline, type FeedTimelineScreenInput } from './feed-timeline.js';

const query = parseTimelineQuery('aa'.repeat(20), 'news', '3');
const base: FeedTimelineScreenInput = { form: { owner: 'aa'.repeat(20), topic: 'news', max: '3' }, formErrors: {}, query, latest: null, entries: [], running: true, error: null, revealed: [] };
const v1 = (index: string) => ({ index, found: true as const, version: 'v1' as const, reference: 'cd'.repeat(32), timestampSeconds: 1_767_225_600, size: null, preview: null });

describe('S13 feed timeline', () => {
  it('asks for owner and topic first, with per-field errors', () => {
    const content = renderFeedTimeline({ ...base, query: null, running: false, formErrors: { owner: 'invalid feed owner' } });
    const form = content.sections[0];
    expect(form?.kind === 'form' && form.fields.map((f) => f.error ?? null)).toEqual(['invalid feed owner', null, null]);
  });

  it('shows entries newest first with the reference shortened, full on reveal', () => {
    const entries = [v1('2'), { index: '1', found: false as const, reason: '/chunks: 404 Not Found' }, { ...v1('0'), version: 'v2' as const, timestampSeconds: null, size: 11, preview: 'hello world' }];
    const content = renderFeedTimeline({ ...base, latest: '2', entries, running: false, revealed: ['0'] });
    const t = content.sections.find((s) => s.id === 'timeline');
    if (t?.kind !== 'table') throw new Error('no table');
    expect(t.rows.map((r) => [r.key, r.cells[1]?.text, r.cells[3]?.text, r.cells[4]?.text])).toEqual([
      ['2', 'v1', 'cdcdcdcd…cdcd', 'reference update'],
      ['1', '—', 'missing', '/chunks: 404 Not Found'],
      ['0', 'v2', 'cd'.repeat(32), '11 bytes · "hello world"'],
    ]);
    expect(t.rows[0]?.cells[3]?.full).toBe('cd'.repeat(32));
    expect(content.subtitle).toBe('latest index 2: 2 of 3 shown');
  });

  it('is an error when the latest update cannot be found', () => {
    expect(renderFeedTimeline({ ...base, running: false, error: 'no update found for this feed (404)' })).toMatchObject({ status: 'error', subtitle: 'no update found for this feed (404)' });
    expect(renderFeedTimeline(base).status).toBe('loading');
  });
});
