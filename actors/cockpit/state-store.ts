/**
 * The cockpit's persisted state (log-pane height, watchlist, last screen, …) in `<data dir>/state.json`.
 *
 * Writes are atomic: the new state goes to a temp file in the same directory, is fsynced, then renamed over the
 * old one, so a crash or a full disk leaves either the old or the new file, never half of one. Writes from one
 * process are serialised in call order.
 *
 * Several cockpits may share a data directory (a `cockpit-tui` and a `cockpit --serve-metrics`): every write
 * takes `state.json.lock` (state-lock.ts), reads the file as it is now, applies only what this cockpit changed
 * (core/cockpit/state-merge.ts: the watchlist merges by reference) and writes the result, so neither cockpit's
 * watchlist entries are lost to the other's next write.
 *
 * What the store will not read:
 * - a state.json that is not a regular file (a named pipe would hang start-up): `open` refuses it with
 *   StateFileError, naming the path and what to do;
 * - one that is not a JSON object, is over MAX_STATE_BYTES, or nests deeper than MAX_STATE_DEPTH (a value too
 *   deep for JSON.stringify would make every later write fail): moved aside (`state.json.corrupt-<time>`), never
 *   overwritten, and the store goes on from defaults (at open) or from its own state (at a write). `warnings`
 *   and `onProblem` say so.
 * A write that fails anyway (disk full, a lock held too long) rejects and is reported to `onProblem` listeners:
 * the engine shows it in the Cockpit log tab, and headless modes on stderr. Nothing is lost silently.
 *
 * ```ts
 * const store = await CockpitStateStore.open(config.dataDir.path);
 * store.get().logPaneHeight;
 * await store.update({ logPaneHeight: 12 });
 * await store.update((s) => ({ ...s, watchlist: [...s.watchlist, { reference }] }));
 * ```
 */
import { constants } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { writeAtomically } from './atomic-write.js';
import { WatchHistoryFile } from './watch-history.js';
import { join } from 'node:path';
import { cockpitStateSchema, defaultCockpitState, type CockpitState } from '../../config-schema/cockpit-state.js';
import { mergeStatePatch } from '../../core/cockpit/state-merge.js';
import { withStateLock } from './state-lock.js';

export const STATE_FILE = 'state.json';
/** The largest state.json read: 500 watchlist entries are about 100 KiB. */
export const MAX_STATE_BYTES = 4 * 1024 * 1024;
/** The deepest a state.json may nest (its own fields are 3 deep; unknown fields of a newer release are kept). */
export const MAX_STATE_DEPTH = 64;

export type StatePatch = Partial<CockpitState> | ((state: CockpitState) => CockpitState);

/** state.json cannot be used at all (not a regular file): the cockpit refuses to start with this message. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

type FileRead = { kind: 'missing' } | { kind: 'state'; raw: object } | { kind: 'refused'; why: string };

/** How deep `value` nests, counted without recursion, stopping once past `limit`. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const inner of Object.values(item)) if (inner !== null && typeof inner === 'object') stack.push([inner, depth + 1]);
  }
  return false;
}

/** Reads state.json without ever blocking on it (a FIFO is opened non-blocking and refused from its type). */
async function readStateFile(file: string): Promise<FileRead> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw new StateFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      const what = stats.isFIFO() ? 'a named pipe' : stats.isDirectory() ? 'a directory' : stats.isSocket() ? 'a socket' : 'a device';
      throw new StateFileError(`${file} is ${what}, not a regular file: the cockpit keeps its state in a file there. Remove it, or set COCKPIT_DATA to another directory`);
    }
    if (stats.size > MAX_STATE_BYTES) return { kind: 'refused', why: `is ${(stats.size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_STATE_BYTES / 1024 / 1024} MiB a state file may be` };
    const text = await handle.readFile('utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { kind: 'refused', why: 'was not a JSON object' };
    if (nestsDeeperThan(raw, MAX_STATE_DEPTH)) return { kind: 'refused', why: `nests deeper than ${MAX_STATE_DEPTH} levels (a value that deep cannot be written back)` };
    return { kind: 'state', raw };
  } finally {
    await handle.close();
  }
}

export class CockpitStateStore {
  private state: CockpitState;
  /** What this cockpit last knew (loaded, then each of its own patches): the base its changes are taken from. */
  private mine: CockpitState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly problemListeners = new Set<(message: string) => void>();
  private readonly loadWarnings: string[];

  private constructor(
    readonly dataDir: string,
    state: CockpitState,
    warnings: readonly string[],
    /** The watched references' availability records, in watch-history.json beside state.json. */
    readonly watchHistory: WatchHistoryFile,
  ) {
    this.state = state;
    this.mine = state;
    this.loadWarnings = [...warnings, ...watchHistory.warnings];
    watchHistory.onProblem((message) => this.report(message));
  }

  get file(): string {
    return join(this.dataDir, STATE_FILE);
  }

  /** Problems met while loading (a corrupt file moved aside), for the Cockpit log tab. */
  get warnings(): readonly string[] {
    return this.loadWarnings;
  }

  /**
   * Loads `<dataDir>/state.json`; a missing file or directory means defaults (created on the first write).
   * Throws StateFileError when state.json is not a regular file.
   */
  static async open(dataDir: string): Promise<CockpitStateStore> {
    const file = join(dataDir, STATE_FILE);
    const read = await readStateFile(file);
    const history = await WatchHistoryFile.open(dataDir);
    if (read.kind === 'missing') return new CockpitStateStore(dataDir, defaultCockpitState(), [], history);
    if (read.kind === 'refused') return new CockpitStateStore(dataDir, defaultCockpitState(), [`${await moveAside(file, read.why)}, starting from defaults`], history);
    return new CockpitStateStore(dataDir, cockpitStateSchema.parse(read.raw), [], history);
  }

  get(): CockpitState {
    return this.state;
  }

  /** Told every problem from now on (a write that failed, a file moved aside at a write). Returns the unsubscribe. */
  onProblem(listener: (message: string) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /** Settles once every update asked for so far has been written (or has failed and been reported). */
  async flush(): Promise<void> {
    await this.queue;
    await this.watchHistory.flush();
  }

  /**
   * Applies the patch to state.json as it is on disk now, under the data directory's lock: a partial patch
   * changes only the fields it changes compared with what this cockpit last knew (the watchlist by reference);
   * a function patch is given the disk's state. The result is validated (malformed fields fall back to their
   * defaults) and written atomically.
   */
  update(patch: StatePatch): Promise<CockpitState> {
    const next = this.queue.then(async () => {
      // The lock file lives in the data directory, which the first write creates.
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      return withStateLock(`${this.file}.lock`, async () => {
        const theirs = await this.readForMerge();
        const merged = typeof patch === 'function' ? patch(theirs) : mergeStatePatch(this.mine, patch, theirs);
        const state = cockpitStateSchema.parse(merged);
        await writeAtomically(this.dataDir, STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
        this.mine = typeof patch === 'function' ? state : cockpitStateSchema.parse({ ...this.mine, ...patch });
        this.state = state;
        return state;
      });
    });
    this.queue = next.catch((error: unknown) => this.report(`the cockpit's state was not saved to ${this.file}: ${error instanceof Error ? error.message : String(error)}`));
    return next;
  }

  /** The disk's state to merge into; this cockpit's own when there is no file, or when it had to be moved aside. */
  private async readForMerge(): Promise<CockpitState> {
    const read = await readStateFile(this.file);
    if (read.kind === 'state') return cockpitStateSchema.parse(read.raw);
    if (read.kind === 'refused') this.report(`${await moveAside(this.file, read.why)}; writing this cockpit's state in its place`);
    return this.state;
  }

  private report(message: string): void {
    for (const listener of this.problemListeners) listener(message);
  }
}

/** Renames a state file the store will not read to `<file>.corrupt-<time>`; returns the sentence saying so. */
async function moveAside(file: string, why: string): Promise<string> {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, aside);
  return `${file} ${why}; moved to ${aside}`;
}

export { writeAtomically } from './atomic-write.js';
