/**
 * `cockpit --once hash <path>`: the Swarm reference of a local file (its chunk-tree root, as Bee's
 * `/bytes` upload at redundancy 0 and bee-js `MerkleTree.root` compute it), hashed from disk without
 * loading the file. Text output is `<reference>  <path>`; `--json` data carries the reference, size,
 * engine, threads and speed. An unreadable path is an error result (exit 2), not a crash.
 */
import { bytesToHex } from '../../../core/swarm/bytes.js';
import { hashFile, type HashFileOptions } from '../../../actors/hash/hash-file.js';
import { showControlCharacters } from '../../../core/terminal/visible-text.js';
import { OnceUsageError, type OnceResult, type OnceRun } from './once.js';

export interface HashData {
  reference: string;
  path: string;
  size: number;
  engine: string;
  threads: number;
  seconds: number;
  megabytesPerSecond: number;
}

const FS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a parent of it is not a directory',
};

export const details = `Hashes the file as Bee's /bytes upload at redundancy 0 would (no node needed), streamed from disk.
What is hashed is what reading the path gives: pipes (cockpit --once hash /dev/stdin) and pseudo files such as
/proc/version, whose size stat reports wrongly, are read to their end.
Text: "<reference>  <path>". --json data: {reference, path, size, engine, threads, seconds, megabytesPerSecond}.`;

export const run: OnceRun = (args) => hashVerb(args);

/** The verb with hashing options (tests pin the thread count). */
export async function hashVerb(args: readonly string[], options: HashFileOptions = {}): Promise<OnceResult> {
  if (args.length !== 1 || args[0] === '') throw new OnceUsageError(`hash takes exactly one <path>, got ${args.length} arguments`);
  const path = args[0]!;
  const started = performance.now();
  try {
    const result = await hashFile(path, options);
    const seconds = (performance.now() - started) / 1000;
    const data: HashData = {
      reference: bytesToHex(result.reference),
      path,
      size: result.size,
      engine: result.engine,
      threads: result.threads,
      seconds: Number(seconds.toFixed(3)),
      megabytesPerSecond: seconds > 0 ? Number((result.size / 1e6 / seconds).toFixed(1)) : 0,
    };
    // The path is the user's, but a file name may hold control characters too: shown, not obeyed.
    const shown = showControlCharacters(path);
    return {
      verb: 'hash',
      status: 'ok',
      message: `${data.reference} is the Swarm reference of ${shown} (${data.size} bytes)`,
      data,
      text: `${data.reference}  ${shown}`,
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = (code && FS_ERRORS[code]) ?? (error instanceof Error ? error.message : String(error));
    return { verb: 'hash', status: 'error', message: `cannot hash ${showControlCharacters(path)}: ${reason}`, data: { path, code: code ?? null } };
  }
}
