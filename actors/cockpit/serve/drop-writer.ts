/**
 * Files and folders dropped on a browser's cockpit window (`cockpit --serve`), written into a temporary
 * directory on the cockpit's machine so the engine can upload them by path (`:upload <path>`).
 *
 * One directory per drop (`<tmp>/cockpit-drop-<cockpit pid>-XXXXXX/<dropped name>`), created when the drop
 * begins with every folder of it, then each file written chunk by chunk in order (an out-of-order or oversized
 * chunk fails the drop). `end` checks every file got exactly its size. A failed or aborted drop is removed at
 * once; finished drops stay until `dispose` (the cockpit stops), since the operator may run the upload later.
 * Names were checked by core/cockpit/bridge/drop-entries.ts before anything is created.
 *
 * Quotas (`[serve]` in config.toml, DropQuota): a drop's declared files and folders, and its declared bytes, are
 * checked at `begin`, before anything is created; and the bytes of every drop kept at once (open or finished, in
 * every window) are reserved in one DropLedger, so the temp directory holds at most `drop_total_mb` of drops.
 * A drop cannot write past what it declared, so the reservation bounds the disk it takes.
 */
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTempDir } from '../temp-dirs.js';
import { planDrop } from '../../../core/cockpit/bridge/drop-entries.js';
import type { DropEntry } from '../../../core/cockpit/bridge/protocol.js';

/** `cockpit-drop-<pid>-XXXXXX`: removed with the cockpit's clean stop, or at a later start once stale. */
export const DROP_DIR_PREFIX = 'cockpit-drop-';

export interface DropQuota {
  /** Bytes one drop may declare (`[serve] drop_max_mb`). */
  readonly maxBytes: number;
  /** Files and folders one drop may declare (`[serve] drop_max_files`). */
  readonly maxFiles: number;
  /** Bytes of all drops kept at once (`[serve] drop_total_mb`). */
  readonly totalBytes: number;
}

export const DEFAULT_DROP_QUOTA: DropQuota = { maxBytes: 1024 * 1024 * 1024, maxFiles: 10_000, totalBytes: 4 * 1024 * 1024 * 1024 };

/** The bytes reserved by every drop kept at once, shared by the drop writers of every window. */
export interface DropLedger {
  readonly quota: DropQuota;
  /** Reserves `bytes`; false when that would pass the total. */
  reserve(bytes: number): boolean;
  release(bytes: number): void;
  readonly reserved: number;
}

export function createDropLedger(quota: DropQuota = DEFAULT_DROP_QUOTA): DropLedger {
  let reserved = 0;
  return {
    quota,
    reserve(bytes) {
      if (reserved + bytes > quota.totalBytes) return false;
      reserved += bytes;
      return true;
    },
    release(bytes) {
      reserved = Math.max(0, reserved - bytes);
    },
    get reserved() {
      return reserved;
    },
  };
}

/** `1.5 GiB`, `200 MiB`, `12 KiB`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

interface OpenDrop {
  readonly dir: string;
  readonly entries: readonly DropEntry[];
  readonly roots: readonly string[];
  readonly written: number[];
  handle: { entry: number; file: FileHandle } | null;
  /** Bytes reserved in the ledger (the declared total), given back when the drop is removed. */
  readonly reservedBytes: number;
  /** Chunks are written one after another: each waits for the previous. */
  queue: Promise<void>;
  failed: string | null;
}

export interface DropWriter {
  /** Starts a drop; resolves with null, or the reason it cannot be taken. */
  begin(id: string, entries: unknown): Promise<string | null>;
  /** Writes one chunk; resolves with the bytes written, or rejects with why the drop failed. */
  write(id: string, entry: number, offset: number, bytes: Uint8Array): Promise<number>;
  /** Finishes a drop: the paths of its top-level names, or rejects with why it is incomplete. */
  end(id: string): Promise<string[]>;
  /** Removes a drop that will not finish. */
  abort(id: string): Promise<void>;
  /** Removes unfinished drops (the connection closed); `all` removes finished ones too (the cockpit stops). */
  dispose(all: boolean): Promise<void>;
}

export function createDropWriter(options: { readonly root?: string; readonly ledger?: DropLedger } = {}): DropWriter {
  const open_ = new Map<string, OpenDrop>();
  const finished: { dir: string; reservedBytes: number }[] = [];
  const ledger = options.ledger ?? createDropLedger();
  const { quota } = ledger;

  const fail = async (id: string, reason: string): Promise<never> => {
    const drop = open_.get(id);
    open_.delete(id);
    if (drop) {
      await drop.handle?.file.close().catch(() => undefined);
      await rm(drop.dir, { recursive: true, force: true });
      ledger.release(drop.reservedBytes);
    }
    throw new Error(reason);
  };

  return {
    async begin(id, entries) {
      if (open_.has(id)) return `drop ${id} has begun already`;
      const plan = planDrop(entries);
      if (!plan.ok) return plan.message;
      if (plan.entries.length > quota.maxFiles) return `the drop holds ${plan.entries.length.toLocaleString('en-US')} files and folders; a drop may hold at most ${quota.maxFiles.toLocaleString('en-US')} ([serve] drop_max_files)`;
      if (plan.totalBytes > quota.maxBytes) return `the drop holds ${formatBytes(plan.totalBytes)}; a drop may hold at most ${formatBytes(quota.maxBytes)} ([serve] drop_max_mb)`;
      if (!ledger.reserve(plan.totalBytes)) {
        return `the drops kept now (${formatBytes(ledger.reserved)}) and this one (${formatBytes(plan.totalBytes)}) would pass the ${formatBytes(quota.totalBytes)} all drops may hold ([serve] drop_total_mb); written drops are removed when the cockpit stops`;
      }
      let dir: string;
      try {
        dir = await makeTempDir(DROP_DIR_PREFIX, options.root ?? tmpdir());
      } catch (error) {
        ledger.release(plan.totalBytes);
        return `cannot make a directory for the drop: ${(error as Error).message}`;
      }
      try {
        for (const entry of plan.entries) {
          if (entry.kind === 'directory') await mkdir(join(dir, entry.path), { recursive: true });
        }
        // Empty files exist as soon as the drop is named; the others are created with their first chunk.
        for (const entry of plan.entries) {
          if (entry.kind !== 'file') continue;
          const parent = entry.path.split('/').slice(0, -1).join('/');
          if (parent) await mkdir(join(dir, parent), { recursive: true });
          if (entry.size === 0) await (await open(join(dir, entry.path), 'wx')).close();
        }
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        ledger.release(plan.totalBytes);
        return `cannot write the drop into ${dir}: ${(error as Error).message}`;
      }
      open_.set(id, { dir, entries: plan.entries, roots: plan.roots, written: plan.entries.map(() => 0), handle: null, queue: Promise.resolve(), failed: null, reservedBytes: plan.totalBytes });
      return null;
    },

    write(id, entry, offset, bytes) {
      const drop = open_.get(id);
      if (!drop) return Promise.reject(new Error(`no drop ${id} is open`));
      const run = async (): Promise<number> => {
        if (drop.failed !== null) throw new Error(drop.failed);
        const target = drop.entries[entry];
        if (!target || target.kind !== 'file') return fail(id, `chunk for entry ${entry}, which is not a dropped file`);
        if (offset !== drop.written[entry]) return fail(id, `chunk of ${target.path} at ${offset}, expected ${drop.written[entry]}`);
        if (offset + bytes.length > (target.size ?? 0)) return fail(id, `${target.path} is longer than its ${target.size} bytes`);
        if (drop.handle?.entry !== entry) {
          await drop.handle?.file.close();
          drop.handle = { entry, file: await open(join(drop.dir, target.path), offset === 0 ? 'wx' : 'r+') };
        }
        let done = 0;
        while (done < bytes.length) {
          const { bytesWritten } = await drop.handle.file.write(bytes, done, bytes.length - done, offset + done);
          done += bytesWritten;
        }
        drop.written[entry] = offset + bytes.length;
        return bytes.length;
      };
      const result = drop.queue.then(run);
      drop.queue = result.then(
        () => undefined,
        (error: Error) => {
          drop.failed ??= error.message;
        },
      );
      return result.catch(async (error: Error) => {
        if (open_.has(id)) await fail(id, error.message).catch(() => undefined);
        throw error;
      });
    },

    async end(id) {
      const drop = open_.get(id);
      if (!drop) throw new Error(`no drop ${id} is open`);
      await drop.queue;
      if (drop.failed !== null) return fail(id, drop.failed);
      await drop.handle?.file.close();
      drop.handle = null;
      const short = drop.entries.findIndex((entry, i) => entry.kind === 'file' && drop.written[i] !== entry.size);
      if (short >= 0) {
        const entry = drop.entries[short]!;
        return fail(id, `${entry.path} arrived with ${drop.written[short]} of its ${entry.size} bytes`);
      }
      open_.delete(id);
      finished.push({ dir: drop.dir, reservedBytes: drop.reservedBytes });
      return drop.roots.map((root) => join(drop.dir, root));
    },

    async abort(id) {
      await fail(id, 'aborted').catch(() => undefined);
    },

    async dispose(all) {
      await Promise.all([...open_.keys()].map((id) => fail(id, 'closed').catch(() => undefined)));
      if (all) {
        await Promise.all(
          finished.splice(0).map(async ({ dir, reservedBytes }) => {
            await rm(dir, { recursive: true, force: true });
            ledger.release(reservedBytes);
          }),
        );
      }
    },
  };
}
