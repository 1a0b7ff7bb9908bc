/**
 * The one door through which every string of the view reaches the terminal. View text is plain text, and
 * much of it came from a node (versions, error bodies, log lines, file names, node names from a config):
 * the terminal must show it, never act on it. An ESC would start a control sequence (clear the screen, move
 * the cursor, retitle the window), BEL rings, CR/LF forge lines of our own layout, and bidi overrides reorder
 * what the reader sees. Each such character is shown as a visible escape (`\x1b`, `\r`, `\u202e`) by the
 * shared escaping of core/terminal (the same as `cockpit --once` and retcheck use).
 *
 * Every text segment the face draws is built by `seg()`/`cell()` (lines.ts), which call this function, so
 * no view string can bypass it.
 */
import { showControlCharacters } from '../../core/terminal/visible-text.js';

export function inert(text: string): string {
  return showControlCharacters(text);
}
