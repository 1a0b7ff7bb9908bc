/**
 * The one door through which every string of the view reaches the terminal. View text is plain text, and
 * much of it came from a node (versions, error bodies, log lines, file names, node names from a config):
 * the terminal must show it, never act on it. An ESC would start a control sequence (clear the screen, move
 * the cursor, retitle the window), BEL rings, CR/LF forge lines of our own layout, and bidi overrides reorder
 * what the reader sees. Each such character is shown as a visible escape (`\x1b`, `\r`, `\u202e`).
 *
 * Every text segment the face draws is built by `seg()` (lines.ts), which calls this function, so no view
 * string can bypass it.
 */

/** C0 controls, DEL, C1 controls, and the Unicode controls that reorder or hide text. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

export function inert(text: string): string {
  return text.replace(CONTROL, visible);
}
