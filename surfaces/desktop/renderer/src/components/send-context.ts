/** The one way components talk to the engine: `send(CockpitUiEvent)`, provided once by App. */
import { createContext, useContext } from 'react';
import type { CockpitUiEvent } from '../../../../../core/cockpit/view/ui-events.js';

export type Send = (event: CockpitUiEvent) => void;

export const SendContext = createContext<Send>(() => {});

export function useSend(): Send {
  return useContext(SendContext);
}
