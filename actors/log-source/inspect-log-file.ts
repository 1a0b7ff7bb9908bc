/** Looks once at a log file path: a file, not there yet, something else, or unreadable. */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { fromPromise } from 'xstate';
import type { LogFileCheck, LogFileQuery } from '../../machines/log-source.contracts.js';

function kindOf(stats: Awaited<ReturnType<typeof stat>>): string {
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'named pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return 'special file';
}

export async function inspectLogFileAt(path: string, signal: AbortSignal): Promise<LogFileCheck> {
  signal.throwIfAborted();
  try {
    const stats = await stat(path);
    if (!stats.isFile()) return { status: 'notRegularFile', what: kindOf(stats) };
    await access(path, constants.R_OK);
    return { status: 'regularFile', sizeBytes: stats.size };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'missing' };
    if (code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'ELOOP') return { status: 'unreadable', code };
    throw error;
  } finally {
    signal.throwIfAborted();
  }
}

/** The `inspectLogFile` actor of logSourceMachine. */
export const inspectLogFile = fromPromise<LogFileCheck, LogFileQuery>(({ input, signal }) => inspectLogFileAt(input.path, signal));
