/**
 * No orphaned node when the cockpit dies: a lifeline watchdog per supervised process group.
 *
 * Linux kills nothing when a parent dies, and Node has no PR_SET_PDEATHSIG. So next to each node the
 * cockpit starts a tiny `sh` watchdog with one end of a pipe as its stdin; the cockpit holds the other end
 * and never writes to it. The kernel closes that end whenever the cockpit exits, however it exits
 * (SIGKILL, a crash, process.exit), and the watchdog's `read` then sees end-of-file: it sends SIGTERM to
 * the node's process group, waits up to the stop grace, and sends SIGKILL, exactly as a stop from the
 * cockpit would.
 *
 * The watchdog runs in its own session (`detached`), so neither a terminal hang-up nor a signal to the
 * cockpit's group reaches it, and it is not in the node's group, so it outlives the group it kills. While
 * the cockpit lives, it ends the watchdog itself (SIGKILL to the watchdog's pid) once the node has exited;
 * only a cockpit that dies in the instant between the node's exit and that kill leaves a watchdog that
 * signals an empty group id. Node marks its own descriptors close-on-exec, so no other child (a log
 * command, the node itself) inherits the cockpit's end of the pipe and keeps the lifeline open.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** `$1` the node's process group id, `$2` the grace in tenths of a second. dash, bash and busybox sh alike. */
const WATCHDOG_SCRIPT = [
  'while read -r _; do :; done',
  'kill -TERM -$1 2>/dev/null || exit 0',
  'i=0',
  'while [ $i -lt $2 ]; do kill -0 -$1 2>/dev/null || exit 0; sleep 0.1; i=$((i+1)); done',
  'kill -KILL -$1 2>/dev/null',
  'exit 0',
].join('\n');

export interface Lifeline {
  /** The watchdog's pid (for tests and the diagnostic bundle). */
  readonly pid: number | undefined;
  /** Ends the watchdog without touching the group: call once the node's group is gone. */
  release(): void;
}

export function startLifeline(processGroupId: number, graceMs: number, spawnImpl: typeof spawn = spawn): Lifeline {
  const tenths = Math.max(1, Math.ceil(graceMs / 100));
  let watchdog: ChildProcess | undefined = spawnImpl('sh', ['-c', WATCHDOG_SCRIPT, 'cockpit-lifeline', String(processGroupId), String(tenths)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.on('error', () => {
    // No sh on this host: supervision still works, only the SIGKILL-of-the-cockpit guarantee is lost.
    watchdog = undefined;
  });
  // The pipe must never keep the cockpit's event loop alive, nor be written to.
  watchdog.stdin?.on('error', () => {});
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog.unref();
  return {
    get pid() {
      return watchdog?.pid;
    },
    release() {
      const pid = watchdog?.pid;
      watchdog = undefined;
      if (pid === undefined) return;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}
