import { describe, expect, it } from 'vitest';
import { hasUnfinishedTags, renderTags, type TagFacts } from './tags.js';

const tag = (uid: number, over: Partial<TagFacts> = {}): TagFacts => ({ uid, address: 'ab'.repeat(32), startedAt: '2026-01-02T03:04:05Z', split: 10, seen: 0, stored: 10, sent: 0, synced: 0, ...over });
const table = (content: ReturnType<typeof renderTags>) => {
  const t = content.sections.find((s) => s.id === 'tags');
  if (t?.kind !== 'table') throw new Error('no table');
  return t;
};

describe('S9 tags', () => {
  it('lists newest first with counts and a state, and bars for unfinished uploads', () => {
    const content = renderTags({ tags: [tag(1, { synced: 10 }), tag(3, { address: '', split: 7, synced: 7 }), tag(2, { synced: 4 })], lastOkAtMs: 0, pollError: null });
    expect(table(content).rows.map((r) => [r.key, r.cells[8]?.text])).toEqual([
      ['3', 'Pending'],
      ['2', 'Syncing 40 %'],
      ['1', 'Synced'],
    ]);
    const bars = content.sections.find((s) => s.id === 'active');
    expect(bars?.kind === 'bars' && bars.bars.map((b) => b.text)).toEqual(['Pending: chunk count not declared (7 chunks so far, 7 synced)', 'Syncing: 4/10 chunks synced']);
    expect(hasUnfinishedTags([tag(1, { synced: 10 })])).toBe(false);
    expect(hasUnfinishedTags([tag(1, { address: '' })])).toBe(true);
  });

  it('shows why when /tags fails, loading before the first poll', () => {
    expect(renderTags({ tags: null, lastOkAtMs: null, pollError: null }).status).toBe('loading');
    expect(renderTags({ tags: null, lastOkAtMs: null, pollError: '/tags: 500 boom' })).toMatchObject({ status: 'error', subtitle: '/tags: 500 boom' });
    expect(table(renderTags({ tags: [], lastOkAtMs: 0, pollError: null })).emptyText).toMatch(/no tags/);
  });
});
