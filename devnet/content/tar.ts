/**
 * A small ustar/GNU tar reader for /bzz collection uploads. Only regular files are kept (Bee skips
 * directories, links and other types); paths are cleaned the way Go's path.Clean would (no leading "/",
 * no "." segments). Supports the ustar prefix field and GNU long names ('L' records); PAX headers are skipped.
 */
import { InputError } from '../../core/swarm/input-error.js';

export interface TarFile {
  path: string;
  data: Uint8Array;
}

const BLOCK = 512;

export function readTar(archive: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    if (!checksumMatches(header)) throw new InputError('tar archive', `header at byte ${offset}`, 'a valid tar header checksum');
    const size = readOctal(header, 124, 12, offset);
    const type = String.fromCharCode(header[156]!);
    const dataStart = offset + BLOCK;
    if (dataStart + size > archive.length) throw new InputError('tar archive', `entry at byte ${offset}`, `${size} data bytes before the end of the archive`);
    const data = archive.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = readString(data, 0, data.length);
      continue;
    }
    const name = longName ?? joinUstarName(header);
    longName = undefined;
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    const path = cleanPath(name);
    if (path !== '') files.push({ path, data: data.slice() });
  }
  return files;
}

function joinUstarName(header: Uint8Array): string {
  const name = readString(header, 0, 100);
  const isUstar = readString(header, 257, 6).startsWith('ustar');
  const prefix = isUstar ? readString(header, 345, 155) : '';
  return prefix !== '' ? `${prefix}/${name}` : name;
}

/** Go's path.Clean of "/" + name, without the leading slash. */
export function cleanPath(name: string): string {
  const out: string[] = [];
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

function readString(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function readOctal(header: Uint8Array, start: number, length: number, at: number): number {
  const text = readString(header, start, length).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new InputError('tar archive', `size field "${text}" at byte ${at}`, 'an octal number');
  return parseInt(text, 8);
}

function checksumMatches(header: Uint8Array): boolean {
  const stored = readString(header, 148, 8).trim();
  if (!/^[0-7]+$/.test(stored)) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === parseInt(stored, 8);
}
