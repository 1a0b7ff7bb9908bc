/**
 * What was dropped on a browser window, as the bridge's drop entries: every file and folder by its path
 * relative to the drop (`site`, `site/css/main.css`), walking dropped folders through the File and Directory
 * Entries API. The entries must be taken from the DataTransfer during the drop event itself (the browser
 * empties it afterwards); the walk that follows is asynchronous.
 */
import type { DropEntry } from '../../../../../core/cockpit/bridge/protocol.js';

export interface DroppedItem {
  readonly entry: DropEntry;
  /** The file's contents, for files. */
  readonly file?: File;
}

interface EntryLike {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
}

/** Synchronous: the top-level entries of a drop (or plain files when the browser gives no entries). */
export function takeDropped(transfer: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries: FileSystemEntry[] = [];
  const files: File[] = [];
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() ?? null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  if (entries.length === 0 && files.length === 0) files.push(...Array.from(transfer.files ?? []));
  return { entries, files };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    // readEntries answers in batches (100 in Chromium) until an empty one.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

/** Every file and folder under the dropped entries, in walk order. Rejects when a folder cannot be read. */
export async function walkDropped(taken: { entries: FileSystemEntry[]; files: File[] }): Promise<DroppedItem[]> {
  const out: DroppedItem[] = [];
  const visit = async (entry: EntryLike, path: string): Promise<void> => {
    if (entry.isDirectory) {
      out.push({ entry: { path, kind: 'directory' } });
      for (const child of await readAll(entry as FileSystemDirectoryEntry)) await visit(child, `${path}/${child.name}`);
    } else if (entry.isFile) {
      const file = await fileOf(entry as FileSystemFileEntry);
      out.push({ entry: { path, kind: 'file', size: file.size }, file });
    }
  };
  for (const entry of taken.entries) await visit(entry, entry.name);
  for (const file of taken.files) out.push({ entry: { path: file.name, kind: 'file', size: file.size }, file });
  return out;
}
