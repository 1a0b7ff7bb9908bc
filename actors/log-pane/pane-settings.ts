/**
 * The pane height (4..24 lines, spec §8 "persisted") lives in the cockpit's data directory, in the engine's
 * state store (`<data dir>/state.json`, written atomically by actors/cockpit/state-store.ts). This wires the
 * log pane's display child to it: each `pane.resized` is saved; the user's config file is never touched.
 */
import type { Actor } from 'xstate';
import type { CockpitStateStore } from '../cockpit/state-store.js';
import { clampHeight, type logPaneDisplayMachine } from '../../machines/cockpit/log-pane-display.machine.js';
import type { logPaneMachine } from '../../machines/cockpit/log-pane.machine.js';

export type PaneHeightStore = Pick<CockpitStateStore, 'get' | 'update'>;

/** The persisted height, clamped (the input of the log pane's display). */
export function loadPaneHeight(store: Pick<CockpitStateStore, 'get'>): number {
  return clampHeight(store.get().logPaneHeight);
}

/**
 * Saves the height each time the pane's display emits `pane.resized` (the store serialises writes, so the
 * last one wins). `onError` hears a failed save (a read-only data dir): the pane keeps the height in memory.
 */
export function persistPaneHeight(actor: Actor<typeof logPaneMachine>, store: PaneHeightStore, onError: (error: unknown) => void = () => {}): () => void {
  // The display child lives as long as the pane actor: it is invoked at the pane's root.
  const display = actor.getSnapshot().children.display as Actor<typeof logPaneDisplayMachine> | undefined;
  if (!display) throw new Error('persistPaneHeight: the log pane has no display child (is the actor started?)');
  const subscription = display.on('pane.resized', ({ height }) => {
    store.update({ logPaneHeight: height }).catch(onError);
  });
  return () => subscription.unsubscribe();
}
