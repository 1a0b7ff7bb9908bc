/**
 * Whether a bearer token can go in a request's Authorization header (issue 24 item 7). A control character would
 * end the header early: `secret\r\nX-Injected: yes\r\n\r\nGET /smuggled …` pasted or planted as a token sends a
 * header and a second request of the attacker's choosing on a wire that does not check (the wires now all do,
 * actors/node-client/http1-request-head.ts); refused at start, it never reaches one. A character past Latin-1
 * cannot be written in a header at all. The fault is named with its position, never with the token.
 */

const NAMES: Readonly<Record<number, string>> = { 0: 'NUL', 9: 'TAB', 10: 'LF', 13: 'CR', 27: 'ESC', 127: 'DEL' };

/** What makes `token` unfit for a header, e.g. `a control character (LF) at position 7`; undefined when it is fit. */
export function tokenFault(token: string): string | undefined {
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      const name = NAMES[code] ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      return `a control character (${name}) at position ${i + 1}`;
    }
    if (code > 0xff) return `a character no HTTP header can carry (past Latin-1) at position ${i + 1}`;
  }
  return undefined;
}

/** The whole refusal, after `where` the token came from: says what and why, never the token. */
export function tokenRefusal(where: string, fault: string): string {
  return `${where}: the token holds ${fault}; sent as a header it would end the header early (and could start a second request), so it is refused. The token itself is not shown.`;
}
