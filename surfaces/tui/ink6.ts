/**
 * What Ink 6.8 lacks, and the one place the terminal face makes up for it. Ink 6.8 is the last Ink that runs on
 * Node 20 (Ink 7 needs Node 22); three things the face needs came with Ink 7, and everything else the face does
 * goes through Ink's documented API (`render`, `useInput`, `useStdin`, `useStdout`):
 *
 * 1. `render(…, { interactive: true })`. Ink 6 decides once, when it is imported, whether it runs "in CI" (any
 *    CI or CONTINUOUS_INTEGRATION variable) and then draws only the last frame at exit and ignores resizes. The
 *    face runs only on a terminal (index.ts refuses anything else), so `importInteractive` (ink6-load.ts: it
 *    must run before Ink is loaded, so it cannot live beside this file's Ink imports) hides those variables
 *    while the face's modules load, and puts them back at once. The engine's children do not see the change:
 *    the engine gives them the environment as it started (actors/cockpit/engine.ts).
 * 2. `usePaste`. Ink 6 hands a paste to `useInput` as typed keys, so pasted text could fire shortcuts and a
 *    pasted newline would press Enter. The face turns the terminal's bracketed paste mode on while it runs
 *    (BRACKETED_PASTE_ON in run-face.tsx's enter sequence, OFF in its leave sequence); Ink 6 passes the
 *    markers through `useInput` as `[200~` and `[201~` (their ESC removed), and the text between them is
 *    delivered whole, as one paste.
 * 3. Telling Backspace from Delete. Ink 6 reports both the DEL byte and `ESC [3~` as `delete` (Ink 7 reports
 *    Backspace as `backspace`). The bytes tell them apart: a `data` listener on the stdin stream Ink documents
 *    (`useStdin().stdin`) sees each chunk as Ink reads it, just before Ink parses it into keys, and notes in
 *    order which deletes it holds.
 * On Node 22 and Ink 7 this file goes: `interactive: true`, `usePaste` and `key.backspace` replace it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useInput, useStdin, type Key } from 'ink';

export const BRACKETED_PASTE_ON = '\u001b[?2004h';
export const BRACKETED_PASTE_OFF = '\u001b[?2004l';

/** A delete key as the terminal sent it. */
export type DeleteKey = 'Backspace' | 'Delete';

/** DEL (with an optional ESC for Alt) is Backspace; `ESC [3~` and its rxvt and kitty forms are Delete. */
const DELETES = /\u001b?\u007f|\u001b+\[3(?:[;:][\d:;]*)?[~$^]/g;

export interface TerminalInput {
  /** A key press as Ink's useInput reports it; `deleteKey` says which key Ink's `delete` was. */
  readonly onKey: (input: string, key: Key, deleteKey: DeleteKey) => void;
  /** Text the terminal pasted (bracketed), whole. */
  readonly onPaste: (text: string) => void;
}

/** The face's only input hook: Ink's useInput, with pastes and the Backspace/Delete distinction restored. */
export function useTerminalInput({ onKey, onPaste }: TerminalInput, isActive = true): void {
  const { stdin } = useStdin();
  const deletes = useRef<DeleteKey[]>([]);
  const paste = useRef<string | null>(null);
  useEffect(() => {
    if (!isActive) return;
    let clearing = false;
    const onData = (chunk: unknown): void => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      for (const match of text.matchAll(DELETES)) deletes.current.push(match[0].endsWith('\u007f') ? 'Backspace' : 'Delete');
      // Ink parses the chunk right after this listener, in the same turn; what it did not ask about by then
      // belongs to no key (a stream that announces data after its keys).
      if (!clearing) {
        clearing = true;
        queueMicrotask(() => {
          clearing = false;
          deletes.current = [];
        });
      }
    };
    stdin.on('data', onData);
    return () => {
      stdin.off('data', onData);
    };
  }, [stdin, isActive]);
  const handler = useCallback(
    (input: string, key: Key) => {
      const marker = !key.ctrl && !key.meta && !key.shift ? input : '';
      if (paste.current === null && marker === '[200~') {
        paste.current = '';
        return;
      }
      if (paste.current !== null) {
        if (marker === '[201~') {
          const text = paste.current;
          paste.current = null;
          if (text !== '') onPaste(text);
        } else paste.current += input || (key.return ? '\r' : key.tab ? '\t' : '');
        return;
      }
      const deleteKey = key.delete ? (deletes.current.shift() ?? 'Backspace') : 'Backspace';
      onKey(input, key, deleteKey);
    },
    [onKey, onPaste],
  );
  useInput(handler, { isActive });
}
