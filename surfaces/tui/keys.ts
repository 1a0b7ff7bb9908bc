/**
 * Ink key presses -> the cockpit's `ui.key` events (core/cockpit/view/ui-events.ts). This is all the face
 * knows about keys: what a key *does* (which screen, palette, selection, whether a shortcut is suppressed
 * while a text input has focus, Ctrl+C quitting) is the binding table's (core/cockpit/bindings/), once for
 * both faces.
 *
 * A `ui.key` carries either one printable character or one NAMED_KEYS name, with the modifiers pressed.
 * Terminal specifics resolved here:
 * - Alt arrives as an ESC prefix, which Ink reports as `meta`; the terminal cannot see a Cmd/Super key
 *   unless the kitty protocol reports it (`super`), so Ink's `meta` is our `alt` and `super` is our `meta`.
 * - Backspace or Delete: Ink 6 calls both `delete`; the caller says which it was (ink6.ts reads the bytes).
 * - Ctrl+Alt+<letter> (`ESC` + a control byte) reaches useInput as that control byte alone, without Ink's
 *   `ctrl` flag (a plain Ctrl+<letter> comes as the letter with `ctrl`): that is how it is recognised
 *   (Ctrl+Alt+N opens the notifications overlay).
 * - Keys typed faster than the terminal is read arrive as one string: each character becomes its own key,
 *   with Enter, Tab, Backspace and Ctrl+<letter> recognised inside it. (A paste arrives whole, as `ui.paste`:
 *   ink6.ts.)
 */
import type { CockpitUiEvent, KeyEvent, NamedKey } from '../../core/cockpit/view/ui-events.js';

/** The flags of Ink's `Key` this mapping reads (Ink passes more). */
export interface InkKeyFlags {
  readonly upArrow: boolean;
  readonly downArrow: boolean;
  readonly leftArrow: boolean;
  readonly rightArrow: boolean;
  readonly pageUp: boolean;
  readonly pageDown: boolean;
  readonly home: boolean;
  readonly end: boolean;
  readonly return: boolean;
  readonly escape: boolean;
  readonly tab: boolean;
  readonly backspace: boolean;
  readonly delete: boolean;
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly meta: boolean;
  readonly super?: boolean;
}

/**
 * Ctrl+Alt+<letter> as useInput reports it: the letter's control byte alone, its ESC removed, no `ctrl`. Tab,
 * LF and CR are left out: alone they are the Tab and Enter keys.
 */
const CTRL_ALT_LETTER = /^[\x01-\x08\x0b\x0c\x0e-\x1a]$/;

function named(key: NamedKey, flags: { ctrl?: boolean; alt?: boolean; shift?: boolean; meta?: boolean }): KeyEvent {
  return withModifiers({ type: 'ui.key', key }, flags);
}

function withModifiers(event: KeyEvent, flags: { ctrl?: boolean; alt?: boolean; shift?: boolean; meta?: boolean }): KeyEvent {
  return {
    ...event,
    ...(flags.ctrl ? { ctrl: true } : {}),
    ...(flags.alt ? { alt: true } : {}),
    ...(flags.shift ? { shift: true } : {}),
    ...(flags.meta ? { meta: true } : {}),
  };
}

/** The named key Ink's flags describe, if any. */
function namedKeyOf(key: InkKeyFlags, deleteKey: 'Backspace' | 'Delete'): NamedKey | null {
  if (key.upArrow) return 'Up';
  if (key.downArrow) return 'Down';
  if (key.leftArrow) return 'Left';
  if (key.rightArrow) return 'Right';
  if (key.pageUp) return 'PageUp';
  if (key.pageDown) return 'PageDown';
  if (key.home) return 'Home';
  if (key.end) return 'End';
  if (key.return) return 'Enter';
  if (key.escape) return 'Escape';
  if (key.tab) return 'Tab';
  if (key.backspace) return 'Backspace';
  if (key.delete) return deleteKey;
  return null;
}

/** One character of typed or pasted text, with C0 controls read as the keys that send them. */
function charEvent(char: string, flags: { alt?: boolean; meta?: boolean }): CockpitUiEvent | null {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\r' || char === '\n') return named('Enter', flags);
  if (char === '\t') return named('Tab', flags);
  if (char === '\x7f' || char === '\b') return named('Backspace', flags);
  if (char === '\x1b') return named('Escape', flags);
  if (code >= 0x01 && code <= 0x1a) return withModifiers({ type: 'ui.key', key: String.fromCharCode(code + 0x60) }, { ...flags, ctrl: true });
  // Other controls (NUL, FS..US, C1) are no key anyone typed: ignore them rather than send them as text.
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return null;
  return withModifiers({ type: 'ui.key', key: char }, { ...flags, shift: /^[A-Z]$/.test(char) });
}

/**
 * The events for one Ink `useInput` call. `deleteKey` is which key Ink's `delete` was (Ink 6 reports Backspace
 * and Delete alike; without the bytes, Backspace, the key people press far more often while typing).
 */
export function keyEventsFor(input: string, key: InkKeyFlags, deleteKey: 'Backspace' | 'Delete' = 'Backspace'): CockpitUiEvent[] {
  const meta = key.super === true;
  if (!key.ctrl && CTRL_ALT_LETTER.test(input)) {
    const letter = String.fromCharCode(input.charCodeAt(0) + 0x60);
    return [withModifiers({ type: 'ui.key', key: letter }, { ctrl: true, alt: true, meta })];
  }
  const name = namedKeyOf(key, deleteKey);
  if (name !== null) {
    // Ink marks every Escape as `meta` (it starts with ESC); that is not an Alt.
    const alt = name === 'Escape' ? false : key.meta;
    // Ink reports Ctrl+H as backspace and Ctrl+I/Ctrl+M as Tab/Enter: those are the keys, not Ctrl chords.
    return [named(name, { ctrl: key.ctrl && name !== 'Backspace', alt, shift: key.shift, meta })];
  }
  if (input === '') return [];
  if (key.ctrl && input.length === 1) return [withModifiers({ type: 'ui.key', key: input }, { ctrl: true, alt: key.meta, meta })];
  const chars = Array.from(input);
  if (chars.length === 1) {
    const event = charEvent(chars[0] ?? '', { alt: key.meta, meta });
    return event === null ? [] : [event];
  }
  // Pasted or coalesced text: each character is a key of its own, without the chord's modifiers.
  const events: CockpitUiEvent[] = [];
  for (const char of chars) {
    const event = charEvent(char, {});
    if (event !== null) events.push(event);
  }
  return events;
}
