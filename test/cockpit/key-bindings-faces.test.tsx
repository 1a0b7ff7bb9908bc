/**
 * The binding table (core/cockpit/bindings/key-bindings.ts) against both faces' real input layers: every key
 * each face can produce, sent in every context (browsing each of the fifteen screens, a drill, the log pane,
 * each overlay, each text input), must either do nothing or do what a row of the table says. A face that
 * handles a key itself, or an engine rule that acts on a key without a row, fails here. And the other way: every
 * key the table gives a face is one that face can send, so no help line promises a key that cannot arrive.
 *
 * - Terminal: byte sequences a terminal sends (printable, Alt, Ctrl, Ctrl+Alt, named and modified keys) go
 *   through Ink's own parsing and the face's key hook (surfaces/tui/use-cockpit-keys.ts) on a TTY-like stdin.
 * - Desktop: KeyboardEvent-like presses of every key and modifier combination go through the renderer's
 *   keyAction (surfaces/desktop/renderer/src/keys.ts), outside and inside each kind of input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Text } from 'ink';
import { chordOf, TEXT_CHORD } from '../../core/cockpit/bindings/chords.js';
import { KEY_BINDINGS } from '../../core/cockpit/bindings/key-bindings.js';
import { resolveKey } from '../../core/cockpit/bindings/resolve.js';
import { interpretUiEvent } from '../../core/cockpit/interaction/interpret.js';
import { tableScreen, viewFor } from '../../core/cockpit/interaction/view-fixtures.js';
import type { UiMode } from '../../core/cockpit/interaction/session-state.js';
import { SCREEN_IDS } from '../../core/cockpit/view/screens.js';
import type { CockpitUiEvent, KeyEvent } from '../../core/cockpit/view/ui-events.js';
import type { CockpitView, Face, FormSection, InputTarget } from '../../core/cockpit/view/view-model.js';
import { keyAction, type KeyLike } from '../../surfaces/desktop/renderer/src/keys.js';
import { settle } from '../../surfaces/tui/testing/render-sized.js';
import { renderOnTty } from '../../surfaces/tui/testing/tty-stdin.js';
import { useCockpitKeys } from '../../surfaces/tui/use-cockpit-keys.js';

// ------------------------------------------------------------------------------------------------ what each face sends

function KeyProbe({ send }: { readonly send: (event: CockpitUiEvent) => void }) {
  useCockpitKeys(send);
  return <Text>keys</Text>;
}

const ESC = '\u001b';
const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const controls = Array.from({ length: 0x1a }, (_, i) => String.fromCharCode(0x01 + i));
const CSI_KEYS = ['A', 'B', 'C', 'D', 'H', 'F'];
const TILDE_KEYS = ['1', '2', '3', '4', '5', '6'];

/** What terminals send: keys alone, with Alt (ESC prefix), with Ctrl, with Ctrl+Alt, named keys with modifiers. */
const TERMINAL_SEQUENCES: readonly string[] = [
  ...printable,
  'é',
  '\u007f',
  ESC,
  // Alt+<key>: ESC then the key (ESC [ and ESC O begin sequences, so those two are not Alt chords).
  ...printable.filter((c) => c !== '[' && c !== 'O').map((c) => ESC + c),
  ...controls,
  ...controls.map((c) => ESC + c),
  ESC + '\u007f',
  ...CSI_KEYS.map((k) => `${ESC}[${k}`),
  ...CSI_KEYS.map((k) => `${ESC}O${k}`),
  ...TILDE_KEYS.map((n) => `${ESC}[${n}~`),
  `${ESC}[Z`,
  ...['P', 'Q', 'R', 'S'].map((k) => `${ESC}O${k}`),
  ...['15', '17', '18', '19', '20', '21', '23', '24'].map((n) => `${ESC}[${n}~`),
  // Shift (2), Alt (3), Ctrl (5), Ctrl+Shift (6) on arrows, Home/End and the tilde keys.
  ...['2', '3', '5', '6'].flatMap((m) => [...CSI_KEYS.map((k) => `${ESC}[1;${m}${k}`), ...TILDE_KEYS.map((n) => `${ESC}[${n};${m}~`)]),
];

async function terminalEvents(): Promise<KeyEvent[]> {
  const sent: CockpitUiEvent[] = [];
  const ui = renderOnTty(<KeyProbe send={(event) => sent.push(event)} />);
  await settle(20);
  for (const bytes of TERMINAL_SEQUENCES) {
    ui.write(bytes);
    // A lone ESC waits one turn for what may follow it.
    await settle(bytes === ESC ? 10 : 1);
  }
  await settle(20);
  ui.unmount();
  const notKeys = sent.filter((event) => event.type !== 'ui.key');
  expect(notKeys, 'the terminal face handles no key itself: every press is a ui.key for the table').toEqual([]);
  return sent as KeyEvent[];
}

const DOM_NAMED = ['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'Insert', 'F1', 'F5', 'F12'];
const MODIFIERS = Array.from({ length: 16 }, (_, bits) => ({ ctrlKey: (bits & 1) > 0, altKey: (bits & 2) > 0, shiftKey: (bits & 4) > 0, metaKey: (bits & 8) > 0 }));
const INPUTS: readonly (InputTarget | null)[] = [null, { kind: 'palette' }, { kind: 'logFilter' }, { kind: 'form', section: 'walk', field: 'owner' }];

/** Every event the window sends for a key press, with the input that had the focus. */
function desktopEvents(): { event: CockpitUiEvent; input: InputTarget | null }[] {
  const out: { event: CockpitUiEvent; input: InputTarget | null }[] = [];
  for (const key of [...printable, 'é', ...DOM_NAMED]) {
    for (const modifiers of MODIFIERS) {
      const press: KeyLike = { key: /^[a-z]$/.test(key) && modifiers.shiftKey ? key.toUpperCase() : key, ...modifiers };
      for (const input of INPUTS) {
        const action = keyAction(press, input);
        if (action) out.push({ event: action.event, input });
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ every context

const FORM: FormSection = {
  kind: 'form',
  id: 'walk',
  title: null,
  fields: [
    { id: 'owner', label: 'Owner', value: 'ab', placeholder: '' },
    { id: 'mode', label: 'Mode', value: 'PSS', placeholder: '', options: ['PSS', 'GSOC'] },
  ],
  submitLabel: 'Walk',
};
const withForm = () => {
  const screen = tableScreen(12);
  return { ...screen, sections: [FORM, ...screen.sections] };
};
const drill = { title: 'd', status: 'ready' as const, subtitle: null, sections: tableScreen(4).sections };

function contexts(face: Face): { name: string; view: CockpitView }[] {
  const log = { log: { visible: true, fullscreen: false, height: 8, tab: 'errors' as const, filter: 'x', editing: 'ab' } };
  const mode = (m: UiMode, session = {}) => viewFor({ face, mode: m, screen: withForm(), session });
  return [
    ...SCREEN_IDS.map((screen) => ({ name: `browsing ${screen}`, view: viewFor({ face, screen: withForm(), session: { screen } }) })),
    ...SCREEN_IDS.map((screen) => ({ name: `${screen}, drill, log pane`, view: viewFor({ face, screen: { ...withForm(), drill }, session: { screen, ...log } }) })),
    { name: 'palette', view: mode('palette', { palette: { input: 'fe', highlighted: 1, error: null } }) },
    { name: 'picker', view: mode('picker') },
    { name: 'help', view: mode('help', { helpTop: 3 }) },
    { name: 'alerts', view: mode('alerts') },
    { name: 'log filter', view: mode('filtering', log) },
    { name: 'form text field', view: mode('editingForm', { form: { section: 'walk', field: 'owner' } }) },
    { name: 'form choice field', view: mode('editingForm', { form: { section: 'walk', field: 'mode' } }) },
  ];
}

function sameFocus(a: InputTarget | null, b: InputTarget | null): boolean {
  return (a?.kind ?? null) === (b?.kind ?? null);
}

// ------------------------------------------------------------------------------------------------ the walk

let terminalKeys: KeyEvent[] = [];
beforeAll(async () => {
  terminalKeys = await terminalEvents();
}, 60_000);

describe('a face acts on a key only through the binding table', () => {
  it('terminal: every key a terminal sends, in every context, does nothing or what a row says', () => {
    expect(terminalKeys.length).toBeGreaterThan(300);
    const unbound: string[] = [];
    for (const { name, view } of contexts('terminal')) {
      for (const k of terminalKeys) {
        if (interpretUiEvent(k, view).length > 0 && resolveKey(k, view) === null) unbound.push(`${name}: ${chordOf(k)}`);
      }
    }
    expect(unbound).toEqual([]);
  });

  it('desktop: every key press, outside and inside each input, does nothing or what a row says', () => {
    const sent = desktopEvents();
    const unbound: string[] = [];
    for (const { name, view } of contexts('desktop')) {
      for (const { event, input } of sent) {
        // The window sends a press with the focus it has; the engine's view says the same focus.
        if (!sameFocus(input, view.inputFocus)) continue;
        if (event.type === 'ui.submit') {
          // Enter inside an input: the table's Enter of that input's context.
          const enter = resolveKey({ type: 'ui.key', key: 'Enter' }, view);
          if (!enter || enter.context !== view.inputFocus?.kind) unbound.push(`${name}: Enter (ui.submit)`);
          continue;
        }
        expect(event.type, `${name}: a key press is a ui.key`).toBe('ui.key');
        if (event.type !== 'ui.key') continue;
        if (interpretUiEvent(event, view).length > 0 && resolveKey(event, view) === null) unbound.push(`${name}: ${chordOf(event)}`);
      }
    }
    expect(unbound).toEqual([]);
  });

  it('every key the table gives a face is one that face can send', () => {
    const sendable: Record<Face, Set<string>> = {
      terminal: new Set(terminalKeys.map(chordOf)),
      desktop: new Set(desktopEvents().flatMap(({ event }) => (event.type === 'ui.key' ? [chordOf(event)] : event.type === 'ui.submit' ? ['Enter'] : []))),
    };
    const missing = KEY_BINDINGS.flatMap((row) => row.faces.flatMap((face) => row.keys.filter((key) => key !== TEXT_CHORD && !sendable[face].has(key)).map((key) => `${face} ${row.context}: ${key}`)));
    expect(missing).toEqual([]);
  });

  it('the faces differ only where the spec says: 1..9 on the desktop, Alt+1..9 (Alt+5 Fleet) and the terminal extras', () => {
    const chords = (face: Face) => new Set(KEY_BINDINGS.filter((row) => row.faces.includes(face)).flatMap((row) => row.keys.map((key) => `${row.context} ${key}`)));
    const desktop = chords('desktop');
    const terminal = chords('terminal');
    expect([...desktop].filter((chord) => !terminal.has(chord)).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => `browsing ${n}`).sort());
    expect([...terminal].filter((chord) => !desktop.has(chord)).sort()).toEqual(
      [...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => `global Alt+${n}`), 'global Ctrl+Alt+N', 'global Ctrl+C', 'browsing /', 'browsing Shift+L', 'browsing +', 'browsing -'].sort(),
    );
  });
});
