/**
 * Content for `upload-file` and `upload-collection`, streamed from disk (never held in memory): a file's bytes,
 * or a directory as a tar stream (core/swarm/tar-header.ts) with its exact length known up front, so the request
 * carries a Content-Length. `onBytes` is called as the request consumes data, for the progress line.
 *
 * Directory rules (decisions): regular files at any depth, paths relative to the directory with `/`, in sorted
 * order; symbolic links to regular files are followed, links to directories and anything else (sockets, devices,
 * broken links) are skipped and listed; hidden files are included, as `tar` would.
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { groupDigits } from '../../core/cockpit/format.js';
import { TAR_END, TAR_MAX_FILE, tarFileHeader, tarPadding } from '../../core/swarm/tar-header.js';

export class UploadInputError extends Error {
  override name = 'UploadInputError';
}

const FS_REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a parent of it is not a directory',
  ELOOP: 'too many symbolic links',
};

export function fsReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && FS_REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}

export async function statFile(path: string): Promise<{ size: number }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new UploadInputError(`cannot upload ${path}: ${fsReason(error)}`);
  }
  if (info.isDirectory()) throw new UploadInputError(`${path} is a directory: upload it with upload-collection`);
  if (!info.isFile()) throw new UploadInputError(`${path} is not a regular file`);
  return { size: info.size };
}

/** A file's bytes, counted as they are read. */
export function fileStream(path: string, onBytes: (n: number) => void): Readable {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  stream.on('data', (chunk: Buffer | string) => onBytes(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length));
  return stream;
}

export interface CollectionFile {
  /** Relative, `/`-separated. */
  path: string;
  absolute: string;
  size: number;
}

export interface Collection {
  files: CollectionFile[];
  /** Content bytes (without tar headers). */
  bytes: number;
  /** Exact length of the tar stream. */
  tarBytes: number;
  skipped: string[];
}

export async function scanCollection(dir: string): Promise<Collection> {
  let info;
  try {
    info = await stat(dir);
  } catch (error) {
    throw new UploadInputError(`cannot upload ${dir}: ${fsReason(error)}`);
  }
  if (!info.isDirectory()) throw new UploadInputError(`${dir} is not a directory: upload a single file with upload-file`);
  const files: CollectionFile[] = [];
  const skipped: string[] = [];
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      throw new UploadInputError(`cannot read ${current}: ${fsReason(error)}`);
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const absolute = join(current, entry.name);
      const path = relative(dir, absolute).split(sep).join('/');
      if (entry.isDirectory()) {
        await walk(absolute);
        continue;
      }
      let target;
      try {
        target = entry.isSymbolicLink() ? await stat(absolute) : await lstat(absolute);
      } catch {
        skipped.push(`${path} (broken link)`);
        continue;
      }
      if (!target.isFile()) {
        skipped.push(`${path} (${entry.isSymbolicLink() ? 'link to a directory or special file' : 'not a regular file'})`);
        continue;
      }
      if (target.size > TAR_MAX_FILE) throw new UploadInputError(`${path} is ${groupDigits(target.size)} bytes: a collection entry can hold at most ${groupDigits(TAR_MAX_FILE)} bytes (upload it alone with upload-file)`);
      files.push({ path, absolute, size: target.size });
    }
  };
  await walk(dir);
  if (files.length === 0) throw new UploadInputError(`${dir} has no files to upload${skipped.length ? ` (skipped: ${skipped.join(', ')})` : ' (it is empty)'}`);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  const tarBytes = files.reduce((sum, f) => sum + tarFileHeader(f.path, f.size).length + f.size + tarPadding(f.size).length, 0) + TAR_END.length;
  return { files, bytes, tarBytes, skipped };
}

/** The collection as a tar stream; `onBytes` counts file content as it is read. */
export function tarStream(collection: Collection, onBytes: (n: number) => void): Readable {
  async function* entries(): AsyncGenerator<Uint8Array> {
    for (const file of collection.files) {
      yield tarFileHeader(file.path, file.size);
      let read = 0;
      for await (const chunk of createReadStream(file.absolute, { highWaterMark: 1 << 20 })) {
        const bytes = chunk as Buffer;
        read += bytes.length;
        if (read > file.size) throw new UploadInputError(`${file.path} grew while uploading`);
        onBytes(bytes.length);
        yield bytes;
      }
      if (read !== file.size) throw new UploadInputError(`${file.path} changed size while uploading (${groupDigits(file.size)} -> ${groupDigits(read)} bytes)`);
      yield tarPadding(file.size);
    }
    yield TAR_END;
  }
  return Readable.from(entries());
}
