/**
 * Classifies where a process's stdout (fd 1) goes, from /proc/<pid>/{fd/1,cgroup,ns/mnt}; a regular file is
 * then read at its end, and kept only if it reads as Bee's log (core/log/bee-log-sniff.ts).
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { judgeBeeLog, SNIFF_BYTES } from '../../core/log/bee-log-sniff.js';
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
  const found = classifyStdoutFacts({
    pid: query.pid,
    processName: query.processName,
    fdTarget,
    isRegularFile,
    foreignMountNamespace: theirMounts !== undefined && ourMounts !== undefined && theirMounts !== ourMounts,
    cgroup,
    pipePeers,
  });
  return found.kind === 'regularFile' ? judgeStdoutFile(found.path, signal) : found;
}

/** The file the process writes its stdout to, kept when its end reads as Bee's log. */
export async function judgeStdoutFile(path: string, signal: AbortSignal): Promise<StdoutClass> {
  let tail: string;
  let fromStart: boolean;
  try {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const start = Math.max(0, size - SNIFF_BYTES);
      const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(size - start), position: start });
      tail = buffer.subarray(0, bytesRead).toString('utf8');
      fromStart = start === 0;
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { kind: 'uncapturable', what: 'other', detail: `its stdout file ${path} cannot be read (${code})` };
  }
  signal.throwIfAborted();
  const verdict = judgeBeeLog(tail, fromStart);
  return verdict.bee ? { kind: 'regularFile', path } : { kind: 'notBeeLog', path, why: verdict.why, ...(verdict.empty ? { empty: true as const } : {}) };
}

/** The `classifyStdout` actor of logSourceMachine. */
export function createClassifyStdout(procRoot = DEFAULT_PROC_ROOT) {
  return fromPromise<StdoutClass, StdoutQuery>(({ input, signal }) => classifyStdoutIn(procRoot, input, signal));
}
