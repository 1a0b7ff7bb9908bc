/**
 * The one way components talk to the engine: `send(CockpitUiEvent)`, provided once by App; and whether the
 * views reflect every event sent yet (`useSynced`, for the text inputs).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ViewStore } from '../bridge/view-store.js';
import type { CockpitUiEvent } from '../../../../../core/cockpit/view/ui-events.js';

export type Send = (event: CockpitUiEvent) => void;

export const SendContext = createContext<Send>(() => {});

export function useSend(): Send {
  return useContext(SendContext);
}

export const StoreContext = createContext<ViewStore | null>(null);

const always = () => true;
const never = () => () => {};

export function useSynced(): boolean {
  const store = useContext(StoreContext);
  return useSyncExternalStore(store?.subscribe ?? never, store?.isSynced ?? always);
}
