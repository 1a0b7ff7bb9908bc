/**
 * The face's only input hook: every key press becomes `ui.key` events (keys.ts) sent to the engine.
 *
 * Ink's `useInput` gives parsed flags but not the bytes; two keys need the bytes (Backspace vs Delete, and
 * the Alt of Ctrl+Alt+<letter>). Ink emits each key's sequence on its stdin event emitter before calling
 * `useInput` handlers that registered later, so this hook registers its byte listener first and hands the
 * sequence to the mapping.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useInput, useStdin } from 'ink';
import type { CockpitUiEvent } from '../../core/cockpit/view/ui-events.js';
import { keyEventsFor } from './keys.js';

export function useCockpitKeys(send: (event: CockpitUiEvent) => void, isActive = true): void {
  const { internal_eventEmitter: emitter } = useStdin();
  const raw = useRef<string | null>(null);
  useEffect(() => {
    const onRaw = (data: unknown): void => {
      raw.current = typeof data === 'string' ? data : null;
    };
    emitter.on('input', onRaw);
    return () => {
      emitter.off('input', onRaw);
    };
  }, [emitter]);
  const onKey = useCallback(
    (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
      const sequence = raw.current;
      raw.current = null;
      for (const event of keyEventsFor(input, key, sequence)) send(event);
    },
    [send],
  );
  useInput(onKey, { isActive });
}
