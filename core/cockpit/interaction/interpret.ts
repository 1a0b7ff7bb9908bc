/**
 * The keymap and pointer rules of both faces (2-cockpit.md §4), as one pure function: a face's event and the
 * view it is looking at in, the commands for the UI session and the root machine out. The view already says
 * everything the rules need (face, overlay, input focus, selection, rows, suggestions, nodes), so no second
 * copy of UI state exists.
 *
 * Keys come from the binding table (core/cockpit/bindings/key-bindings.ts): a key press runs the command of
 * the first row of an active context that applies, and a key no row takes does nothing. That table holds the
 * focus rule too: while a text input has focus (palette, log filter, a screen's form field) only Ctrl (and the
 * terminal's Alt) chords and that input's own keys are shortcuts; the rest is text. The terminal face edits
 * text through `ui.key` (the engine inserts the character); the desktop face edits in real inputs and sends
 * `ui.input`, and sends printable keys only while its input has not taken the focus yet.
 *
 * Decisions where the spec leaves room (also in docs/cockpit.md "The engine"):
 * - Enter on an empty palette takes the highlighted suggestion: a verb without arguments runs; one with
 *   arguments is written into the input, ready for them.
 * - A drop of several paths pre-fills `:upload` with the first (the palette shows it; the operator edits).
 *   A drop the face could not take (`ui.dropFailed`: a file the browser cannot read) is a red banner.
 */
import { toEngine, toSession, type UiCommand } from './commands.js';
import { pasteText, runKeyCommand, submitPalette } from './key-commands.js';
import { NONE, formSection, rowsOf, screenAction, select, showScreen, submitForm, switchTo, clamp } from './ui-actions.js';
import { resolveKey } from '../bindings/resolve.js';
import type { ScreenEvent } from '../view/screen-contract.js';
import type { ClickTarget, CockpitUiEvent, KeyEvent } from '../view/ui-events.js';
import type { CockpitView, InputTarget } from '../view/view-model.js';

export function interpretUiEvent(event: CockpitUiEvent, view: CockpitView): UiCommand[] {
  if (view.exit) return NONE;
  switch (event.type) {
    case 'ui.quit':
      return [toSession({ type: 'session.quit' })];
    case 'ui.drop':
      return event.paths.length ? [toSession({ type: 'palette.open', input: `upload ${quoteWord(event.paths[0]!)}` })] : NONE;
    case 'ui.dropFailed':
      return [toSession({ type: 'banner.show', text: `cannot upload the dropped ${JSON.stringify(event.name)}: ${event.reason}`, tone: 'fail' })];
    case 'ui.viewport':
      return [toSession({ type: 'log.fit', rows: event.rows })];
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
    case 'ui.paste':
      return pasteText(view, event.text);
  }
}

// ------------------------------------------------------------------------------------------------ keys

/** A key press: the binding table's row for it in the view's contexts, run; a key no row takes does nothing. */
function key(k: KeyEvent, view: CockpitView): UiCommand[] {
  const resolved = resolveKey(k, view);
  return resolved ? runKeyCommand(resolved.row.command, view, resolved.context, k) : NONE;
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
    case 'action':
      return screenAction(view, target.id);
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

function quoteWord(path: string): string {
  if (!/\s|["']/.test(path)) return path;
  return path.includes('"') ? `'${path}'` : `"${path}"`;
}
