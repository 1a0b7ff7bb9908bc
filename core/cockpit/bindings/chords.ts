/**
 * Key chords: how the binding table (key-bindings.ts) names a key press, and how help and footers show it.
 *
 * A chord is one string: the modifiers, then the key: `j`, `:`, `5`, `Enter`, `Space`, `Shift+Tab`, `Shift+L`,
 * `Ctrl+P`, `Alt+5`, `Ctrl+Alt+N`. Rules, so that each physical chord has one name on both faces:
 * - Shift is part of the chord for letters (`L` typed, or `l` with Shift, is `Shift+L`) and for Tab
 *   (`Shift+Tab`). A punctuation or digit key already is its shifted character (`:`, `?`, `+`), and on the
 *   other named keys Shift changes nothing (Shift+Down moves as Down does), so there it is not.
 * - With Ctrl a letter is named in capitals and Shift does not count (Ctrl+Shift+P is Ctrl+P), as faces report
 *   the letter in either case.
 * - `TEXT_CHORD` stands for every printable character typed without Ctrl, Alt or Meta: the text of an input.
 */
import type { KeyEvent } from '../view/ui-events.js';

/** Any printable character typed without Ctrl, Alt or Meta (a text input's typing). */
export const TEXT_CHORD = 'Text';

const DISPLAY: Readonly<Record<string, string>> = { PageUp: 'PgUp', PageDown: 'PgDn', Escape: 'Esc' };

/** A single printable character (not a control character), the kind of key that is text. */
export function isPrintableKey(key: string): boolean {
  const chars = [...key];
  if (chars.length !== 1) return false;
  const code = key.codePointAt(0) ?? 0;
  return code >= 0x20 && !(code >= 0x7f && code <= 0x9f);
}

/** Whether this key press is typed text (see TEXT_CHORD). */
export function isTextKey(k: KeyEvent): boolean {
  return !k.ctrl && !k.alt && !k.meta && isPrintableKey(k.key);
}

/** The chord of a key press, as the binding table writes it. */
export function chordOf(k: KeyEvent): string {
  const modifiers: string[] = [];
  if (k.ctrl) modifiers.push('Ctrl');
  if (k.alt) modifiers.push('Alt');
  if (k.meta) modifiers.push('Meta');
  let key = k.key === ' ' ? 'Space' : k.key;
  if (/^[a-z]$/i.test(key)) {
    const shifted = key !== key.toLowerCase() || k.shift === true;
    if (k.ctrl) key = key.toUpperCase();
    else if (shifted) {
      key = key.toUpperCase();
      modifiers.push('Shift');
    } else if (modifiers.length > 0) key = key.toUpperCase();
  } else if (key === 'Tab' && k.shift) modifiers.push('Shift');
  return [...modifiers, key].join('+');
}

/** How a chord reads in help and footers: `PgUp`, `Esc`, the rest as written. */
export function displayChord(chord: string): string {
  const modifiers = /^((?:(?:Ctrl|Alt|Meta|Shift)\+)*)(.+)$/.exec(chord);
  const key = modifiers?.[2] ?? chord;
  return `${modifiers?.[1] ?? ''}${DISPLAY[key] ?? key}`;
}
