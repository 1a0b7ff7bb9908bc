/**
 * The `tailFile` actor: follows a log file like `tail -F`, with chokidar telling it when to look.
 *
 * - It starts at the end of the file (the pane shows what happens from now on), except for the supervised
 *   node's own capture file (`fromStart`); a file that appears later, or replaces the one being read, is
 *   read from its start.
 * - Rotation by rename (logrotate, the supervisor's capture): the path now names another inode. The old
 *   file is read to its end first (the writer may have added lines before it moved on), then the new one
 *   is opened. chokidar often reports rename-and-create as a plain `change`, so every event compares
 *   inodes instead of trusting the event name.
 * - Truncation (copytruncate, `> file`): the size dropped below the read position; reading restarts at 0.
 * - Delete and recreate: the status says it waits; the new file is read from its start.
 * - A flood: more than `maxBacklogBytes` unread at once is skipped to the last `keepBytes`, with a note in
 *   the Cockpit tab, so the pane stays live instead of minutes behind.
 *
 * chokidar watches the parent directory (events for other names are ignored): watching a file that does
 * not exist yet misses writes right after it appears. A stat once a second backs it up (see below). Sends `follower.status` whenever what the header says changes.
 */
import { watch, type FSWatcher } from 'chokidar';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fromCallback, type EventObject } from 'xstate';
import { LineSplitter, type SplitLine } from '../../core/log/line-splitter.js';
import type { FollowerStatus, LogFollowerEvent, LogSink, TailFileInput } from '../../machines/cockpit/log-pane.contracts.js';
import { cockpitTime } from './cockpit-time.js';

const READ_CHUNK = 64 * 1024;
export const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;
const KEEP_AFTER_SKIP_BYTES = 1024 * 1024;
export const SAFETY_CHECK_MS = 1_000;

interface OpenFile {
  handle: FileHandle;
  ino: number;
  dev: number;
  position: number;
}

function explain(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'ENOTDIR') return 'has a file where a directory should be in its path';
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

export class FileTail {
  private current: OpenFile | null = null;
  private readonly splitter = new LineSplitter();
  private running = false;
  private again = false;
  private stopped = false;
  private started = false;
  private lastStatus = '';
  private readonly buffer = Buffer.allocUnsafe(READ_CHUNK);

  constructor(
    private readonly path: string,
    private readonly sink: LogSink,
    private readonly onStatus: (status: FollowerStatus, detail: string) => void,
    private readonly maxBacklogBytes = MAX_BACKLOG_BYTES,
    private readonly fromStart = false,
  ) {}

  /** Look at the file now; calls while a look is running fold into one more look after it. */
  async check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.step();
      } while (this.again && !this.stopped);
    } catch (error) {
      this.status('failed', `${this.path} ${explain(error)}`);
    } finally {
      this.running = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const current = this.current;
    this.current = null;
    await current?.handle.close().catch(() => {});
  }

  private status(status: FollowerStatus, detail: string): void {
    const key = `${status}\u0000${detail}`;
    if (key === this.lastStatus || this.stopped) return;
    this.lastStatus = key;
    this.onStatus(status, detail);
  }

  private note(message: string): void {
    this.sink.addCockpitEvent('info', message, cockpitTime(), 'cockpit::tail');
  }

  private async step(): Promise<void> {
    const first = !this.started;
    this.started = true;
    let stats;
    try {
      stats = await stat(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      stats = null;
    }
    if (this.stopped) return;
    if (stats && !stats.isFile()) {
      this.status('failed', `${this.path} is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}, not a log file`);
      return;
    }
    const current = this.current;
    if (current && (!stats || stats.ino !== current.ino || stats.dev !== current.dev)) {
      // Rotated or deleted: what the writer added to the old file before moving on still counts.
      await this.readToEnd(current);
      this.emit(this.splitter.flush());
      this.current = null;
      await current.handle.close().catch(() => {});
      if (stats) this.note(`${this.path} was replaced (rotated); following the new file from its start`);
    }
    if (!stats) {
      this.status('waiting', first ? `waiting for ${this.path} to be created` : `${this.path} was deleted; waiting for it to be created again`);
      return;
    }
    if (!this.current) {
      const handle = await open(this.path, 'r');
      const opened = await handle.stat();
      // Only the file found at start is joined at its end; a file appearing later is new, all of it.
      this.current = { handle, ino: opened.ino, dev: opened.dev, position: first && !this.fromStart ? opened.size : 0 };
      this.splitter.reset();
    }
    this.status('following', `tailing ${this.path}`);
    await this.readToEnd(this.current);
  }

  private async readToEnd(file: OpenFile): Promise<void> {
    const { size } = await file.handle.stat();
    if (size < file.position) {
      file.position = 0;
      this.splitter.reset();
      this.note(`${this.path} was truncated; reading it from the start`);
    }
    if (size - file.position > this.maxBacklogBytes) {
      const skipTo = size - KEEP_AFTER_SKIP_BYTES;
      this.note(`${this.path}: skipped ${Math.round((skipTo - file.position) / 1024 / 1024)} MiB of backlog to stay live`);
      file.position = skipTo;
      this.splitter.reset();
    }
    while (!this.stopped && file.position < size) {
      const { bytesRead } = await file.handle.read(this.buffer, 0, Math.min(READ_CHUNK, size - file.position), file.position);
      if (bytesRead === 0) break;
      file.position += bytesRead;
      this.emit(this.splitter.push(this.buffer.subarray(0, bytesRead)));
    }
  }

  private emit(lines: SplitLine[]): void {
    if (lines.length && !this.stopped) this.sink.ingestNodeLines(lines);
  }
}

export interface TailFileDeps {
  /** chokidar's watch, injectable for a test that needs polling. */
  watch?: typeof watch;
}

export function createTailFile(deps: TailFileDeps = {}) {
  const watchImpl = deps.watch ?? watch;
  return fromCallback<EventObject, TailFileInput, LogFollowerEvent>(({ input, sendBack }) => {
    const path = resolve(input.path);
    const tail = new FileTail(path, input.sink, (status, detail) => sendBack({ type: 'follower.status', status, detail }), MAX_BACKLOG_BYTES, input.fromStart === true);
    const dir = dirname(path);
    const name = basename(path);
    let watcher: FSWatcher | undefined;
    try {
      // No `ignored` filter: with one, chokidar 5 reports the directory itself as removed once the only
      // file it watches is renamed away. Events for other names are simply not acted on.
      // atomic: false, so an unlink and a new file are reported as such, not folded into one `change`.
      watcher = watchImpl(dir, { ignoreInitial: true, depth: 0, atomic: false });
      watcher.on('all', (_event, changed) => {
        if (changed === path || basename(changed) === name) void tail.check();
      });
      watcher.on('error', (error) => sendBack({ type: 'follower.status', status: 'failed', detail: `watching ${dir} failed: ${error instanceof Error ? error.message : String(error)}` }));
      watcher.on('ready', () => void tail.check());
    } catch (error) {
      sendBack({ type: 'follower.status', status: 'failed', detail: `cannot watch ${dir}: ${error instanceof Error ? error.message : String(error)}` });
    }
    void tail.check();
    // The safety net `tail -F` has too: inotify events are lost in rename races (the new file is created
    // after chokidar looked and before it re-attached), so the file is also looked at once a second.
    // One stat when nothing changed; the watcher still makes the usual case immediate.
    const safetyNet = setInterval(() => void tail.check(), SAFETY_CHECK_MS);
    safetyNet.unref();
    return () => {
      clearInterval(safetyNet);
      void watcher?.close();
      void tail.stop();
    };
  });
}
