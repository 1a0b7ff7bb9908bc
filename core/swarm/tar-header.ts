/**
 * Writing a tar stream for /bzz collection uploads (Bee reads ustar and GNU tar; bee-api.md §2.6): one 512-byte
 * ustar header per regular file, a GNU long-name record ('L') first when the path does not fit the 100-byte name
 * field, the data padded to 512 bytes, and two zero blocks at the end. Pure: the caller streams the file bytes.
 */
import { concatBytes, utf8Encode } from './bytes.js';
import { InputError } from './input-error.js';

export const TAR_BLOCK = 512;
/** Two zero blocks end an archive. */
export const TAR_END = new Uint8Array(2 * TAR_BLOCK);
/** ustar's 12-byte octal size field holds up to 8 GiB - 1. */
export const TAR_MAX_FILE = 8 * 1024 ** 3 - 1;

/** The header bytes that precede a file's data: [GNU long-name record +] ustar header. */
export function tarFileHeader(path: string, size: number, mtimeSeconds = 0): Uint8Array {
  if (!Number.isInteger(size) || size < 0 || size > TAR_MAX_FILE) throw new InputError('tar entry size', String(size), `0 to ${TAR_MAX_FILE} bytes`);
  const name = utf8Encode(path);
  if (name.length === 0) throw new InputError('tar entry path', path, 'a non-empty path');
  if (name.length <= 100) return header(name, size, '0', mtimeSeconds);
  // GNU long name: an 'L' entry whose data is the NUL-terminated path, then the real header with a truncated name.
  const longName = concatBytes(name, Uint8Array.of(0));
  return concatBytes(header(utf8Encode('././@LongLink'), longName.length, 'L', 0), longName, tarPadding(longName.length), header(name.subarray(0, 100), size, '0', mtimeSeconds));
}

/** Zero bytes after `size` bytes of data, up to the next 512-byte boundary. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK);
}

function header(name: Uint8Array, size: number, type: '0' | 'L', mtimeSeconds: number): Uint8Array {
  const block = new Uint8Array(TAR_BLOCK);
  block.set(name.subarray(0, 100), 0);
  octal(block, 100, 8, 0o644);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.max(0, Math.floor(mtimeSeconds)));
  block.fill(0x20, 148, 156);
  block[156] = type.charCodeAt(0);
  block.set(utf8Encode('ustar\u000000'), 257);
  let sum = 0;
  for (const b of block) sum += b;
  octal(block, 148, 7, sum);
  return block;
}

function octal(block: Uint8Array, offset: number, length: number, value: number): void {
  block.set(utf8Encode(value.toString(8).padStart(length - 1, '0')), offset);
  block[offset + length - 1] = 0;
}
