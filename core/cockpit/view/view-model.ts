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
import type { LogPaneView } from './log-pane-view.js';
import type { OverlayView } from './overlay-view.js';
import type { ScreenView } from './screen-view.js';

// The regions live in their own modules; this module stays the one import path for the whole contract.
export * from './screen-view.js';
export * from './overlay-view.js';
export * from './log-pane-view.js';

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
    /** The node is named by its URL (an ad-hoc node): a face shows it once, not as the name and again as the URL. */
    readonly nameIsUrl?: boolean;
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
