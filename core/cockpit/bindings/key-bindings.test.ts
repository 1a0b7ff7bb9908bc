import { describe, expect, it } from 'vitest';
import { chordOf, displayChord } from './chords.js';
import { KEY_BINDINGS } from './key-bindings.js';
import { buttonKey, footerHints, globalCtrlLetters, inputNamedKeys, keysFor, screenTabKey } from './resolve.js';
import { tableScreen, viewFor } from '../interaction/view-fixtures.js';
import { helpView } from '../interaction/help.js';
import type { Face } from '../view/view-model.js';

const FACES: readonly Face[] = ['desktop', 'terminal'];

describe('the binding table', () => {
  it('binds a chord at most once per face and context (a second row would never be reached)', () => {
    for (const face of FACES) {
      const seen = new Set<string>();
      const twice: string[] = [];
      for (const row of KEY_BINDINGS.filter((r) => r.faces.includes(face))) {
        for (const key of row.keys) {
          const id = `${row.context} ${key}`;
          if (seen.has(id)) twice.push(id);
          seen.add(id);
        }
      }
      expect(twice, face).toEqual([]);
    }
  });

  it('names each chord one way for both faces', () => {
    expect(chordOf({ type: 'ui.key', key: 'p', ctrl: true })).toBe('Ctrl+P');
    expect(chordOf({ type: 'ui.key', key: 'P', ctrl: true, shift: true })).toBe('Ctrl+P');
    expect(chordOf({ type: 'ui.key', key: 'n', ctrl: true, alt: true })).toBe('Ctrl+Alt+N');
    expect(chordOf({ type: 'ui.key', key: '5', alt: true })).toBe('Alt+5');
    expect(chordOf({ type: 'ui.key', key: 'L', shift: true })).toBe('Shift+L');
    expect(chordOf({ type: 'ui.key', key: 'l', shift: true })).toBe('Shift+L');
    expect(chordOf({ type: 'ui.key', key: ':', shift: true })).toBe(':');
    expect(chordOf({ type: 'ui.key', key: 'Tab', shift: true })).toBe('Shift+Tab');
    expect(chordOf({ type: 'ui.key', key: 'Down', shift: true })).toBe('Down');
    expect(chordOf({ type: 'ui.key', key: ' ' })).toBe('Space');
    expect(displayChord('PageUp')).toBe('PgUp');
    expect(displayChord('+')).toBe('+');
  });
});

describe('what derives from it', () => {
  it('screen tabs: 1..9 open S1..S9 on the desktop, Alt+1..9 the terminal’s nine with Fleet fifth', () => {
    expect(screenTabKey('desktop', 'warmup')).toBe('5');
    expect(screenTabKey('desktop', 'fleet')).toBeNull();
    expect(screenTabKey('terminal', 'fleet')).toBe('Alt+5');
    expect(screenTabKey('terminal', 'warmup')).toBeNull();
  });

  it('screen buttons show the key that presses them', () => {
    expect(buttonKey('desktop', 'lottery', 'rchash')).toBe('r');
    expect(buttonKey('terminal', 'fleet', 'switchTo')).toBe('Enter');
    expect(buttonKey('desktop', 'pubsub', 'unsubscribe')).toBeNull();
  });

  it('the help of each face shows exactly its own keys', () => {
    const lines = (face: Face) => helpView(face).groups.flatMap((group) => group.entries.map((entry) => `${entry.keys}  ${entry.action}`));
    expect(lines('desktop')).toContain('1..9  Health, Stamps, Swap, Lottery, Warmup, Peers, Network, API Health, Tags');
    expect(lines('terminal')).toContain('Alt+1..9  Health, Stamps, Swap, Lottery, Fleet, Peers, Network, API Health, Tags');
    expect(lines('desktop').join('\n')).not.toMatch(/Alt\+|Ctrl\+C|Shift\+L|:watch-ref/);
    expect(lines('terminal')).toEqual(expect.arrayContaining(['Ctrl+Alt+N  notification history', 'Shift+L  fullscreen', ':notifications  notification history, newest first (Ctrl+Alt+N)']));
    // Every screen key, with its screen (Watchlist r and x were missing before the table).
    expect(lines('desktop')).toEqual(expect.arrayContaining(['r  S12 Watchlist: re-check every reference', 'x  S12 Watchlist: remove the selected reference', 'r  S15 Fleet: re-poll every node now']));
  });

  it('palette verbs name the keys that do the same, per face', () => {
    expect(keysFor('terminal', { kind: 'quit' })).toEqual(['Ctrl+C']);
    expect(keysFor('desktop', { kind: 'quit' })).toEqual([]);
    expect(keysFor('desktop', { kind: 'palette.open' })).toEqual(['Ctrl+P', ':']);
  });

  it('the footer: the screen’s keys, then the palette, help and nodes; a drill shows its Esc once', () => {
    expect(footerHints(viewFor({ session: { screen: 'lottery' } }))).toEqual([
      { keys: 'r', label: 'rchash benchmark' },
      { keys: ':/Ctrl+P', label: 'palette' },
      { keys: '?', label: 'help' },
      { keys: 'Ctrl+N', label: 'nodes' },
    ]);
    const drill = { title: 'batch', status: 'ready' as const, subtitle: null, sections: tableScreen(2).sections };
    const inDrill = footerHints(viewFor({ session: { screen: 'stamps' }, screen: tableScreen(3, { drill }) }));
    expect(inDrill.filter((hint) => hint.keys === 'Esc')).toEqual([{ keys: 'Esc', label: 'close' }]);
    expect(footerHints(viewFor({ mode: 'picker' }))).toEqual([
      { keys: 'Enter', label: 'switch' },
      { keys: 'Esc', label: 'cancel' },
      { keys: 'Up/Down', label: 'move' },
    ]);
  });

  it('the desktop takes from the browser only the Ctrl chords and input keys the table uses', () => {
    expect([...globalCtrlLetters('desktop')].sort()).toEqual(['a', 'l', 'n', 'p']);
    expect([...inputNamedKeys('desktop')].sort()).toEqual(['Down', 'Enter', 'Escape', 'Tab', 'Up']);
  });
});
