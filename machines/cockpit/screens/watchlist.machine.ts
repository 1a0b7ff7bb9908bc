/**
 * S12 Watchlist's screen actor. The watchlist itself is engine-wide (machines/cockpit/watchlist.machine.ts:
 * it survives node switches and is persisted); this actor keeps only the form's draft, checks what is typed,
 * and turns the screen's gestures into `engine.watchlist` requests.
 *
 * States
 * - showing: `screen.input` edits the draft; `screen.submit` adds a valid reference (an invalid one sets the
 *   field's error); `:durability <ref>` adds and checks; activating a row re-checks it; the `Re-check all`
 *   action re-checks every reference; `Remove` removes the selected one (actions come from the buttons and
 *   from their keys in the binding table, with the selected row).
 */
import { assign, sendParent, setup } from 'xstate';
import type { EngineRequest } from '../../../core/cockpit/interaction/commands.js';
import { RECHECK_ALL_ACTION, REMOVE_ACTION, WATCHLIST_FIELD, WATCHLIST_FORM, WATCHLIST_TABLE, type WatchlistDraft } from '../../../core/cockpit/screens/watchlist.js';
import { InputError } from '../../../core/swarm/input-error.js';
import { parseReference } from '../../../core/swarm/references.js';
import type { ScreenEvent } from '../../../core/cockpit/view/screen-contract.js';
import type { ScreenInput } from './screen-definition.js';

function parsed(text: string): string | null {
  try {
    return parseReference(text.trim()).hex;
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

function submitted(event: ScreenEvent): string | undefined {
  if (event.type === 'screen.submit' && event.section === WATCHLIST_FORM) return event.values[WATCHLIST_FIELD] ?? '';
  if (event.type === 'screen.command' && event.verb === 'durability') return event.args[0] ?? '';
  return undefined;
}

/** The row a gesture names (Enter on a row, `x`, the Remove button with a selection). */
function rowKey(event: ScreenEvent): string | undefined {
  if (event.type === 'screen.activate' && event.section === WATCHLIST_TABLE) return event.key;
  if (event.type === 'screen.action' && event.selection?.section === WATCHLIST_TABLE) return event.selection.key;
  return undefined;
}

export const watchlistScreenMachine = setup({
  types: {} as { input: ScreenInput; events: ScreenEvent; context: WatchlistDraft },
  guards: {
    isValidSubmit: ({ event }) => {
      const text = submitted(event);
      return text !== undefined && parsed(text) !== null;
    },
    isInvalidSubmit: ({ event }) => {
      const text = submitted(event);
      return text !== undefined && parsed(text) === null;
    },
    isDraftEdit: ({ event }) => event.type === 'screen.input' && event.section === WATCHLIST_FORM,
    isRowActivation: ({ event }) => event.type === 'screen.activate' && rowKey(event) !== undefined,
    isRecheckAll: ({ event }) => event.type === 'screen.action' && event.id === RECHECK_ALL_ACTION,
    isRemove: ({ event }) => event.type === 'screen.action' && event.id === REMOVE_ACTION && rowKey(event) !== undefined,
  },
  actions: {
    editDraft: assign(({ event }) => (event.type === 'screen.input' ? { value: event.value, error: null } : {})),
    refuseDraft: assign(({ event }) => ({
      value: submitted(event) ?? '',
      error: 'expected a reference: 64 or 128 hex characters (optional 0x)',
    })),
    clearDraft: assign({ value: '', error: null }),
    requestAdd: sendParent(({ event }): EngineRequest => ({ type: 'engine.watchlist', request: { kind: 'add', reference: parsed(submitted(event) ?? '') ?? '' } })),
    requestCheck: sendParent(({ event }): EngineRequest => ({ type: 'engine.watchlist', request: { kind: 'check', reference: rowKey(event) ?? '' } })),
    requestRecheckAll: sendParent((): EngineRequest => ({ type: 'engine.watchlist', request: { kind: 'recheckAll' } })),
    requestRemove: sendParent(({ event }): EngineRequest => ({ type: 'engine.watchlist', request: { kind: 'remove', reference: rowKey(event) ?? '' } })),
  },
}).createMachine({
  id: 'cockpitWatchlistScreen',
  description: 'S12 Watchlist: the add form’s draft; gestures become requests to the engine-wide watchlist.',
  context: { value: '', error: null },
  initial: 'showing',
  states: {
    showing: {
      description: 'The watched references, their latest results and the history of checks.',
      on: {
        'screen.input': { guard: 'isDraftEdit', actions: 'editDraft' },
        'screen.submit': [
          { guard: 'isValidSubmit', actions: ['requestAdd', 'clearDraft'] },
          { guard: 'isInvalidSubmit', actions: 'refuseDraft' },
        ],
        'screen.command': [
          { guard: 'isValidSubmit', actions: 'requestAdd' },
          { guard: 'isInvalidSubmit', actions: 'refuseDraft' },
        ],
        'screen.activate': { guard: 'isRowActivation', actions: 'requestCheck' },
        'screen.action': [
          { guard: 'isRecheckAll', actions: 'requestRecheckAll' },
          { guard: 'isRemove', actions: 'requestRemove' },
        ],
      },
    },
  },
});
