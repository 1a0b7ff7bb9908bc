/**
 * Parses one line of a Bee node's log (Bee v2.8.1, pkg/log) into time, level, logger, msg and the rest
 * as fields. Bee writes two shapes, both from its own formatter:
 *
 *   "time"="2026-11-24 14:33:19.932249" "level"="info" "logger"="node" "msg"="bee version" "version"="2.8.1"
 *   {"time":"2026-11-24 14:33:19.932249","level":"info","logger":"node","msg":"bee version","version":"2.8.1"}
 *
 * Keys are always quoted; string values are Go-quoted (strconv.Quote when they need escapes); numbers and
 * booleans are bare; structs, maps and slices are rendered as `{…}` / `[…]`. Debug lines with a V-level
 * carry `"v"=1` before msg; error lines carry `"error"` after it. Anything else the process writes (the
 * welcome banner, a Go panic, a wrapper script's echo) is a `text` line.
 *
 * One left-to-right scan, no regular expressions on the hot path: the log pane parses 100,000+ lines a
 * second. Any input, garbage included, gives a result; nothing throws.
 */

export type BeeLogLevel = 'error' | 'warning' | 'info' | 'debug';

export interface BeeLogLine {
  format: 'logfmt' | 'json' | 'text';
  level: BeeLogLevel;
  /** As Bee wrote it, e.g. `2026-11-24 14:33:19.932249`; '' when absent. */
  time: string;
  /** `node`, `node/api`, `node/pusher`, …; '' when absent. */
  logger: string;
  msg: string;
  /** Every other key, values as text (quoted strings unquoted, `{…}`/`[…]` as written). */
  fields: Record<string, string>;
}

const LEVELS: Readonly<Record<string, BeeLogLevel>> = {
  error: 'error', warning: 'warning', warn: 'warning', info: 'info', debug: 'debug', trace: 'debug',
  // Other loggers' spellings, for log commands that follow something Bee-like.
  err: 'error', fatal: 'error', panic: 'error', critical: 'error', crit: 'error', dbug: 'debug',
};

const QUOTE = 34; // "
const BACKSLASH = 92;
const SPACE = 32;
const EQUALS = 61;
const COLON = 58;
const COMMA = 44;

export function normalizeLevel(word: string): BeeLogLevel | undefined {
  return LEVELS[word] ?? LEVELS[word.toLowerCase()];
}

/** Index just past the closing quote of the Go/JSON string starting at `start` (a `"`); -1 if unterminated. */
function quotedEnd(line: string, start: number): number {
  for (let i = start + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}

/** Index just past a balanced `{…}` or `[…]` starting at `start`, skipping quoted strings; -1 if unbalanced. */
function balancedEnd(line: string, start: number): number {
  let depth = 0;
  for (let i = start; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === QUOTE) {
      const end = quotedEnd(line, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'" };

/** Go's strconv.Unquote for a double-quoted literal (JSON strings are a subset). Bad escapes stay as written. */
export function unquoteGo(literal: string): string {
  const body = literal.slice(1, -1);
  if (body.indexOf('\\') < 0) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    const hex = width ? body.slice(i + 2, i + 2 + width) : '';
    if (width && hex.length === width && /^[0-9a-fA-F]+$/.test(hex)) {
      const code = Number.parseInt(hex, 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
      i += 1 + width;
      continue;
    }
    const octal = body.slice(i + 1, i + 4);
    if (/^[0-7]{3}$/.test(octal)) {
      out += String.fromCharCode(Number.parseInt(octal, 8));
      i += 3;
      continue;
    }
    out += c;
  }
  return out;
}

function textLine(line: string): BeeLogLine {
  // A Go panic or fatal error belongs with the errors, whatever else it says.
  const level: BeeLogLevel = line.startsWith('panic:') || line.startsWith('fatal error:') ? 'error' : 'info';
  return { format: 'text', level, time: '', logger: '', msg: line, fields: Object.create(null) as Record<string, string> };
}

function fromRecord(record: Record<string, unknown>, format: 'json', line: string): BeeLogLine {
  const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value) ?? String(value));
  const level = normalizeLevel(text(record.level));
  if (!level || record.msg === undefined) return textLine(line);
  // No prototype: a node can write a key named __proto__.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const key of Object.keys(record)) {
    if (key !== 'time' && key !== 'level' && key !== 'logger' && key !== 'msg') fields[key] = text(record[key]);
  }
  return { format, level, time: text(record.time), logger: text(record.logger), msg: text(record.msg), fields };
}

function parseJsonLine(line: string): BeeLogLine {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    // Go-quoted strings (`\x00`, `\a`) are not JSON: read the pairs the way the text form is read.
    const end = line.trimEnd().endsWith('}') ? line.trimEnd().length - 1 : line.length;
    return parsePairs(line, 1, end, true);
  }
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return textLine(line);
  return fromRecord(record as Record<string, unknown>, 'json', line);
}

/**
 * Reads `"key"=value "key"=value …` (Bee's text form), or with `colon` the inside of Bee's JSON form
 * `{"key":value,"key":value}`: Bee's formatter quotes strings with Go's strconv.Quote in both forms, so a
 * value such as `"a\x00b"` makes its "JSON" invalid JSON; this reads it anyway.
 */
function parsePairs(line: string, from: number, to: number, colon: boolean): BeeLogLine {
  const separator = colon ? COLON : EQUALS;
  // The four base keys go to their own slots, every other key straight into `fields` (no second copy).
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let time = '';
  let level = '';
  let logger = '';
  let msg: string | undefined;
  let i = from;
  const n = to;
  while (i < n) {
    while (i < n && (line.charCodeAt(i) === SPACE || (colon && line.charCodeAt(i) === COMMA))) i++;
    if (i >= n) break;
    if (line.charCodeAt(i) !== QUOTE) break; // not a key: stop, keep what was read
    const keyEnd = quotedEnd(line, i);
    if (keyEnd < 0 || keyEnd >= n || line.charCodeAt(keyEnd) !== separator) break;
    const key = unquoteGo(line.slice(i, keyEnd));
    let j = keyEnd + 1;
    const first = line.charCodeAt(j);
    let value: string;
    if (first === QUOTE) {
      const end = quotedEnd(line, j);
      if (end < 0) {
        value = line.slice(j + 1); // cut line: keep the rest as the value
        j = n;
      } else {
        value = unquoteGo(line.slice(j, end));
        j = end;
      }
    } else if (first === 123 || first === 91) {
      const end = balancedEnd(line, j);
      const stop = end < 0 ? n : end;
      value = line.slice(j, stop);
      j = stop;
    } else {
      let end = j;
      while (end < n && line.charCodeAt(end) !== SPACE && !(colon && line.charCodeAt(end) === COMMA)) end++;
      value = line.slice(j, end);
      j = end;
    }
    if (key === 'time') time = value;
    else if (key === 'level') level = value;
    else if (key === 'logger') logger = value;
    else if (key === 'msg') msg = value;
    else fields[key] = value;
    i = j;
  }
  const normalized = normalizeLevel(level);
  if (!normalized || msg === undefined) return textLine(line);
  return { format: colon ? 'json' : 'logfmt', level: normalized, time, logger, msg, fields };
}

export function parseBeeLogLine(line: string): BeeLogLine {
  const first = line.charCodeAt(0);
  if (first === QUOTE) return parsePairs(line, 0, line.length, false);
  if (first === 123) return parseJsonLine(line);
  return textLine(line);
}

/** Bee's HTTP access log line (`node/api` "api access"), which goes to the node HTTP tab. */
export function isAccessLine(entry: Pick<BeeLogLine, 'msg' | 'logger'>): boolean {
  return entry.msg === 'api access';
}
