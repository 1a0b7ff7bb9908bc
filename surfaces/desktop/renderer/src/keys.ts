/**
 * DOM key presses -> the cockpit's `ui.key` / `ui.submit` events. All the renderer knows about keys: what a
 * key does (which screen, the palette, the focus rule) is the engine's (core/cockpit/interaction/interpret.ts).
 *
 * - KeyboardEvent names become the contract's: ArrowUp -> Up, Esc -> Escape; a printable key is its character
 *   (`Control`+`p` -> { key: 'p', ctrl: true }); modifier-only keys, function keys and IME composition send
 *   nothing. AltGr (reported as Ctrl+Alt) typing a character is that character.
 * - Inside one of the window's own <input>s the input edits its text (sent whole as `ui.input`), so only keys
 *   with a meaning beyond editing go to the engine: Enter submits (`ui.submit`, not a key), the named keys the
 *   binding table gives the inputs (Escape, Up/Down, Tab), and every Ctrl/Meta chord the engine may use;
 *   Ctrl+C/V/X/Z and friends edit.
 * - Outside inputs every key goes to the engine, which ignores what it has no use for. The browser's own
 *   action is prevented for keys the cockpit uses (Tab would move the focus, Space and the arrows scroll,
 *   Ctrl+P prints, Ctrl+A selects the page); other Ctrl chords (reload, copy, devtools) keep theirs.
 */
import { globalCtrlLetters, inputNamedKeys } from '../../../../core/cockpit/bindings/resolve.js';
import type { CockpitUiEvent, KeyEvent, NamedKey } from '../../../../core/cockpit/view/ui-events.js';
import type { InputTarget } from '../../../../core/cockpit/view/view-model.js';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
}

export interface KeyAction {
  readonly event: CockpitUiEvent;
  /** Stop the browser's own action for this key. */
  readonly preventDefault: boolean;
}

const NAMED: Readonly<Record<string, NamedKey>> = {
  Enter: 'Enter',
  Escape: 'Escape',
  Esc: 'Escape',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Up: 'Up',
  Down: 'Down',
  Left: 'Left',
  Right: 'Right',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Home: 'Home',
  End: 'End',
};

/** Ctrl chords whose browser action the cockpit takes over (print, new window, address bar, select all): the binding table's. */
const TAKEN_CHORDS = globalCtrlLetters('desktop');
/** Keys that keep their meaning inside an input (the engine moves highlights, fields and overlays with them): the binding table's. */
const INPUT_KEYS: ReadonlySet<NamedKey> = inputNamedKeys('desktop');

function isPrintable(key: string): boolean {
  return [...key].length === 1 && key >= ' ';
}

function keyEvent(key: string, e: KeyLike, plainChar: boolean): KeyEvent {
  return {
    type: 'ui.key',
    key,
    ...(!plainChar && e.ctrlKey ? { ctrl: true } : {}),
    ...(!plainChar && e.altKey ? { alt: true } : {}),
    ...(e.shiftKey ? { shift: true } : {}),
    ...(!plainChar && e.metaKey ? { meta: true } : {}),
  };
}

export function keyAction(e: KeyLike, input: InputTarget | null): KeyAction | null {
  if (e.isComposing) return null;
  const named = NAMED[e.key];
  const printable = named === undefined && isPrintable(e.key);
  if (named === undefined && !printable) return null;
  // AltGr arrives as Ctrl+Alt: a character typed with it is just that character.
  const altGr = printable && e.ctrlKey && e.altKey && !/^[a-z]$/i.test(e.key);
  const chord = !altGr && (e.ctrlKey || e.metaKey);
  const key = named ?? e.key;
  const taken = chord && printable && TAKEN_CHORDS.has(e.key.toLowerCase()) && !e.altKey;
  if (input !== null) {
    if (named === 'Enter' && !chord && !e.altKey) return { event: { type: 'ui.submit', target: input }, preventDefault: true };
    if (named !== undefined && INPUT_KEYS.has(named)) return { event: keyEvent(key, e, false), preventDefault: true };
    if (taken) return { event: keyEvent(key, e, false), preventDefault: true };
    return null;
  }
  if (chord) return { event: keyEvent(key, e, false), preventDefault: taken };
  return { event: keyEvent(key, e, altGr), preventDefault: !e.altKey || altGr };
}

/** The InputTarget an element of the window stands for (its data attributes), or null. */
export function inputTargetOf(element: EventTarget | null): InputTarget | null {
  const el = element as { dataset?: DOMStringMap; tagName?: string } | null;
  const kind = el?.dataset?.input;
  if (kind === 'palette' || kind === 'logFilter') return { kind };
  if (kind === 'form' && el?.dataset?.section !== undefined && el.dataset.field !== undefined) return { kind: 'form', section: el.dataset.section, field: el.dataset.field };
  return null;
}
