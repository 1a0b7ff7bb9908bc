/**
 * The keymap and pointer rules of both faces (2-cockpit.md §4 "Keymap", "Palette verbs", "Terminal-sibling
 * extras", "Switching nodes"), as one pure function: a face's event and the view it is looking at in, the
 * commands for the UI session and the root machine out. The view already says everything the rules need
 * (face, overlay, input focus, selection, rows, suggestions, nodes), so no second copy of UI state exists.
 *
 * The focus rule: while a text input has focus (palette, log filter, a screen's form field) unmodified keys
 * are text, not shortcuts; Ctrl (and the terminal's Alt) shortcuts work regardless of focus. The terminal
 * face edits text through `ui.key` (the engine inserts the character); the desktop face edits in real
 * inputs and sends `ui.input`, and sends printable keys only while its input has not taken the focus yet.
 *
 * Decisions where the spec leaves room (also in docs/cockpit.md "The engine"):
 * - `[` and `]` cycle the log pane's tabs while it is shown (clicks on tabs do it on the desktop).
 * - `e` focuses the first field of the screen's form (S11, S13, S14, S12); in a form Tab/Down and
 *   Shift+Tab/Up move between fields, Enter submits, Space or Enter cycles a choice field, Esc leaves.
 * - Terminal `/` opens the log filter prompt (and shows the pane). Esc with text typed cancels the edit; Esc
 *   on an empty prompt clears the committed filter.
 * - Enter on an empty palette takes the highlighted suggestion: a verb without arguments runs; one with
 *   arguments is written into the input, ready for them.
 * - A drop of several paths pre-fills `:upload` with the first (the palette shows it; the operator edits).
 *   A drop the face could not take (`ui.dropFailed`: a file the browser cannot read) is a red banner.
 */
import { LOG_PANE_MAX_HEIGHT, LOG_PANE_MIN_HEIGHT } from './config.js';
import { toEngine, toSession, type UiCommand } from './commands.js';
import { PaletteError, parsePaletteLine, type PaletteCommand } from './palette.js';
import type { ScreenEvent } from '../view/screen-contract.js';
import { DESKTOP_DIGIT_SCREENS, SCREEN_IDS, TERMINAL_ALT_SCREENS, type ScreenId } from '../view/screens.js';
import type { ClickTarget, CockpitUiEvent, KeyEvent } from '../view/ui-events.js';
import {
  LOG_TAB_IDS,
  type CockpitView,
  type FormSection,
  type InputTarget,
  type PaletteView,
  type Section,
  type SelectionView,
} from '../view/view-model.js';

const NONE: UiCommand[] = [];
export const PAGE_ROWS = 10;

export function interpretUiEvent(event: CockpitUiEvent, view: CockpitView): UiCommand[] {
  if (view.exit) return NONE;
  switch (event.type) {
    case 'ui.quit':
      return [toSession({ type: 'session.quit' })];
    case 'ui.drop':
      return event.paths.length ? [toSession({ type: 'palette.open', input: `upload ${quoteWord(event.paths[0]!)}` })] : NONE;
    case 'ui.dropFailed':
      return [toSession({ type: 'banner.show', text: `cannot upload the dropped ${JSON.stringify(event.name)}: ${event.reason}`, tone: 'fail' })];
    case 'ui.scheme':
      // The theme is the engine handle's (actors/cockpit/engine.ts resolves `[ui].theme = auto` with it).
      return NONE;
    case 'ui.focus':
      return focus(event.target, view);
    case 'ui.input':
      return input(event.target, event.value, view);
    case 'ui.submit':
      return submit(event.target, view);
    case 'ui.click':
      return click(event.target, view);
    case 'ui.key':
      return key(event, view);
  }
}

// ------------------------------------------------------------------------------------------------ keys

function key(k: KeyEvent, view: CockpitView): UiCommand[] {
  const global = modifiedShortcut(k, view);
  if (global) return global;
  if (view.inputFocus) return keyWithFocus(k, view.inputFocus, view);
  if (view.overlay) return keyInOverlay(k, view);
  return keyBrowsing(k, view);
}

/** Ctrl shortcuts (both faces) and the terminal's Alt shortcuts: they work whatever has focus. */
function modifiedShortcut(k: KeyEvent, view: CockpitView): UiCommand[] | null {
  const letter = k.key.toLowerCase();
  if (k.ctrl && k.alt) {
    return view.face === 'terminal' && letter === 'n' ? toggleAlerts(view, 'notifications') : null;
  }
  if (k.ctrl) {
    switch (letter) {
      case 'p':
        return view.overlay?.kind === 'palette' ? NONE : [toSession({ type: 'palette.open', input: '' })];
      case 'n':
        return openPicker(view);
      case 'l':
        return [toSession({ type: 'log.toggle' })];
      case 'a':
        return toggleAlerts(view, 'alerts');
      default:
        return null;
    }
  }
  if (k.alt && view.face === 'terminal' && /^[1-9]$/.test(k.key)) {
    return showScreen(view, TERMINAL_ALT_SCREENS[Number(k.key) - 1]!);
  }
  return null;
}

function keyWithFocus(k: KeyEvent, target: InputTarget, view: CockpitView): UiCommand[] {
  // The terminal edits text through keys. The desktop edits in real <input>s (ui.input) and sends printable
  // keys only while none of its inputs holds the focus yet (typed right after `:`, before the palette's
  // input appeared): those are text too, or they would be lost.
  const editsText = !k.ctrl && !k.alt && !k.meta;
  switch (target.kind) {
    case 'palette': {
      const palette = view.overlay?.kind === 'palette' ? view.overlay : null;
      if (!palette) return NONE;
      if (k.key === 'Escape') return [toSession({ type: 'overlay.close' })];
      if (k.key === 'Enter') return submitPalette(palette, view);
      if (k.key === 'Up' || k.key === 'Down') {
        const highlighted = clamp(palette.highlighted + (k.key === 'Up' ? -1 : 1), palette.suggestions.length);
        return highlighted === palette.highlighted ? NONE : [toSession({ type: 'palette.highlight', highlighted })];
      }
      const edited = editsText ? editText(palette.input, k) : null;
      return edited === null ? NONE : [toSession({ type: 'palette.input', input: edited })];
    }
    case 'logFilter': {
      const editing = view.logPane.filter.editing ?? '';
      if (k.key === 'Escape') return [toSession({ type: editing === '' ? 'filter.clear' : 'filter.cancel' })];
      if (k.key === 'Enter') return [toSession({ type: 'filter.commit' })];
      const edited = editsText ? editText(editing, k) : null;
      return edited === null ? NONE : [toSession({ type: 'filter.input', text: edited })];
    }
    case 'form':
      return keyInForm(k, target, view, editsText);
  }
}

function keyInForm(k: KeyEvent, target: Extract<InputTarget, { kind: 'form' }>, view: CockpitView, editsText: boolean): UiCommand[] {
  const form = formSection(view, target.section);
  const index = form?.fields.findIndex((f) => f.id === target.field) ?? -1;
  const field = form?.fields[index];
  if (!form || !field) return [toSession({ type: 'form.blur' })];
  if (k.key === 'Escape') return [toSession({ type: 'form.blur' })];
  const moveTo = (delta: number): UiCommand[] => {
    const next = form.fields[clamp(index + delta, form.fields.length)]!;
    return next.id === field.id ? NONE : [toSession({ type: 'form.focus', section: form.id, field: next.id })];
  };
  if ((k.key === 'Tab' && !k.shift) || k.key === 'Down') return moveTo(1);
  if ((k.key === 'Tab' && k.shift) || k.key === 'Up') return moveTo(-1);
  const screen = view.screen.id;
  if (field.options?.length && (k.key === 'Enter' || k.key === ' ')) {
    const next = field.options[(field.options.indexOf(field.value) + 1) % field.options.length]!;
    return [toEngine({ type: 'engine.screen', screen, event: { type: 'screen.input', section: form.id, field: field.id, value: next } })];
  }
  if (k.key === 'Enter') return submitForm(form, view);
  if (field.options?.length) return NONE;
  const edited = editsText ? editText(field.value, k) : null;
  return edited === null ? NONE : [toEngine({ type: 'engine.screen', screen, event: { type: 'screen.input', section: form.id, field: field.id, value: edited } })];
}

function keyInOverlay(k: KeyEvent, view: CockpitView): UiCommand[] {
  const overlay = view.overlay!;
  if (k.key === 'Escape') return [toSession({ type: 'overlay.close' })];
  switch (overlay.kind) {
    case 'palette':
      // The palette always has input focus; this is reached only if a face cleared it.
      return [toSession({ type: 'palette.open', input: overlay.input })];
    case 'help': {
      if (k.key === '?') return [toSession({ type: 'overlay.close' })];
      // Scrolls a help that does not fit the face (HelpView.top), by entry, like a list.
      const count = overlay.groups.reduce((sum, group) => sum + group.entries.length, 0);
      const top = moved(k, overlay.top ?? 0, count);
      return top === null || top === (overlay.top ?? 0) ? NONE : [toSession({ type: 'help.scroll', top })];
    }
    case 'picker': {
      if (k.key === 'Enter') return overlay.nodes[overlay.highlighted] ? switchTo(overlay.nodes[overlay.highlighted]!.name) : NONE;
      const highlighted = moved(k, overlay.highlighted, overlay.nodes.length);
      return highlighted === null || highlighted === overlay.highlighted ? NONE : [toSession({ type: 'picker.highlight', highlighted })];
    }
    case 'alerts': {
      const highlighted = moved(k, overlay.highlighted, overlay.entries.length);
      return highlighted === null || highlighted === overlay.highlighted ? NONE : [toSession({ type: 'alerts.highlight', highlighted })];
    }
  }
}

function keyBrowsing(k: KeyEvent, view: CockpitView): UiCommand[] {
  if (k.ctrl || k.alt || k.meta) return NONE;
  const terminal = view.face === 'terminal';
  if (!terminal && /^[1-9]$/.test(k.key)) return showScreen(view, DESKTOP_DIGIT_SCREENS[Number(k.key) - 1]!);
  switch (k.key) {
    case 'Tab':
      return cycleScreen(view, k.shift ? -1 : 1);
    case ':':
      return [toSession({ type: 'palette.open', input: '' })];
    case '?':
      return [toSession({ type: 'help.open' })];
    case 'Enter':
      return activateSelection(view);
    case 'Escape':
      return view.screen.drill ? [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.closeDrill' } })] : NONE;
    case '[':
    case ']':
      return view.logPane.visible ? cycleLogTab(view, k.key === '[' ? -1 : 1) : screenKey(view, k.key);
    case 'e': {
      const form = view.screen.sections.find((s): s is FormSection => s.kind === 'form' && s.fields.length > 0);
      return form ? [toSession({ type: 'form.focus', section: form.id, field: form.fields[0]!.id })] : screenKey(view, k.key);
    }
  }
  if (terminal) {
    if (k.key === '/') return [toSession({ type: 'filter.open' })];
    if (k.key === 'L' || (k.key === 'l' && k.shift)) return [toSession({ type: 'log.fullscreen' })];
    if (k.key === '+' || k.key === '-') {
      const height = Math.min(LOG_PANE_MAX_HEIGHT, Math.max(LOG_PANE_MIN_HEIGHT, view.logPane.height + (k.key === '+' ? 1 : -1)));
      return height === view.logPane.height ? NONE : [toSession({ type: 'log.resize', height })];
    }
  }
  const selectionMove = moveSelection(k, view);
  if (selectionMove) return selectionMove;
  return k.key.length === 1 ? screenKey(view, k.key) : NONE;
}

function screenKey(view: CockpitView, key: string): UiCommand[] {
  const selection = selectedRow(view);
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.key', key, ...(selection ? { selection } : {}) } })];
}

/** The selected row of the screen (not of a drill), with its key. */
function selectedRow(view: CockpitView): { section: string; index: number; key?: string } | null {
  const selection = view.screen.selection;
  if (!selection) return null;
  const row = rowsOf(view.screen.sections.find((s) => s.id === selection.section))[selection.index];
  return { ...selection, ...(row ? { key: row.key } : {}) };
}

// ------------------------------------------------------------------------------------------------ selection

interface SelectableTarget {
  readonly sections: readonly Section[];
  readonly selection: SelectionView | null;
  readonly inDrill: boolean;
}

function selectableTarget(view: CockpitView): SelectableTarget {
  const drill = view.screen.drill;
  return drill ? { sections: drill.sections, selection: drill.selection, inDrill: true } : { sections: view.screen.sections, selection: view.screen.selection, inDrill: false };
}

function rowsOf(section: Section | undefined): readonly { readonly key: string }[] {
  if (!section) return [];
  if ((section.kind === 'table' || section.kind === 'tree') && section.selectable) return section.rows;
  return [];
}

/** The section selection moves in: the selected one, else the first selectable one with rows. */
function currentSection(target: SelectableTarget): Section | undefined {
  const chosen = target.selection && target.sections.find((s) => s.id === target.selection!.section);
  return chosen ?? target.sections.find((s) => rowsOf(s).length > 0);
}

function moveSelection(k: KeyEvent, view: CockpitView): UiCommand[] | null {
  const target = selectableTarget(view);
  const section = currentSection(target);
  const rows = rowsOf(section);
  if (!section || rows.length === 0) return isMoveKey(k) ? NONE : null;
  const current = target.selection?.section === section.id ? target.selection.index : -1;
  const next = moved(k, current, rows.length);
  if (next === null) return null;
  if (next === current) return NONE;
  return select(view, target, section.id, next, rows[next]!.key);
}

function select(view: CockpitView, target: SelectableTarget, section: string, index: number, key: string): UiCommand[] {
  const selection = { section, index };
  const event: ScreenEvent = { type: 'screen.select', section, index, key, ...(target.inDrill ? { inDrill: true } : {}) };
  return [
    toSession(target.inDrill ? { type: 'drillSelection.set', selection } : { type: 'selection.set', screen: view.screen.id, selection }),
    toEngine({ type: 'engine.screen', screen: view.screen.id, event }),
  ];
}

function isMoveKey(k: KeyEvent): boolean {
  return ['Up', 'Down', 'j', 'k', 'PageUp', 'PageDown', 'Home', 'End'].includes(k.key);
}

/** The index after a movement key over `count` rows, or null when the key moves nothing. */
function moved(k: KeyEvent, current: number, count: number): number | null {
  if (count === 0) return isMoveKey(k) ? current : null;
  switch (k.key) {
    case 'Up':
    case 'k':
      return clamp(current < 0 ? 0 : current - 1, count);
    case 'Down':
    case 'j':
      return clamp(current + 1, count);
    case 'PageUp':
      return clamp(current - PAGE_ROWS, count);
    case 'PageDown':
      return clamp(current + PAGE_ROWS, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

function clamp(index: number, count: number): number {
  return Math.max(0, Math.min(count - 1, index));
}

function activateSelection(view: CockpitView): UiCommand[] {
  const target = selectableTarget(view);
  const selection = target.selection;
  const section = selection && target.sections.find((s) => s.id === selection.section);
  const row = section ? rowsOf(section)[selection!.index] : undefined;
  if (!selection || !row) return NONE;
  const event: ScreenEvent = { type: 'screen.activate', section: selection.section, index: selection.index, key: row.key, ...(target.inDrill ? { inDrill: true } : {}) };
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event })];
}

// ------------------------------------------------------------------------------------------------ screens, overlays

function showScreen(view: CockpitView, screen: ScreenId): UiCommand[] {
  const commands: UiCommand[] = view.overlay ? [toSession({ type: 'overlay.close' })] : [];
  if (screen === view.screen.id) return commands;
  return [
    ...commands,
    toSession({ type: 'screen.show', screen }),
    toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.visible', visible: false } }),
    toEngine({ type: 'engine.screen', screen, event: { type: 'screen.visible', visible: true } }),
  ];
}

function cycleScreen(view: CockpitView, delta: number): UiCommand[] {
  const index = SCREEN_IDS.indexOf(view.screen.id);
  return showScreen(view, SCREEN_IDS[(index + delta + SCREEN_IDS.length) % SCREEN_IDS.length]!);
}

function cycleLogTab(view: CockpitView, delta: number): UiCommand[] {
  const index = LOG_TAB_IDS.indexOf(view.logPane.activeTab);
  return [toSession({ type: 'log.tab', tab: LOG_TAB_IDS[(index + delta + LOG_TAB_IDS.length) % LOG_TAB_IDS.length]! })];
}

function openPicker(view: CockpitView): UiCommand[] {
  // The session opens it on the active node (the composer knows which row that is).
  return view.overlay?.kind === 'picker' ? NONE : [toSession({ type: 'picker.open' })];
}

function toggleAlerts(view: CockpitView, kind: 'alerts' | 'notifications'): UiCommand[] {
  const title = kind === 'alerts' ? 'Alerts' : 'Notifications';
  if (view.overlay?.kind === 'alerts' && view.overlay.title === title) return [toSession({ type: 'overlay.close' })];
  return [toSession({ type: 'alerts.open', kind }), toEngine({ type: 'engine.alertsSeen' })];
}

function switchTo(name: string): UiCommand[] {
  return [toSession({ type: 'overlay.close' }), toEngine({ type: 'engine.switchNode', target: name })];
}

// ------------------------------------------------------------------------------------------------ palette

function submitPalette(palette: PaletteView, view: CockpitView): UiCommand[] {
  let line = palette.input;
  if (line.trim() === '' || line.trim() === ':') {
    const suggestion = palette.suggestions[palette.highlighted];
    if (!suggestion) return NONE;
    const word = suggestion.usage.split(' ')[0]!.replace(/^:/, '');
    if (/[<[]|…/.test(suggestion.usage)) return [toSession({ type: 'palette.input', input: `${word} ` })];
    line = word;
  }
  let command: PaletteCommand;
  try {
    command = parsePaletteLine(line, view.face);
  } catch (error) {
    if (!(error instanceof PaletteError)) throw error;
    return [toSession({ type: 'palette.refuse', error: error.message }), toSession({ type: 'banner.show', text: error.message, tone: 'fail' })];
  }
  return [toSession({ type: 'overlay.close' }), ...execute(command, { ...view, overlay: null })];
}

/** A parsed palette command's effect; `view` is as after the palette closed. */
export function execute(command: PaletteCommand, view: CockpitView): UiCommand[] {
  switch (command.kind) {
    case 'screen':
      return showScreen(view, command.screen);
    case 'openPicker':
      return openPicker(view);
    case 'switchNode':
      return [toEngine({ type: 'engine.switchNode', target: command.target })];
    case 'toggleLogs':
      return [toSession({ type: 'log.toggle' })];
    case 'toggleAlerts':
      return toggleAlerts(view, 'alerts');
    case 'openNotifications':
      return toggleAlerts(view, 'notifications');
    case 'help':
      return [toSession({ type: 'help.open' })];
    case 'quit':
      return [toSession({ type: 'session.quit' })];
    case 'screenCommand':
      return [
        ...showScreen(view, command.screen),
        toEngine({ type: 'engine.screen', screen: command.screen, event: { type: 'screen.command', verb: command.verb, args: command.args } }),
      ];
    case 'oneShot':
      return [toEngine({ type: 'engine.oneShot', verb: command.verb, args: command.args })];
    case 'watchStart':
      return [toEngine({ type: 'engine.watchStart', reference: command.reference, intervalSeconds: command.intervalSeconds, clampedFrom: command.clampedFrom })];
    case 'watchStop':
      return [toEngine({ type: 'engine.watchStop', reference: command.reference })];
  }
}

// ------------------------------------------------------------------------------------------------ desktop inputs, clicks

function focus(target: InputTarget | null, view: CockpitView): UiCommand[] {
  if (target === null) {
    if (view.inputFocus?.kind === 'form') return [toSession({ type: 'form.blur' })];
    if (view.inputFocus?.kind === 'logFilter') return [toSession({ type: 'filter.commit' })];
    return NONE;
  }
  switch (target.kind) {
    case 'palette':
      return view.overlay?.kind === 'palette' ? NONE : [toSession({ type: 'palette.open', input: '' })];
    case 'logFilter':
      return view.inputFocus?.kind === 'logFilter' ? NONE : [toSession({ type: 'filter.open' })];
    case 'form':
      return formSection(view, target.section) ? [toSession({ type: 'form.focus', section: target.section, field: target.field })] : NONE;
  }
}

function input(target: InputTarget, value: string, view: CockpitView): UiCommand[] {
  switch (target.kind) {
    case 'palette':
      return [toSession(view.overlay?.kind === 'palette' ? { type: 'palette.input', input: value } : { type: 'palette.open', input: value })];
    case 'logFilter':
      return [...(view.inputFocus?.kind === 'logFilter' ? [] : [toSession({ type: 'filter.open' })]), toSession({ type: 'filter.input', text: value })];
    case 'form':
      return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.input', section: target.section, field: target.field, value } })];
  }
}

function submit(target: InputTarget, view: CockpitView): UiCommand[] {
  switch (target.kind) {
    case 'palette':
      return view.overlay?.kind === 'palette' ? submitPalette(view.overlay, view) : NONE;
    case 'logFilter':
      return [toSession({ type: 'filter.commit' })];
    case 'form': {
      const form = formSection(view, target.section);
      return form ? submitForm(form, view) : NONE;
    }
  }
}

function submitForm(form: FormSection, view: CockpitView): UiCommand[] {
  const values = Object.fromEntries(form.fields.map((field) => [field.id, field.value]));
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.submit', section: form.id, values } })];
}

function click(target: ClickTarget, view: CockpitView): UiCommand[] {
  switch (target.kind) {
    case 'tab':
      return showScreen(view, target.screen);
    case 'row':
    case 'drillRow': {
      const inDrill = target.kind === 'drillRow';
      const sections = inDrill ? view.screen.drill?.sections ?? [] : view.screen.sections;
      const selectionNow = inDrill ? view.screen.drill?.selection ?? null : view.screen.selection;
      const row = rowsOf(sections.find((s) => s.id === target.section))[target.index];
      if (!row) return NONE;
      const already = selectionNow?.section === target.section && selectionNow.index === target.index;
      const selectCommands = already ? [] : select(view, { sections, selection: selectionNow, inDrill }, target.section, target.index, row.key);
      if (!target.activate && !already) return selectCommands;
      const event: ScreenEvent = { type: 'screen.activate', section: target.section, index: target.index, key: row.key, ...(inDrill ? { inDrill: true } : {}) };
      return [...selectCommands, toEngine({ type: 'engine.screen', screen: view.screen.id, event })];
    }
    case 'action': {
      const selection = selectedRow(view);
      const event: ScreenEvent = { type: 'screen.action', id: target.id, ...(selection ? { selection } : {}) };
      return [toEngine({ type: 'engine.screen', screen: view.screen.id, event })];
    }
    case 'suggestion': {
      if (view.overlay?.kind !== 'palette' || !view.overlay.suggestions[target.index]) return NONE;
      return submitPalette({ ...view.overlay, input: '', highlighted: target.index }, view);
    }
    case 'pickerNode': {
      const node = view.overlay?.kind === 'picker' ? view.overlay.nodes[target.index] : undefined;
      return node ? switchTo(node.name) : NONE;
    }
    case 'logTab':
      return [toSession({ type: 'log.tab', tab: target.tab })];
    case 'alert':
      return view.overlay?.kind === 'alerts' ? [toSession({ type: 'alerts.highlight', highlighted: clamp(target.index, view.overlay.entries.length) })] : NONE;
    case 'cell':
      return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.reveal', section: target.section, index: target.index, column: target.column } })];
    case 'closeOverlay':
      return view.overlay ? [toSession({ type: 'overlay.close' })] : NONE;
    case 'closeDrill':
      return view.screen.drill ? [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.closeDrill' } })] : NONE;
  }
}

// ------------------------------------------------------------------------------------------------ helpers

function formSection(view: CockpitView, id: string): FormSection | undefined {
  return view.screen.sections.find((s): s is FormSection => s.kind === 'form' && s.id === id);
}

/** Terminal line editing: a printable character appends, Backspace removes the last; anything else is not an edit. */
function editText(text: string, k: KeyEvent): string | null {
  if (k.key === 'Backspace') return text.slice(0, -1);
  if ([...k.key].length === 1 && k.key >= ' ') return text + k.key;
  return null;
}

function quoteWord(path: string): string {
  if (!/\s|["']/.test(path)) return path;
  return path.includes('"') ? `'${path}'` : `"${path}"`;
}
