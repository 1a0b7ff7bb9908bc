/**
 * The binding table: every key of both cockpit faces, declared once (2-cockpit.md §4 "Keymap", "Terminal-
 * sibling extras", "Switching nodes", "Palette verbs"). Each row says which keys, in which context, on which
 * face, run which command, what the help overlay says about it and what the footer calls it. Everything else
 * derives from this table, as lazygit's `GetKeybindings` feeds both its dispatch and its cheatsheet:
 * - the keymap (core/cockpit/interaction/interpret.ts) resolves a key press to the first row of an active context
 *   whose command applies (resolve.ts), and runs that command (core/cockpit/interaction/key-commands.ts);
 * - the help overlay of each face (core/cockpit/interaction/help.ts), the footer hints, the key shown on each screen
 *   tab and on each screen button (core/cockpit/interaction/compose-view.ts);
 * - what the desktop renderer takes from the browser (its Ctrl chords, the keys it passes out of an input);
 * - the palette verbs' descriptions name the keys that do the same (core/cockpit/interaction/palette.ts).
 * Screens receive no letters: a screen key runs a `screen.action` (screen-actions.ts), the same event as the
 * screen's button. test/cockpit/key-bindings-faces.test.ts walks every key each face can send through every
 * context and fails when one does something this table does not say.
 *
 * Contexts (resolve.ts `activeContexts`, first match wins, in this order):
 * - `global`: whatever has focus (Ctrl chords; the terminal's Alt chords and Ctrl+C);
 * - with a text input focused: `palette`, `logFilter` or `form`, then `text` (typing, Backspace);
 * - with an overlay open: `help`, `picker` or `alerts`;
 * - browsing: `screen:<id>` (the shown screen's keys), `drill` (one is open), `logPane` (it is shown), `browsing`.
 *
 * Where the spec makes the faces differ: the desktop's `1`..`9` open S1..S9; the terminal's Alt+1..9 follow the
 * terminal extras, where Alt+5 opens Fleet (Health, Stamps, Swap, Lottery, Fleet, Peers, Network, API Health,
 * Tags). The terminal alone has Ctrl+Alt+N, `/`, Shift+L, `+`/`-` and Ctrl+C (quit; on the desktop it copies).
 * Everything else is the same on both faces.
 */
import type { ScreenId } from '../view/screens.js';
import type { Face } from '../view/view-model.js';
import { TEXT_CHORD } from './chords.js';
import * as act from './screen-actions.js';

export type ScreenContext = `screen:${ScreenId}`;
export type KeyContext = 'global' | 'text' | 'palette' | 'logFilter' | 'form' | 'help' | 'picker' | 'alerts' | 'drill' | 'logPane' | 'browsing' | ScreenContext;

export type KeyCommand =
  | { readonly kind: 'screen.show'; readonly screen: ScreenId }
  | { readonly kind: 'screen.cycle'; readonly delta: 1 | -1 }
  | { readonly kind: 'palette.open' }
  | { readonly kind: 'picker.open' }
  | { readonly kind: 'help.open' }
  | { readonly kind: 'alerts.toggle'; readonly list: 'alerts' | 'notifications' }
  | { readonly kind: 'log.toggle' }
  | { readonly kind: 'quit' }
  | { readonly kind: 'overlay.close' }
  /** Rows (or the drill's), the picker, the alerts list, the help: by one, by a page of 10, to an end. */
  | { readonly kind: 'move'; readonly by: -1 | 1 | -10 | 10 | 'first' | 'last' }
  /** Enter on the selected row (a drill, a fork, a node switch) or the picker's highlighted node. */
  | { readonly kind: 'activate' }
  | { readonly kind: 'drill.close' }
  /** The first field of the screen's form. */
  | { readonly kind: 'form.focus' }
  | { readonly kind: 'screen.action'; readonly id: string }
  | { readonly kind: 'log.tab'; readonly delta: 1 | -1 }
  | { readonly kind: 'log.fullscreen' }
  | { readonly kind: 'log.resize'; readonly delta: 1 | -1 }
  | { readonly kind: 'filter.open' }
  | { readonly kind: 'palette.run' }
  | { readonly kind: 'palette.choose'; readonly delta: 1 | -1 }
  | { readonly kind: 'filter.apply' }
  /** Cancels the edit; on an empty prompt, clears the committed filter. */
  | { readonly kind: 'filter.cancel' }
  /** The next choice on a choice field, else submit the form. */
  | { readonly kind: 'form.submit' }
  /** The next choice; applies on a choice field only (elsewhere Space is text). */
  | { readonly kind: 'form.choice' }
  | { readonly kind: 'form.field'; readonly delta: 1 | -1 }
  | { readonly kind: 'form.leave' }
  | { readonly kind: 'text.type' }
  | { readonly kind: 'text.erase' };

export type HelpGroup = 'Screens' | 'Rows' | 'Screen keys' | 'Overlays' | 'Log pane' | 'Inputs';
export const HELP_GROUPS: readonly HelpGroup[] = ['Screens', 'Rows', 'Screen keys', 'Overlays', 'Log pane', 'Inputs'];

export interface KeyBinding {
  /** Chords (chords.ts): `j`, `Shift+Tab`, `Ctrl+P`, `Alt+5`, or TEXT_CHORD for any typed character. */
  readonly keys: readonly string[];
  readonly context: KeyContext;
  readonly faces: readonly Face[];
  readonly command: KeyCommand;
  readonly group: HelpGroup;
  /**
   * The help overlay's text, per face where the faces word it differently; null when a more general line
   * already says it (Enter on a screen's rows). Rows of one group with the same text share a line.
   */
  readonly help: string | Readonly<Record<Face, string>> | null;
  /** The footer's label while this row's context is active (rows with one label share an entry); absent: not shown. */
  readonly footer?: string;
  /** The screen button this key stands for when its command is not that button's action (Fleet's Enter: Switch to). */
  readonly button?: string;
}

const BOTH: readonly Face[] = ['desktop', 'terminal'];
const DESKTOP: readonly Face[] = ['desktop'];
const TERMINAL: readonly Face[] = ['terminal'];

type Row = Omit<KeyBinding, 'faces'> & { readonly faces?: readonly Face[] };
const rows = (...list: Row[]): KeyBinding[] => list.map((row) => ({ ...row, faces: row.faces ?? BOTH }));

/** The desktop's `1`..`9`: S1..S9 (the spec's desktop keymap). */
export const DESKTOP_DIGIT_SCREENS: readonly ScreenId[] = ['health', 'stamps', 'swap', 'lottery', 'warmup', 'peers', 'network', 'apiHealth', 'tags'];
/** The terminal's Alt+1..9, with Alt+5 Fleet (the spec's terminal extras). */
export const TERMINAL_ALT_SCREENS: readonly ScreenId[] = ['health', 'stamps', 'swap', 'lottery', 'fleet', 'peers', 'network', 'apiHealth', 'tags'];

const screenKeys = (screens: readonly ScreenId[], chord: (n: number) => string, context: KeyContext, faces: readonly Face[]): KeyBinding[] =>
  screens.map((screen, i) => ({ keys: [chord(i + 1)], context, faces, command: { kind: 'screen.show', screen }, group: 'Screens', help: null }));

/** Up/k, Down/j, PgUp, PgDn, Home, End in a list; `help` words the one-step, page and end moves (null: not in help). */
const rowMoves = (context: KeyContext, help: readonly [string, string, string] | null, footer?: string): KeyBinding[] =>
  rows(
    { keys: ['Up', 'k'], context, command: { kind: 'move', by: -1 }, group: 'Rows', help: help?.[0] ?? null, ...(footer ? { footer } : {}) },
    { keys: ['Down', 'j'], context, command: { kind: 'move', by: 1 }, group: 'Rows', help: help?.[0] ?? null, ...(footer ? { footer } : {}) },
    { keys: ['PageUp'], context, command: { kind: 'move', by: -10 }, group: 'Rows', help: help?.[1] ?? null },
    { keys: ['PageDown'], context, command: { kind: 'move', by: 10 }, group: 'Rows', help: help?.[1] ?? null },
    { keys: ['Home'], context, command: { kind: 'move', by: 'first' }, group: 'Rows', help: help?.[2] ?? null },
    { keys: ['End'], context, command: { kind: 'move', by: 'last' }, group: 'Rows', help: help?.[2] ?? null },
  );

export const KEY_BINDINGS: readonly KeyBinding[] = [
  // ------------------------------------------------------------------ global: whatever has focus
  ...rows(
    { keys: ['Ctrl+P'], context: 'global', command: { kind: 'palette.open' }, group: 'Overlays', help: 'command palette', footer: 'palette' },
    { keys: ['Ctrl+N'], context: 'global', command: { kind: 'picker.open' }, group: 'Overlays', help: 'node picker', footer: 'nodes' },
    { keys: ['Ctrl+A'], context: 'global', command: { kind: 'alerts.toggle', list: 'alerts' }, group: 'Overlays', help: 'alerts: gate transitions of every node' },
    { keys: ['Ctrl+Alt+N'], context: 'global', faces: TERMINAL, command: { kind: 'alerts.toggle', list: 'notifications' }, group: 'Overlays', help: 'notification history' },
    { keys: ['Ctrl+C'], context: 'global', faces: TERMINAL, command: { kind: 'quit' }, group: 'Overlays', help: 'quit' },
    { keys: ['Ctrl+L'], context: 'global', command: { kind: 'log.toggle' }, group: 'Log pane', help: 'show / hide' },
  ),
  ...screenKeys(TERMINAL_ALT_SCREENS, (n) => `Alt+${n}`, 'global', TERMINAL),

  // ------------------------------------------------------------------ a text input has focus
  ...rows(
    { keys: ['Enter'], context: 'palette', command: { kind: 'palette.run' }, group: 'Inputs', help: 'palette: run the line (empty: the highlighted verb)', footer: 'run' },
    { keys: ['Up'], context: 'palette', command: { kind: 'palette.choose', delta: -1 }, group: 'Inputs', help: 'palette: choose a suggestion', footer: 'choose' },
    { keys: ['Down'], context: 'palette', command: { kind: 'palette.choose', delta: 1 }, group: 'Inputs', help: 'palette: choose a suggestion', footer: 'choose' },
    { keys: ['Escape'], context: 'palette', command: { kind: 'overlay.close' }, group: 'Overlays', help: 'close the overlay, then the drill', footer: 'close' },
    { keys: ['Enter'], context: 'logFilter', command: { kind: 'filter.apply' }, group: 'Inputs', help: 'log filter: apply', footer: 'apply' },
    { keys: ['Escape'], context: 'logFilter', command: { kind: 'filter.cancel' }, group: 'Inputs', help: 'log filter: cancel; on an empty filter, clear it', footer: 'cancel / clear' },
    { keys: ['Tab', 'Down'], context: 'form', command: { kind: 'form.field', delta: 1 }, group: 'Inputs', help: 'form: next / previous field', footer: 'next field' },
    { keys: ['Shift+Tab', 'Up'], context: 'form', command: { kind: 'form.field', delta: -1 }, group: 'Inputs', help: 'form: next / previous field' },
    { keys: ['Space'], context: 'form', command: { kind: 'form.choice' }, group: 'Inputs', help: 'form: next choice of a choice field' },
    { keys: ['Enter'], context: 'form', command: { kind: 'form.submit' }, group: 'Inputs', help: 'form: submit (on a choice field: next choice)', footer: 'submit' },
    { keys: ['Escape'], context: 'form', command: { kind: 'form.leave' }, group: 'Inputs', help: 'form: leave the field', footer: 'leave the field' },
    { keys: [TEXT_CHORD], context: 'text', command: { kind: 'text.type' }, group: 'Inputs', help: null },
    { keys: ['Backspace'], context: 'text', command: { kind: 'text.erase' }, group: 'Inputs', help: 'delete the last character' },
  ),

  // ------------------------------------------------------------------ an overlay is open
  ...rows(
    { keys: ['Escape'], context: 'help', command: { kind: 'overlay.close' }, group: 'Overlays', help: 'close the overlay, then the drill', footer: 'close' },
    { keys: ['?'], context: 'help', command: { kind: 'overlay.close' }, group: 'Overlays', help: null, footer: 'close' },
    { keys: ['Enter'], context: 'picker', command: { kind: 'activate' }, group: 'Overlays', help: 'picker: switch to the highlighted node', footer: 'switch' },
    { keys: ['Escape'], context: 'picker', command: { kind: 'overlay.close' }, group: 'Overlays', help: 'close the overlay, then the drill', footer: 'cancel' },
    { keys: ['Escape'], context: 'alerts', command: { kind: 'overlay.close' }, group: 'Overlays', help: 'close the overlay, then the drill', footer: 'close' },
  ),
  ...rowMoves('help', null, 'scroll'),
  ...rowMoves('picker', null, 'move'),
  ...rowMoves('alerts', null, 'move'),

  // ------------------------------------------------------------------ browsing: the shown screen's own keys
  ...rows(
    { keys: ['r'], context: 'screen:health', command: { kind: 'screen.action', id: act.HEALTH_REPOLL_ACTION }, group: 'Screen keys', help: 're-poll the node now', footer: 're-poll' },
    { keys: ['Enter'], context: 'screen:stamps', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'bucket histogram' },
    { keys: ['r'], context: 'screen:lottery', command: { kind: 'screen.action', id: act.RCHASH_ACTION }, group: 'Screen keys', help: 'rchash benchmark at the storage radius', footer: 'rchash benchmark' },
    { keys: ['Enter'], context: 'screen:peers', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'peer details' },
    { keys: ['Enter'], context: 'screen:pins', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'check this pin' },
    { keys: ['c'], context: 'screen:pins', command: { kind: 'screen.action', id: act.CHECK_ALL_ACTION }, group: 'Screen keys', help: 'check every pin', footer: 'check all' },
    { keys: ['s'], context: 'screen:pins', command: { kind: 'screen.action', id: act.CYCLE_SORT_ACTION }, group: 'Screen keys', help: 'cycle the sort: reference, bad first, total chunks', footer: 'sort' },
    { keys: ['Enter'], context: 'screen:manifest', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'open / close a fork' },
    { keys: ['e'], context: 'screen:watchlist', command: { kind: 'form.focus' }, group: 'Rows', help: null, footer: 'add' },
    { keys: ['Enter'], context: 'screen:watchlist', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 're-check' },
    { keys: ['r'], context: 'screen:watchlist', command: { kind: 'screen.action', id: act.RECHECK_ALL_ACTION }, group: 'Screen keys', help: 're-check every reference', footer: 're-check all' },
    { keys: ['x'], context: 'screen:watchlist', command: { kind: 'screen.action', id: act.REMOVE_ACTION }, group: 'Screen keys', help: 'remove the selected reference', footer: 'remove' },
    { keys: ['Enter'], context: 'screen:feedTimeline', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'full reference' },
    { keys: ['e'], context: 'screen:pubsub', command: { kind: 'form.focus' }, group: 'Rows', help: null, footer: 'subscribe / filter' },
    { keys: ['Enter'], context: 'screen:fleet', command: { kind: 'activate' }, group: 'Rows', help: null, footer: 'switch to', button: act.SWITCH_ACTION },
    { keys: ['r'], context: 'screen:fleet', command: { kind: 'screen.action', id: act.REPOLL_ACTION }, group: 'Screen keys', help: 're-poll every node now', footer: 're-poll all' },
  ),

  // ------------------------------------------------------------------ browsing: every screen
  ...screenKeys(DESKTOP_DIGIT_SCREENS, (n) => String(n), 'browsing', DESKTOP),
  ...rows(
    { keys: ['Tab'], context: 'browsing', command: { kind: 'screen.cycle', delta: 1 }, group: 'Screens', help: 'next / previous screen' },
    { keys: ['Shift+Tab'], context: 'browsing', command: { kind: 'screen.cycle', delta: -1 }, group: 'Screens', help: 'next / previous screen' },
    { keys: [':'], context: 'browsing', command: { kind: 'palette.open' }, group: 'Overlays', help: 'command palette', footer: 'palette' },
    { keys: ['?'], context: 'browsing', command: { kind: 'help.open' }, group: 'Overlays', help: 'this help', footer: 'help' },
    { keys: ['Escape'], context: 'drill', command: { kind: 'drill.close' }, group: 'Overlays', help: 'close the overlay, then the drill', footer: 'close' },
    {
      keys: ['Enter'],
      context: 'browsing',
      command: { kind: 'activate' },
      group: 'Rows',
      help: { desktop: 'open the selected row (Fleet: switch to it); a double click too', terminal: 'open the selected row (Fleet: switch to it)' },
    },
    { keys: ['e'], context: 'browsing', command: { kind: 'form.focus' }, group: 'Rows', help: 'edit the screen’s form' },
    { keys: ['['], context: 'logPane', command: { kind: 'log.tab', delta: -1 }, group: 'Log pane', help: 'previous / next tab' },
    { keys: [']'], context: 'logPane', command: { kind: 'log.tab', delta: 1 }, group: 'Log pane', help: 'previous / next tab' },
    { keys: ['/'], context: 'browsing', faces: TERMINAL, command: { kind: 'filter.open' }, group: 'Log pane', help: 'filter (Enter applies, Esc cancels or clears)' },
    { keys: ['Shift+L'], context: 'browsing', faces: TERMINAL, command: { kind: 'log.fullscreen' }, group: 'Log pane', help: 'fullscreen' },
    { keys: ['+'], context: 'browsing', faces: TERMINAL, command: { kind: 'log.resize', delta: 1 }, group: 'Log pane', help: 'taller / shorter (4..24 lines)' },
    { keys: ['-'], context: 'browsing', faces: TERMINAL, command: { kind: 'log.resize', delta: -1 }, group: 'Log pane', help: 'taller / shorter (4..24 lines)' },
  ),
  ...rowMoves('browsing', ['move the selection', 'move by 10 rows', 'first / last row']),
];
