/**
 * The supervised node's process group, after its leader is gone. A node is its whole group: a wrapper script's
 * `bee`, a helper the node forked, anything that kept the group id. When the leader exits (killed by the OOM
 * killer, a crash), whatever is left of the group is ended as a stop ends it: SIGTERM to the group, up to the
 * grace (5 s), SIGKILL, up to the grace again. Only then is the node reported gone, and only then is its
 * lifeline watchdog released, so a cockpit killed in between still leaves no orphan serving the API port.
 */

/** True while any process is in group `pgid` (a zombie not yet reaped counts: it is about to go). */
export function isGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sends `signal` to every process of group `pgid`; a group already empty is not an error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** How the rest of the group ended: `none` (nothing was left), by SIGTERM, by SIGKILL, or `stuck` (alive after SIGKILL). */
export type GroupEnding = 'none' | 'SIGTERM' | 'SIGKILL' | 'stuck';

const POLL_MS = 50;

/** Resolves true once the group is empty, false after `withinMs` (or when `cancelled` says stop looking). */
export function untilGroupGone(pgid: number, withinMs: number, cancelled: () => boolean = () => false): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  return new Promise((resolve) => {
    const look = () => {
      if (!isGroupAlive(pgid)) return resolve(true);
      if (cancelled() || Date.now() >= deadline) return resolve(false);
      setTimeout(look, POLL_MS);
    };
    look();
  });
}

/** Ends what is left of group `pgid`: SIGTERM, up to `graceMs`, SIGKILL, up to `graceMs`. */
export async function endRestOfGroup(pgid: number, graceMs: number, cancelled: () => boolean = () => false): Promise<GroupEnding> {
  if (!isGroupAlive(pgid)) return 'none';
  signalGroup(pgid, 'SIGTERM');
  if (await untilGroupGone(pgid, graceMs, cancelled)) return 'SIGTERM';
  if (cancelled()) return 'stuck';
  signalGroup(pgid, 'SIGKILL');
  return (await untilGroupGone(pgid, graceMs, cancelled)) ? 'SIGKILL' : 'stuck';
}
