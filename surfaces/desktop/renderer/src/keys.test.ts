import { describe, expect, it } from 'vitest';
import { inputTargetOf, keyAction, type KeyLike } from './keys.js';

const press = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });
const palette = { kind: 'palette' } as const;

describe('desktop keys', () => {
  it('names keys as the contract does and sends printable keys as their character', () => {
    expect(keyAction(press('ArrowUp'), null)).toEqual({ event: { type: 'ui.key', key: 'Up' }, preventDefault: true });
    expect(keyAction(press('Esc'), null)?.event).toEqual({ type: 'ui.key', key: 'Escape' });
    expect(keyAction(press('Tab', { shiftKey: true }), null)).toEqual({ event: { type: 'ui.key', key: 'Tab', shift: true }, preventDefault: true });
    expect(keyAction(press(':', { shiftKey: true }), null)?.event).toEqual({ type: 'ui.key', key: ':', shift: true });
    expect(keyAction(press('5'), null)?.event).toEqual({ type: 'ui.key', key: '5' });
    expect(keyAction(press(' '), null)).toEqual({ event: { type: 'ui.key', key: ' ' }, preventDefault: true });
  });

  it('takes over Ctrl+P, N, L, A; other chords reach the engine but keep the browser action', () => {
    expect(keyAction(press('p', { ctrlKey: true }), null)).toEqual({ event: { type: 'ui.key', key: 'p', ctrl: true }, preventDefault: true });
    expect(keyAction(press('a', { ctrlKey: true }), palette)).toEqual({ event: { type: 'ui.key', key: 'a', ctrl: true }, preventDefault: true });
    expect(keyAction(press('r', { ctrlKey: true }), null)).toEqual({ event: { type: 'ui.key', key: 'r', ctrl: true }, preventDefault: false });
    expect(keyAction(press('c', { ctrlKey: true }), palette)).toBeNull();
  });

  it('inside an input: Enter submits, navigation keys go to the engine, text stays with the input', () => {
    expect(keyAction(press('Enter'), palette)).toEqual({ event: { type: 'ui.submit', target: palette }, preventDefault: true });
    const field = { kind: 'form', section: 'walk', field: 'root' } as const;
    expect(keyAction(press('Enter'), field)?.event).toEqual({ type: 'ui.submit', target: field });
    expect(keyAction(press('ArrowDown'), palette)?.event).toEqual({ type: 'ui.key', key: 'Down' });
    expect(keyAction(press('Escape'), palette)?.event).toEqual({ type: 'ui.key', key: 'Escape' });
    expect(keyAction(press('Tab'), field)).toEqual({ event: { type: 'ui.key', key: 'Tab' }, preventDefault: true });
    for (const key of ['a', '1', ':', 'Backspace', 'Delete', 'ArrowLeft', 'Home', 'End']) expect(keyAction(press(key), palette)).toBeNull();
  });

  it('sends nothing for modifier-only keys, function keys and IME composition; AltGr characters are characters', () => {
    for (const key of ['Shift', 'Control', 'Alt', 'Meta', 'F5', 'Dead', 'Unidentified', 'Process', 'CapsLock']) expect(keyAction(press(key), null)).toBeNull();
    expect(keyAction(press('a', { isComposing: true }), null)).toBeNull();
    expect(keyAction(press('@', { ctrlKey: true, altKey: true }), null)).toEqual({ event: { type: 'ui.key', key: '@' }, preventDefault: true });
  });

  it('reads the input an element stands for from its data attributes', () => {
    expect(inputTargetOf({ dataset: { input: 'palette' } } as unknown as EventTarget)).toEqual(palette);
    expect(inputTargetOf({ dataset: { input: 'form', section: 's', field: 'f' } } as unknown as EventTarget)).toEqual({ kind: 'form', section: 's', field: 'f' });
    expect(inputTargetOf({ dataset: {} } as unknown as EventTarget)).toBeNull();
    expect(inputTargetOf(null)).toBeNull();
  });
});
