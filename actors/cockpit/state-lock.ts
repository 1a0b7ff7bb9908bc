/**
 * The short lock around one read-merge-write of the data directory's state.json (state-store.ts), so two
 * cockpits sharing a data directory (a `cockpit-tui` and a `cockpit --serve-metrics`, two terminals) never write
 * over each other's changes: each takes `state.json.lock`, reads what is on disk, applies its own change, writes
 * and lets go, in a few milliseconds.
 *
 * The lock file is created exclusively (`O_EXCL`) and holds the holder's PID, host and start time as JSON. A
 * lock whose holder is gone is taken over: its PID is dead on this host (a cockpit killed mid-write), or it is
 * older than STALE_LOCK_MS (a holder on another host sharing the directory, which cannot be asked). The takeover
 * renames the stale file to a name of its own before removing it, so of two cockpits that both found it stale
 * only one removes it, and neither removes a fresh lock the other just made.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { isProcessAlive } from './process-alive.js';

/** A lock held longer than this is not a write in progress: its holder hung or died elsewhere. */
export const STALE_LOCK_MS = 30_000;
/** How long a write waits for another cockpit's lock before it fails (and says so). */
export const LOCK_WAIT_MS = 5_000;

export interface LockHolder {
  pid: number;
  host: string;
  sinceMs: number;
}

export class StateLockBusyError extends Error {
  override readonly name = 'StateLockBusyError';
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    super(`${lockPath} is held by ${holder ? `process ${holder.pid} on ${holder.host}` : 'another process'} for over ${LOCK_WAIT_MS / 1000} s; another cockpit is writing this data directory`);
  }
}

async function readHolder(lockPath: string): Promise<LockHolder | null> {
  try {
    const parsed = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockHolder>;
    if (Number.isSafeInteger(parsed.pid) && typeof parsed.host === 'string' && typeof parsed.sinceMs === 'number') return parsed as LockHolder;
  } catch {
    // a lock being written this instant, or garbage: judged by its age below
  }
  return null;
}

async function isStale(lockPath: string, holder: LockHolder | null, nowMs: number): Promise<boolean> {
  if (holder && holder.host === hostname() && holder.pid !== process.pid && !isProcessAlive(holder.pid)) return true;
  try {
    return nowMs - (await stat(lockPath)).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false; // gone already: the next attempt takes it
  }
}

/** Runs `work` holding `lockPath`; waits up to LOCK_WAIT_MS for another holder, taking over a stale lock. */
export async function withStateLock<T>(lockPath: string, work: () => Promise<T>, options: { waitMs?: number; now?: () => number } = {}): Promise<T> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.waitMs ?? LOCK_WAIT_MS);
  const me: LockHolder = { pid: process.pid, host: hostname(), sinceMs: now() };
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(me));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(lockPath);
    if (await isStale(lockPath, holder, now())) {
      const aside = `${lockPath}.stale-${randomBytes(4).toString('hex')}`;
      // Only one taker wins the rename; the loser finds the lock gone (or the winner's new one) and tries again.
      if (await rename(lockPath, aside).then(() => true, () => false)) {
        const moved = await readHolder(aside);
        // Another taker replaced the stale lock between our look and our rename: put its fresh lock back
        // (link fails if yet another one exists, which then holds it).
        if (holder && moved && (moved.pid !== holder.pid || moved.sinceMs !== holder.sinceMs)) await link(aside, lockPath).catch(() => undefined);
        await rm(aside, { force: true });
      }
      continue;
    }
    if (now() >= deadline) throw new StateLockBusyError(lockPath, holder);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  try {
    return await work();
  } finally {
    // Ours unless a takeover judged it stale (a write that took over STALE_LOCK_MS): then it is not ours to remove.
    const holder = await readHolder(lockPath);
    if (holder?.pid === me.pid && holder.sinceMs === me.sinceMs && holder.host === me.host) await rm(lockPath, { force: true });
  }
}
