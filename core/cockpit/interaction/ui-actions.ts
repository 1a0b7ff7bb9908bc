/**
 * What the keymap's commands (key-commands.ts), palette verbs (palette-run.ts) and pointer events
 * (interpret.ts) do to the view, as UI session events and engine requests (commands.ts): show a screen, move
 * or activate a selection, open or toggle an overlay, submit a form. Pure functions of the view a face shows.
 */
import { toEngine, toSession, type UiCommand } from './commands.js';
import type { ScreenEvent } from '../view/screen-contract.js';
import { SCREEN_IDS, type ScreenId } from '../view/screens.js';
import { LOG_TAB_IDS, type CockpitView, type FormSection, type Section, type SelectionView } from '../view/view-model.js';

export const NONE: UiCommand[] = [];

// ------------------------------------------------------------------------------------------------ screens, overlays

export function showScreen(view: CockpitView, screen: ScreenId): UiCommand[] {
  const commands: UiCommand[] = view.overlay ? [toSession({ type: 'overlay.close' })] : [];
  if (screen === view.screen.id) return commands;
  return [
    ...commands,
    toSession({ type: 'screen.show', screen }),
    toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.visible', visible: false } }),
    toEngine({ type: 'engine.screen', screen, event: { type: 'screen.visible', visible: true } }),
  ];
}

export function cycleScreen(view: CockpitView, delta: number): UiCommand[] {
  const index = SCREEN_IDS.indexOf(view.screen.id);
  return showScreen(view, SCREEN_IDS[(index + delta + SCREEN_IDS.length) % SCREEN_IDS.length]!);
}

export function cycleLogTab(view: CockpitView, delta: number): UiCommand[] {
  const index = LOG_TAB_IDS.indexOf(view.logPane.activeTab);
  return [toSession({ type: 'log.tab', tab: LOG_TAB_IDS[(index + delta + LOG_TAB_IDS.length) % LOG_TAB_IDS.length]! })];
}

export function openPicker(view: CockpitView): UiCommand[] {
  // The session opens it on the active node (the composer knows which row that is).
  return view.overlay?.kind === 'picker' ? NONE : [toSession({ type: 'picker.open' })];
}

export function toggleAlerts(view: CockpitView, kind: 'alerts' | 'notifications'): UiCommand[] {
  const title = kind === 'alerts' ? 'Alerts' : 'Notifications';
  if (view.overlay?.kind === 'alerts' && view.overlay.title === title) return [toSession({ type: 'overlay.close' })];
  return [toSession({ type: 'alerts.open', kind }), toEngine({ type: 'engine.alertsSeen' })];
}

export function switchTo(name: string): UiCommand[] {
  return [toSession({ type: 'overlay.close' }), toEngine({ type: 'engine.switchNode', target: name })];
}

// ------------------------------------------------------------------------------------------------ selection

export const PAGE_ROWS = 10;

/** Where a selection moves: by rows (a page is PAGE_ROWS), or to an end. */
export type MoveBy = -1 | 1 | -10 | 10 | 'first' | 'last';

export interface SelectableTarget {
  readonly sections: readonly Section[];
  readonly selection: SelectionView | null;
  readonly inDrill: boolean;
}

export function selectableTarget(view: CockpitView): SelectableTarget {
  const drill = view.screen.drill;
  return drill ? { sections: drill.sections, selection: drill.selection, inDrill: true } : { sections: view.screen.sections, selection: view.screen.selection, inDrill: false };
}

export function rowsOf(section: Section | undefined): readonly { readonly key: string }[] {
  if (!section) return [];
  if ((section.kind === 'table' || section.kind === 'tree') && section.selectable) return section.rows;
  return [];
}

/** The section selection moves in: the selected one, else the first selectable one with rows. */
function currentSection(target: SelectableTarget): Section | undefined {
  const chosen = target.selection && target.sections.find((s) => s.id === target.selection!.section);
  return chosen ?? target.sections.find((s) => rowsOf(s).length > 0);
}

export function clamp(index: number, count: number): number {
  return Math.max(0, Math.min(count - 1, index));
}

/** The index after a move over `count` entries (from -1: nothing selected yet). */
export function moved(by: MoveBy, current: number, count: number): number {
  if (count === 0) return current;
  if (by === 'first') return 0;
  if (by === 'last') return count - 1;
  if (by === -1) return clamp(current < 0 ? 0 : current - 1, count);
  return clamp(current + (by === -10 ? -PAGE_ROWS : by === 10 ? PAGE_ROWS : by), count);
}

export function moveSelection(by: MoveBy, view: CockpitView): UiCommand[] {
  const target = selectableTarget(view);
  const section = currentSection(target);
  const rows = rowsOf(section);
  if (!section || rows.length === 0) return NONE;
  const current = target.selection?.section === section.id ? target.selection.index : -1;
  const next = moved(by, current, rows.length);
  return next === current ? NONE : select(view, target, section.id, next, rows[next]!.key);
}

export function select(view: CockpitView, target: SelectableTarget, section: string, index: number, key: string): UiCommand[] {
  const selection = { section, index };
  const event: ScreenEvent = { type: 'screen.select', section, index, key, ...(target.inDrill ? { inDrill: true } : {}) };
  return [
    toSession(target.inDrill ? { type: 'drillSelection.set', selection } : { type: 'selection.set', screen: view.screen.id, selection }),
    toEngine({ type: 'engine.screen', screen: view.screen.id, event }),
  ];
}

export function activateSelection(view: CockpitView): UiCommand[] {
  const target = selectableTarget(view);
  const selection = target.selection;
  const section = selection && target.sections.find((s) => s.id === selection.section);
  const row = section ? rowsOf(section)[selection!.index] : undefined;
  if (!selection || !row) return NONE;
  const event: ScreenEvent = { type: 'screen.activate', section: selection.section, index: selection.index, key: row.key, ...(target.inDrill ? { inDrill: true } : {}) };
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event })];
}

/** The selected row of the screen (not of a drill), with its key. */
export function selectedRow(view: CockpitView): { section: string; index: number; key?: string } | null {
  const selection = view.screen.selection;
  if (!selection) return null;
  const row = rowsOf(view.screen.sections.find((s) => s.id === selection.section))[selection.index];
  return { ...selection, ...(row ? { key: row.key } : {}) };
}

/** A screen button or key action, with the selected row (Switch to, Remove act on it). */
export function screenAction(view: CockpitView, id: string): UiCommand[] {
  const selection = selectedRow(view);
  const event: ScreenEvent = { type: 'screen.action', id, ...(selection ? { selection } : {}) };
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event })];
}

// ------------------------------------------------------------------------------------------------ forms

export function formSection(view: CockpitView, id: string): FormSection | undefined {
  return view.screen.sections.find((s): s is FormSection => s.kind === 'form' && s.id === id);
}

export function submitForm(form: FormSection, view: CockpitView): UiCommand[] {
  const values = Object.fromEntries(form.fields.map((field) => [field.id, field.value]));
  return [toEngine({ type: 'engine.screen', screen: view.screen.id, event: { type: 'screen.submit', section: form.id, values } })];
}
