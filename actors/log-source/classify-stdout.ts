/** Classifies where a process's stdout (fd 1) goes, from /proc/<pid>/{fd/1,cgroup,ns/mnt}. */
import { join } from 'node:path';
import { fromPromise } from 'xstate';
import type { StdoutClass, StdoutQuery } from '../../machines/log-source.contracts.js';
import { classifyStdoutFacts, linkInode } from './proc-text.js';
import { DEFAULT_PROC_ROOT, findHolders, isRegularFileAt, processName, readLinkOr, readTextOr } from './proc-reader.js';

export async function classifyStdoutIn(procRoot: string, query: StdoutQuery, signal: AbortSignal): Promise<StdoutClass> {
  const dir = join(procRoot, String(query.pid));
  const fdTarget = await readLinkOr(join(dir, 'fd', '1'));
  signal.throwIfAborted();
  const [isRegularFile, cgroup, theirMounts, ourMounts] = await Promise.all([
    fdTarget?.startsWith('/') ? isRegularFileAt(join(dir, 'fd', '1')) : Promise.resolve(false),
    readTextOr(join(dir, 'cgroup'), ''),
    readLinkOr(join(dir, 'ns', 'mnt')),
    readLinkOr(join(procRoot, 'self', 'ns', 'mnt')),
  ]);
  let pipePeers: string[] = [];
  if (fdTarget && linkInode(fdTarget, 'pipe')) {
    // Only for the explanation of an opaque pipe: who reads it (tee, a shell, a logger).
    const { holders } = await findHolders(procRoot, new Set([fdTarget]), signal);
    holders.delete(query.pid);
    pipePeers = await Promise.all([...holders.keys()].map((pid) => processName(procRoot, pid)));
  }
  return classifyStdoutFacts({
    pid: query.pid,
    processName: query.processName,
    fdTarget,
    isRegularFile,
    foreignMountNamespace: theirMounts !== undefined && ourMounts !== undefined && theirMounts !== ourMounts,
    cgroup,
    pipePeers,
  });
}

/** The `classifyStdout` actor of logSourceMachine. */
export function createClassifyStdout(procRoot = DEFAULT_PROC_ROOT) {
  return fromPromise<StdoutClass, StdoutQuery>(({ input, signal }) => classifyStdoutIn(procRoot, input, signal));
}
