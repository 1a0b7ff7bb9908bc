/**
 * The face's only input hook: every key press becomes `ui.key` events (keys.ts), every bracketed paste one
 * `ui.paste`, sent to the engine. Input arrives through Ink's public hooks; what Ink 6 does not give (pastes,
 * Backspace apart from Delete) is made up for in one place, ink6.ts.
 */
import { useCallback } from 'react';
import type { Key } from 'ink';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import { useTerminalInput, type DeleteKey } from './ink6.js';
import { keyEventsFor } from './keys.js';

export function useCockpitKeys(send: (event: CockpitUiEvent) => void, isActive = true): void {
  const onKey = useCallback(
    (input: string, key: Key, deleteKey: DeleteKey) => {
      for (const event of keyEventsFor(input, key, deleteKey)) send(event);
    },
    [send],
  );
  const onPaste = useCallback((text: string) => send({ type: 'ui.paste', text }), [send]);
  useTerminalInput({ onKey, onPaste }, isActive);
}
