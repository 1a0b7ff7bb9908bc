import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeMachineModel } from '../../../test/model-based.js';
import { failed, ok } from '../../../core/cockpit/screens/common.js';
import type { TagFacts, TagsPoll } from '../../../core/cockpit/screens/tags.js';
import { pollingScreenWith } from './polling-screen.machine.js';
import { selectTagsContent, tagsScreenMachine, type TagsScreenSnapshot } from './tags.machine.js';

const tag = (uid: number, synced: number): TagFacts => ({ uid, address: 'ab'.repeat(32), startedAt: '2026-01-01T00:00:00Z', split: 4, seen: 0, stored: 4, sent: synced, synced });
const moving: TagsPoll = { takenAtMs: 1, tags: ok([tag(1, 2)]) };
const settled: TagsPoll = { takenAtMs: 2, tags: ok([tag(1, 4)]) };
const refused: TagsPoll = { takenAtMs: 3, tags: failed({ code: 'http', status: 500, detail: '500 Internal Server Error' }) };

function expectView(s: TagsScreenSnapshot): void {
  const content = selectTagsContent(s);
  const { tags, pollError } = s.context;
  if (tags === null) return expect(content.status).toBe(pollError ? 'error' : 'loading');
  expect(content.sections.map((x) => x.id)).toEqual(tags[0]!.synced < 4 ? ['active', 'tags'] : ['tags']);
  if (pollError) expect(content.subtitle).toMatch(pollError.startsWith('/tags') ? /^\/tags: 500 Internal Server Error; showing data from/ : /poll failed unexpectedly/);
}

describeMachineModel(tagsScreenMachine, {
  input: { activeIntervalMs: 2_000, idleIntervalMs: 15_000 },
  events: {
    'poll.done': { moving: { type: 'poll.done', poll: moving }, settled: { type: 'poll.done', poll: settled }, refused: { type: 'poll.done', poll: refused } },
    'poll.failed': { bug: { type: 'poll.failed', line: 'poll failed unexpectedly: a bug' } },
    'screen.visible': { hide: { type: 'screen.visible', visible: false } },
  },
  states: {
    showing: (s, probe) => {
      // Before the first answer the poller is fetching; its interval counts from the first answer on.
      expect(probe.inputOf('poller')).toEqual({ intervalMs: 15_000 });
      expectView(s);
    },
  },
});

describe('tags screen polling pace', () => {
  it('polls every 2 s while an upload moves and every 15 s once all are synced', async () => {
    const answers = [moving, settled, settled];
    let polls = 0;
    const clock = new SimulatedClock();
    const machine = tagsScreenMachine.provide({ actors: { poller: pollingScreenWith(fromPromise(async () => answers[Math.min(polls++, answers.length - 1)]!)) } });
    const actor = createActor(machine, { input: {}, clock }).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    clock.increment(2_000);
    await settle();
    expect(polls).toBe(2);
    clock.increment(14_999);
    await settle();
    expect(polls).toBe(2);
    clock.increment(1);
    await settle();
    expect(polls).toBe(3);
    actor.stop();
  });
});
