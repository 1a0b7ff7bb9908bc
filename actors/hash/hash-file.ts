/**
 * Swarm reference of a file on disk: the root of its chunk tree (Bee's `/bytes` reference at redundancy
 * level 0, bee-js `MerkleTree.root`; at another `redundancyLevel`, Bee's erasure-coded tree). Small files are
 * hashed on the calling thread; files from `parallelFromBytes` up go to a pool of worker threads (level 0 only).
 * Every path streams the file with bounded memory and gives the same reference byte for byte.
 */
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { createBmtEngine, fastBmt, type BmtEngine, type BmtEngineKind } from '../../core/swarm/fast-bmt.js';
import { createRangeHasher, hashStream, hashStreamAtLevel, ShortFileError } from './hash-range.js';
import type { RedundancyLevel } from '../../core/swarm/redundancy.js';
import { subtreeCount } from './subtree-plan.js';
import { hashFileParallel, type HashPool } from './worker-pool.js';

export interface HashFileOptions {
  /** Worker threads for large files; default: the machine's available parallelism. 1 = this thread only. */
  threads?: number;
  /** Smallest file size hashed in parallel; default 8 MiB (below that, starting workers costs more than it saves). */
  parallelFromBytes?: number;
  /** Compiled worker entry; default: hash-worker.js beside this module. */
  workerUrl?: URL;
  /** Engine kind for this thread (workers pick the best kind they support). */
  engine?: BmtEngineKind;
  /** A warm pool to hash large files on (its thread count wins over `threads`); default: one pool per file. */
  pool?: HashPool;
  signal?: AbortSignal;
  /**
   * Erasure-coding level of the tree (Bee's `swarm-redundancy-level`); default 0, Bee's /bytes reference without
   * redundancy. Above 0 the file is hashed on this thread, read to its end (hash-range.ts hashStreamAtLevel).
   */
  redundancyLevel?: RedundancyLevel;
}

export interface FileHash {
  reference: Uint8Array;
  size: number;
  /** Engine that hashed on this thread. */
  engine: BmtEngineKind;
  /** Threads that hashed leaves: 1 on this thread, else the number of workers. */
  threads: number;
}

export const DEFAULT_PARALLEL_FROM_BYTES = 8 << 20;

/**
 * Rejects with the file system's error (ENOENT, EISDIR, EACCES...) when the path cannot be read.
 *
 * What is hashed is what reading the path gives, not what stat says: a pipe, a character device or a pseudo
 * file (/proc reports size 0, sysfs 4096, whatever the content) is read to its end on this thread. A regular
 * file is hashed by its size (in parallel when large) and then checked: if it turns out longer or shorter
 * than stat said, it is read again to its end.
 */
export async function hashFile(path: string, options: HashFileOptions = {}): Promise<FileHash> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`is a directory: ${path}`), { code: 'EISDIR' });
  if (options.redundancyLevel) return hashToEndAtLevel(path, options.redundancyLevel, options);
  if (!info.isFile()) return hashToEnd(path, options);
  try {
    const hashed = await hashBySize(path, info.size, options);
    if (await hasMoreThan(path, info.size)) return hashToEnd(path, options);
    return hashed;
  } catch (error) {
    // A file shorter than its reported size (sysfs): read what is there instead.
    if (error instanceof ShortFileError) return hashToEnd(path, options);
    throw error;
  }
}

/** True when reading at `size` still gives bytes: the file is longer than stat said (a pseudo file). */
async function hasMoreThan(path: string, size: number): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { bytesRead } = await file.read(new Uint8Array(1), 0, 1, size);
    return bytesRead > 0;
  } finally {
    await file.close();
  }
}

/** Reads the path from its start to end of file, whatever its size claims, and hashes what was read. */
async function hashToEnd(path: string, options: HashFileOptions): Promise<FileHash> {
  const engine: BmtEngine = options.engine ? createBmtEngine(options.engine) : fastBmt();
  const file = await open(path, 'r');
  try {
    const { reference, span } = await hashStream(file, engine, options.signal);
    return { reference, size: Number(span), engine: engine.kind, threads: 1 };
  } finally {
    await file.close();
  }
}

async function hashToEndAtLevel(path: string, level: RedundancyLevel, options: HashFileOptions): Promise<FileHash> {
  const engine: BmtEngine = options.engine ? createBmtEngine(options.engine) : fastBmt();
  const file = await open(path, 'r');
  try {
    const { reference, span } = await hashStreamAtLevel(file, engine, level, options.signal);
    return { reference, size: Number(span), engine: engine.kind, threads: 1 };
  } finally {
    await file.close();
  }
}

async function hashBySize(path: string, size: number, options: HashFileOptions): Promise<FileHash> {
  const engine: BmtEngine = options.engine ? createBmtEngine(options.engine) : fastBmt();
  // More workers than 512 KiB runs would idle.
  const threads = Math.max(1, Math.min(Math.floor(options.threads ?? availableParallelism()), subtreeCount(size)));
  const parallel = threads > 1 && size >= (options.parallelFromBytes ?? DEFAULT_PARALLEL_FROM_BYTES);

  if (options.pool && size >= (options.parallelFromBytes ?? DEFAULT_PARALLEL_FROM_BYTES)) {
    const { reference } = await options.pool.hash(path, size, engine, options.signal);
    return { reference, size, engine: engine.kind, threads: options.pool.threads };
  }
  if (parallel) {
    const workerUrl = options.workerUrl ?? new URL('./hash-worker.js', import.meta.url);
    const { reference } = await hashFileParallel(path, size, { threads, workerUrl, bmt: engine, signal: options.signal });
    return { reference, size, engine: engine.kind, threads };
  }
  const file = await open(path, 'r');
  try {
    options.signal?.throwIfAborted();
    const { reference } = await createRangeHasher(engine)(file, 0, size);
    return { reference, size, engine: engine.kind, threads: 1 };
  } finally {
    await file.close();
  }
}
