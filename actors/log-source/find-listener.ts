/** Finds the local process listening on a TCP port: /proc/net/tcp and tcp6 give the socket inode, each /proc/<pid>/fd the holder. */
import { join } from 'node:path';
import { fromPromise } from 'xstate';
import type { ListenerLookup, ListenerQuery } from '../../machines/log-source.contracts.js';
import { listeningInodes } from './proc-text.js';
import { DEFAULT_PROC_ROOT, findHolders, processName, readTextOr } from './proc-reader.js';

export async function findListenerIn(procRoot: string, port: number, signal: AbortSignal): Promise<ListenerLookup> {
  signal.throwIfAborted(); // an abandoned lookup never answers, whatever the host is listening on
  const tables = await Promise.all(['tcp', 'tcp6'].map((name) => readTextOr(join(procRoot, 'net', name), '')));
  const inodes = tables.flatMap((text) => listeningInodes(text, port));
  if (inodes.length === 0) return { found: false, reason: `nothing listens on port ${port} on this host` };
  const { holders, unreadable } = await findHolders(procRoot, new Set(inodes.map((inode) => `socket:[${inode}]`)), signal);
  const pid = [...holders.keys()][0]; // lowest pid: with forked workers sharing the socket, the parent
  if (pid === undefined) {
    const hint = unreadable ? ` (${unreadable} processes could not be inspected: run the cockpit as the node's user or root)` : '';
    return { found: false, reason: `port ${port} is listening, but its process is not visible${hint}` };
  }
  return { found: true, pid, processName: await processName(procRoot, pid) };
}

/** The `findListener` actor of logSourceMachine. `procRoot` lets tests use a laid-out /proc copy. */
export function createFindListener(procRoot = DEFAULT_PROC_ROOT) {
  return fromPromise<ListenerLookup, ListenerQuery>(({ input, signal }) => findListenerIn(procRoot, input.port, signal));
}
