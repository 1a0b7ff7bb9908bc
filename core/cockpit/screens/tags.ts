/**
 * S9 Tags (2-cockpit.md §1): upload progress and counts from `GET /tags`. Progress follows
 * rules/tag-progress.ts: a tag whose upload has not declared its chunk count (a streamed upload, or one still
 * splitting) is Pending; otherwise (synced + seen) / split. Newest tag first; the unfinished ones also get a
 * progress bar at the top.
 */
import { formatCount } from '../format.js';
import { tagProgress, type TagCounters, type TagState } from '../rules/tag-progress.js';
import { shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section, Tone } from '../view/view-model.js';
import { cell, pollSubtitle, type Fetched } from './common.js';

export interface TagFacts extends TagCounters {
  readonly startedAt: string;
}

/** One poll of `/tags`: when it started, and every tag or why there are none. */
export interface TagsPoll {
  readonly takenAtMs: number;
  readonly tags: Fetched<readonly TagFacts[]>;
}

export interface TagsScreenInput {
  readonly tags: readonly TagFacts[] | null;
  readonly lastOkAtMs: number | null;
  readonly pollError: string | null;
}

/** How many unfinished tags get a bar. */
export const ACTIVE_BARS = 5;
const STATE_TONE: Readonly<Record<TagState, Tone>> = { Pending: 'muted', Syncing: 'info', Synced: 'ok' };

/** Newest first (highest uid: Bee hands out uids in increasing order). */
export function tagsNewestFirst(tags: readonly TagFacts[]): TagFacts[] {
  return [...tags].sort((a, b) => b.uid - a.uid);
}

/** True while any tag is still moving: the machine polls faster then. */
export function hasUnfinishedTags(tags: readonly TagCounters[] | null): boolean {
  return (tags ?? []).some((tag) => tagProgress(tag).state !== 'Synced');
}

function started(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function renderTags(input: TagsScreenInput): ScreenContent {
  if (input.tags === null) {
    return { status: input.pollError ? 'error' : 'loading', subtitle: input.pollError, sections: [], drill: null };
  }
  const rows = tagsNewestFirst(input.tags).map((tag) => ({ tag, progress: tagProgress(tag) }));
  const sections: Section[] = [];
  const active = rows.filter((r) => r.progress.state !== 'Synced').slice(0, ACTIVE_BARS);
  if (active.length) {
    sections.push({
      kind: 'bars',
      id: 'active',
      title: 'Uploads in progress',
      bars: active.map(({ tag, progress }) => ({
        label: `tag ${tag.uid}${tag.address ? ` ${shortHex(tag.address)}` : ''}`,
        fraction: progress.fraction ?? 0,
        text: `${progress.state}: ${progress.text}`,
        tone: STATE_TONE[progress.state],
      })),
    });
  }
  const count = (n: number) => cell(formatCount(n));
  sections.push({
    kind: 'table',
    id: 'tags',
    title: 'Tags',
    columns: [
      { id: 'uid', label: 'Tag', align: 'right', priority: 1, kind: 'number' },
      { id: 'reference', label: 'Reference', align: 'left', priority: 2, kind: 'id' },
      { id: 'started', label: 'Started', align: 'left', priority: 6, kind: 'time' },
      { id: 'split', label: 'Split', align: 'right', priority: 3, kind: 'count' },
      { id: 'seen', label: 'Seen', align: 'right', priority: 5, kind: 'count' },
      { id: 'stored', label: 'Stored', align: 'right', priority: 5, kind: 'count' },
      { id: 'sent', label: 'Sent', align: 'right', priority: 4, kind: 'count' },
      { id: 'synced', label: 'Synced', align: 'right', priority: 3, kind: 'count' },
      { id: 'state', label: 'State', align: 'left', priority: 1, kind: 'status' },
    ],
    rows: rows.map(({ tag, progress }) => ({
      key: String(tag.uid),
      // No root reference: the upload declared no chunk count (a stream), so Bee cannot say how far it is (spec: stays Pending).
      ...(progress.state === 'Pending'
        ? { hint: { text: 'no root reference: an upload that declares no chunk count (/chunks, a stream) stays Pending; judge it by its content’s reference with :durability', tone: 'muted' as const } }
        : {}),
      cells: [
        cell(String(tag.uid)),
        tag.address ? cell(shortHex(tag.address), undefined, tag.address) : cell('—', 'muted'),
        cell(started(tag.startedAt)),
        count(tag.split),
        count(tag.seen),
        count(tag.stored),
        count(tag.sent),
        count(tag.synced),
        cell(progress.fraction === null || progress.state === 'Synced' ? progress.state : `${progress.state} ${Math.floor(progress.fraction * 100)} %`, STATE_TONE[progress.state]),
      ],
    })),
    selectable: true,
    emptyText: 'no tags: uploads with swarm-deferred-upload (the default) or swarm-pin create one',
  });
  return { status: 'ready', subtitle: pollSubtitle(input.lastOkAtMs, input.pollError), sections, drill: null };
}
