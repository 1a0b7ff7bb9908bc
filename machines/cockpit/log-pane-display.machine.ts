/**
 * logPaneDisplayMachine: how the log pane is shown, apart from what it shows (logPaneMachine invokes it
 * as its child `display` and forwards these events to it).
 *
 * States
 *   docked      the bottom pane, `height` lines (4..24, spec §8; `+`/`-` in the terminal).
 *   hidden      toggled off (Ctrl+L, `:logs`).
 *   fullscreen  the whole window or terminal (Shift+L); Shift+L again docks it.
 *
 * Events from the faces: `pane.toggle`, `pane.fullscreen`, `pane.grow`, `pane.shrink`, `pane.tab`
 * (one of the seven tabs), `filter.set` (case-insensitive substring; '' clears). Each height change is
 * emitted as `pane.resized` for the data-directory store (actors/log-pane/pane-settings.ts).
 */
import { assign, emit, setup } from 'xstate';
import type { LogTab } from '../../core/log/log-book.js';

export const PANE_MIN_LINES = 4;
export const PANE_MAX_LINES = 24;
export const PANE_DEFAULT_LINES = 8;

export interface LogPaneDisplayInput {
  /** The persisted height; the pane always opens docked (send `pane.toggle` to start hidden). */
  height?: number;
}

export interface LogPaneDisplayContext {
  height: number;
  activeTab: LogTab;
  filter: string;
}

export type LogPaneDisplayEvent =
  | { type: 'pane.toggle' }
  | { type: 'pane.fullscreen' }
  | { type: 'pane.grow' }
  | { type: 'pane.shrink' }
  | { type: 'pane.tab'; tab: LogTab }
  | { type: 'filter.set'; text: string };

export type LogPaneDisplayEmitted = { type: 'pane.resized'; height: number };

export function clampHeight(lines: number): number {
  return Number.isFinite(lines) ? Math.min(PANE_MAX_LINES, Math.max(PANE_MIN_LINES, Math.round(lines))) : PANE_DEFAULT_LINES;
}

export const logPaneDisplayMachine = setup({
  types: {
    context: {} as LogPaneDisplayContext,
    events: {} as LogPaneDisplayEvent,
    input: {} as LogPaneDisplayInput,
    emitted: {} as LogPaneDisplayEmitted,
  },
  actions: {
    resize: assign(({ context }, delta: number) => ({ height: clampHeight(context.height + delta) })),
    emitHeight: emit(({ context }) => ({ type: 'pane.resized' as const, height: context.height })),
    selectTab: assign((_, tab: LogTab) => ({ activeTab: tab })),
    setFilter: assign((_, text: string) => ({ filter: text })),
  },
}).createMachine({
  id: 'logPaneDisplay',
  description: 'How the log pane is shown: docked (4..24 lines), hidden or fullscreen; active tab and filter.',
  context: ({ input }) => ({ height: clampHeight(input.height ?? PANE_DEFAULT_LINES), activeTab: 'errors', filter: '' }),
  initial: 'docked',
  on: {
    'pane.grow': { actions: [{ type: 'resize', params: 1 }, 'emitHeight'] },
    'pane.shrink': { actions: [{ type: 'resize', params: -1 }, 'emitHeight'] },
    'pane.tab': { actions: { type: 'selectTab', params: ({ event }) => event.tab } },
    'filter.set': { actions: { type: 'setFilter', params: ({ event }) => event.text } },
  },
  states: {
    docked: {
      description: 'The bottom pane, height lines tall.',
      on: { 'pane.toggle': 'hidden', 'pane.fullscreen': 'fullscreen' },
    },
    hidden: {
      description: 'Toggled off (Ctrl+L, :logs); the rings keep filling.',
      on: { 'pane.toggle': 'docked', 'pane.fullscreen': 'fullscreen' },
    },
    fullscreen: {
      description: 'The whole window or terminal (Shift+L).',
      on: { 'pane.toggle': 'hidden', 'pane.fullscreen': 'docked' },
    },
  },
});
