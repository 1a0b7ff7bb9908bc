/**
 * Pure selectors from a log-pane snapshot to what the faces draw: the header (resolved source and its
 * origin, what the follower is doing), the seven tabs with their counts, and the visible lines of the
 * active tab after the filter. Reads the LogBook, so call it again when `revision` changes (at most 20
 * times a second) rather than on every snapshot.
 */
import type { LogFacts } from '../../core/cockpit/interaction/compose-view.js';
import { groupDigits } from '../../core/cockpit/format.js';
import type { LogLineView, Tone } from '../../core/cockpit/view/view-model.js';
import { LOG_TAB_TITLES, LOG_TABS, NODE_TABS, type LogEntry, type LogTab } from '../../core/log/log-book.js';
import type { LogPaneDisplayContext } from './log-pane-display.machine.js';
import { PANE_DEFAULT_LINES } from './log-pane-display.machine.js';
import type { LogPaneContext } from './log-pane.machine.js';
import { commandRestartDelayMs } from './log-pane.machine.js';

export type OriginLabel = 'supervised' | 'CLI' | 'config' | 'discovered';

export interface LogPaneHeader {
  /** `/tmp/cockpit-node-x/node.log`, `journalctl --follow …`, or '' when there is no source. */
  source: string;
  /** As the spec names it: CLI, config, discovered, supervised; null with no source. */
  origin: OriginLabel | null;
  state: 'idle' | 'resolving' | 'following' | 'waiting' | 'restarting' | 'failed' | 'unavailable';
  /** One line: why there is no source, what the follower waits for, why the command stopped. */
  detail: string;
}

export interface LogPaneLine {
  n: number;
  level: LogEntry['level'];
  time: string;
  logger: string;
  msg: string;
  /** The line as the source wrote it (control characters replaced). */
  text: string;
  /** The source line was longer: its full size in bytes. */
  cutFromBytes?: number;
}

export interface LogPaneView {
  visible: boolean;
  fullscreen: boolean;
  /** Lines of log the pane shows (4..24); fullscreen shows `rows` instead. */
  height: number;
  filter: string;
  activeTab: LogTab;
  header: LogPaneHeader;
  tabs: Array<{ id: LogTab; title: string; total: number }>;
  lines: LogPaneLine[];
  /** Set when the active tab is a node tab with nothing to show, and why. */
  placeholder: string | null;
  revision: number;
}

export interface LogPaneSnapshotLike {
  context: LogPaneContext;
  matches(state: never): boolean;
  children: Record<string, unknown>;
}

interface DisplaySnapshotLike {
  value: unknown;
  context: LogPaneDisplayContext;
}

/** The display child's state (docked / hidden / fullscreen, height, tab, filter). */
export function selectDisplay(snapshot: LogPaneSnapshotLike): { mode: 'docked' | 'hidden' | 'fullscreen' } & LogPaneDisplayContext {
  const child = snapshot.children.display as { getSnapshot?: () => DisplaySnapshotLike } | undefined;
  const display = child?.getSnapshot?.();
  if (!display || typeof display.value !== 'string' || !display.context) return { mode: 'docked', height: PANE_DEFAULT_LINES, activeTab: 'errors', filter: '' };
  return { mode: display.value as 'docked' | 'hidden' | 'fullscreen', ...display.context };
}

const ORIGIN_LABELS: Readonly<Record<string, OriginLabel>> = { supervised: 'supervised', cli: 'CLI', config: 'config', discovered: 'discovered' };

export function selectLogPaneHeader(snapshot: LogPaneSnapshotLike): LogPaneHeader {
  const is = (path: string) => (snapshot.matches as (p: string) => boolean)(path);
  const { source, follower, lastCommandExit, commandFailures } = snapshot.context;
  const where = source?.kind === 'file' ? source.path : source?.kind === 'command' ? source.command : '';
  const origin = source && source.kind !== 'none' ? ORIGIN_LABELS[source.origin] ?? null : null;
  const reason = source && source.kind !== 'none' ? source.reason : '';
  if (is('source.idle')) return { source: '', origin: null, state: 'idle', detail: 'no active node yet' };
  if (is('source.resolving')) return { source: '', origin: null, state: 'resolving', detail: 'finding the node’s log…' };
  if (is('source.unavailable')) return { source: '', origin: null, state: 'unavailable', detail: source?.kind === 'none' ? source.reason : 'no log source' };
  if (is('source.commandPaused')) {
    const exit = lastCommandExit;
    const how = exit ? (exit.code !== null ? `exited with code ${exit.code}` : `ended by ${exit.signalName ?? 'a signal'}`) : 'exited';
    const said = exit && exit.lines === 0 ? ' without writing anything' : '';
    const stderr = exit?.lastStderr ? ` (stderr: ${exit.lastStderr})` : '';
    const after = exit ? ` after ${(exit.ranMs / 1000).toFixed(1)} s` : '';
    return { source: where, origin, state: 'restarting', detail: `log command ${how}${after}${said}${stderr}; running it again in ${commandRestartDelayMs(commandFailures) / 1000} s` };
  }
  if (follower?.status === 'failed') return { source: where, origin, state: 'failed', detail: follower.detail };
  if (follower?.status === 'waiting') return { source: where, origin, state: 'waiting', detail: follower.detail };
  return { source: where, origin, state: 'following', detail: reason };
}

function lineOf(entry: LogEntry): LogPaneLine {
  const line: LogPaneLine = { n: entry.n, level: entry.level, time: entry.time, logger: entry.logger, msg: entry.msg, text: entry.line };
  if (entry.cutFromBytes) line.cutFromBytes = entry.cutFromBytes;
  return line;
}

/** `rows`: how many lines fit when fullscreen (the terminal's height); the pane itself shows `height`. */
export function selectLogPane(snapshot: LogPaneSnapshotLike, rows = 50): LogPaneView {
  const { context } = snapshot;
  const display = selectDisplay(snapshot);
  const header = selectLogPaneHeader(snapshot);
  const totals = context.book.totals();
  const limit = display.mode === 'fullscreen' ? Math.max(1, rows) : display.height;
  const view = context.book.view(display.activeTab, limit, display.filter);
  const isNodeTab = NODE_TABS.includes(display.activeTab) && display.activeTab !== 'cockpitHttp';
  let placeholder: string | null = null;
  if (view.entries.length === 0) {
    if (display.filter && view.kept > 0) placeholder = `no line in ${LOG_TAB_TITLES[display.activeTab]} contains “${display.filter}”`;
    else if (isNodeTab && (header.state === 'unavailable' || header.state === 'failed')) placeholder = header.detail;
    else if (isNodeTab && header.state !== 'following') placeholder = header.detail;
    else if (isNodeTab && context.source?.kind === 'command' && NODE_TABS.every((tab) => totals[tab] === 0 || tab === 'cockpitHttp')) {
      placeholder = 'the log command has written nothing on its stdout yet (log commands follow stdout only: add 2>&1 for a source that logs to stderr)';
    }
  }
  return {
    visible: display.mode !== 'hidden',
    fullscreen: display.mode === 'fullscreen',
    height: display.height,
    filter: display.filter,
    activeTab: display.activeTab,
    header,
    tabs: LOG_TABS.map((id) => ({ id, title: LOG_TAB_TITLES[id], total: totals[id] })),
    lines: view.entries.map(lineOf),
    placeholder,
    revision: context.revision,
  };
}

// ------------------------------------------------------------------ the engine's view contract (core/cockpit/view)

const LEVEL_TONES: Readonly<Record<LogEntry['level'], Tone>> = { error: 'fail', warning: 'warn', info: 'info', debug: 'muted' };
/** Tabs of the cockpit's own lines: shown as written (`GET http://… -> 200 (3 ms)`), not as `logger msg …`. */
const COCKPIT_TABS: ReadonlySet<LogTab> = new Set(['cockpitHttp', 'cockpit']);

/** `14:03:12.345` out of Bee's `2026-11-24 14:03:12.345678` (or an ISO time); '' when there is none. */
export function shortTime(time: string): string {
  const match = /(\d{2}:\d{2}:\d{2})(\.\d{1,3})?/.exec(time);
  return match ? `${match[1]}${match[2] ?? ''}` : '';
}

/**
 * A line as the pane shows it: Bee's lines as `logger msg key=value …` (the contract's form, values quoted when
 * they hold a space or a quote, or are empty), the cockpit's own lines and lines that did not parse as Bee's as
 * written; a line cut at the ring's limit says so.
 */
export function lineText(tab: LogTab, entry: LogEntry): string {
  const cut = entry.cutFromBytes ? ` … (line cut, ${groupDigits(entry.cutFromBytes)} bytes)` : '';
  if (COCKPIT_TABS.has(tab) || !entry.logger) return entry.line + cut;
  const fields = Object.entries(entry.fields).map(([k, v]) => `${k}=${/[\s"]/.test(v) || v === '' ? JSON.stringify(v) : v}`);
  return [entry.logger, entry.msg, ...fields].filter(Boolean).join(' ') + cut;
}

/** The pane's header line: the source with why it was chosen, and what its follower is doing when not following. */
export function selectLogSource(snapshot: LogPaneSnapshotLike): LogFacts['source'] {
  const header = selectLogPaneHeader(snapshot);
  const origin = header.origin === null ? 'none' : header.origin === 'CLI' ? 'cli' : header.origin;
  if (header.state === 'unavailable') return { origin: 'none', label: `no log source: ${header.detail}`, tone: 'muted' };
  if (header.state === 'idle' || header.state === 'resolving') return { origin: 'none', label: header.detail, tone: 'muted' };
  const source = snapshot.context.source;
  const what = `${source?.kind === 'file' ? 'file' : 'command'} ${header.source}`;
  if (header.state === 'following') return { origin, label: `${what} ${header.detail}`, tone: 'info' };
  const reason = source && source.kind !== 'none' ? ` ${source.reason}` : '';
  return { origin, label: `${what}${reason} (${header.detail})`, tone: header.state === 'failed' ? 'fail' : 'warn' };
}

/**
 * What the engine's view composer needs from the pane (LogFacts): the header, per-tab counts, and the newest
 * `limit` lines of `tab` that contain `filter`, with how many lines match in all. The engine keeps which tab,
 * filter and height are shown (machines/cockpit/log-view.ts).
 */
export function selectLogFacts(snapshot: LogPaneSnapshotLike, shown: { tab: LogTab; filter: string; limit: number }): LogFacts {
  const { book } = snapshot.context;
  const view = book.view(shown.tab, Math.max(0, shown.limit), shown.filter);
  const lines: LogLineView[] = view.entries.map((entry) => {
    const bee = Boolean(entry.logger || entry.time);
    return { seq: entry.n, time: shortTime(entry.time), level: bee ? entry.level : null, text: lineText(shown.tab, entry), ...(bee ? { tone: LEVEL_TONES[entry.level] } : {}) };
  });
  return { source: selectLogSource(snapshot), counts: book.totals(), lines, matching: view.matching };
}

/**
 * True when the pane's `next` snapshot shows nothing `previous` did not: the same context (book revision, source,
 * follower, last exit) and the same source state; only the publishing region moved (the book changed and waits
 * for its publish window). The engine's view publisher skips such snapshots, so a log flood makes one view per
 * published revision instead of two. The display child (tab, filter, height) changes only through events the
 * root forwards, and the root's own snapshot marks those.
 */
export function logPaneShowsNothingNew(previous: unknown, next: unknown): boolean {
  type Seen = { context?: unknown; value?: unknown } | undefined;
  const a = previous as Seen;
  const b = next as Seen;
  if (!a?.context || a.context !== b?.context) return false;
  const source = (snapshot: NonNullable<Seen>) => JSON.stringify((snapshot.value as { source?: unknown } | undefined)?.source ?? null);
  return source(a) === source(b);
}
