/**
 * The log pane's part of the view, as the engine shows it: the facts themselves come from the pane's one pure
 * selector (machines/cockpit/log-pane.view.ts selectLogFacts), with the UI session's tab and filter. What this
 * adds is the engine's use of it: a hidden pane carries counts only, and the lines of the last view are reused
 * while the book's revision, the tab and the filter are the same (views go out up to 20 times a second).
 */
import { LOG_TABS } from '../../core/log/log-book.js';
import type { LogFacts } from '../../core/cockpit/interaction/compose-view.js';
import type { UiSessionContext } from '../../core/cockpit/interaction/session-state.js';
import type { LogPaneSnapshot } from '../../machines/cockpit/log-pane.machine.js';
import { selectLogFacts, selectLogSource, type LogPaneSnapshotLike } from '../../machines/cockpit/log-pane.view.js';

/** Lines of the active tab a view carries (the pane shows at most 24; fullscreen needs a screenful). */
export const VIEW_LOG_LINES = 500;

const NO_COUNTS = Object.fromEntries(LOG_TABS.map((tab) => [tab, 0])) as LogFacts['counts'];

/** The facts of the last view, reused while the book, its revision, the tab and the filter are the same. */
let last: { book: unknown; revision: number; tab: string; filter: string; facts: LogFacts } | null = null;

export function logFacts(pane: LogPaneSnapshot | null, session: UiSessionContext['log']): LogFacts {
  if (!pane) return { source: { origin: 'none', label: 'no log pane', tone: 'muted' }, counts: NO_COUNTS, lines: [], matching: 0 };
  const snapshot: LogPaneSnapshotLike = pane;
  const { book, revision } = pane.context;
  // A hidden pane draws no lines: its tab counts are enough (they say what is waiting).
  if (!session.visible) return { source: selectLogSource(snapshot), counts: book.totals(), lines: [], matching: 0 };
  const cached = last;
  if (cached && cached.book === book && cached.revision === revision && cached.tab === session.tab && cached.filter === session.filter) {
    return { ...cached.facts, source: selectLogSource(snapshot), counts: book.totals() };
  }
  const facts = selectLogFacts(snapshot, { tab: session.tab, filter: session.filter, limit: VIEW_LOG_LINES });
  last = { book, revision, tab: session.tab, filter: session.filter, facts };
  return facts;
}
