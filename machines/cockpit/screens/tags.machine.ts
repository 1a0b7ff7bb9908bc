/**
 * S9 Tags: polls `/tags` for upload progress (2-cockpit.md §1 "S9"), quickly while an upload is moving.
 *
 * States: `polling` (actor `fetchTags`: every page of `/tags`, or the failure as a value; onError is for the
 * unexpected), `waiting` until the named delay `pollInterval`: 2 s while any tag is not yet Synced, otherwise
 * 15 s, `hidden` while the engine shows another screen, polling at once when shown again.
 * Context: the latest good list and when it was taken, the last failure. The view is derived (selectTagsContent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureLine } from '../../../core/cockpit/screens/common.js';
import { hasUnfinishedTags, renderTags, type TagFacts, type TagsPoll } from '../../../core/cockpit/screens/tags.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenContent, ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';

export interface TagsScreenInput {
  /** Between polls while an upload is moving (default 2 s, so split → stored → sent → synced is seen). */
  readonly activeIntervalMs?: number;
  /** Between polls when every tag is synced (default 15 s). */
  readonly idleIntervalMs?: number;
}

export interface TagsScreenContext {
  readonly activeIntervalMs: number;
  readonly idleIntervalMs: number;
  readonly tags: readonly TagFacts[] | null;
  readonly lastOkAtMs: number | null;
  readonly pollError: string | null;
}

export const TAGS_ACTIVE_INTERVAL_MS = 2_000;
export const TAGS_IDLE_INTERVAL_MS = 15_000;

/** Provided by the engine: tagsScreenActors(client) from actors/cockpit/screens/tags.ts. */
const fetchTagsNotProvided = fromPromise<TagsPoll>(async () => {
  throw new Error('fetchTags actor not provided');
});

export const tagsScreenMachine = setup({
  types: {} as { context: TagsScreenContext; input: TagsScreenInput; events: ScreenEvent },
  actors: { fetchTags: fetchTagsNotProvided },
  delays: {
    // One delay, its length read from the tags: quick while an upload is moving, slow once all are synced.
    pollInterval: ({ context }) => (hasUnfinishedTags(context.tags) ? context.activeIntervalMs : context.idleIntervalMs),
  },
  guards: {
    isShown: (_, params: { visible: boolean }) => params.visible,
    isHidden: (_, params: { visible: boolean }) => !params.visible,
  },
  actions: {
    recordPoll: assign((_, poll: TagsPoll) =>
      poll.tags.ok ? { tags: poll.tags.value, lastOkAtMs: poll.takenAtMs, pollError: null } : { pollError: failureLine('/tags', poll.tags.error) },
    ),
    recordPollError: assign((_, params: { message: string }) => ({ pollError: `poll failed unexpectedly: ${params.message}` })),
  },
}).createMachine({
  id: 'tagsScreen',
  description: 'S9: upload tags with split, seen, stored, sent, synced and progress.',
  context: ({ input }) => ({
    activeIntervalMs: input.activeIntervalMs ?? TAGS_ACTIVE_INTERVAL_MS,
    idleIntervalMs: input.idleIntervalMs ?? TAGS_IDLE_INTERVAL_MS,
    tags: null,
    lastOkAtMs: null,
    pollError: null,
  }),
  initial: 'polling',
  states: {
    polling: {
      description: 'Asking /tags (every page).',
      invoke: {
        id: 'fetchTags',
        src: 'fetchTags',
        onDone: { target: 'waiting', actions: { type: 'recordPoll', params: ({ event }) => event.output } },
        onError: { target: 'waiting', actions: { type: 'recordPollError', params: ({ event }) => ({ message: errorLine(event.error) }) } },
      },
      on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
    },
    waiting: {
      description: 'Shown; polls again after pollInterval: activeIntervalMs while an upload is moving, else idleIntervalMs.',
      after: { pollInterval: 'polling' },
      on: { 'screen.visible': { guard: { type: 'isHidden', params: ({ event }) => event }, target: 'hidden' } },
    },
    hidden: {
      description: 'Another screen is shown: no polling until this one is shown again.',
      on: { 'screen.visible': { guard: { type: 'isShown', params: ({ event }) => event }, target: 'polling' } },
    },
  },
});

export type TagsScreenSnapshot = SnapshotFrom<typeof tagsScreenMachine>;

const contentCache = new WeakMap<object, ScreenContent>();

export function selectTagsContent(state: TagsScreenSnapshot): ScreenContent {
  let content = contentCache.get(state);
  if (!content) {
    const { tags, lastOkAtMs, pollError } = state.context;
    content = renderTags({ tags, lastOkAtMs, pollError });
    contentCache.set(state, content);
  }
  return content;
}
