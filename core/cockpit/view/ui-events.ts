/**
 * What a face sends to the cockpit engine. Faces translate their native input (Ink's useInput, DOM key and
 * pointer events, Electron's drop paths) into these events and nothing more: which screen a key opens, what
 * a palette line means, what Enter does on a row, whether a shortcut is suppressed because an input has
 * focus: all of that is the engine's (machines/cockpit/ui-session.machine.ts), once for both faces.
 */
import type { LogTabId } from './view-model.js';
import type { InputTarget } from './view-model.js';
import type { ScreenId } from './screens.js';

/**
 * A key press. `key` is the printable character for printable keys (`a`, `:`, `?`, `+`, `1`, ` `), or one of
 * the NAMED_KEYS. Modifiers are reported as pressed. The terminal face maps Ink's flags; the desktop face maps
 * KeyboardEvent (`Control`+`p` -> { key: 'p', ctrl: true }).
 */
export interface KeyEvent {
  readonly type: 'ui.key';
  readonly key: string;
  readonly ctrl?: boolean;
  readonly alt?: boolean;
  readonly shift?: boolean;
  readonly meta?: boolean;
}

export const NAMED_KEYS = [
  'Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Up', 'Down', 'Left', 'Right', 'PageUp', 'PageDown', 'Home', 'End',
] as const;
export type NamedKey = (typeof NAMED_KEYS)[number];

/** Pointer targets (desktop clicks; the terminal face sends none). */
export type ClickTarget =
  | { readonly kind: 'tab'; readonly screen: ScreenId }
  /** Single click selects; `activate` (double click, or a click on an already-selected row) = Enter. */
  | { readonly kind: 'row'; readonly section: string; readonly index: number; readonly activate: boolean }
  | { readonly kind: 'drillRow'; readonly section: string; readonly index: number; readonly activate: boolean }
  | { readonly kind: 'action'; readonly id: string }
  | { readonly kind: 'suggestion'; readonly index: number }
  | { readonly kind: 'pickerNode'; readonly index: number }
  | { readonly kind: 'logTab'; readonly tab: LogTabId }
  | { readonly kind: 'alert'; readonly index: number }
  /** Reveal the full value of a shortened cell (S13 reference) or toggle it back. */
  | { readonly kind: 'cell'; readonly section: string; readonly index: number; readonly column: string }
  | { readonly kind: 'closeOverlay' }
  | { readonly kind: 'closeDrill' };

export type CockpitUiEvent =
  | KeyEvent
  /**
   * Text the terminal pasted (bracketed paste), whole. It goes into the focused input, never acts as keys:
   * without an input focused it does nothing. (The desktop's own inputs take pastes as `ui.input`.)
   */
  | { readonly type: 'ui.paste'; readonly text: string }
  /** The whole value of a text input (desktop <input> elements; the terminal edits through ui.key). */
  | { readonly type: 'ui.input'; readonly target: InputTarget; readonly value: string }
  /** An input gained (target) or lost (null) focus on the desktop. */
  | { readonly type: 'ui.focus'; readonly target: InputTarget | null }
  /** Submit the focused input (Enter in a desktop <input>, a form's submit button). */
  | { readonly type: 'ui.submit'; readonly target: InputTarget }
  | { readonly type: 'ui.click'; readonly target: ClickTarget }
  /** Files or folders dropped on the window, as local paths (Electron gives paths; `--serve` writes the
   *  dropped browser files to a temp directory first): pre-fills the palette with `:upload <path>`. */
  | { readonly type: 'ui.drop'; readonly paths: readonly string[] }
  /**
   * A drop the face could not hand over (a dropped file the browser cannot read, a drop the `--serve` host
   * refused): the engine shows `reason` as a red banner naming `name`. Nothing is pre-filled.
   */
  | { readonly type: 'ui.dropFailed'; readonly name: string; readonly reason: string }
  /**
   * The face's system colour scheme (Electron's nativeTheme, a browser's prefers-color-scheme), sent when the
   * face starts and when it changes: `[ui].theme = auto` follows it (the engine resolves the theme).
   */
  | { readonly type: 'ui.scheme'; readonly scheme: 'light' | 'dark' }
  /**
   * How many text rows the face has room for (the window's renderer: its viewport height over its line
   * height), sent when the face starts and when it resizes. The engine decides what follows: from
   * LOG_PANE_OPEN_ROWS on, the log pane opens, unless `[ui] log_pane` or the operator chose otherwise.
   */
  | { readonly type: 'ui.viewport'; readonly rows: number }
  /** The window closes / the terminal face is asked to quit (Ctrl+C): same as `:quit`. */
  | { readonly type: 'ui.quit' };
