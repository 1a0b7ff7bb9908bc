/**
 * Text that came from a node, made safe to show on one line: payloads decoded only when they really are text,
 * control characters never passed on (a face could read them as terminal escapes), long values cut.
 * Faces still render everything as inert text; this is about keeping each line one line.
 */
import { errorText } from '../error-text.js';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** UTF-8 text without control characters other than tab, newline and carriage return; null for anything else. */
export function utf8Text(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return CONTROL.test(text) ? null : text;
}

/** One line of at most `max` characters: whitespace runs (newlines included) become one space, controls become `�`. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, (run) => (/^\s+$/.test(run) ? ' ' : '\uFFFD')).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** First 8 and last 4 hex characters: `3fa1c2d4…c09e`. */
export function shortHex(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex;
}

/** Why something failed, as one line (an Error's message, or the value itself). */
export function errorLine(error: unknown, max = 200): string {
  return oneLine(errorText(error), max);
}
