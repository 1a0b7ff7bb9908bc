import { describe, expect, it } from 'vitest';
import { verbText } from './feed-timeline.js';

const base = { node: 'http://127.0.0.1:1633', owner: 'ab'.repeat(20), topic: 'cd'.repeat(32), topicFrom: 'hex', max: 10 } as const;

describe('feed-timeline words', () => {
  it('found and missing updates interleave newest first, as the walk went, then the summary', () => {
    const words = verbText('ok', {
      ...base,
      latestIndex: 5,
      entries: [
        { index: 5, socAddress: '01'.repeat(32), version: 'v2', payloadBytes: 3000 },
        { index: 3, socAddress: '02'.repeat(32), version: 'v1', time: '2023-11-14T22:13:23.000Z', timestamp: 1_700_000_003, reference: 'ef'.repeat(32), payloadBytes: 40 },
      ],
      missing: [4],
    });
    expect(words.text!.split('\n')).toEqual([
      '     5  v2 content, 3,000 bytes',
      '     4  missing (the node cannot fetch update 4)',
      `     3  2023-11-14T22:13:23.000Z  ${'ef'.repeat(8)}…`,
      `feed ${base.owner}/cdcdcdcd…: 2 of the last 3 updates (latest index 5), 1 missing`,
    ]);
    expect(words.message).toBe(`feed ${base.owner}/cdcdcdcd…: 2 of the last 3 updates (latest index 5), 1 missing`);
  });

  it('no update at all: one line naming the node', () => {
    expect(verbText('sad', { ...base, latestIndex: null, entries: [], missing: [] })).toEqual({ message: `feed ${base.owner}/cdcdcdcd… has no update on ${base.node} (404)` });
  });
});
