/**
 * Reading the binding table (key-bindings.ts) against a view: which contexts are active, which rows a key press
 * reaches (in order), whether a row's command applies to what is shown, and the keys to show for a command
 * (footer hints, screen tabs, screen buttons, palette verb descriptions). Pure.
 */
import type { ScreenId } from '../view/screens.js';
import { NAMED_KEYS, type KeyEvent, type NamedKey } from '../view/ui-events.js';
import type { CockpitView, Face, KeyHintView } from '../view/view-model.js';
import { chordOf, displayChord, isTextKey, TEXT_CHORD } from './chords.js';
import { KEY_BINDINGS, type KeyBinding, type KeyCommand, type KeyContext } from './key-bindings.js';

/** The contexts a key press is resolved in, first match first (key-bindings.ts explains them). */
export function activeContexts(view: CockpitView): KeyContext[] {
  if (view.inputFocus) return ['global', view.inputFocus.kind, 'text'];
  // The palette always holds the input focus, so an open overlay here is help, picker or alerts.
  if (view.overlay) return view.overlay.kind === 'palette' ? ['global'] : ['global', view.overlay.kind];
  const contexts: KeyContext[] = ['global', `screen:${view.screen.id}`];
  if (view.screen.drill) contexts.push('drill');
  if (view.logPane.visible) contexts.push('logPane');
  contexts.push('browsing');
  return contexts;
}

export function bindingsOf(face: Face): readonly KeyBinding[] {
  return face === 'desktop' ? DESKTOP_BINDINGS : TERMINAL_BINDINGS;
}

const DESKTOP_BINDINGS = KEY_BINDINGS.filter((row) => row.faces.includes('desktop'));
const TERMINAL_BINDINGS = KEY_BINDINGS.filter((row) => row.faces.includes('terminal'));

function matches(row: KeyBinding, chord: string, text: boolean): boolean {
  return row.keys.includes(chord) || (text && row.keys.includes(TEXT_CHORD));
}

/** The rows a key press reaches on the view's face, in the order they are tried. */
export function candidates(k: KeyEvent, view: CockpitView): { readonly row: KeyBinding; readonly context: KeyContext }[] {
  const chord = chordOf(k);
  const text = isTextKey(k);
  const rows = bindingsOf(view.face);
  return activeContexts(view).flatMap((context) => rows.filter((row) => row.context === context && matches(row, chord, text)).map((row) => ({ row, context })));
}

/**
 * Whether a command does something with what is shown: a row that does not apply passes the key on to the next
 * row (Space on a text field is text; `e` on a screen without a form does nothing).
 */
export function applies(command: KeyCommand, view: CockpitView): boolean {
  switch (command.kind) {
    case 'drill.close':
      return view.screen.drill !== null;
    case 'form.focus':
      return view.screen.sections.some((s) => s.kind === 'form' && s.fields.length > 0);
    case 'form.choice': {
      const focus = view.inputFocus;
      if (focus?.kind !== 'form') return false;
      const form = view.screen.sections.find((s) => s.kind === 'form' && s.id === focus.section);
      return form?.kind === 'form' && (form.fields.find((f) => f.id === focus.field)?.options?.length ?? 0) > 0;
    }
    default:
      return true;
  }
}

/** The row a key press resolves to on this view, or null: the one the keymap runs. */
export function resolveKey(k: KeyEvent, view: CockpitView): { readonly row: KeyBinding; readonly context: KeyContext } | null {
  return candidates(k, view).find(({ row }) => applies(row.command, view)) ?? null;
}

/** A row's keys as help and footers show them (`Up/k`, `Esc`); the text chord has no key to show. */
export function displayKeys(row: KeyBinding): string {
  return row.keys.filter((key) => key !== TEXT_CHORD).map(displayChord).join('/');
}

const sameCommand = (a: KeyCommand, b: KeyCommand): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The keys that run `command` on a face, in table order (a palette verb names them: `:nodes` is Ctrl+N). */
export function keysFor(face: Face, command: KeyCommand): string[] {
  return bindingsOf(face)
    .filter((row) => sameCommand(row.command, command))
    .flatMap((row) => row.keys.map(displayChord));
}

/** The key of a screen's tab: `5` on the desktop, `Alt+5` in the terminal, or null when no key opens it. */
export function screenTabKey(face: Face, screen: ScreenId): string | null {
  return keysFor(face, { kind: 'screen.show', screen })[0] ?? null;
}

/** The key of a screen's button (`r` for Re-poll, Enter for Fleet's Switch to), or null. */
export function buttonKey(face: Face, screen: ScreenId, action: string): string | null {
  const row = bindingsOf(face).find(
    (b) => b.context === `screen:${screen}` && ((b.command.kind === 'screen.action' && b.command.id === action) || b.button === action),
  );
  return row ? displayChord(row.keys[0]!) : null;
}

/**
 * The footer: while browsing, the shown screen's keys (not while a drill is open: its rows are the drill's),
 * then the other active rows with a footer label, global ones last; in an overlay or an input, that context's
 * rows only. Rows with the same label share an entry, showing each row's first key (`Up/Down move`).
 */
export function footerHints(view: CockpitView): KeyHintView[] {
  const contexts = activeContexts(view);
  const browsing = contexts.includes('browsing');
  const order = (context: KeyContext): number => (context.startsWith('screen:') ? 0 : context === 'global' ? 2 : 1);
  const shown = contexts
    .filter((context) => context !== 'text' && (browsing || context !== 'global'))
    .filter((context) => !(context.startsWith('screen:') && view.screen.drill !== null))
    .sort((a, b) => order(a) - order(b));
  const hints: { keys: string[]; label: string }[] = [];
  for (const context of shown) {
    for (const row of bindingsOf(view.face)) {
      if (row.context !== context || row.footer === undefined || !applies(row.command, view)) continue;
      const key = displayChord(row.keys[0]!);
      const entry = hints.find((hint) => hint.label === row.footer);
      if (!entry) hints.push({ keys: [key], label: row.footer });
      else if (!entry.keys.includes(key)) entry.keys.push(key);
    }
  }
  return hints.map((hint) => ({ keys: hint.keys.join('/'), label: hint.label }));
}

/** The letters of a face's Ctrl chords that work whatever has focus (the desktop takes them from the browser). */
export function globalCtrlLetters(face: Face): ReadonlySet<string> {
  const letters = bindingsOf(face)
    .filter((row) => row.context === 'global')
    .flatMap((row) => row.keys)
    .map((chord) => /^Ctrl\+([A-Z])$/.exec(chord)?.[1])
    .filter((letter): letter is string => letter !== undefined);
  return new Set(letters.map((letter) => letter.toLowerCase()));
}

/**
 * The named keys the text inputs' own rows use (Enter, Esc, Up/Down, Tab): the desktop passes them from its
 * <input>s to the engine, and leaves typing and Backspace to the input (the `text` rows are the terminal's
 * line editing).
 */
export function inputNamedKeys(face: Face): ReadonlySet<NamedKey> {
  const inputs: readonly KeyContext[] = ['palette', 'logFilter', 'form'];
  const keys = bindingsOf(face)
    .filter((row) => inputs.includes(row.context))
    .flatMap((row) => row.keys)
    .map((chord) => chord.replace(/^Shift\+/, ''));
  return new Set(NAMED_KEYS.filter((key) => keys.includes(key)));
}
