/**
 * S13 Feed Timeline: walks a sequence feed newest first (2-cockpit.md §1 "S13").
 *
 * States
 * - idle: no walk yet; the form asks for owner, topic and max entries.
 * - walking: the callback actor `walkTimeline` reads the latest index, then the updates newest first, and reports
 *   `timeline.latest`, one `timeline.entry` per update, then `timeline.done` (with the reason when nothing could be
 *   walked). Entries fill the table as they arrive.
 * - done: the walk finished; the table stays.
 * A walk starts from the form (`screen.submit` of `feed`) or from `:feed-timeline <owner> <topic> [max]` / `:ft`
 * (`screen.command`); bad fields are refused field by field without leaving the current walk. Enter on a row or a
 * click on its reference (`screen.reveal`) toggles the full hex of that reference.
 */
import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';
import { parseTimelineQuery, type FeedEntry, type TimelineQuery } from '../../../core/cockpit/feed-timeline.js';
import { renderFeedTimeline, type TimelineEvent, type TimelineForm } from '../../../core/cockpit/screens/feed-timeline.js';
import { errorLine } from '../../../core/cockpit/text.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import { selectPerSnapshot } from './screen-definition.js';

export interface FeedTimelineScreenContext {
  readonly form: TimelineForm;
  readonly formErrors: Readonly<Partial<Record<keyof TimelineForm, string>>>;
  readonly query: TimelineQuery | null;
  readonly latest: string | null;
  readonly entries: readonly FeedEntry[];
  readonly error: string | null;
  readonly revealed: readonly string[];
}

export const TIMELINE_FORM = 'feed';
export const TIMELINE_TABLE = 'timeline';
const WALK_VERBS = ['feed-timeline', 'ft'];

type Events = ScreenEvent | TimelineEvent;

/** Provided by the engine: feedTimelineScreenActors(client) from actors/cockpit/screens/feed-timeline.ts. */
const walkTimelineNotProvided = fromCallback<{ type: 'noop' }, { query: TimelineQuery }, TimelineEvent>(() => {
  throw new Error('walkTimeline actor not provided');
});

/** The form values a submit or command carries. */
function requestedForm(context: FeedTimelineScreenContext, event: Events): TimelineForm | undefined {
  if (event.type === 'screen.submit' && event.section === TIMELINE_FORM) {
    const v = event.values;
    return { owner: v['owner'] ?? context.form.owner, topic: v['topic'] ?? context.form.topic, max: v['max'] ?? context.form.max };
  }
  if (event.type === 'screen.command' && WALK_VERBS.includes(event.verb)) return { owner: event.args[0] ?? '', topic: event.args[1] ?? '', max: event.args[2] ?? '' };
  return undefined;
}

/** Each field's refusal, checked on its own so the form can mark every bad field at once. */
function formErrors(form: TimelineForm): Partial<Record<keyof TimelineForm, string>> {
  const errors: Partial<Record<keyof TimelineForm, string>> = {};
  const valid = { owner: '00'.repeat(20), topic: 'x', max: '' };
  for (const field of ['owner', 'topic', 'max'] as const) {
    try {
      const probe = { ...valid, [field]: form[field] };
      parseTimelineQuery(probe.owner, probe.topic, probe.max);
    } catch (error) {
      errors[field] = errorLine(error);
    }
  }
  return errors;
}

function rowKey(context: FeedTimelineScreenContext, event: Events): string | undefined {
  if ((event.type === 'screen.activate' || event.type === 'screen.reveal') && event.section === TIMELINE_TABLE) return context.entries[event.index]?.index;
  return undefined;
}

const byIndexDescending = (a: FeedEntry, b: FeedEntry) => (BigInt(b.index) > BigInt(a.index) ? 1 : BigInt(b.index) < BigInt(a.index) ? -1 : 0);

export const feedTimelineScreenMachine = setup({
  types: {} as { context: FeedTimelineScreenContext; events: Events },
  actors: { walkTimeline: walkTimelineNotProvided },
  guards: {
    isWalkRequest: ({ context, event }) => {
      const form = requestedForm(context, event);
      return form !== undefined && Object.keys(formErrors(form)).length === 0;
    },
    isBadWalkRequest: ({ context, event }) => {
      const form = requestedForm(context, event);
      return form !== undefined && Object.keys(formErrors(form)).length > 0;
    },
    isTimelineRow: ({ context, event }) => rowKey(context, event) !== undefined,
  },
  actions: {
    editForm: assign(({ context, event }) => {
      if (event.type !== 'screen.input' || event.section !== TIMELINE_FORM || !['owner', 'topic', 'max'].includes(event.field)) return {};
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    startWalk: assign(({ context, event }) => {
      const form = requestedForm(context, event)!;
      return { form, formErrors: {}, query: parseTimelineQuery(form.owner, form.topic, form.max), latest: null, entries: [], error: null, revealed: [] };
    }),
    refuseForm: assign(({ context, event }) => {
      const form = requestedForm(context, event)!;
      return { form, formErrors: formErrors(form) };
    }),
    recordLatest: assign(({ event }) => (event.type === 'timeline.latest' ? { latest: event.latest } : {})),
    recordEntry: assign(({ context, event }) =>
      event.type === 'timeline.entry' ? { entries: [...context.entries.filter((e) => e.index !== event.entry.index), event.entry].sort(byIndexDescending) } : {},
    ),
    finishWalk: assign(({ event }) => (event.type === 'timeline.done' ? { error: event.error } : {})),
    toggleReveal: assign(({ context, event }) => {
      const key = rowKey(context, event)!;
      return { revealed: context.revealed.includes(key) ? context.revealed.filter((k) => k !== key) : [...context.revealed, key] };
    }),
  },
}).createMachine({
  id: 'feedTimelineScreen',
  description: 'S13: a sequence feed’s updates, newest first, by owner, topic and max entries.',
  context: { form: { owner: '', topic: '', max: '' }, formErrors: {}, query: null, latest: null, entries: [], error: null, revealed: [] },
  initial: 'idle',
  on: {
    'screen.input': { actions: 'editForm' },
    'screen.submit': [
      { guard: 'isWalkRequest', target: '.walking', reenter: true, actions: 'startWalk' },
      { guard: 'isBadWalkRequest', actions: 'refuseForm' },
    ],
    'screen.command': [
      { guard: 'isWalkRequest', target: '.walking', reenter: true, actions: 'startWalk' },
      { guard: 'isBadWalkRequest', actions: 'refuseForm' },
    ],
    'screen.activate': { guard: 'isTimelineRow', actions: 'toggleReveal' },
    'screen.reveal': { guard: 'isTimelineRow', actions: 'toggleReveal' },
  },
  states: {
    idle: { description: 'No walk yet: the form asks for owner, topic and max entries.' },
    walking: {
      description: 'Reading the latest index, then each update newest first; rows appear as they arrive.',
      invoke: { id: 'walkTimeline', src: 'walkTimeline', input: ({ context }) => ({ query: context.query! }) },
      on: {
        'timeline.latest': { actions: 'recordLatest' },
        'timeline.entry': { actions: 'recordEntry' },
        'timeline.done': { target: 'done', actions: 'finishWalk' },
      },
    },
    done: { description: 'The walk finished; the timeline stays until the next walk.' },
  },
});

export type FeedTimelineScreenSnapshot = SnapshotFrom<typeof feedTimelineScreenMachine>;

export const selectFeedTimelineContent = selectPerSnapshot((state: FeedTimelineScreenSnapshot) => {
  const c = state.context;
  return renderFeedTimeline({ ...c, running: state.matches('walking') });
});
