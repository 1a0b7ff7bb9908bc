/**
 * What each command of the binding table (core/cockpit/bindings/key-bindings.ts) does to the view a face shows:
 * UI session events and engine requests (commands.ts). The table says which key runs which command where;
 * this says what the command does, so the two never hold a key twice. `context` is the context the key was
 * resolved in (Enter activates a row while browsing, the highlighted node in the picker).
 *
 * The palette's line runs here too (submitPalette): a verb that does what a key does (`:nodes` is Ctrl+N)
 * runs that key's command, so the two cannot drift apart.
 */
import { LOG_PANE_MAX_HEIGHT, LOG_PANE_MIN_HEIGHT } from './config.js';
import { toEngine, toSession, type UiCommand } from './commands.js';
import { PaletteError, parsePaletteLine, type PaletteCommand } from './palette.js';
import {
  NONE,
  activateSelection,
  clamp,
  cycleLogTab,
  cycleScreen,
  formSection,
  moveSelection,
  moved,
  openPicker,
  screenAction,
  showScreen,
  submitForm,
  switchTo,
  toggleAlerts,
  type MoveBy,
} from './ui-actions.js';
import type { KeyCommand, KeyContext } from '../bindings/key-bindings.js';
import type { KeyEvent } from '../view/ui-events.js';
import type { CockpitView, FormSection, PaletteView } from '../view/view-model.js';

export function runKeyCommand(command: KeyCommand, view: CockpitView, context: KeyContext, key?: KeyEvent): UiCommand[] {
  switch (command.kind) {
    case 'screen.show':
      return showScreen(view, command.screen);
    case 'screen.cycle':
      return cycleScreen(view, command.delta);
    case 'palette.open':
      return view.overlay?.kind === 'palette' ? NONE : [toSession({ type: 'palette.open', input: '' })];
    case 'picker.open':
      return openPicker(view);
    case 'help.open':
      return [toSession({ type: 'help.open' })];
    case 'alerts.toggle':
      return toggleAlerts(view, command.list);
    case 'log.toggle':
      return [toSession({ type: 'log.toggle' })];
    case 'quit':
      return [toSession({ type: 'session.quit' })];
    case 'overlay.close':
      return view.overlay ? [toSession({ type: 'overlay.close' })] : NONE;
    case 'move':
      return move(command.by, view, context);
    case 'activate':
      return context === 'picker' ? switchToHighlighted(view) : activateSelection(view);
    case 'drill.close':
      return view.screen.drill ? [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.closeDrill' } })] : NONE;
    case 'form.focus': {
      const form = view.screen.sections.find((s): s is FormSection => s.kind === 'form' && s.fields.length > 0);
      return form ? [toSession({ type: 'form.focus', section: form.id, field: form.fields[0]!.id })] : NONE;
    }
    case 'screen.action':
      return screenAction(view, command.id);
    case 'log.tab':
      return cycleLogTab(view, command.delta);
    case 'log.fullscreen':
      return [toSession({ type: 'log.fullscreen' })];
    case 'log.resize': {
      const height = Math.min(LOG_PANE_MAX_HEIGHT, Math.max(LOG_PANE_MIN_HEIGHT, view.logPane.height + command.delta));
      return height === view.logPane.height ? NONE : [toSession({ type: 'log.resize', height })];
    }
    case 'filter.open':
      return [toSession({ type: 'filter.open' })];
    case 'palette.run':
      return view.overlay?.kind === 'palette' ? submitPalette(view.overlay, view) : NONE;
    case 'palette.choose': {
      if (view.overlay?.kind !== 'palette') return NONE;
      const highlighted = clamp(view.overlay.highlighted + command.delta, view.overlay.suggestions.length);
      return highlighted === view.overlay.highlighted ? NONE : [toSession({ type: 'palette.highlight', highlighted })];
    }
    case 'filter.apply':
      return [toSession({ type: 'filter.commit' })];
    case 'filter.cancel':
      return [toSession({ type: (view.logPane.filter.editing ?? '') === '' ? 'filter.clear' : 'filter.cancel' })];
    case 'form.field':
    case 'form.choice':
    case 'form.submit':
    case 'form.leave':
      return formCommand(command, view);
    case 'text.type':
      return key ? editFocused(view, (text) => text + key.key) : NONE;
    case 'text.erase':
      return editFocused(view, (text) => text.slice(0, -1));
  }
}

function move(by: MoveBy, view: CockpitView, context: KeyContext): UiCommand[] {
  const overlay = view.overlay;
  if (context === 'picker' && overlay?.kind === 'picker') {
    const highlighted = moved(by, overlay.highlighted, overlay.nodes.length);
    return highlighted === overlay.highlighted ? NONE : [toSession({ type: 'picker.highlight', highlighted })];
  }
  if (context === 'alerts' && overlay?.kind === 'alerts') {
    const highlighted = moved(by, overlay.highlighted, overlay.entries.length);
    return highlighted === overlay.highlighted ? NONE : [toSession({ type: 'alerts.highlight', highlighted })];
  }
  if (context === 'help' && overlay?.kind === 'help') {
    // Scrolls a help that does not fit the face (HelpView.top), by entry, like a list.
    const count = overlay.groups.reduce((sum, group) => sum + group.entries.length, 0);
    const top = moved(by, overlay.top ?? 0, count);
    return top === (overlay.top ?? 0) ? NONE : [toSession({ type: 'help.scroll', top })];
  }
  return moveSelection(by, view);
}

function switchToHighlighted(view: CockpitView): UiCommand[] {
  const node = view.overlay?.kind === 'picker' ? view.overlay.nodes[view.overlay.highlighted] : undefined;
  return node ? switchTo(node.name) : NONE;
}

function focusedField(view: CockpitView) {
  const focus = view.inputFocus;
  if (focus?.kind !== 'form') return null;
  const form = formSection(view, focus.section);
  const index = form?.fields.findIndex((f) => f.id === focus.field) ?? -1;
  const field = form?.fields[index];
  return form && field ? { form, field, index } : null;
}

function formCommand(command: Extract<KeyCommand, { kind: 'form.field' | 'form.choice' | 'form.submit' | 'form.leave' }>, view: CockpitView): UiCommand[] {
  const focused = focusedField(view);
  if (!focused || command.kind === 'form.leave') return [toSession({ type: 'form.blur' })];
  const { form, field, index } = focused;
  const screen = view.screen.id;
  if (command.kind === 'form.field') {
    const next = form.fields[clamp(index + command.delta, form.fields.length)]!;
    return next.id === field.id ? NONE : [toSession({ type: 'form.focus', section: form.id, field: next.id })];
  }
  if (field.options?.length) {
    const next = field.options[(field.options.indexOf(field.value) + 1) % field.options.length]!;
    return [toEngine({ type: 'engine.screen', screen, event: { type: 'screen.input', section: form.id, field: field.id, value: next } })];
  }
  return command.kind === 'form.submit' ? submitForm(form, view) : NONE;
}

/**
 * A paste goes into the focused input as typed text: line breaks and tabs become spaces (a trailing line break
 * goes), other control characters are dropped. Without a focused input it does nothing: pasted text never
 * acts as keys.
 */
export function pasteText(view: CockpitView, text: string): UiCommand[] {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\r\n]+$/, '').replace(/\r\n|[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  return view.inputFocus && clean !== '' ? editFocused(view, (current) => current + clean) : NONE;
}

/**
 * Terminal line editing (the desktop edits in real inputs and sends `ui.input`; it sends printable keys only
 * while its input has not taken the focus yet, and those are text too): the focused input's text, changed.
 */
function editFocused(view: CockpitView, edit: (text: string) => string): UiCommand[] {
  const focus = view.inputFocus;
  if (focus?.kind === 'palette') {
    const palette = view.overlay?.kind === 'palette' ? view.overlay : null;
    return palette ? [toSession({ type: 'palette.input', input: edit(palette.input) })] : NONE;
  }
  if (focus?.kind === 'logFilter') return [toSession({ type: 'filter.input', text: edit(view.logPane.filter.editing ?? '') })];
  const focused = focusedField(view);
  // A choice field is not typed into: Space and Enter cycle it.
  if (!focused || focused.field.options?.length) return NONE;
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.input', section: focused.form.id, field: focused.field.id, value: edit(focused.field.value) } })];
}

// ------------------------------------------------------------------------------------------------ the palette's line

export function submitPalette(palette: PaletteView, view: CockpitView): UiCommand[] {
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
  return [toSession({ type: 'overlay.close' }), ...execute(command, { ...view, overlay: null, inputFocus: null })];
}

/** A parsed palette command's effect; `view` is as after the palette closed. */
export function execute(command: PaletteCommand, view: CockpitView): UiCommand[] {
  switch (command.kind) {
    case 'key':
      return runKeyCommand(command.command, view, 'browsing');
    case 'screen':
      return showScreen(view, command.screen);
    case 'switchNode':
      return [toEngine({ type: 'engine.switchNode', target: command.target })];
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
    case 'polling':
      return [toEngine({ type: 'engine.polling', preset: command.preset })];
    case 'supervisor':
      return [toEngine({ type: 'engine.supervisor', action: command.action })];
  }
}
