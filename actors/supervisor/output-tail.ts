/**
 * The last few lines a process wrote, kept to explain an exit ("failed to build bee node: listen tcp …:
 * address already in use"). Bounded in lines and in line length, whatever the process writes.
 */
const MAX_LINES = 8;
const MAX_LINE_CHARS = 500;

export class OutputTail {
  private readonly kept: string[] = [];
  private partial = '';

  push(chunk: Buffer): void {
    // Only the end of a big chunk can matter; decoding all of it would cost time for nothing.
    const text = this.partial + chunk.subarray(Math.max(0, chunk.length - MAX_LINES * MAX_LINE_CHARS * 2)).toString('utf8');
    const lines = text.split('\n');
    this.partial = (lines.pop() ?? '').slice(-MAX_LINE_CHARS);
    for (const line of lines) {
      const trimmed = line.replace(/\r$/, '');
      if (trimmed.trim() === '') continue;
      this.kept.push(trimmed.length > MAX_LINE_CHARS ? `${trimmed.slice(0, MAX_LINE_CHARS)}…` : trimmed);
      if (this.kept.length > MAX_LINES) this.kept.shift();
    }
  }

  /** Oldest first; an unterminated last line is included. */
  lines(): string[] {
    return this.partial.trim() ? [...this.kept, this.partial].slice(-MAX_LINES) : [...this.kept];
  }
}
