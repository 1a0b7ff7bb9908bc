/** The log pane of the cockpit view model (view-model.ts states the rules). */
import type { Tone } from './view-model.js';

// ---------------------------------------------------------------------------------------------------- log pane

export const LOG_TAB_IDS = ['errors', 'warning', 'info', 'debug', 'nodeHttp', 'cockpitHttp', 'cockpit'] as const;
export type LogTabId = (typeof LOG_TAB_IDS)[number];

export interface LogPaneView {
  readonly visible: boolean;
  readonly fullscreen: boolean;
  /** Lines of log text the pane shows, 4..24 (persisted). */
  readonly height: number;
  /** In LOG_TAB_IDS order; labels `Errors`, `Warning`, `Info`, `Debug`, `Bee HTTP`, `node::http`, `Cockpit`. */
  readonly tabs: readonly { readonly id: LogTabId; readonly label: string; readonly count: number }[];
  readonly activeTab: LogTabId;
  /** The committed filter (case-insensitive substring) and, while `/` is open, the text being typed. */
  readonly filter: { readonly committed: string; readonly editing: string | null };
  /** The header: resolved source and origin, or why there is none. */
  readonly source: {
    readonly origin: 'supervised' | 'cli' | 'config' | 'discovered' | 'none';
    /** `file /var/log/bee.log`, `command journalctl -fu bee`, `no log source: stdout is a terminal`. */
    readonly label: string;
    readonly tone: Tone;
  };
  /** The newest matching lines of the active tab, oldest first (at most 500); empty while the pane is hidden. */
  readonly lines: readonly LogLineView[];
  /** Matching lines in the ring (the pane may show fewer). */
  readonly matching: number;
  /** What the body says when it shows no line (logPaneEmptyText): both faces draw it as it is. */
  readonly empty: string;
}

/** The Cockpit's own tabs: they fill whether or not the node's log is followed. */
const COCKPIT_TABS: ReadonlySet<LogTabId> = new Set(['cockpitHttp', 'cockpit']);

/**
 * Why the active tab shows no line: its filter matched none; the node's log is not followed (the header says why,
 * so the body does not say it again); or nothing arrived yet.
 */
export function logPaneEmptyText(pane: Pick<LogPaneView, 'filter' | 'source' | 'activeTab'>): string {
  if (pane.filter.committed !== '') return `no lines match "${pane.filter.committed}"`;
  if (pane.source.origin === 'none' && !COCKPIT_TABS.has(pane.activeTab)) return "no lines: the node's log is not followed (why: above)";
  return 'no lines yet';
}

export interface LogLineView {
  readonly seq: number;
  /** `14:03:12.345`. */
  readonly time: string;
  readonly level: 'error' | 'warning' | 'info' | 'debug' | null;
  /** The whole line as shown: `logger msg key=value ...`. */
  readonly text: string;
  readonly tone?: Tone;
}
