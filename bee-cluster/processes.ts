/**
 * Child processes for the cluster: each runs in its own process group (detached), so teardown can
 * signal the whole group and nothing it forked survives. Output goes to a log file per process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves when the process has exited (immediately if it already has). */
  exited(): Promise<void>;
}

export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; logFile: string },
): ManagedProcess {
  const fd = openSync(options.logFile, 'a');
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let done = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      done = true;
      resolve();
    });
    child.once('error', () => {
      done = true;
      resolve();
    });
  });
  return { name, child, logFile: options.logFile, exited: () => (done ? Promise.resolve() : exit) };
}

/** Signals every process in the group; false when the group no longer exists. */
function signalGroup(proc: ManagedProcess, signal: NodeJS.Signals | 0): boolean {
  if (proc.child.pid === undefined) return false;
  try {
    process.kill(-proc.child.pid, signal);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
    return false;
  }
}

/** SIGTERM the group, then SIGKILL it if it has not exited within graceMs. */
export async function stopManaged(proc: ManagedProcess, graceMs = 10_000): Promise<void> {
  signalGroup(proc, 'SIGTERM');
  const timedOut = await Promise.race([proc.exited().then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
  // Even after the leader exits, a forked child could still hold the group: always sweep it,
  // and return only once the kernel reports the group empty.
  signalGroup(proc, 'SIGKILL');
  if (timedOut) await proc.exited();
  await pollUntil(`process group of ${proc.name} to be empty`, 5000, async () => (signalGroup(proc, 0) ? undefined : true), 20);
}

/** True while any process of the group is alive (zombies count until reaped). */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Synchronous last resort for process 'exit' handlers, where no promise can run. */
export function killManagedNow(proc: ManagedProcess): void {
  signalGroup(proc, 'SIGKILL');
}

/** Ports this process has handed out: the OS may offer a just-closed port again, and two nodes must not share one. */
const handedOut = new Set<number>();

/**
 * A currently free TCP port on 127.0.0.1 that this process has not handed out before (the OS picks it; another
 * process can still take it before it is used, which the caller must survive).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An error that ends pollUntil at once (waiting longer cannot help, e.g. the process it waits for exited). */
export class StopPolling extends Error {}

/**
 * Polls until check returns a value (not undefined) or the deadline passes; the last error explains a timeout.
 * A StopPolling error from check is thrown at once.
 */
export async function pollUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, intervalMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      if (err instanceof StopPolling) throw err;
      lastError = (err as Error).message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError})` : ''}`);
}
