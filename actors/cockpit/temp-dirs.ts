/**
 * The cockpit's own temporary directories (the supervised node's capture `cockpit-node-…`, `--serve` drops
 * `cockpit-drop-…`): each is named after the process that made it (`cockpit-node-<pid>-XXXXXX`), so a later
 * cockpit can tell a directory still in use from one a crashed or killed run left behind.
 *
 * `removeStaleTempDirs` runs at start: it removes the directories of one kind that are not in use (the PID in
 * the name is not alive on this host, or the name carries none, as older releases made them) and have not
 * changed for `olderThanMs` (a day): a crash's capture stays long enough to be read, and a drop or capture never
 * piles up for ever. A clean stop removes its own directory itself.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive.js';

export const STALE_TEMP_DIR_MS = 24 * 60 * 60 * 1000;

/** `<parent>/<prefix><pid>-XXXXXX`. */
export function makeTempDir(prefix: string, parent: string = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `${prefix}${process.pid}-`));
}

/** The newest modification time of the directory and of what it holds directly (a log being written, a rotation). */
async function lastChangedMs(dir: string): Promise<number> {
  let newest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const stats = await stat(join(dir, name)).catch(() => null);
    if (stats && stats.mtimeMs > newest) newest = stats.mtimeMs;
  }
  return newest;
}

/** Removes `<parent>/<prefix>*` directories not in use and unchanged for `olderThanMs`; returns the removed paths. */
export async function removeStaleTempDirs(prefix: string, options: { parent?: string; olderThanMs?: number; now?: number } = {}): Promise<string[]> {
  const parent = options.parent ?? tmpdir();
  const olderThanMs = options.olderThanMs ?? STALE_TEMP_DIR_MS;
  const now = options.now ?? Date.now();
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && isProcessAlive(Number(pid))) continue;
    if (pid !== undefined && Number(pid) === process.pid) continue;
    const dir = join(parent, name);
    try {
      if (!(await stat(dir)).isDirectory()) continue;
      if (now - (await lastChangedMs(dir)) < olderThanMs) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // gone meanwhile, or not ours to remove (another user's): leave it
    }
  }
  return removed;
}
