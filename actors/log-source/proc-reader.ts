/**
 * Reads the facts discovery needs from a /proc tree. `procRoot` is '/proc' in production; tests
 * may point it at a directory laid out the same way. Every loop checks the abort signal, because
 * a host can have thousands of processes and the machine gives discovery a deadline.
 */
import { readdir, readFile, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const DEFAULT_PROC_ROOT = '/proc';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** Permission and vanished-process errors are expected while walking /proc; others are not. */
function isExpected(error: unknown): boolean {
  return ['EACCES', 'EPERM', 'ENOENT', 'ESRCH', 'ENOTDIR'].includes(errorCode(error) ?? '');
}

export async function readTextOr(path: string, fallback: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isExpected(error)) return fallback;
    throw error;
  }
}

export async function readLinkOr(path: string): Promise<string | undefined> {
  try {
    return await readlink(path);
  } catch (error) {
    if (isExpected(error)) return undefined;
    throw error;
  }
}

export async function isRegularFileAt(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (isExpected(error)) return false;
    throw error;
  }
}

export async function processIds(procRoot: string): Promise<number[]> {
  const entries = await readdir(procRoot);
  return entries.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
}

export async function processName(procRoot: string, pid: number): Promise<string> {
  return (await readTextOr(join(procRoot, String(pid), 'comm'), '?')).trim();
}

export interface FdScan {
  /** pid -> the link targets of its open descriptors that matched. */
  holders: Map<number, string>;
  /** Processes whose descriptors could not be listed (not ours, or gone). */
  unreadable: number;
}

/** Which processes hold a descriptor whose link target is one of `targets` (e.g. `socket:[123]`). */
export async function findHolders(procRoot: string, targets: ReadonlySet<string>, signal: AbortSignal): Promise<FdScan> {
  const holders = new Map<number, string>();
  let unreadable = 0;
  for (const pid of await processIds(procRoot)) {
    signal.throwIfAborted();
    const fdDir = join(procRoot, String(pid), 'fd');
    let fds: string[];
    try {
      fds = await readdir(fdDir);
    } catch (error) {
      if (!isExpected(error)) throw error;
      unreadable += 1;
      continue;
    }
    for (const fd of fds) {
      const target = await readLinkOr(join(fdDir, fd));
      if (target !== undefined && targets.has(target)) {
        holders.set(pid, target);
        break;
      }
    }
  }
  return { holders, unreadable };
}
