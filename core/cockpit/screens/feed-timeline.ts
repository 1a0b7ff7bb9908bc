/**
 * S13 Feed Timeline (2-cockpit.md §1): owner, topic and max entries; the updates newest first with the reference
 * shortened; Enter on a row (or a click on its reference, `screen.reveal`) shows the full hex. Reading is in
 * core/cockpit/feed-timeline.ts and actors/cockpit/feed-timeline.ts.
 */
import { formatCount } from '../format.js';
import type { FeedEntry, TimelineQuery } from '../feed-timeline.js';
import { oneLine, shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section } from '../view/view-model.js';
import { cell } from './common.js';

export interface TimelineForm {
  readonly owner: string;
  readonly topic: string;
  readonly max: string;
}

export interface FeedTimelineScreenInput {
  readonly form: TimelineForm;
  /** Per-field refusal of the last submit (`owner`, `topic`, `max`). */
  readonly formErrors: Readonly<Partial<Record<keyof TimelineForm, string>>>;
  readonly query: TimelineQuery | null;
  /** Latest index (decimal) once known. */
  readonly latest: string | null;
  /** Newest first, as they arrived. */
  readonly entries: readonly FeedEntry[];
  readonly running: boolean;
  /** Why the walk stopped (the latest update could not be found, the node failed), one line. */
  readonly error: string | null;
  /** Row keys (the index) whose reference is shown in full. */
  readonly revealed: readonly string[];
}

function when(seconds: number | null): string {
  if (seconds === null) return '—';
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return '—';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function renderFeedTimeline(input: FeedTimelineScreenInput): ScreenContent {
  const err = input.formErrors;
  const sections: Section[] = [
    {
      kind: 'form',
      id: 'feed',
      title: null,
      fields: [
        { id: 'owner', label: 'Owner', value: input.form.owner, placeholder: '40 hex characters (0x optional)', ...(err.owner ? { error: err.owner } : {}) },
        { id: 'topic', label: 'Topic', value: input.form.topic, placeholder: '64 hex, or text (hashed with keccak256)', ...(err.topic ? { error: err.topic } : {}) },
        { id: 'max', label: 'Max entries', value: input.form.max, placeholder: '20', ...(err.max ? { error: err.max } : {}) },
      ],
      submitLabel: 'Walk',
    },
  ];
  if (!input.query) return { status: 'ready', subtitle: 'enter owner and topic, or :feed-timeline <owner> <topic> [max]', sections, drill: null };

  const revealed = new Set(input.revealed);
  sections.push({
    kind: 'table',
    id: 'timeline',
    title: `Feed 0x${shortHex(input.query.owner)} / ${input.query.topicHashed ? `${JSON.stringify(oneLine(input.form.topic, 40))} → ` : ''}${shortHex(input.query.topic)}`,
    columns: [
      { id: 'index', label: 'Index', align: 'right', priority: 1, kind: 'number' },
      { id: 'version', label: 'Kind', align: 'left', priority: 4, kind: 'label' },
      { id: 'time', label: 'Time', align: 'left', priority: 3, kind: 'time' },
      { id: 'reference', label: 'Reference', align: 'left', priority: 1, kind: 'id' },
      { id: 'content', label: 'Content', align: 'left', priority: 5, kind: 'text' },
    ],
    rows: input.entries.map((e) => {
      if (!e.found) {
        const hint = { text: `update ${e.index} could not be read (why: the Content column): never written, or no longer retrievable`, tone: 'warn' as const };
        return { key: e.index, cells: [cell(e.index), cell('—'), cell('—'), cell('missing', 'warn'), cell(oneLine(e.reason, 120), 'warn')], tone: 'warn' as const, hint };
      }
      const full = revealed.has(e.index);
      const content = e.version === 'v1' ? 'reference update' : [e.size === null ? null : `${formatCount(e.size)} bytes`, e.preview === null ? null : JSON.stringify(e.preview)].filter(Boolean).join(' · ');
      return {
        key: e.index,
        cells: [cell(e.index), cell(e.version), cell(when(e.timestampSeconds)), cell(full ? e.reference : shortHex(e.reference), undefined, e.reference), cell(content || '—')],
      };
    }),
    selectable: true,
    emptyText: input.running ? 'looking up the latest update…' : input.error ? `none read: ${input.error}` : 'no updates',
  });
  const found = input.entries.filter((e) => e.found).length;
  const progress = input.latest === null ? null : `latest index ${input.latest}: ${found} of ${Math.min(input.query.max, Number(input.latest) + 1)} shown`;
  const subtitle = [input.error, progress, input.running ? 'walking…' : null].filter(Boolean).join(' · ') || null;
  const status = input.error && input.entries.length === 0 && input.latest === null ? 'error' : input.running && input.latest === null ? 'loading' : 'ready';
  return { status, subtitle, sections, drill: null };
}

/** What the walking actor reports, in order: the latest index, each entry newest first, the end. */
export type TimelineEvent =
  | { readonly type: 'timeline.latest'; readonly latest: string }
  | { readonly type: 'timeline.entry'; readonly entry: FeedEntry }
  | { readonly type: 'timeline.done'; readonly error: string | null };
