/**
 * The UI session of one cockpit face: which screen is shown, which overlay is open, what is selected, the log
 * pane's layout and filter, and the one-shot banner. It decides nothing about keys: the pure interpreter
 * (core/cockpit/interaction/interpret.ts) turns a face's key, click or input into the events below, reading the
 * current view, so every rule of the keymap is tested without a machine and this chart only keeps the state.
 *
 * States
 * - open.browsing: no overlay; keys move the selection, switch screens, reach the screen.
 * - open.palette: the command palette (`:` / Ctrl+P); its input has focus. A refused line stays open with
 *   the reason (and a red banner).
 * - open.picker: the node picker (Ctrl+N / `:nodes`); opens on the active node.
 * - open.help: the keys and verbs of this face (`?` / `:help`).
 * - open.alerts: the alerts popup (Ctrl+A) or the notification history (Ctrl+Alt+N, `:notifications`).
 * - open.filtering: the terminal's log filter prompt (`/`); its input has focus.
 * - open.editingForm: a field of the screen's form has focus.
 * - closed: `:quit`, Ctrl+C or the window closing; the face sees `exit` in the view and stops the engine.
 *
 * Events come from the engine handle (actors/cockpit/engine.ts) after interpretation, and `node.switched` from
 * the root machine (a new node has its own rows, so selections start over). The banner clears itself after
 * the named delay `bannerTtl` (8 s, 2-cockpit.md §8).
 */
import { assign, raise, setup, type SnapshotFrom } from 'xstate';
import { LOG_PANE_DEFAULT_HEIGHT, LOG_PANE_MAX_HEIGHT, LOG_PANE_MIN_HEIGHT, LOG_PANE_OPEN_ROWS } from '../../core/cockpit/interaction/config.js';
import type { UiSessionEvent } from '../../core/cockpit/interaction/commands.js';
import type { UiMode, UiSessionContext, UiSessionState } from '../../core/cockpit/interaction/session-state.js';
import type { ScreenId } from '../../core/cockpit/view/screens.js';
import type { Face } from '../../core/cockpit/view/view-model.js';

export type { UiSessionContext };

export interface UiSessionInput {
  readonly face: Face;
  /** The screen to open on (the persisted last screen). */
  readonly screen?: ScreenId;
  readonly logPaneHeight?: number;
  /** The log pane is open at start (`[ui] log_pane`, or the face's default by its size); absent: closed. */
  readonly logPaneVisible?: boolean;
  /** `[ui] log_pane` was set: the face's size (`log.fit`) does not open or close the pane. */
  readonly logPaneChosen?: boolean;
  readonly logFilter?: string;
}

export type UiSessionMachineEvent = UiSessionEvent | { readonly type: 'node.switched' } | { readonly type: 'banner.expire'; readonly id: number };

export const BANNER_TTL_MS = 8_000;

const clampHeight = (height: number) => Math.min(LOG_PANE_MAX_HEIGHT, Math.max(LOG_PANE_MIN_HEIGHT, Math.round(height)));

export const uiSessionMachine = setup({
  types: {} as { context: UiSessionContext; input: UiSessionInput; events: UiSessionMachineEvent },
  delays: { bannerTtl: BANNER_TTL_MS },
  guards: {
    logNotChosen: ({ context }) => context.log.chosen !== true,
    isCurrentBanner: ({ context, event }) => event.type === 'banner.expire' && context.banner?.id === event.id,
  },
  actions: {
    showScreen: assign(({ context, event }) => (event.type === 'screen.show' ? { screen: event.screen, drillSelection: null } : { screen: context.screen })),
    setSelection: assign(({ context, event }) =>
      event.type === 'selection.set' ? { selections: { ...context.selections, [event.screen]: event.selection } } : {},
    ),
    setDrillSelection: assign(({ event }) => (event.type === 'drillSelection.set' ? { drillSelection: event.selection } : {})),
    forgetSelections: assign({ selections: {}, drillSelection: null, pickerHighlighted: null }),
    openPalette: assign(({ event }) => ({ palette: { input: event.type === 'palette.open' ? event.input : '', highlighted: 0, error: null } })),
    editPalette: assign(({ event }) => (event.type === 'palette.input' ? { palette: { input: event.input, highlighted: 0, error: null } } : {})),
    highlightPalette: assign(({ context, event }) =>
      event.type === 'palette.highlight' ? { palette: { ...context.palette, highlighted: Math.max(0, event.highlighted) } } : {},
    ),
    refusePalette: assign(({ context, event }) => (event.type === 'palette.refuse' ? { palette: { ...context.palette, error: event.error } } : {})),
    openPicker: assign({ pickerHighlighted: null }),
    openHelp: assign({ helpTop: 0 }),
    scrollHelp: assign(({ event }) => (event.type === 'help.scroll' ? { helpTop: Math.max(0, Math.round(event.top)) } : {})),
    highlightPicker: assign(({ event }) => (event.type === 'picker.highlight' ? { pickerHighlighted: Math.max(0, event.highlighted) } : {})),
    openAlerts: assign(({ event }) => (event.type === 'alerts.open' ? { alerts: { kind: event.kind, highlighted: 0 } } : {})),
    highlightAlert: assign(({ context, event }) =>
      event.type === 'alerts.highlight' ? { alerts: { ...context.alerts, highlighted: Math.max(0, event.highlighted) } } : {},
    ),
    toggleLog: assign(({ context }) => ({ log: { ...context.log, visible: !context.log.visible, fullscreen: false, chosen: true } })),
    toggleFullscreen: assign(({ context }) => ({ log: { ...context.log, visible: true, fullscreen: !context.log.fullscreen, chosen: true } })),
    fitLog: assign(({ context, event }) => (event.type === 'log.fit' ? { log: { ...context.log, visible: event.rows >= LOG_PANE_OPEN_ROWS } } : {})),
    resizeLog: assign(({ context, event }) => (event.type === 'log.resize' ? { log: { ...context.log, height: clampHeight(event.height) } } : {})),
    chooseLogTab: assign(({ context, event }) => (event.type === 'log.tab' ? { log: { ...context.log, visible: true, tab: event.tab, chosen: true } } : {})),
    startFilter: assign(({ context }) => ({ log: { ...context.log, visible: true, editing: context.log.filter, chosen: true } })),
    editFilter: assign(({ context, event }) => (event.type === 'filter.input' ? { log: { ...context.log, editing: event.text } } : {})),
    commitFilter: assign(({ context }) => ({ log: { ...context.log, filter: context.log.editing.trim(), editing: '' } })),
    cancelFilter: assign(({ context }) => ({ log: { ...context.log, editing: '' } })),
    clearFilter: assign(({ context }) => ({ log: { ...context.log, filter: '', editing: '' } })),
    focusField: assign(({ event }) => (event.type === 'form.focus' ? { form: { section: event.section, field: event.field } } : {})),
    blurField: assign({ form: null }),
    showBanner: assign(({ context, event }) =>
      event.type === 'banner.show' ? { bannerSeq: context.bannerSeq + 1, banner: { id: context.bannerSeq + 1, text: event.text, tone: event.tone } } : {},
    ),
    // A newer banner replaces the old one; the old timer then finds another id and does nothing.
    scheduleBannerExpiry: raise(({ context }) => ({ type: 'banner.expire' as const, id: context.bannerSeq }), { delay: 'bannerTtl' }),
    clearBanner: assign({ banner: null }),
  },
}).createMachine({
  id: 'cockpitUiSession',
  description: 'What one cockpit face shows: screen, overlay, selection, log pane and banner. Keys are interpreted before they arrive.',
  context: ({ input }) => ({
    face: input.face,
    screen: input.screen ?? 'health',
    selections: {},
    drillSelection: null,
    palette: { input: '', highlighted: 0, error: null },
    pickerHighlighted: null,
    alerts: { kind: 'alerts', highlighted: 0 },
    helpTop: 0,
    log: {
      visible: input.logPaneVisible === true,
      fullscreen: false,
      height: clampHeight(input.logPaneHeight ?? LOG_PANE_DEFAULT_HEIGHT),
      tab: 'errors',
      filter: input.logFilter ?? '',
      editing: '',
      chosen: input.logPaneChosen === true,
    },
    form: null,
    banner: null,
    bannerSeq: 0,
  }),
  initial: 'open',
  states: {
    open: {
      description: 'The face is up; the screen, selection, log pane and banner change in any overlay state.',
      initial: 'browsing',
      on: {
        'screen.show': { target: '.browsing', actions: ['showScreen', 'blurField'] },
        'selection.set': { actions: 'setSelection' },
        'drillSelection.set': { actions: 'setDrillSelection' },
        'node.switched': { actions: 'forgetSelections' },
        'log.toggle': { actions: 'toggleLog' },
        'log.fullscreen': { actions: 'toggleFullscreen' },
        'log.resize': { actions: 'resizeLog' },
        'log.fit': { guard: 'logNotChosen', actions: 'fitLog' },
        'log.tab': { actions: 'chooseLogTab' },
        'banner.show': { actions: ['showBanner', 'scheduleBannerExpiry'] },
        'banner.expire': { guard: 'isCurrentBanner', actions: 'clearBanner' },
        'palette.open': { target: '.palette', actions: 'openPalette' },
        'picker.open': { target: '.picker', actions: 'openPicker' },
        'help.open': { target: '.help', actions: 'openHelp' },
        'alerts.open': { target: '.alerts', actions: 'openAlerts' },
        'session.quit': 'closed',
      },
      states: {
        browsing: {
          description: 'No overlay: keys select rows, switch screens and reach the screen.',
          on: {
            'filter.open': { target: 'filtering', actions: 'startFilter' },
            'form.focus': { target: 'editingForm', actions: 'focusField' },
          },
        },
        palette: {
          description: 'The command palette has focus; it filters suggestions as the operator types.',
          on: {
            'palette.input': { actions: 'editPalette' },
            'palette.highlight': { actions: 'highlightPalette' },
            'palette.refuse': { actions: 'refusePalette' },
            'overlay.close': 'browsing',
          },
        },
        picker: {
          description: 'The node picker: arrows or j/k, Enter switches, Esc cancels.',
          on: { 'picker.highlight': { actions: 'highlightPicker' }, 'overlay.close': 'browsing' },
        },
        help: {
          description: 'The keys and verbs of this face; a face too small for all of them scrolls from helpTop.',
          on: { 'help.scroll': { actions: 'scrollHelp' }, 'overlay.close': 'browsing' },
        },
        alerts: {
          description: 'Gate transitions of every node, newest first (alerts popup or notification history).',
          on: { 'alerts.highlight': { actions: 'highlightAlert' }, 'overlay.close': 'browsing' },
        },
        filtering: {
          description: 'The log filter prompt has focus: Enter commits, Esc cancels (or clears when empty).',
          on: {
            'filter.input': { actions: 'editFilter' },
            'filter.commit': { target: 'browsing', actions: 'commitFilter' },
            'filter.cancel': { target: 'browsing', actions: 'cancelFilter' },
            'filter.clear': { target: 'browsing', actions: 'clearFilter' },
          },
        },
        editingForm: {
          description: 'A form field of the screen has focus; typed text goes to the screen.',
          on: {
            'form.focus': { actions: 'focusField' },
            'form.blur': { target: 'browsing', actions: 'blurField' },
          },
        },
      },
    },
    closed: {
      description: 'The operator quit; the face closes and stops the engine.',
      type: 'final',
    },
  },
});

export type UiSessionSnapshot = SnapshotFrom<typeof uiSessionMachine>;

/** The mode and context, as the view composer reads them. */
export function selectUiSessionState(snapshot: UiSessionSnapshot): UiSessionState {
  const mode: UiMode = snapshot.matches('closed') ? 'closed' : ((snapshot.value as { open: UiMode }).open ?? 'browsing');
  return { mode, context: snapshot.context };
}
