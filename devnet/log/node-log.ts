/**
 * A Bee-like log file per node. Bee writes logr-style lines where every field is a quoted key/value pair:
 *   "time"="2026-11-22 10:00:00.123456" "level"="info" "logger"="node/api" "msg"="api access" "method"="GET" …
 * Operators grep these, and the cockpit's log view parses them, so the devnet writes the same shape.
 * Lines are also kept in memory (bounded) so tests and the control API can read recent lines without the file.
 * With a `sink` (`devnet start`, which prints to stdout as Bee does) lines go there instead of the file.
 */
import { closeSync, createWriteStream, openSync, type WriteStream } from 'node:fs';

export type LogLevel = 'error' | 'warning' | 'info' | 'debug';
export type LogValue = string | number | boolean | null;
/** Receives each formatted line (without its newline) in place of the log file. */
export type LogSink = (line: string, level: LogLevel) => void;

const MEMORY_LINES = 500;
/** How long a line may wait for the file: short enough for anyone tailing it, long enough to batch a busy node's lines. */
const FLUSH_MS = 20;

export class NodeLog {
  private readonly stream: WriteStream | undefined;
  private readonly recent: string[] = [];
  private closed = false;
  /**
   * Lines waiting for the file, written together at most every FLUSH_MS: one write per line (a line per API
   * call) was the devnet's largest cost under a per-chunk walk, more than serving the chunks.
   */
  private pending: string[] = [];
  private flushScheduled = false;

  constructor(
    readonly filePath: string,
    private readonly now: () => Date = () => new Date(),
    private readonly sink?: LogSink,
  ) {
    // The file exists once the devnet is up (describe.ts hands its path to tailers): a write stream opens it only
    // later, asynchronously, so it is created here first.
    if (!sink) closeSync(openSync(filePath, 'a'));
    this.stream = sink ? undefined : createWriteStream(filePath, { flags: 'a' });
  }

  write(level: LogLevel, logger: string, msg: string, fields: Record<string, LogValue> = {}): void {
    const parts = [pair('time', formatTime(this.now())), pair('level', level), pair('logger', logger), pair('msg', msg)];
    for (const [key, value] of Object.entries(fields)) parts.push(pair(key, value));
    const line = parts.join(' ');
    this.recent.push(line);
    if (this.recent.length > MEMORY_LINES) this.recent.shift();
    if (this.closed) return;
    if (this.sink) this.sink(line, level);
    else if (this.stream) {
      this.pending.push(line);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setTimeout(() => this.flush(), FLUSH_MS).unref();
      }
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || !this.stream) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.stream.write(text);
  }

  info(logger: string, msg: string, fields?: Record<string, LogValue>): void {
    this.write('info', logger, msg, fields);
  }

  debug(logger: string, msg: string, fields?: Record<string, LogValue>): void {
    this.write('debug', logger, msg, fields);
  }

  warning(logger: string, msg: string, fields?: Record<string, LogValue>): void {
    this.write('warning', logger, msg, fields);
  }

  error(logger: string, msg: string, fields?: Record<string, LogValue>): void {
    this.write('error', logger, msg, fields);
  }

  /** Bee logs every API call under logger `node/api` with message `api access`. */
  access(fields: { ip: string; method: string; uri: string; status: number; size: number; durationMs: number; userAgent?: string }): void {
    this.write('debug', 'node/api', 'api access', {
      ip: fields.ip,
      method: fields.method,
      uri: fields.uri,
      proto: 'HTTP/1.1',
      status: fields.status,
      size: fields.size,
      duration: `${fields.durationMs.toFixed(3)}ms`,
      'user-agent': fields.userAgent ?? '',
    });
  }

  recentLines(): readonly string[] {
    return this.recent;
  }

  /** Flushes and closes the file; later writes only reach the in-memory buffer. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.flush();
    this.closed = true;
    const stream = this.stream;
    return stream ? new Promise((resolve) => stream.end(resolve)) : Promise.resolve();
  }
}

/** Characters a value can hold and still be quoted as is: printable ASCII without `"` and `\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quote(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

function pair(key: string, value: LogValue): string {
  return `${quote(key)}=${typeof value === 'string' ? quote(value) : String(value)}`;
}

let lastTime = { ms: NaN, text: '' };

/** `2026-11-22 10:00:00.123000`, formatted once per millisecond (a busy node logs many lines in one). */
function formatTime(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastTime.ms) {
    const iso = date.toISOString(); // 2026-11-22T10:00:00.123Z
    lastTime = { ms, text: `${iso.slice(0, 10)} ${iso.slice(11, 23)}000` };
  }
  return lastTime.text;
}
