/**
 * Splits a byte stream (a tailed file, a command's stdout, a node's pipe) into lines for the log pane.
 *
 * - UTF-8 is decoded per line; invalid bytes become U+FFFD, so binary garbage costs nothing worse than
 *   replacement characters.
 * - A line longer than `maxLineBytes` (a 1 MB line) keeps its first `maxLineBytes` and is marked cut;
 *   the rest is skipped up to the next newline without being held in memory, so memory stays bounded
 *   whatever the source writes.
 * - `\r\n` endings lose their `\r`; C0 control characters (the escape of a colour code, a NUL) are
 *   replaced by U+FFFD: nothing a node writes can drive the operator's terminal.
 */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024;

export interface SplitLine {
  text: string;
  /** Bytes the source wrote for this line (without the newline), when it was cut. */
  cutFromBytes?: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

export function sanitize(text: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text) ? text.replace(CONTROL, '\uFFFD') : text;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of the current line beyond what is kept (it is being skipped). */
  private skipped = 0;

  constructor(private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES) {}

  /** The complete lines in `chunk` (with what was pending before it). */
  push(chunk: Buffer, into: SplitLine[] = []): SplitLine[] {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline < 0) break;
      this.finish(chunk, start, newline, into);
      start = newline + 1;
    }
    if (start < chunk.length) this.hold(chunk, start, chunk.length);
    return into;
  }

  /** The unterminated last line, if any (the source ended or was rotated away). */
  flush(into: SplitLine[] = []): SplitLine[] {
    if (this.pendingBytes > 0 || this.skipped > 0) this.emit(Buffer.concat(this.pending, this.pendingBytes), into);
    return into;
  }

  /** Forget a partial line (the file was truncated under us). */
  reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.skipped = 0;
  }

  private hold(chunk: Buffer, from: number, to: number): void {
    const room = this.maxLineBytes - this.pendingBytes;
    const take = Math.min(room, to - from);
    if (take > 0) {
      // Copy: the caller may reuse its buffer.
      this.pending.push(Buffer.from(chunk.subarray(from, from + take)));
      this.pendingBytes += take;
    }
    this.skipped += to - from - Math.max(0, take);
  }

  private finish(chunk: Buffer, from: number, to: number, into: SplitLine[]): void {
    if (this.pendingBytes === 0 && this.skipped === 0 && to - from <= this.maxLineBytes) {
      this.emitText(chunk.toString('utf8', from, to), 0, into);
      return;
    }
    this.hold(chunk, from, to);
    this.emit(Buffer.concat(this.pending, this.pendingBytes), into);
  }

  private emit(kept: Buffer, into: SplitLine[]): void {
    const total = kept.length + this.skipped;
    this.emitText(kept.toString('utf8'), total > kept.length ? total : 0, into);
    this.reset();
  }

  private emitText(raw: string, cutFromBytes: number, into: SplitLine[]): void {
    let text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    text = sanitize(text);
    into.push(cutFromBytes ? { text, cutFromBytes } : { text });
  }
}
