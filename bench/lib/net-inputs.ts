/** Small helpers of the net cases shared by the Node.js runners (salts, unique topics, small contents). */
import { randomBytes } from 'node:crypto';

/** A 4 KiB payload whose first 32 bytes are fresh random salt (unique chunk address every time). */
export function saltedChunkPayload(fixture: Uint8Array, i: number): Uint8Array {
  const payload = new Uint8Array(4096);
  payload.set(fixture.subarray((i * 4096) % (fixture.length - 4096), ((i * 4096) % (fixture.length - 4096)) + 4096));
  payload.set(randomBytes(32), 0);
  return payload;
}

/**
 * What the feed cases' updates point at, uploaded once during setup (POST /bytes, one chunk): Bee resolves an
 * update's reference on GET /feeds, so it must be content the node can retrieve. Random, so every run's is new.
 */
export function feedTargetContent(): Uint8Array {
  return new Uint8Array(randomBytes(256));
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

/**
 * The skip reason of net.bytes.head's default-level row for a client that cannot read Bee v2.8.1's answer: Bee
 * prints the root span as a signed int64, so a level-1 upload's Content-Length is negative (1,000,032 bytes at
 * level 1: -9151314442815847840), and the client's own error says what it made of it.
 */
export function unreadableLength(client: string, error: unknown): string {
  const said = error instanceof Error ? error.message : String(error);
  return `${client} cannot read the negative Content-Length Bee v2.8.1 sends for a redundancy-coded root (its span as a signed int64): ${said.slice(0, 200)}`;
}
