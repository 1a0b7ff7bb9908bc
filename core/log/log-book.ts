/**
 * The log pane's data: one bounded ring per tab (spec §4, "The bottom log pane"):
 *
 *   Errors, Warning, Info, Debug   the node's own log lines by level
 *   Bee HTTP (nodeHttp)            the node's incoming API requests (its "api access" lines)
 *   node::http (cockpitHttp)       the cockpit's outbound calls (the node client's call hook)
 *   Cockpit                        the cockpit's own events (supervisor, tailer, log command stderr)
 *
 * A ring keeps the newest `capacity` entries and counts everything it was ever given, so a view can say
 * "showing 2,000 of 1,204,331" and a test can check that nothing went missing: entry `n` of a tab is the
 * n-th line routed there since the last clear, contiguous and in order.
 *
 * This is a mutable store, on purpose: the pane ingests 100,000+ lines a second, so lines never travel
 * through machine events. The log-pane machine holds the book by reference and publishes a `revision`
 * at most 20 times a second; `onDirty` tells it (once per clean-to-dirty edge) that there is news.
 * Pure otherwise: no I/O, no clock (times come with the entries).
 */
import { callOutcome } from '../cockpit/call-outcome.js';
import { LOG_TAB_IDS, type LogTabId } from '../cockpit/view/view-model.js';
import { isAccessLine, parseBeeLogLine, type BeeLogLevel, type BeeLogLine } from './bee-log-line.js';
import type { SplitLine } from './line-splitter.js';

/** The seven tabs, in the order of the cockpit's view contract. */
export const LOG_TABS = LOG_TAB_IDS;
export type LogTab = LogTabId;

export const LOG_TAB_TITLES: Readonly<Record<LogTab, string>> = {
  errors: 'Errors',
  warning: 'Warning',
  info: 'Info',
  debug: 'Debug',
  nodeHttp: 'Bee HTTP',
  cockpitHttp: 'node::http',
  cockpit: 'Cockpit',
};

/** The tabs fed by the node's log; a node switch clears these (and node::http, its calls were to that node). */
export const NODE_TABS: readonly LogTab[] = ['errors', 'warning', 'info', 'debug', 'nodeHttp', 'cockpitHttp'];

export const DEFAULT_RING_CAPACITY = 2_000;

export interface LogEntry {
  /** 1-based position in its tab since the last clear. */
  n: number;
  level: BeeLogLevel;
  time: string;
  logger: string;
  msg: string;
  fields: Readonly<Record<string, string>>;
  /** The line as the source wrote it (sanitized, at most the splitter's max), or the event's text. */
  line: string;
  /** Set when the source line was longer and cut: its full length in bytes. */
  cutFromBytes?: number;
}

/** One outbound call of the cockpit (the node client's CallRecord, structurally). */
export interface HttpCallEntry {
  method: string;
  url: string;
  status?: number;
  ms: number;
  error?: { code: string; message: string };
}

export interface LogView {
  entries: LogEntry[];
  /** Lines routed to the tab since the last clear. */
  total: number;
  /** Lines the ring still holds. */
  kept: number;
  /** Lines the ring holds that match the filter (entries has at most `limit` of them). */
  matching: number;
}

class Ring {
  private readonly slots: (LogEntry | undefined)[];
  private head = 0;
  size = 0;
  total = 0;

  constructor(readonly capacity: number) {
    this.slots = new Array<LogEntry | undefined>(capacity);
  }

  push(entry: LogEntry): void {
    this.slots[this.head] = entry;
    this.head = (this.head + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
  }

  /** i = 0 is the newest. */
  newest(i: number): LogEntry {
    return this.slots[(this.head - 1 - i + this.capacity * 2) % this.capacity]!;
  }

  clear(): void {
    this.slots.fill(undefined);
    this.head = 0;
    this.size = 0;
    this.total = 0;
  }
}

const lowerCache = new WeakMap<LogEntry, string>();
function lowerOf(entry: LogEntry): string {
  let lower = lowerCache.get(entry);
  if (lower === undefined) lowerCache.set(entry, (lower = entry.line.toLowerCase()));
  return lower;
}

/**
 * A node log line in a ring: its number, level and text, nothing more. Under a flood of 100,000 lines a second
 * the rings hold about 12,000 young entries at any time; keeping each one's parsed fields (an object and a
 * dozen strings) alive made every young-generation GC copy them all, which cost more than parsing. A view
 * shows a few dozen entries, so their parts are parsed again on first read (and kept for that entry).
 */
class NodeLineEntry implements LogEntry {
  private parsed: BeeLogLine | undefined;

  constructor(
    readonly n: number,
    readonly level: BeeLogLevel,
    readonly line: string,
    readonly cutFromBytes: number | undefined,
  ) {}

  private parts(): BeeLogLine {
    return (this.parsed ??= parseBeeLogLine(this.line));
  }

  get time(): string {
    return this.parts().time;
  }

  get logger(): string {
    return this.parts().logger;
  }

  get msg(): string {
    return this.parts().msg;
  }

  get fields(): Readonly<Record<string, string>> {
    return this.parts().fields;
  }
}

const EMPTY_FIELDS: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

export class LogBook {
  private readonly rings: Record<LogTab, Ring>;
  private dirty = false;
  private readonly dirtyListeners = new Set<() => void>();
  /** Bumped on every change; the pane publishes it (throttled) so views know to re-read. */
  revision = 0;

  constructor(readonly capacity = DEFAULT_RING_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.rings = Object.fromEntries(LOG_TABS.map((tab) => [tab, new Ring(capacity)])) as Record<LogTab, Ring>;
  }

  /**
   * Lines from the node's log source: parsed, routed by level (access lines to Bee HTTP). The ring keeps only
   * the line and its level (NodeLineEntry); the parsed parts are read again when a view shows the entry.
   */
  ingestNodeLines(lines: readonly SplitLine[]): void {
    if (lines.length === 0) return;
    for (const { text, cutFromBytes } of lines) {
      if (text.length === 0) continue;
      const parsed = parseBeeLogLine(text);
      const tab: LogTab = isAccessLine(parsed) ? 'nodeHttp' : parsed.level === 'warning' ? 'warning' : parsed.level === 'error' ? 'errors' : parsed.level;
      const ring = this.rings[tab];
      ring.total++;
      ring.push(new NodeLineEntry(ring.total, parsed.level, text, cutFromBytes));
    }
    this.touch();
  }

  /**
   * One outbound call of the cockpit, for the node::http tab. Only the credential-free URL is kept. A call the
   * cockpit cancelled itself reads as such, at debug level: it is not a warning about the node.
   */
  addHttpCall(call: HttpCallEntry, time: string): void {
    const ending = callOutcome(call);
    const outcome = ending === 'cancelled' ? 'cancelled by the cockpit' : call.error ? `${call.error.code}: ${call.error.message}` : String(call.status ?? '');
    const line = `${call.method} ${call.url} -> ${outcome} (${Math.round(call.ms)} ms)`;
    const fields: Record<string, string> = { method: call.method, url: call.url, ms: String(Math.round(call.ms)) };
    if (call.status !== undefined) fields.status = String(call.status);
    this.add('cockpitHttp', ending === 'failed' ? 'warning' : 'debug', time, 'node::http', line, fields, line);
    this.touch();
  }

  /** The cockpit's own event (supervisor, tailer, log command stderr), for the Cockpit tab. */
  addCockpitEvent(level: BeeLogLevel, message: string, time: string, logger = 'cockpit'): void {
    this.add('cockpit', level, time, logger, message, EMPTY_FIELDS, message);
    this.touch();
  }

  /** A node switch: the node-side rings start empty; the Cockpit tab keeps its history. */
  clearNodeTabs(): void {
    for (const tab of NODE_TABS) this.rings[tab].clear();
    this.touch();
  }

  /**
   * Up to `limit` newest entries of a tab that contain `filter` (case-insensitive), oldest first.
   * An empty filter matches everything.
   */
  view(tab: LogTab, limit: number, filter = ''): LogView {
    const ring = this.rings[tab];
    const entries: LogEntry[] = [];
    const needle = filter.toLowerCase();
    if (needle === '') {
      for (let i = Math.min(limit, ring.size) - 1; i >= 0; i--) entries.push(ring.newest(i));
      return { entries, total: ring.total, kept: ring.size, matching: ring.size };
    }
    let matching = 0;
    for (let i = 0; i < ring.size; i++) {
      const entry = ring.newest(i);
      if (!lowerOf(entry).includes(needle)) continue;
      matching++;
      if (entries.length < limit) entries.push(entry);
    }
    entries.reverse();
    return { entries, total: ring.total, kept: ring.size, matching };
  }

  /** Lines routed to each tab since the last clear. */
  totals(): Record<LogTab, number> {
    return Object.fromEntries(LOG_TABS.map((tab) => [tab, this.rings[tab].total])) as Record<LogTab, number>;
  }

  /** Called once each time the book goes from clean to dirty (not per line). */
  onDirty(listener: () => void): () => void {
    this.dirtyListeners.add(listener);
    return () => this.dirtyListeners.delete(listener);
  }

  /** The pane published the current revision; the next change fires onDirty again. */
  markClean(): void {
    this.dirty = false;
  }

  private add(tab: LogTab, level: BeeLogLevel, time: string, logger: string, msg: string, fields: Readonly<Record<string, string>>, line: string, cutFromBytes?: number): void {
    const ring = this.rings[tab];
    ring.total++;
    const entry: LogEntry = { n: ring.total, level, time, logger, msg, fields, line };
    if (cutFromBytes) entry.cutFromBytes = cutFromBytes;
    ring.push(entry);
  }

  private touch(): void {
    this.revision++;
    if (this.dirty) return;
    this.dirty = true;
    for (const listener of this.dirtyListeners) listener();
  }
}
