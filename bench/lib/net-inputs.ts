/** Small helpers of the net cases shared by the Node.js runners (salts, unique topics, small contents). */
import { randomBytes } from 'node:crypto';

/** A 4 KiB payload whose first 32 bytes are fresh random salt (unique chunk address every time). */
export function saltedChunkPayload(fixture: Uint8Array, i: number): Uint8Array {
  const payload = new Uint8Array(4096);
  payload.set(fixture.subarray((i * 4096) % (fixture.length - 4096), ((i * 4096) % (fixture.length - 4096)) + 4096));
  payload.set(randomBytes(32), 0);
  return payload;
}

/** A 32-byte topic/identifier no earlier run used. */
export function freshId(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/** `count` small distinct contents (for pins): 1 KiB each, random. */
export function smallContents(count: number): Uint8Array[] {
  return Array.from({ length: count }, () => new Uint8Array(randomBytes(1024)));
}

/** The stream-dir case's files for one iteration: `files` × `fileBytes`, each salted. */
export function dirFiles(fixture: Uint8Array, files: number, fileBytes: number): { path: string; data: Uint8Array }[] {
  return Array.from({ length: files }, (_, i) => {
    const data = new Uint8Array(fileBytes);
    data.set(fixture.subarray(i * fileBytes, (i + 1) * fileBytes));
    data.set(randomBytes(32), 0);
    return { path: `dir/file-${i}.bin`, data };
  });
}
