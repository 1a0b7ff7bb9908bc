/**
 * The supervised node's capture file: everything the node writes to stdout and stderr, rotated by size
 * (`[store.logs] rotate_size_mb` x `keep_files`, 64 MiB x 5 by default: at most about 320 MiB on disk).
 *
 * Rotation is by rename, as logrotate does it: `node.log` -> `node.log.1` -> … -> `node.log.<keep-1>`,
 * the oldest unlinked, and a fresh `node.log` opened. The size holds by bytes whatever the output's shape: no
 * file ever exceeds `rotateBytes`. A file ends at the last newline that fits; a line that does not fit starts
 * the next file; only a line longer than a whole file (a `\r` progress bar that never prints a newline) is cut,
 * at the limit, on a UTF-8 character boundary. The log pane tails `node.log`; its tailer follows the rename.
 *
 * Writes are synchronous and in order: a node writes a few hundred lines a second at most, and an ordered,
 * immediately-known outcome is worth more here than overlapping writes. A failed write (the disk is full,
 * the directory was removed) never stops the node: the capture keeps draining the pipes so the node
 * never blocks on a full pipe, counts what it drops, reports the problem once, and tries again after
 * `retryMs`, reopening the file.
 */
import { closeSync, fstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';

export interface CaptureOptions {
  path: string;
  rotateBytes: number;
  /** Files kept, the live one included (>= 1). */
  keepFiles: number;
  /** How long to drop output after a failed write before trying again. */
  retryMs?: number;
  now?: () => number;
}

export type CaptureStatus = { ok: true } | { ok: false; message: string; droppedBytes: number };

const ERROR_TEXT: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EROFS: 'read-only file system',
  ENOENT: 'the capture directory was removed',
  EACCES: 'permission denied',
  EIO: 'input/output error',
};

export function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && ERROR_TEXT[code]) ?? (error instanceof Error ? error.message : String(error));
}

export class RotatingCapture {
  private fd: number | undefined;
  private size = 0;
  /** The file ends with a newline (or is empty): a line that does not fit may start the next file whole. */
  private atLineStart = true;
  private failedUntil = 0;
  private dropped = 0;
  private problem: string | undefined;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly options: CaptureOptions,
    /** Told when the capture starts failing and when it works again. */
    private readonly onStatus: (status: CaptureStatus) => void = () => {},
  ) {
    if (!(options.rotateBytes > 0) || !Number.isInteger(options.keepFiles) || options.keepFiles < 1) {
      throw new RangeError(`capture needs rotateBytes > 0 and keepFiles >= 1, got ${options.rotateBytes} x ${options.keepFiles}`);
    }
    this.retryMs = options.retryMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.tryOpen();
  }

  get path(): string {
    return this.options.path;
  }

  /** Appends node output; never throws. */
  write(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.fd === undefined && (this.now() < this.failedUntil || !this.tryOpen())) {
      this.dropped += chunk.length;
      return;
    }
    try {
      let rest = chunk;
      while (rest.length > 0) {
        const room = this.options.rotateBytes - this.size;
        if (rest.length <= room) {
          this.append(rest);
          break;
        }
        const cut = this.cutAt(rest, room);
        if (cut > 0) {
          this.append(rest.subarray(0, cut));
          rest = rest.subarray(cut);
        }
        this.rotate();
      }
    } catch (error) {
      this.fail(error, chunk.length);
      return;
    }
    if (this.problem !== undefined) {
      // Recovered only once a write went through, so a reopen on a still-full disk does not flap.
      this.problem = undefined;
      this.dropped = 0;
      this.onStatus({ ok: true });
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /**
   * How much of `bytes` ends this file, which has `room` bytes left (fewer than `bytes` holds): up to the last
   * newline that fits; none when the file ends with a whole line (the line starts the next file); else (a
   * line longer than a file, or one already begun here) the room itself, backed off to a character boundary.
   */
  private cutAt(bytes: Buffer, room: number): number {
    const newline = room > 0 ? bytes.lastIndexOf(10, room - 1) : -1;
    if (newline >= 0) return newline + 1;
    if (this.size > 0 && this.atLineStart) return 0;
    let cut = room;
    // UTF-8 continuation bytes are 10xxxxxx: never start the next file in the middle of a character.
    while (cut > 0 && room - cut < 3 && (bytes[cut]! & 0xc0) === 0x80) cut--;
    return cut > 0 ? cut : room;
  }

  private append(bytes: Buffer): void {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.fd!, bytes, offset, bytes.length - offset);
    this.size += bytes.length;
    this.atLineStart = bytes[bytes.length - 1] === 10;
  }

  private rotate(): void {
    this.close();
    const { path, keepFiles } = this.options;
    if (keepFiles === 1) {
      unlinkQuietly(path);
    } else {
      unlinkQuietly(`${path}.${keepFiles - 1}`);
      for (let i = keepFiles - 2; i >= 1; i--) renameQuietly(`${path}.${i}`, `${path}.${i + 1}`);
      renameSync(path, `${path}.1`);
    }
    this.fd = openSync(path, 'a');
    this.size = 0;
    this.atLineStart = true;
  }

  private tryOpen(): boolean {
    try {
      this.fd = openSync(this.options.path, 'a');
      this.size = fstatSync(this.fd).size;
      return true;
    } catch (error) {
      this.fail(error, 0);
      return false;
    }
  }

  private fail(error: unknown, droppedBytes: number): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // the descriptor is what failed; nothing more to do with it
      }
    }
    this.fd = undefined;
    this.failedUntil = this.now() + this.retryMs;
    this.problem = `capture paused: ${describeWriteError(error)} (${this.options.path}); node output is dropped, retrying every ${Math.round(this.retryMs / 1000)} s`;
    this.dropped += droppedBytes;
    // Once per failed attempt (at most every retryMs), not once per dropped chunk.
    this.onStatus({ ok: false, message: this.problem, droppedBytes: this.dropped });
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
