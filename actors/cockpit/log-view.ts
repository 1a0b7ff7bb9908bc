/**
 * The log pane's part of the view: the resolved source for the header, line counts per tab, and the newest
 * matching lines of the active tab, read from the log pane actor's LogBook (core/log/log-book.ts) with the UI
 * session's tab and filter. The book is a mutable store; reading it is cheap and happens only when the pane
 * published a new revision (at most 20 times a second).
 */
import { LOG_TABS, type LogEntry } from '../../core/log/log-book.js';
import type { LogFacts } from '../../core/cockpit/engine/compose-view.js';
import type { UiSessionContext } from '../../core/cockpit/engine/session-state.js';
import type { LogLineView, LogPaneView, Tone } from '../../core/cockpit/view/view-model.js';
import type { LogPaneSnapshot } from '../../machines/cockpit/log-pane.machine.js';

/** Lines of the active tab a view carries (the pane shows at most 24; fullscreen needs a screenful). */
export const VIEW_LOG_LINES = 500;

const LEVEL_TONE: Readonly<Record<string, Tone>> = { error: 'fail', warning: 'warn', info: 'info', debug: 'muted' };
const NO_COUNTS = Object.fromEntries(LOG_TABS.map((tab) => [tab, 0])) as LogFacts['counts'];

/** The lines of the last view, reused while the book, the tab and the filter are the same. */
let lastLines: { book: unknown; revision: number; tab: string; filter: string; lines: LogLineView[]; matching: number } | null = null;

export function logFacts(pane: LogPaneSnapshot | null, session: UiSessionContext['log']): LogFacts {
  if (!pane) return { source: { origin: 'none', label: 'no log pane', tone: 'muted' }, counts: NO_COUNTS, lines: [], matching: 0 };
  const { book } = pane.context;
  // A hidden pane draws no lines: its tab counts are enough (they say what is waiting).
  if (!session.visible) return { source: sourceHeader(pane), counts: book.totals(), lines: [], matching: 0 };
  const cached = lastLines;
  if (cached && cached.book === book && cached.revision === pane.context.revision && cached.tab === session.tab && cached.filter === session.filter) {
    return { source: sourceHeader(pane), counts: book.totals(), lines: cached.lines, matching: cached.matching };
  }
  const view = book.view(session.tab, VIEW_LOG_LINES, session.filter);
  const lines = view.entries.map(
    (entry): LogLineView => ({
      seq: entry.n,
      time: entry.time,
      level: entry.level,
      text: lineText(session.tab, entry),
      ...(LEVEL_TONE[entry.level] ? { tone: LEVEL_TONE[entry.level]! } : {}),
    }),
  );
  lastLines = { book, revision: pane.context.revision, tab: session.tab, filter: session.filter, lines, matching: view.entries.length };
  return { source: sourceHeader(pane), counts: book.totals(), lines, matching: view.entries.length };
}

/**
 * A node line as `logger msg key=value …` (the contract's form, without Bee's quoting); the cockpit's own tabs
 * and lines that did not parse as Bee's show the line as written.
 */
function lineText(tab: string, entry: LogEntry): string {
  if (tab === 'cockpitHttp' || tab === 'cockpit' || !entry.logger) return entry.line;
  const fields = Object.entries(entry.fields).map(([key, value]) => ` ${key}=${/\s/.test(value) || value === '' ? JSON.stringify(value) : value}`);
  return `${entry.logger} ${entry.msg}${fields.join('')}`;
}

function sourceHeader(pane: LogPaneSnapshot): LogPaneView['source'] {
  const { source, follower } = pane.context;
  if (!source) return { origin: 'none', label: 'resolving the node’s log source…', tone: 'muted' };
  if (source.kind === 'none') return { origin: 'none', label: `no log source: ${source.reason}`, tone: 'muted' };
  const what = source.kind === 'file' ? `file ${source.path}` : `command ${source.command}`;
  const state = follower && follower.status !== 'following' ? ` (${follower.status}: ${follower.detail})` : '';
  return { origin: source.origin, label: `${what} ${source.reason}${state}`, tone: follower?.status === 'failed' ? 'warn' : 'info' };
}
