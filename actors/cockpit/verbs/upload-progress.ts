/**
 * Upload progress on stderr: on a terminal one line rewritten in place (at most 5 times a second); otherwise a
 * line at every 10 %, so logs stay short. Always a last line with the total. Never on stdout: the result is there.
 */
import { formatBytes } from '../../../core/cockpit/format.js';

export class UploadProgress {
  private sent = 0;
  private lastDraw = 0;
  private lastDecile = -1;
  private readonly started = performance.now();

  constructor(
    private readonly verb: string,
    private readonly total: number,
    private readonly write: (text: string) => void,
    private readonly tty: boolean,
  ) {}

  add(bytes: number): void {
    this.sent += bytes;
    const now = performance.now();
    const decile = this.total > 0 ? Math.floor((this.sent / this.total) * 10) : 10;
    if (this.tty) {
      if (now - this.lastDraw >= 200) {
        this.lastDraw = now;
        this.write(`\r${this.line(now)}`);
      }
    } else if (decile > this.lastDecile && decile < 10) {
      this.lastDecile = decile;
      this.write(`${this.line(now)}\n`);
    }
  }

  /** The closing line, once the node has answered. */
  done(): void {
    this.write(`${this.tty ? '\r' : ''}${this.line(performance.now())}, stored by the node\n`);
  }

  /** Ends an in-place line before an error message. */
  failed(): void {
    if (this.tty && this.lastDraw > 0) this.write('\n');
  }

  private line(now: number): string {
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const percent = this.total > 0 ? Math.min(100, Math.floor((this.sent / this.total) * 100)) : 100;
    return `${this.verb}: ${String(percent).padStart(3)} %  ${formatBytes(this.sent)} of ${formatBytes(this.total)}  ${(this.sent / 1e6 / seconds).toFixed(1)} MB/s`;
  }
}
