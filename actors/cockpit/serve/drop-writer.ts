/**
 * Files and folders dropped on a browser's cockpit window (`cockpit --serve`), written into a temporary
 * directory on the cockpit's machine so the engine can upload them by path (`:upload <path>`).
 *
 * One directory per drop (`<tmp>/cockpit-drop-XXXXXX/<dropped name>`), created when the drop begins with
 * every folder of it, then each file written chunk by chunk in order (an out-of-order or oversized chunk
 * fails the drop). `end` checks every file got exactly its size. A failed or aborted drop is removed at once;
 * finished drops stay until `dispose` (the cockpit stops), since the operator may run the upload later.
 * Names were checked by core/cockpit/bridge/drop-entries.ts before anything is created.
 */
import { mkdtemp, mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planDrop } from '../../../core/cockpit/bridge/drop-entries.js';
import type { DropEntry } from '../../../core/cockpit/bridge/protocol.js';

interface OpenDrop {
  readonly dir: string;
  readonly entries: readonly DropEntry[];
  readonly roots: readonly string[];
  readonly written: number[];
  handle: { entry: number; file: FileHandle } | null;
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

export function createDropWriter(options: { readonly root?: string } = {}): DropWriter {
  const open_ = new Map<string, OpenDrop>();
  const finished: string[] = [];

  const fail = async (id: string, reason: string): Promise<never> => {
    const drop = open_.get(id);
    open_.delete(id);
    if (drop) {
      await drop.handle?.file.close().catch(() => undefined);
      await rm(drop.dir, { recursive: true, force: true });
    }
    throw new Error(reason);
  };

  return {
    async begin(id, entries) {
      if (open_.has(id)) return `drop ${id} has begun already`;
      const plan = planDrop(entries);
      if (!plan.ok) return plan.message;
      const dir = await mkdtemp(join(options.root ?? tmpdir(), 'cockpit-drop-'));
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
        return `cannot write the drop into ${dir}: ${(error as Error).message}`;
      }
      open_.set(id, { dir, entries: plan.entries, roots: plan.roots, written: plan.entries.map(() => 0), handle: null, queue: Promise.resolve(), failed: null });
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
      finished.push(drop.dir);
      return drop.roots.map((root) => join(drop.dir, root));
    },

    async abort(id) {
      await fail(id, 'aborted').catch(() => undefined);
    },

    async dispose(all) {
      await Promise.all([...open_.keys()].map((id) => fail(id, 'closed').catch(() => undefined)));
      if (all) await Promise.all(finished.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
