/**
 * The cockpit view model: everything a face draws, as one plain JSON value computed by the engine from its
 * actors' snapshots (2-cockpit.md §1, §4, §6). Faces (Ink for `cockpit-tui`, the React renderer for the
 * desktop window and `cockpit --serve`) only render this and send `CockpitUiEvent`s (ui-events.ts); they hold
 * no cockpit logic. Anything a face would have to decide (which keys do what, what a palette line means,
 * what is selected, which rows a screen has, what colour a gate is, how a number is formatted) is decided
 * here, by the engine, once, for both faces.
 *
 * Rules of the contract
 * - JSON-serialisable: no functions, Dates, Maps, BigInts, class instances or undefined-vs-missing
 *   distinctions that matter. It crosses Electron IPC and the `--serve` WebSocket as is.
 * - All text is already formatted for people (`19 h 11 min`, `200.00 KiB`, `4a235821…`). Faces may shorten
 *   text further to fit, never reformat numbers. Full values that are too long to show live in `full`.
 * - Text that came from a node is plain text. Faces render it inert: the terminal face passes it through
 *   the control-character escaping of core/ (terminal-safe output), the desktop face renders it as React
 *   text (never as HTML).
 * - Screens are documents made of a few section kinds (facts, table, bars, strip, tree, form, text,
 *   actions). A face implements each kind once and every screen follows. Typed per-screen models live in
 *   the engine (core/cockpit/screens/) and are rendered into these sections there.
 * - Between two views, a slice that did not change keeps its identity (the same object: `topBar`, `tabs`,
 *   `screen`, `logPane`, `overlay`, `toasts`, `hints`, ...). Faces redraw only the regions whose slice is a
 *   new object (the Ink face memoises each region on its slice), so a log line arriving at 20 views a second
 *   costs one log-pane redraw, not a whole-screen one. A changed slice must be a new object, never mutated.
 *   A composer that builds each view afresh gets this by passing it through `shareUnchanged(previous, next)`
 *   (share-unchanged.ts); the Ink face applies it too, so it never depends on it.
 * - Additive changes are fine (new optional fields, new section kinds with a face renderer for each face).
 *   Renaming or removing a field needs every face updated in the same landing.
 */
import type { ScreenId } from './screens.js';

/** Colour intent. Faces map it to their theme (and to nothing under NO_COLOR, where text still says it). */
export type Tone = 'ok' | 'warn' | 'fail' | 'info' | 'muted';

export type Face = 'desktop' | 'terminal';

export interface CockpitView {
  readonly face: Face;
  readonly topBar: TopBarView;
  /** The screen tabs, in S-number order, with the key that reaches each on this face (null: none). */
  readonly tabs: readonly ScreenTabView[];
  readonly screen: ScreenView;
  /** At most one overlay is open; Esc closes it first. */
  readonly overlay: OverlayView | null;
  readonly logPane: LogPaneView;
  /** The one-shot verb result line at the bottom (8 s). */
  readonly banner: BannerView | null;
  /** Terminal: top-right toasts, at most 3 visible, newest last. Desktop: always empty. */
  readonly toasts: readonly ToastView[];
  /** Terminal bell: ring once each time `count` grows (warn/fail only, never on recovery). */
  readonly bell: { readonly count: number };
  /** Desktop OS notifications: show each `seq` once, when it is greater than the last one shown. */
  readonly notifications: readonly OsNotificationView[];
  /** Key hints for the footer of the current context (screen, drill or overlay). */
  readonly hints: readonly KeyHintView[];
  /** What currently takes typed text; while set, unmodified shortcuts are not shortcuts. */
  readonly inputFocus: InputTarget | null;
  readonly theme: ThemeView;
  /** Set when the cockpit is closing: faces restore the terminal/close the window and exit with `code`. */
  readonly exit: { readonly code: number; readonly finalStatus: string | null } | null;
}

export interface ThemeView {
  /** Resolved from `--theme`, `[ui].theme` and NO_COLOR (which forces the mono scheme). */
  readonly scheme: 'light' | 'dark' | 'mono';
  /** Terminal: `--ascii` or `[ui].ascii_fallback`: draw with ASCII only (no box drawing, no block glyphs). */
  readonly ascii: boolean;
}

// ---------------------------------------------------------------------------------------------------- top bar

export interface TopBarView {
  readonly app: { readonly name: string; readonly version: string };
  readonly node: {
    readonly name: string;
    readonly url: string;
    /** Worst gate of the active node (muted before the first poll). */
    readonly tone: Tone;
    /** e.g. `ok`, `2 fail, 1 warn`, `unreachable`, `needs a token (--token / NODE_TOKEN)`. */
    readonly status: string;
  };
  /** The supervisor chip when the cockpit runs the node (`running 2 h 03 min, 1 restart`, `exited (1)`, ...). */
  readonly supervisor: ChipView | null;
  /** Running `:watch-ref` watches (terminal chip; 0 hides it). */
  readonly watches: number;
  /** The alerts marker: shown when a webhook is configured, or when there are unseen transitions. */
  readonly alerts: {
    readonly webhookConfigured: boolean;
    readonly unseen: number;
    readonly worst: Tone | null;
    /** e.g. `webhook: 2 dropped, retrying` when a sink refuses; null when all is well. */
    readonly sinkProblem: string | null;
  };
  /** Nodes by their worst gate; `unknown`: none fails or warns but some gate was not measured. */
  readonly fleet: { readonly total: number; readonly pass: number; readonly warn: number; readonly fail: number; readonly unknown: number };
}

export interface ChipView {
  readonly text: string;
  readonly tone: Tone;
}

export interface ScreenTabView {
  readonly id: ScreenId;
  readonly number: number;
  readonly title: string;
  /** `1`, `Alt+5`, or null when no single key reaches it. */
  readonly key: string | null;
  readonly active: boolean;
}

// ---------------------------------------------------------------------------------------------------- screens

export interface ScreenView {
  readonly id: ScreenId;
  readonly number: number;
  readonly title: string;
  /** Loading before the first answer; error when the screen's data cannot be had (the message says why). */
  readonly status: 'loading' | 'ready' | 'error';
  /** One line under the title: the source and age of the data (`polled 3 s ago`), or why it failed. */
  readonly subtitle: string | null;
  readonly sections: readonly Section[];
  /** The selected row: which selectable section and which row index in it. */
  readonly selection: SelectionView | null;
  /** A drill-down opened with Enter on a row (S2 bucket histogram, S6 peer drill, ...); Esc closes it. */
  readonly drill: DrillView | null;
}

export interface SelectionView {
  readonly section: string;
  readonly index: number;
}

export interface DrillView {
  readonly title: string;
  readonly status: 'loading' | 'ready' | 'error';
  readonly subtitle: string | null;
  readonly sections: readonly Section[];
  readonly selection: SelectionView | null;
}

export type Section =
  | FactsSection
  | TableSection
  | BarsSection
  | StripSection
  | TreeSection
  | FormSection
  | TextSection
  | ActionsSection;

interface SectionBase {
  /** Stable within the screen (selection and clicks refer to it). */
  readonly id: string;
  readonly title: string | null;
}

/** Label/value lines: the chequebook card, identity, chain state, the stake card. */
export interface FactsSection extends SectionBase {
  readonly kind: 'facts';
  /** `full` and `detail` as in CellView. */
  readonly rows: readonly { readonly label: string; readonly value: string; readonly tone?: Tone; readonly full?: string; readonly detail?: string }[];
}

/**
 * What every cell of a column holds, so a face (and the tests over every width) can tell a column's own field
 * from a stray one. core/cockpit/view/column-kinds.ts says what text each kind takes.
 * - `id`: a hex identifier or reference (batch, peer, transaction, chunk), maybe shortened `4a235821…`,
 *   maybe followed by a label (`4a235821… devnet`)
 * - `address`: a network address (multiaddr); `url`: an http(s) URL
 * - `number`: an ordinal or small integer without grouping (depth, bin, nonce, feed index, tag uid)
 * - `count`: a count grouped by thousands (`65,536`)
 * - `amount`: a token amount with its unit (`12.5 xBZZ`, `405 M PLUR`, `1.2 gwei`); one unit per column
 * - `duration`: a span of time (`19 h 11 min`, `every 60 s`); `latency`: a measured time (`12 ms`, `1.25 s`)
 * - `time`: a clock time or date (`14:03:12`, `2026-01-02 03:04:05`)
 * - `size`: a byte size with its unit; `fill`: used of capacity (`3/64 4.7 %`)
 * - `name`: a name an operator gave (node, endpoint); `label`: a word from a small set (transport, kind,
 *   direction); `status`: a state word, maybe with a figure (`Syncing 40 %`); `text`: a sentence
 * - `mark`: a one-glyph marker (the active node's dot), or nothing
 */
export type ColumnKind =
  | 'id'
  | 'address'
  | 'url'
  | 'number'
  | 'count'
  | 'amount'
  | 'duration'
  | 'latency'
  | 'time'
  | 'size'
  | 'fill'
  | 'name'
  | 'label'
  | 'status'
  | 'text'
  | 'mark';

export interface ColumnView {
  readonly id: string;
  readonly label: string;
  readonly align: 'left' | 'right';
  /** Narrow layouts drop columns with the highest number first (1 = never dropped). */
  readonly priority: number;
  /** What the column's cells hold: each cell's `text` (and `full`) is of this kind, at every width. */
  readonly kind: ColumnKind;
}

export interface CellView {
  readonly text: string;
  readonly tone?: Tone;
  /**
   * The same value as `text`, not shortened (the 64-hex reference of `4a235821…`): `text` is `full` with parts
   * replaced by `…` (see isShortenedFrom in cell-text.ts). A face with room shows it in place of `text`, so it
   * must never hold another field: that belongs in `detail`.
   */
  readonly full?: string;
  /**
   * More about the value (which batch is the worst, the exact amount, where a cheque came from), offered on
   * demand (the desktop's tooltip) and never shown in place of `text`.
   */
  readonly detail?: string;
}

/** Rows and columns: gates, batches, cheques, peers, tags, pins, fleet, messages, history. */
export interface TableSection extends SectionBase {
  readonly kind: 'table';
  readonly columns: readonly ColumnView[];
  readonly rows: readonly { readonly key: string; readonly cells: readonly CellView[]; readonly tone?: Tone }[];
  /** Up/Down, PgUp/PgDn, Home/End and clicks select rows; Enter drills (or switches node in S15). */
  readonly selectable: boolean;
  /** Shown instead of rows when there are none (`no batches: buy one with ...`). */
  readonly emptyText: string;
}

/** Progress bars: the S5 warmup checklist, bucket fill in the S2 drill, reserve fill. */
export interface BarsSection extends SectionBase {
  readonly kind: 'bars';
  readonly bars: readonly { readonly label: string; readonly fraction: number; readonly text: string; readonly tone?: Tone }[];
}

/** A row of small cells: the S6 bin-saturation strip (one cell per bin). */
export interface StripSection extends SectionBase {
  readonly kind: 'strip';
  readonly cells: readonly { readonly label: string; readonly value: string; readonly tone?: Tone }[];
  readonly legend: string | null;
}

/** The S11 lazy manifest walker: rows in display order with their depth. */
export interface TreeSection extends SectionBase {
  readonly kind: 'tree';
  readonly rows: readonly {
    readonly key: string;
    readonly depth: number;
    readonly label: string;
    readonly detail: string | null;
    readonly expandable: boolean;
    readonly expanded: boolean;
    readonly loading: boolean;
    readonly tone?: Tone;
  }[];
  readonly selectable: boolean;
  readonly emptyText: string;
}

/** Inputs on a screen: S11 root, S13 owner/topic/max, S14 mode and topic, S12 reference to add. */
export interface FormSection extends SectionBase {
  readonly kind: 'form';
  readonly fields: readonly {
    readonly id: string;
    readonly label: string;
    readonly value: string;
    readonly placeholder: string;
    /** When the field is a choice (S14 mode: PSS / GSOC), its options; Enter/Space or a click cycles. */
    readonly options?: readonly string[];
    /** A one-line validation message for this field. */
    readonly error?: string;
  }[];
  /** The action a submit runs (`Walk`, `Subscribe`, `Add`), sent as `ui.submit`. */
  readonly submitLabel: string;
}

export interface TextSection extends SectionBase {
  readonly kind: 'text';
  readonly lines: readonly { readonly text: string; readonly tone?: Tone }[];
}

/** Buttons of a screen (desktop buttons; the terminal draws them as `[r] Re-poll` chips). */
export interface ActionsSection extends SectionBase {
  readonly kind: 'actions';
  readonly actions: readonly {
    readonly id: string;
    readonly label: string;
    /** The key that presses it on this face: the engine fills it from the binding table (screens leave it out). */
    readonly key?: string | null;
    readonly enabled: boolean;
  }[];
}

// ---------------------------------------------------------------------------------------------------- overlays

export type OverlayView = PaletteView | PickerView | HelpView | AlertsView;

/** `:` or Ctrl+P: filters as you type; Up/Down move the highlight; Enter submits; Esc closes. */
export interface PaletteView {
  readonly kind: 'palette';
  readonly input: string;
  readonly suggestions: readonly {
    /** e.g. `:feed-timeline <owner> <topic> [max]`. */
    readonly usage: string;
    readonly description: string;
  }[];
  readonly highlighted: number;
  /** The reason the last submit was refused (wrong arity, bad hex), shown under the input. */
  readonly error: string | null;
}

/** Ctrl+N: the configured nodes; arrows or j/k, Enter switches, Esc cancels. */
export interface PickerView {
  readonly kind: 'picker';
  readonly nodes: readonly { readonly name: string; readonly url: string; readonly tone: Tone; readonly status: string; readonly active: boolean }[];
  readonly highlighted: number;
}

/** `?` / `:help`: the keys and verbs of this face. */
export interface HelpView {
  readonly kind: 'help';
  readonly groups: readonly { readonly title: string; readonly entries: readonly { readonly keys: string; readonly action: string }[] }[];
  /**
   * Where a face that cannot show all of it starts: an index over every entry of every group, in order
   * (0 = the first). Up/Down, j/k, PgUp/PgDn and Home/End move it; a face with room for everything
   * ignores it. Absent: 0.
   */
  readonly top?: number;
}

/** Desktop Ctrl+A alerts popup, terminal `:notifications` / Ctrl+Alt+N (last 200, newest first). */
export interface AlertsView {
  readonly kind: 'alerts';
  readonly title: string;
  readonly entries: readonly AlertEntryView[];
  readonly highlighted: number;
}

export interface AlertEntryView {
  readonly key: string;
  /** `14:03:12`. */
  readonly time: string;
  readonly node: string;
  readonly gate: string;
  /** `Pass → Fail`, `— → Warn` on the first poll. */
  readonly change: string;
  readonly reason: string;
  readonly tone: Tone;
}

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

// ---------------------------------------------------------------------------------------------------- messages

export interface BannerView {
  readonly id: number;
  readonly text: string;
  readonly tone: 'ok' | 'fail';
}

export interface ToastView {
  readonly id: number;
  readonly text: string;
  readonly tone: Tone;
}

export interface OsNotificationView {
  readonly seq: number;
  readonly title: string;
  readonly body: string;
  readonly tone: Tone;
}

export interface KeyHintView {
  readonly keys: string;
  readonly label: string;
}

// ---------------------------------------------------------------------------------------------------- inputs

/** What can hold typed text. `form` names a screen's form field. */
export type InputTarget =
  | { readonly kind: 'palette' }
  | { readonly kind: 'logFilter' }
  | { readonly kind: 'form'; readonly section: string; readonly field: string };
