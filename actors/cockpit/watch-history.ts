/**
 * `<data dir>/watch-history.json`: the availability record of every watched reference (issue 29.6,
 * core/cockpit/availability.ts), kept across restarts so S12's share, first failure, longest outage and trend
 * cover days, not a session.
 *
 * Bounded (config-schema/watch-history.ts): AVAILABILITY_RECENT (100) results per reference and at most
 * WATCHLIST_MAX (500) references; a file over MAX_HISTORY_BYTES is not read.
 *
 * Written atomically (state-store.ts `writeAtomically`: temp file, fsync, rename) under its own lock
 * (`watch-history.json.lock`, state-lock.ts). Like state.json, several cockpits may share the file: a write
 * reads what is on disk and applies only this cockpit's new results and removals to it, so the other's checks
 * are never lost. Writes are coalesced: results recorded while one write runs go out together in the next.
 * A file that cannot be read (not JSON, too large) is moved aside and the record starts afresh; a failed write
 * is reported to `onProblem` listeners (the Cockpit log tab, stderr headless), never lost silently.
 */
import { constants } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { recordIn, type AvailabilityBook } from '../../core/cockpit/availability.js';
import type { DurabilityResult } from '../../core/cockpit/watchlist.js';
import { boundBook, watchHistorySchema, WATCH_HISTORY_VERSION } from '../../config-schema/watch-history.js';
import { withStateLock } from './state-lock.js';
import { writeAtomically } from './atomic-write.js';

export const WATCH_HISTORY_FILE = 'watch-history.json';
/** 500 references × 100 results are about 10 MiB at most; anything larger was not written by a cockpit. */
export const MAX_HISTORY_BYTES = 16 * 1024 * 1024;

type Change = { readonly kind: 'result'; readonly result: DurabilityResult } | { readonly kind: 'forget'; readonly reference: string };

type Read = { kind: 'book'; book: AvailabilityBook; rest: Record<string, unknown> } | { kind: 'missing' } | { kind: 'refused'; why: string };

async function readHistory(file: string): Promise<Read> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'refused', why: `could not be read (${(error as Error).message})` };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: 'refused', why: 'is not a regular file' };
    if (stats.size > MAX_HISTORY_BYTES) return { kind: 'refused', why: `is ${(stats.size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_HISTORY_BYTES / 1024 / 1024} MiB a watch history may be` };
    let raw: unknown;
    try {
      raw = JSON.parse(await handle.readFile('utf8'));
    } catch {
      raw = undefined;
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { kind: 'refused', why: 'was not a JSON object' };
    const { references, version: _version, ...rest } = watchHistorySchema.parse(raw);
    return { kind: 'book', book: references, rest };
  } finally {
    await handle.close();
  }
}

export class WatchHistoryFile {
  private book: AvailabilityBook;
  private pending: Change[] = [];
  private writing: Promise<void> | null = null;
  private readonly problemListeners = new Set<(message: string) => void>();

  private constructor(
    readonly dataDir: string,
    book: AvailabilityBook,
    readonly warnings: readonly string[],
  ) {
    this.book = book;
  }

  get file(): string {
    return join(this.dataDir, WATCH_HISTORY_FILE);
  }

  /** Loads the file; missing means an empty record. A file it will not read is moved aside (see `warnings`). */
  static async open(dataDir: string): Promise<WatchHistoryFile> {
    const file = join(dataDir, WATCH_HISTORY_FILE);
    const read = await readHistory(file);
    if (read.kind === 'book') return new WatchHistoryFile(dataDir, read.book, []);
    if (read.kind === 'missing') return new WatchHistoryFile(dataDir, {}, []);
    return new WatchHistoryFile(dataDir, {}, [`${await moveAside(file, read.why)}; the watch history starts afresh`]);
  }

  /** What was on disk at open, with this cockpit's own results since. */
  get(): AvailabilityBook {
    return this.book;
  }

  record(result: DurabilityResult): void {
    this.change({ kind: 'result', result });
  }

  forget(reference: string): void {
    this.change({ kind: 'forget', reference });
  }

  onProblem(listener: (message: string) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /** Settles once every change recorded so far is written (or its failure reported). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private change(change: Change): void {
    this.book = boundBook(apply(this.book, [change]));
    this.pending.push(change);
    this.startWriting();
  }

  /** One write at a time; each takes every change pending when it starts (so bursts coalesce). */
  private startWriting(): void {
    if (this.writing) return;
    this.writing = (async () => {
      while (this.pending.length > 0) await this.write(this.pending.splice(0));
    })().finally(() => {
      this.writing = null;
      if (this.pending.length > 0) this.startWriting();
    });
  }

  private async write(changes: readonly Change[]): Promise<void> {
    try {
      // The lock file lives in the data directory, which the first write creates.
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      await withStateLock(`${this.file}.lock`, async () => {
        const read = await readHistory(this.file);
        if (read.kind === 'refused') this.report(`${await moveAside(this.file, read.why)}; writing this cockpit's watch history in its place`);
        const base = read.kind === 'book' ? read : { book: read.kind === 'missing' ? {} : this.book, rest: {} };
        const book = boundBook(apply(base.book, read.kind === 'refused' ? [] : changes));
        await writeAtomically(this.dataDir, WATCH_HISTORY_FILE, `${JSON.stringify({ ...base.rest, version: WATCH_HISTORY_VERSION, references: book })}\n`);
      });
    } catch (error) {
      this.report(`the watch history was not saved to ${this.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private report(message: string): void {
    for (const listener of this.problemListeners) listener(message);
  }
}

function apply(book: AvailabilityBook, changes: readonly Change[]): AvailabilityBook {
  let next = book;
  for (const change of changes) {
    if (change.kind === 'result') next = recordIn(next, change.result);
    else if (next[change.reference]) {
      const { [change.reference]: _gone, ...rest } = next;
      next = rest;
    }
  }
  return next;
}

async function moveAside(file: string, why: string): Promise<string> {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    await rename(file, aside);
    return `${file} ${why}; moved to ${aside}`;
  } catch (error) {
    return `${file} ${why} and could not be moved aside (${(error as Error).message})`;
  }
}
