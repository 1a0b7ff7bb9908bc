/**
 * An answer's head, read whole (http1-answer-parser.ts finds where it ends): held to RFC 9112's grammar at least as
 * strictly as llhttp, and turned into how its body is framed (RFC 9112 §6.3). Refusals are HttpAnswerError with
 * the code llhttp gives the same fault, so node:http's refusals and the raw wire's read alike.
 */
import { BodyOverLimit } from './wire.js';

/** A malformed answer; `code` as llhttp names the same fault (HPE_...). */
export class HttpAnswerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`malformed HTTP answer: ${message}`);
  }
}

const NAME = "[-!#$%&'*+.^_`|~0-9A-Za-z]+";
/** field-content: HTAB, SP, visible ASCII, obs-text; no CR, LF, NUL or other control. */
const VALUE = '[\\t\\x20-\\x7e\\x80-\\xff]*';
/**
 * Status line, then header lines, CRLF between, as latin1 text without the final empty line. Names are tokens
 * (RFC 9110 §5.6.2). No line can hold a CR or LF, so the match is linear.
 */
const HEAD = new RegExp(`^HTTP/1\\.[01] [1-5]\\d\\d(?: ${VALUE})?(?:\\r\\n${NAME}:${VALUE})*$`);
/** Trailer lines (after the last chunk): header lines. */
export const TRAILERS = new RegExp(`^${NAME}:${VALUE}(?:\\r\\n${NAME}:${VALUE})*$`);
const DIGITS = /^\d+$/;

/** How the body after a head is framed. */
export type Framing =
  | { readonly kind: 'interim' }
  | { readonly kind: 'none' | 'chunked' | 'until-close'; readonly status: number; readonly closeAfter: boolean }
  | { readonly kind: 'length'; readonly status: number; readonly closeAfter: boolean; readonly length: number };

/** `head` read: an interim answer, or the answer's status and framing. `bodiless` for a HEAD request. */
export function framingOf(head: string, limit: number, bodiless: boolean): Framing {
  if (!HEAD.test(head)) throw headError(head);
  const status = (head.charCodeAt(9) - 48) * 100 + (head.charCodeAt(10) - 48) * 10 + (head.charCodeAt(11) - 48);
  if (status < 200) {
    if (status === 101) throw new HttpAnswerError('HPE_UNEXPECTED_UPGRADE', '101 Switching Protocols to a request that asked for no upgrade');
    return { kind: 'interim' }; // the real answer follows
  }
  // Framing headers are found in place in the lower-cased head rather than by splitting lines.
  const lower = head.toLowerCase();
  const length = single(lower, 'content-length');
  const coding = single(lower, 'transfer-encoding');
  const connection = allValues(lower, 'connection');
  const http10 = head.charCodeAt(7) === 48;
  const closeAfter = http10 ? !/(?:^|,)\s*keep-alive\s*(?:,|$)/.test(connection) : /(?:^|,)\s*close\s*(?:,|$)/.test(connection);
  if (coding !== undefined && length !== undefined) throw new HttpAnswerError('HPE_INVALID_TRANSFER_ENCODING', 'both Content-Length and Transfer-Encoding');
  if (coding !== undefined && coding !== 'chunked') throw new HttpAnswerError('HPE_INVALID_TRANSFER_ENCODING', `Transfer-Encoding ${JSON.stringify(coding.slice(0, 40))} (only chunked is read)`);
  // No body: Content-Length frames nothing and is not judged here. The caller of a HEAD reads it as text (Bee
  // v2.8.1 answers a HEAD of a redundancy-coded root with a negative one; http.ts headWire says more).
  if (bodiless || status === 204 || status === 304) return { kind: 'none', status, closeAfter };
  if (coding !== undefined) return { kind: 'chunked', status, closeAfter };
  if (length === undefined) return { kind: 'until-close', status, closeAfter: true };
  if (!DIGITS.test(length)) throw new HttpAnswerError('HPE_INVALID_CONTENT_LENGTH', `Content-Length ${JSON.stringify(length.slice(0, 40))}`);
  const declared = Number(length);
  if (declared > limit) throw new BodyOverLimit(limit, declared, status);
  return { kind: 'length', status, closeAfter, length: declared };
}

/** The value of header `name` in a lower-cased head, trimmed; undefined when absent; refused when it repeats. */
function single(lower: string, name: string): string | undefined {
  const key = `\r\n${name}:`;
  const at = lower.indexOf(key);
  if (at < 0) return undefined;
  if (lower.indexOf(key, at + key.length) >= 0) throw new HttpAnswerError(name === 'content-length' ? 'HPE_UNEXPECTED_CONTENT_LENGTH' : 'HPE_INVALID_TRANSFER_ENCODING', `duplicate ${name}`);
  const end = lower.indexOf('\r\n', at + key.length);
  return lower.slice(at + key.length, end < 0 ? undefined : end).trim();
}

/** Every value of header `name`, joined by commas (a list header may repeat). */
function allValues(lower: string, name: string): string {
  const key = `\r\n${name}:`;
  let values = '';
  for (let at = lower.indexOf(key); at >= 0; at = lower.indexOf(key, at + key.length)) {
    const end = lower.indexOf('\r\n', at + key.length);
    values += `${values ? ',' : ''}${lower.slice(at + key.length, end < 0 ? undefined : end).trim()}`;
  }
  return values;
}

/** Names what is wrong with a head the grammar refused: the status line, or the first bad header line. */
function headError(head: string): HttpAnswerError {
  const lines = head.split('\r\n');
  const statusLine = lines[0]!;
  if (!/^HTTP\/1\.[01] /.test(statusLine)) return new HttpAnswerError('HPE_INVALID_CONSTANT', `not an HTTP/1.x status line: ${JSON.stringify(statusLine.slice(0, 40))}`);
  if (!/^HTTP\/1\.[01] [1-5]\d\d(?: |$)/.test(statusLine)) return new HttpAnswerError('HPE_INVALID_STATUS', `status ${JSON.stringify(statusLine.slice(9, 20))}`);
  if (!new RegExp(`^HTTP/1\\.[01] \\d{3}(?: ${VALUE})?$`).test(statusLine)) return new HttpAnswerError('HPE_INVALID_STATUS', 'control characters in the status line');
  const bad = lines.findIndex((line, i) => i > 0 && !new RegExp(`^${NAME}:`).test(line));
  if (bad > 0) return new HttpAnswerError('HPE_INVALID_HEADER_TOKEN', `header line ${bad}: not a token followed by a colon`);
  return new HttpAnswerError('HPE_INVALID_HEADER_TOKEN', 'control characters (CR, LF, NUL...) in a header value');
}
