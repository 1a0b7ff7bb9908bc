/**
 * The cockpit's persisted state (log-pane height, watchlist, last screen, …) in `<data dir>/state.json`.
 *
 * Writes are atomic: the new state goes to a temp file in the same directory, is fsynced, then renamed over the
 * old one, so a crash or a full disk leaves either the old or the new file, never half of one. Writes from one
 * process are serialised in call order. A state.json that is not JSON is moved aside (state.json.corrupt-<time>)
 * rather than overwritten, and the store starts from defaults; `warnings` says so.
 *
 * ```ts
 * const store = await CockpitStateStore.open(config.dataDir.path);
 * store.get().logPaneHeight;
 * await store.update({ logPaneHeight: 12 });
 * await store.update((s) => ({ ...s, watchlist: [...s.watchlist, { reference }] }));
 * ```
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cockpitStateSchema, defaultCockpitState, type CockpitState } from '../../config-schema/cockpit-state.js';

export const STATE_FILE = 'state.json';

export type StatePatch = Partial<CockpitState> | ((state: CockpitState) => CockpitState);

export class CockpitStateStore {
  private state: CockpitState;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly dataDir: string,
    state: CockpitState,
    /** Problems met while loading (a corrupt file moved aside), for the Cockpit log tab. */
    readonly warnings: readonly string[],
  ) {
    this.state = state;
  }

  get file(): string {
    return join(this.dataDir, STATE_FILE);
  }

  /** Loads `<dataDir>/state.json`; a missing file or directory means defaults (created on the first write). */
  static async open(dataDir: string): Promise<CockpitStateStore> {
    const file = join(dataDir, STATE_FILE);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new CockpitStateStore(dataDir, defaultCockpitState(), []);
      throw error;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, aside);
      return new CockpitStateStore(dataDir, defaultCockpitState(), [`${file} was not a JSON object; moved to ${aside}, starting from defaults`]);
    }
    return new CockpitStateStore(dataDir, cockpitStateSchema.parse(raw), []);
  }

  get(): CockpitState {
    return this.state;
  }

  /** Applies the patch, validates the result (malformed fields fall back to defaults) and writes it atomically. */
  update(patch: StatePatch): Promise<CockpitState> {
    const next = this.queue.then(async () => {
      const merged = typeof patch === 'function' ? patch(this.state) : { ...this.state, ...patch };
      const state = cockpitStateSchema.parse(merged);
      await writeAtomically(this.dataDir, STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
      this.state = state;
      return state;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Temp file + fsync + rename in `dir`; the directory is created (mode 700) when missing. */
export async function writeAtomically(dir: string, name: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, name);
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // Make the rename itself durable; some platforms cannot open a directory, which only weakens crash-safety.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}
