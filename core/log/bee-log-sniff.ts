/**
 * Does a file read as a Bee node's log? Log auto-discovery finds the process listening on the node's API port
 * and follows the file its stdout goes to; that file is only the node's log if Bee writes it. A devnet or any
 * other program answering on the port, with its stdout redirected, would otherwise have its own output shown
 * as the node's (one JSON line, say). The tail of the file is judged: at least one complete line must be a
 * Bee log line as Bee v2.8.1 writes them (core/log/bee-log-line.ts: logfmt or JSON with level, logger and msg).
 * Bee's other output (its welcome banner, a Go panic) may sit between them.
 */
import { showControlCharacters } from '../terminal/visible-text.js';
import { parseBeeLogLine } from './bee-log-line.js';

/** `empty`: no complete line yet (a node that has just started may not have written one): worth asking again. */
export type BeeLogVerdict = { readonly bee: true; readonly beeLines: number } | { readonly bee: false; readonly why: string; readonly empty?: true };

/** How much of a file's end is judged. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * `tail` is the file's last bytes as text; `fromStart` says whether it begins at the file's first byte (else
 * its first line is cut and not judged).
 */
export function judgeBeeLog(tail: string, fromStart: boolean): BeeLogVerdict {
  const lines = tail.split('\n');
  if (!fromStart) lines.shift();
  const complete = lines.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== '');
  if (complete.length === 0) return { bee: false, why: 'it is empty: nothing in it reads as Bee’s log yet', empty: true };
  const beeLines = complete.filter((line) => {
    const parsed = parseBeeLogLine(line);
    return parsed.format !== 'text' && parsed.logger !== '';
  }).length;
  if (beeLines > 0) return { bee: true, beeLines };
  const last = complete.at(-1)!;
  const shown = showControlCharacters(last.length > 60 ? `${last.slice(0, 60)}…` : last);
  return {
    bee: false,
    why: `${complete.length === 1 ? 'its one line is not' : `none of its last ${complete.length} lines is`} a Bee log line ("time", "level", "logger", "msg", as logfmt or JSON); it ends with: ${shown}`,
  };
}
