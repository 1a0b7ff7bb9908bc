/**
 * The raw wire's request heads (raw-http-wire.ts), checked as node:http checks its own before anything is written:
 * a method that is a token, a path of visible characters, header names that are tokens and values without
 * control characters. A CR or LF in a value (a token pasted with a line break, or planted to smuggle a header or
 * a second request) is refused with the header's name, never its value: the value may be a secret.
 */

const TOKEN = /^[-!#$%&'*+.^_`|~0-9A-Za-z]+$/;
/** As node:http (checkInvalidHeaderChar): HTAB, visible ASCII and obs-text; no other control character. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** As node:http (INVALID_PATH_REGEX): no space or control character, nothing past Latin-1. */
const PATH = /^[\x21-\xff]+$/;

/** A request the wire will not write; `code` as node:http's for the same fault. */
export class RequestHeadError extends TypeError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request head, or RequestHeadError when a part of it could smuggle bytes onto the wire. */
export function requestHead(method: string, path: string, host: string, headers: Readonly<Record<string, string>> | undefined): string {
  if (!TOKEN.test(method)) throw new RequestHeadError('ERR_INVALID_HTTP_TOKEN', 'Method must be a valid HTTP token');
  if (!PATH.test(path)) throw new RequestHeadError('ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  if (headers) {
    for (const name in headers) {
      const value = headers[name]!;
      if (!TOKEN.test(name)) throw new RequestHeadError('ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token [${JSON.stringify(name.slice(0, 40))}]`);
      if (!FIELD_VALUE.test(value)) throw new RequestHeadError('ERR_INVALID_CHAR', `Invalid character in header content [${JSON.stringify(name)}]`);
      head += `${name}: ${value}\r\n`;
    }
  }
  return `${head}\r\n`;
}
