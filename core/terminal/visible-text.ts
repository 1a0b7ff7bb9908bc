/**
 * Text that came from outside (a node's version string, an error body, a log line, a file name) printed to a
 * terminal must not drive the terminal. An ESC starts a control sequence (clear the screen, move the cursor,
 * set the window title, recolour), BEL rings, a carriage return or a newline lets the text overwrite or forge
 * a line of our own (`status  retrievable`), and bidirectional overrides reorder what the reader sees.
 *
 * These functions replace every such character with a visible escape (`\x1b`, `\r`, `\u202e`), so the
 * reader sees exactly what the node sent and the terminal sees only printable text. They are pure and
 * shared by every text surface: retcheck, `cockpit --once`, devnet, the terminal cockpit.
 *
 * Two levels, both needed:
 * - `showControlCharacters(value)` for each outside value placed into our own layout: nothing in it may
 *   act, not even a newline (a value is one field of one line).
 * - `terminalSafeOutput(text)` for a whole block about to be written: our layout's newlines and tabs stay,
 *   and with `allowColor` our own SGR colour sequences (`ESC [ 32 m`) stay; everything else is made
 *   visible. It is the output layer's safety net for a value a formatter forgot to escape.
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

/**
 * One outside value, made inert for a terminal: every control character (newline and tab included) becomes
 * a visible escape such as `\x1b` or `\n`. Printable text, including non-ASCII letters, is unchanged.
 */
export function showControlCharacters(value: string): string {
  return value.replace(CONTROL, visible);
}

/** Our own colour sequences: SGR only (`ESC [ <numbers> m`). */
const SGR = /\u001b\[[0-9;]*m/y;

/**
 * A block of output about to be written to a terminal: keeps the layout's newlines and tabs (and, with
 * `allowColor`, plain SGR colour sequences), and makes every other control character visible.
 */
export function terminalSafeOutput(text: string, options: { allowColor?: boolean } = {}): string {
  let out = '';
  let last = 0;
  CONTROL.lastIndex = 0;
  for (let match = CONTROL.exec(text); match; match = CONTROL.exec(text)) {
    const at = match.index;
    const char = match[0];
    if (char === '\n' || char === '\t') continue;
    if (char === '\u001b' && options.allowColor) {
      SGR.lastIndex = at;
      const sgr = SGR.exec(text);
      if (sgr) {
        CONTROL.lastIndex = at + sgr[0].length;
        continue;
      }
    }
    out += text.slice(last, at) + visible(char);
    last = at + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** What JSON.stringify leaves raw that a terminal may act on: DEL, C1 controls and the reordering controls. */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * JSON text (from JSON.stringify, which already escapes U+0000..U+001F) with the remaining terminal-active
 * characters written as `\uXXXX` escapes: the same JSON value, safe to print on a terminal.
 */
export function jsonForTerminal(json: string): string {
  return json.replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
