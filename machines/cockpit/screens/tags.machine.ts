/**
 * S9 Tags: upload progress from `/tags` (2-cockpit.md §1 "S9"), polled quickly while an upload is moving.
 *
 * The child `poller` (polling-screen.machine.ts) fetches while the screen is shown (its fetch `fetchTags`: every page
 * of `/tags`, or the failure as a value); this machine forwards `screen.visible` to it, keeps the latest good list
 * (`poll.done`) and the last failure, and sets the poller's cadence after each answer (`poll.cadence`): every
 * `activeIntervalMs` while any tag is not yet Synced, otherwise every `idleIntervalMs`. One state, `showing`;
 * the view is derived (selectTagsContent).
 */
import { assign, forwardTo, sendTo, setup, type SnapshotFrom } from 'xstate';
import { failureLine } from '../../../core/cockpit/screens/common.js';
import { hasUnfinishedTags, renderTags, type TagFacts, type TagsPoll } from '../../../core/cockpit/screens/tags.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { pollingScreenMachine, type PollerEvent, type PollReport } from './polling-screen.machine.js';
import { selectPerSnapshot } from './screen-definition.js';

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

/** Quick while an upload is moving, slow once all are synced (and before the first answer). */
const cadenceOf = (context: TagsScreenContext): number => (hasUnfinishedTags(context.tags) ? context.activeIntervalMs : context.idleIntervalMs);

export const tagsScreenMachine = setup({
  types: {} as { context: TagsScreenContext; input: TagsScreenInput; events: ScreenEvent | PollReport<TagsPoll> },
  /** Provided by the engine: tagsScreenActors(client) from actors/cockpit/screens/tags.ts. */
  actors: { poller: pollingScreenMachine },
  actions: {
    forwardVisibility: forwardTo('poller'),
    recordPoll: assign((_, poll: TagsPoll) =>
      poll.tags.ok ? { tags: poll.tags.value, lastOkAtMs: poll.takenAtMs, pollError: null } : { pollError: failureLine('/tags', poll.tags.error) },
    ),
    recordPollError: assign((_, params: { line: string }) => ({ pollError: params.line })),
    setCadence: sendTo('poller', ({ context }): PollerEvent => ({ type: 'poll.cadence', intervalMs: cadenceOf(context) })),
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
  invoke: { id: 'poller', src: 'poller', input: ({ context }) => ({ intervalMs: cadenceOf(context) }) },
  on: {
    'screen.visible': { actions: 'forwardVisibility' },
    'poll.done': { actions: [{ type: 'recordPoll', params: ({ event }) => event.poll }, 'setCadence'] },
    'poll.failed': { actions: { type: 'recordPollError', params: ({ event }) => event } },
  },
  initial: 'showing',
  states: {
    showing: { description: 'The tags of the latest good answer of /tags (every page), with the failure of a later poll.' },
  },
});

export type TagsScreenSnapshot = SnapshotFrom<typeof tagsScreenMachine>;

export const selectTagsContent = selectPerSnapshot((state: TagsScreenSnapshot) => {
  const { tags, lastOkAtMs, pollError } = state.context;
  return renderTags({ tags, lastOkAtMs, pollError });
});
