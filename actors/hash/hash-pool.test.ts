import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileEntries } from '../../test/compiled-entries.js';
import { createHashPool, type HashPool } from './worker-pool.js';
import { hashFile } from './hash-file.js';
import { chunkTreeRoot } from '../../core/swarm/chunk-tree.js';
import { fastBmt } from '../../core/swarm/fast-bmt.js';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { SUBTREE_BYTES } from './subtree-plan.js';

let dir: string;
let pool: HashPool;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hash-pool-'));
  const workerUrl = pathToFileURL(compileEntries('hash-pool-test', ['actors/hash/hash-worker.ts'])('actors/hash/hash-worker.ts'));
  pool = createHashPool({ threads: 3, workerUrl });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, size: number) => {
  const data = new Uint8Array(randomBytes(size));
  writeFileSync(join(dir, name), data);
  return { path: join(dir, name), expected: bytesToHex(chunkTreeRoot(data)) };
};

describe('a warm hash pool', () => {
  it('hashes several files, one after another and queued, to the single-thread roots', async () => {
    const files = [write('a.bin', 5 * SUBTREE_BYTES + 17), write('b.bin', 3 * SUBTREE_BYTES), write('c.bin', SUBTREE_BYTES + 1)];
    const results = await Promise.all(files.map((f) => hashFile(f.path, { pool, parallelFromBytes: 0 })));
    expect(results.map((r) => bytesToHex(r.reference))).toEqual(files.map((f) => f.expected));
    expect(results.every((r) => r.threads === 3)).toBe(true);
  });

  it('reads a file replaced at the same path afresh, not through a stale handle', async () => {
    const first = write('same.bin', 4 * SUBTREE_BYTES);
    expect(bytesToHex((await hashFile(first.path, { pool, parallelFromBytes: 0 })).reference)).toBe(first.expected);
    const second = write('other.bin', 4 * SUBTREE_BYTES);
    renameSync(second.path, first.path);
    expect(bytesToHex((await hashFile(first.path, { pool, parallelFromBytes: 0 })).reference)).toBe(second.expected);
  });

  it('keeps working after a cancelled file: late answers of the old job never reach the next one', async () => {
    const big = write('big.bin', 40 * SUBTREE_BYTES);
    const controller = new AbortController();
    const cancelled = pool.hash(big.path, 40 * SUBTREE_BYTES, fastBmt(), controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toThrow(/cancelled/);
    const next = write('next.bin', 6 * SUBTREE_BYTES + 3);
    expect(bytesToHex((await hashFile(next.path, { pool, parallelFromBytes: 0 })).reference)).toBe(next.expected);
  });
});
