import { describe, expect, it } from 'vitest';
import { interpretUiEvent } from './interpret.js';
import { tableScreen, viewFor } from './view-fixtures.js';
import type { KeyEvent } from '../view/ui-events.js';
import type { CockpitView } from '../view/view-model.js';

const key = (view: CockpitView, k: string, mods: Omit<KeyEvent, 'type' | 'key'> = {}) => interpretUiEvent({ type: 'ui.key', key: k, ...mods }, view);
const events = (commands: ReturnType<typeof interpretUiEvent>) => commands.map((c) => c.event);
const desktop = viewFor({ face: 'desktop' });
const terminal = viewFor({ face: 'terminal' });

describe('screen keys per face', () => {
  it('desktop 1..9 open S1..S9; the terminal ignores bare digits and uses Alt+1..9 with Alt+5 Fleet', () => {
    expect(events(key(desktop, '5'))).toContainEqual({ type: 'screen.show', screen: 'warmup' });
    expect(events(key(terminal, '5'))).toEqual([]);
    expect(events(key(terminal, '5', { alt: true }))).toEqual([
      { type: 'screen.show', screen: 'fleet' },
      { type: 'engine.screen', screen: 'health', event: { type: 'screen.visible', visible: false } },
      { type: 'engine.screen', screen: 'fleet', event: { type: 'screen.visible', visible: true } },
    ]);
    expect(events(key(terminal, '9', { alt: true }))[0]).toEqual({ type: 'screen.show', screen: 'tags' });
  });

  it('Tab and Shift+Tab cycle through all fifteen screens, wrapping', () => {
    expect(events(key(desktop, 'Tab'))[0]).toEqual({ type: 'screen.show', screen: 'stamps' });
    expect(events(key(desktop, 'Tab', { shift: true }))[0]).toEqual({ type: 'screen.show', screen: 'fleet' });
  });
});

describe('selection', () => {
  const at = (index: number) => viewFor({ session: { selections: { health: { section: 'rows', index } } } });
  it('j/k and Up/Down move by one, PgUp/PgDn by ten, Home/End to the ends, clamped', () => {
    const sel = (view: CockpitView, k: string) => events(key(view, k)).find((e) => e.type === 'selection.set');
    expect(sel(at(0), 'j')).toEqual({ type: 'selection.set', screen: 'health', selection: { section: 'rows', index: 1 } });
    expect(sel(at(3), 'Up')).toMatchObject({ selection: { index: 2 } });
    expect(sel(at(3), 'PageDown')).toMatchObject({ selection: { index: 13 } });
    expect(sel(at(20), 'PageDown')).toMatchObject({ selection: { index: 24 } });
    expect(sel(at(3), 'PageUp')).toMatchObject({ selection: { index: 0 } });
    expect(sel(at(3), 'End')).toMatchObject({ selection: { index: 24 } });
    expect(sel(at(3), 'Home')).toMatchObject({ selection: { index: 0 } });
    expect(events(key(at(0), 'k'))).toEqual([]);
  });

  it('tells the screen what was selected and activates the selected row on Enter', () => {
    expect(events(key(at(4), 'Down'))).toContainEqual({ type: 'engine.screen', screen: 'health', event: { type: 'screen.select', section: 'rows', index: 5, key: 'r5' } });
    expect(events(key(at(4), 'Enter'))).toEqual([{ type: 'engine.screen', screen: 'health', event: { type: 'screen.activate', section: 'rows', index: 4, key: 'r4' } }]);
  });

  it('moves and activates in the drill when one is open; Esc closes it', () => {
    const drill = { title: 'batch', status: 'ready' as const, subtitle: null, sections: tableScreen(3).sections };
    const view = viewFor({ screen: tableScreen(25, { drill }), session: { drillSelection: { section: 'rows', index: 1 } } });
    expect(events(key(view, 'j'))[0]).toEqual({ type: 'drillSelection.set', selection: { section: 'rows', index: 2 } });
    expect(events(key(view, 'Enter'))[0]).toMatchObject({ event: { type: 'screen.activate', index: 1, inDrill: true } });
    expect(events(key(view, 'Escape'))).toEqual([{ type: 'engine.screen', screen: 'health', event: { type: 'screen.closeDrill' } }]);
  });
});

describe('overlays and the focus rule', () => {
  const palette = (input: string, face: 'desktop' | 'terminal' = 'terminal', highlighted = 0) => viewFor({ face, mode: 'palette', session: { palette: { input, highlighted, error: null } } });

  it('opens the palette with : and Ctrl+P, the picker with Ctrl+N, help with ?', () => {
    expect(events(key(desktop, ':'))).toEqual([{ type: 'palette.open', input: '' }]);
    expect(events(key(desktop, 'p', { ctrl: true }))).toEqual([{ type: 'palette.open', input: '' }]);
    expect(events(key(desktop, 'n', { ctrl: true }))).toEqual([{ type: 'picker.open' }]);
    expect(events(key(desktop, '?'))).toEqual([{ type: 'help.open' }]);
    expect(events(key(desktop, 'l', { ctrl: true }))).toEqual([{ type: 'log.toggle' }]);
    expect(events(key(desktop, 'a', { ctrl: true }))).toEqual([{ type: 'alerts.open', kind: 'alerts' }, { type: 'engine.alertsSeen' }]);
    expect(events(key(terminal, 'n', { ctrl: true, alt: true }))).toEqual([{ type: 'alerts.open', kind: 'notifications' }, { type: 'engine.alertsSeen' }]);
    expect(events(key(desktop, 'n', { ctrl: true, alt: true }))).toEqual([]);
  });

  it('suppresses unmodified shortcuts while the palette has focus; Ctrl shortcuts still work', () => {
    expect(events(key(palette('f'), 'j'))).toEqual([{ type: 'palette.input', input: 'fj' }]);
    expect(events(key(palette('f'), '1'))).toEqual([{ type: 'palette.input', input: 'f1' }]);
    expect(events(key(palette('fj'), 'Backspace'))).toEqual([{ type: 'palette.input', input: 'f' }]);
    // The desktop sends printable keys only before its input holds the focus (typed right after `:`): text too.
    expect(events(key(palette('f', 'desktop'), 'j'))).toEqual([{ type: 'palette.input', input: 'fj' }]);
    expect(events(key(palette('f', 'desktop'), 'Escape'))).toEqual([{ type: 'overlay.close' }]);
    expect(events(key(palette('f'), 'l', { ctrl: true }))).toEqual([{ type: 'log.toggle' }]);
    expect(events(key(palette('f'), 'Escape'))).toEqual([{ type: 'overlay.close' }]);
  });

  it('Up/Down move the highlight within the suggestions; Enter on an empty input takes it', () => {
    expect(events(key(palette(''), 'Down'))).toEqual([{ type: 'palette.highlight', highlighted: 1 }]);
    expect(events(key(palette('', 'terminal', 0), 'Up'))).toEqual([]);
    // Suggestion 0 is `:go <screen>`: it needs an argument, so it is written into the input.
    expect(events(key(palette(''), 'Enter'))).toEqual([{ type: 'palette.input', input: 'go ' }]);
    // Suggestion 1 is `:nodes`: it runs.
    expect(events(key(palette('', 'terminal', 1), 'Enter'))).toEqual([{ type: 'overlay.close' }, { type: 'picker.open' }]);
  });

  it('runs a palette line, or refuses it with the reason and a red banner', () => {
    expect(events(key(palette('go fleet'), 'Enter'))).toEqual([
      { type: 'overlay.close' },
      { type: 'screen.show', screen: 'fleet' },
      { type: 'engine.screen', screen: 'health', event: { type: 'screen.visible', visible: false } },
      { type: 'engine.screen', screen: 'fleet', event: { type: 'screen.visible', visible: true } },
    ]);
    expect(events(key(palette('ctx n2'), 'Enter'))).toEqual([{ type: 'overlay.close' }, { type: 'engine.switchNode', target: 'n2' }]);
    expect(events(key(palette('hash'), 'Enter'))).toEqual([
      { type: 'palette.refuse', error: ':hash [--redundancy 0..4] [--manifest] <path>: takes 1 argument, got 0' },
      { type: 'banner.show', text: ':hash [--redundancy 0..4] [--manifest] <path>: takes 1 argument, got 0', tone: 'fail' },
    ]);
    const ref = 'ab'.repeat(32);
    expect(events(key(palette(`inspect ${ref}`), 'Enter'))).toContainEqual({ type: 'engine.screen', screen: 'manifest', event: { type: 'screen.command', verb: 'inspect', args: [ref] } });
    expect(events(key(palette(`watch-ref ${ref} 30`), 'Enter'))).toContainEqual({ type: 'engine.watchStart', reference: ref, intervalSeconds: 30, clampedFrom: null });
  });

  it('the picker moves with arrows or j/k and switches on Enter', () => {
    const picker = viewFor({ mode: 'picker', session: { pickerHighlighted: 1 } });
    expect(events(key(picker, 'j'))).toEqual([{ type: 'picker.highlight', highlighted: 2 }]);
    expect(events(key(picker, 'Up'))).toEqual([{ type: 'picker.highlight', highlighted: 0 }]);
    expect(events(key(picker, 'Enter'))).toEqual([{ type: 'overlay.close' }, { type: 'engine.switchNode', target: 'n2' }]);
    expect(events(key(picker, 'Escape'))).toEqual([{ type: 'overlay.close' }]);
    expect(events(key(picker, 'Tab'))).toEqual([]);
  });

  it('scrolls the help by entry (j/k, PgUp/PgDn, Home/End), within its entries; ? and Esc close it', () => {
    const help = (helpTop: number) => viewFor({ face: 'terminal', mode: 'help', session: { helpTop } });
    const top = help(0).overlay;
    if (top?.kind !== 'help') throw new Error('help expected');
    const entries = top.groups.reduce((sum, group) => sum + group.entries.length, 0);
    expect(top.top).toBe(0);
    expect(events(key(help(0), 'j'))).toEqual([{ type: 'help.scroll', top: 1 }]);
    expect(events(key(help(5), 'Up'))).toEqual([{ type: 'help.scroll', top: 4 }]);
    expect(events(key(help(5), 'PageDown'))).toEqual([{ type: 'help.scroll', top: 15 }]);
    expect(events(key(help(5), 'End'))).toEqual([{ type: 'help.scroll', top: entries - 1 }]);
    expect(events(key(help(0), 'k'))).toEqual([]);
    expect(events(key(help(3), '?'))).toEqual([{ type: 'overlay.close' }]);
    expect(events(key(help(3), 'Escape'))).toEqual([{ type: 'overlay.close' }]);
    const past = help(10_000).overlay;
    expect(past?.kind === 'help' ? past.top : null).toBe(entries - 1);
  });

  it('Esc closes an overlay before it closes a drill', () => {
    const drill = { title: 'd', status: 'ready' as const, subtitle: null, sections: [] };
    expect(events(key(viewFor({ mode: 'help', screen: tableScreen(1, { drill }) }), 'Escape'))).toEqual([{ type: 'overlay.close' }]);
  });
});

describe('terminal log pane keys', () => {
  it('/ opens the filter; typing edits it; Esc cancels typed text or clears an empty prompt', () => {
    expect(events(key(terminal, '/'))).toEqual([{ type: 'filter.open' }]);
    const filtering = (editing: string) => viewFor({ face: 'terminal', mode: 'filtering', session: { log: { visible: true, fullscreen: false, height: 8, tab: 'errors', filter: 'old', editing } } });
    expect(events(key(filtering('pe'), 'e'))).toEqual([{ type: 'filter.input', text: 'pee' }]);
    expect(events(key(filtering('pe'), 'Escape'))).toEqual([{ type: 'filter.cancel' }]);
    expect(events(key(filtering(''), 'Escape'))).toEqual([{ type: 'filter.clear' }]);
    expect(events(key(filtering('pe'), 'Enter'))).toEqual([{ type: 'filter.commit' }]);
  });

  it('Shift+L toggles fullscreen; + and - resize within 4..24', () => {
    expect(events(key(terminal, 'L', { shift: true }))).toEqual([{ type: 'log.fullscreen' }]);
    expect(events(key(terminal, '+'))).toEqual([{ type: 'log.resize', height: 9 }]);
    const tall = viewFor({ face: 'terminal', session: { log: { visible: true, fullscreen: false, height: 24, tab: 'errors', filter: '', editing: '' } } });
    expect(events(key(tall, '+'))).toEqual([]);
    expect(events(key(tall, '-'))).toEqual([{ type: 'log.resize', height: 23 }]);
  });
});

describe('forms', () => {
  const form = tableScreen(0, {
    sections: [
      { kind: 'form', id: 'walk', title: null, submitLabel: 'Walk', fields: [
        { id: 'owner', label: 'Owner', value: 'ab', placeholder: '' },
        { id: 'mode', label: 'Mode', value: 'PSS', placeholder: '', options: ['PSS', 'GSOC'] },
      ] },
    ],
  });
  it('e focuses the first field; typed text goes to the screen; Tab moves; Enter submits; a choice cycles', () => {
    expect(events(key(viewFor({ face: 'terminal', screen: form }), 'e'))).toEqual([{ type: 'form.focus', section: 'walk', field: 'owner' }]);
    const editing = (field: string) => viewFor({ face: 'terminal', screen: form, mode: 'editingForm', session: { form: { section: 'walk', field } } });
    expect(events(key(editing('owner'), 'c'))).toEqual([{ type: 'engine.screen', screen: 'health', event: { type: 'screen.input', section: 'walk', field: 'owner', value: 'abc' } }]);
    expect(events(key(editing('owner'), 'Tab'))).toEqual([{ type: 'form.focus', section: 'walk', field: 'mode' }]);
    expect(events(key(editing('owner'), 'Enter'))).toEqual([{ type: 'engine.screen', screen: 'health', event: { type: 'screen.submit', section: 'walk', values: { owner: 'ab', mode: 'PSS' } } }]);
    expect(events(key(editing('mode'), ' '))).toEqual([{ type: 'engine.screen', screen: 'health', event: { type: 'screen.input', section: 'walk', field: 'mode', value: 'GSOC' } }]);
    expect(events(key(editing('mode'), 'Escape'))).toEqual([{ type: 'form.blur' }]);
  });
});

describe('pointer and desktop inputs', () => {
  it('a click selects a row; a second click or a double click activates it', () => {
    const view = viewFor({ session: { selections: { health: { section: 'rows', index: 0 } } } });
    expect(events(interpretUiEvent({ type: 'ui.click', target: { kind: 'row', section: 'rows', index: 3, activate: false } }, view))).toEqual([
      { type: 'selection.set', screen: 'health', selection: { section: 'rows', index: 3 } },
      { type: 'engine.screen', screen: 'health', event: { type: 'screen.select', section: 'rows', index: 3, key: 'r3' } },
    ]);
    expect(events(interpretUiEvent({ type: 'ui.click', target: { kind: 'row', section: 'rows', index: 0, activate: false } }, view))).toEqual([
      { type: 'engine.screen', screen: 'health', event: { type: 'screen.activate', section: 'rows', index: 0, key: 'r0' } },
    ]);
  });

  it('a drop pre-fills :upload with the (quoted) path', () => {
    expect(events(interpretUiEvent({ type: 'ui.drop', paths: ['/home/op/My Site'] }, desktop))).toEqual([{ type: 'palette.open', input: 'upload "/home/op/My Site"' }]);
  });

  it('a drop the face could not take is a red banner naming it; a scheme change is not the session\'s', () => {
    expect(events(interpretUiEvent({ type: 'ui.dropFailed', name: 'notes.txt', reason: 'the browser could not read it (NotReadableError)' }, desktop))).toEqual([
      { type: 'banner.show', text: 'cannot upload the dropped "notes.txt": the browser could not read it (NotReadableError)', tone: 'fail' },
    ]);
    expect(interpretUiEvent({ type: 'ui.scheme', scheme: 'light' }, desktop)).toEqual([]);
  });

  it('the desktop palette input sends its whole value; submit runs it', () => {
    expect(events(interpretUiEvent({ type: 'ui.input', target: { kind: 'palette' }, value: 'logs' }, viewFor({ mode: 'palette' })))).toEqual([{ type: 'palette.input', input: 'logs' }]);
    const typed = viewFor({ mode: 'palette', session: { palette: { input: 'logs', highlighted: 0, error: null } } });
    expect(events(interpretUiEvent({ type: 'ui.submit', target: { kind: 'palette' } }, typed))).toEqual([{ type: 'overlay.close' }, { type: 'log.toggle' }]);
  });

  it('quit closes the session; nothing is interpreted after exit', () => {
    expect(events(interpretUiEvent({ type: 'ui.quit' }, desktop))).toEqual([{ type: 'session.quit' }]);
    expect(interpretUiEvent({ type: 'ui.key', key: 'Tab' }, viewFor({ mode: 'closed' }))).toEqual([]);
  });

  it('a paste is text for the focused input, whole: line breaks become spaces, never Enter; without focus nothing', () => {
    const palette = viewFor({ face: 'terminal', mode: 'palette', session: { palette: { input: 'inspect ', highlighted: 0, error: null } } });
    expect(events(interpretUiEvent({ type: 'ui.paste', text: 'ab\r\ncd\tq\u0007\n' }, palette))).toEqual([{ type: 'palette.input', input: 'inspect ab cd q' }]);
    expect(interpretUiEvent({ type: 'ui.paste', text: ':quit\r' }, terminal)).toEqual([]);
  });

  it('Ctrl+C quits the terminal face; on the desktop it stays the browser\'s copy', () => {
    expect(events(key(terminal, 'c', { ctrl: true }))).toEqual([{ type: 'session.quit' }]);
    expect(events(key(desktop, 'c', { ctrl: true }))).toEqual([]);
  });
});
