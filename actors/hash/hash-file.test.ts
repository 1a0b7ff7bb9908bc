import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MerkleTree } from '@ethersphere/bee-js';
import { makeChunkedFile } from '@fairdatasociety/bmt-js';
import { bytesToHex } from '../../core/swarm/bytes.js';
import { chunkTreeRoot } from '../../core/swarm/chunk-tree.js';
import { compileEntries } from '../../test/compiled-entries.js';
import { createBmtEngine } from '../../core/swarm/fast-bmt.js';
import { hashFile } from './hash-file.js';
import { hashFileParallel } from './worker-pool.js';
import { SUBTREE_BYTES } from './subtree-plan.js';

let dir: string;
let workerUrl: URL;
let fileCount = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hash-file-'));
  // Worker threads need compiled JavaScript; the tests import the TypeScript sources for everything else.
  workerUrl = pathToFileURL(compileEntries('hash-file-test', ['actors/hash/hash-worker.ts'])('actors/hash/hash-worker.ts'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Cheap deterministic random bytes (xorshift), so large files cost no crypto time. */
function randomBytes(length: number, seed: number): Uint8Array {
  const words = new Uint32Array(Math.ceil(length / 4));
  let x = seed | 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x;
  }
  return new Uint8Array(words.buffer, 0, length);
}

function writeTemp(data: Uint8Array): string {
  const path = join(dir, `f${fileCount++}.bin`);
  writeFileSync(path, data);
  return path;
}

async function beeJsRoot(data: Uint8Array): Promise<string> {
  return bytesToHex((await MerkleTree.root(data)).hash());
}

const BOUNDARY_SIZES = [0, 1, 31, 4095, 4096, 4097, 8192, 128 * 4096 - 1, 128 * 4096, 128 * 4096 + 1];

describe('hashFile on this thread', () => {
  it('equals bee-js MerkleTree.root, bmt-js and the portable engine at chunk and branch boundaries', async () => {
    for (const size of BOUNDARY_SIZES) {
      const data = randomBytes(size, size + 3);
      const result = await hashFile(writeTemp(data), { threads: 1 });
      const mine = bytesToHex(result.reference);
      expect(result).toMatchObject({ size, threads: 1, engine: 'wasm-simd' });
      expect(mine, `bee-js, size ${size}`).toBe(await beeJsRoot(data));
      expect(mine, `portable, size ${size}`).toBe(bytesToHex(chunkTreeRoot(data)));
      if (size > 0) expect(mine, `bmt-js, size ${size}`).toBe(bytesToHex(makeChunkedFile(data).address()));
    }
  }, 120_000);

  it('equals bee-js and bmt-js on random sizes up to 10 MB', async () => {
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.constantFrom(128 * 4096 * 2, 128 * 4096 * 3 + 4097).map((n) => n + 0),
    );
    await fc.assert(
      fc.asyncProperty(sizes, fc.integer(), async (size, seed) => {
        const data = randomBytes(size, seed);
        const mine = bytesToHex((await hashFile(writeTemp(data), { threads: 1 })).reference);
        expect(mine).toBe(await beeJsRoot(data));
        if (size > 0) expect(mine).toBe(bytesToHex(makeChunkedFile(data).address()));
      }),
      { numRuns: 3 },
    );
  }, 180_000);

  it('rejects a missing path and a directory with the file system error code', async () => {
    await expect(hashFile(join(dir, 'absent.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(hashFile(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });
});

describe('hashFile with worker threads equals the single-thread result', () => {
  const sizes = [
    1,
    SUBTREE_BYTES - 1,
    SUBTREE_BYTES,
    SUBTREE_BYTES + 1,
    2 * SUBTREE_BYTES + 4096,
    3 * SUBTREE_BYTES + 4097,
    5 * SUBTREE_BYTES + 31,
  ];
  it.each(sizes)('%i bytes', async (size) => {
    const path = writeTemp(randomBytes(size, size * 7 + 1));
    const single = await hashFile(path, { threads: 1 });
    const parallel = await hashFile(path, { threads: 2, parallelFromBytes: 0, workerUrl });
    expect(parallel.threads).toBe(size > SUBTREE_BYTES ? 2 : 1);
    expect(bytesToHex(parallel.reference)).toBe(bytesToHex(single.reference));
  });

  it('past a full level-1 chunk of subtrees (64 MiB + 4097 bytes: level 2 wraps and carries)', async () => {
    const size = 128 * SUBTREE_BYTES + 4097;
    const path = writeTemp(randomBytes(size, 99));
    const single = await hashFile(path, { threads: 1 });
    const parallel = await hashFile(path, { threads: 3, workerUrl });
    expect(parallel.threads).toBe(3);
    expect(bytesToHex(parallel.reference)).toBe(bytesToHex(single.reference));
  }, 120_000);

  it('reports a file shorter than its stat size (shrunk while hashing) as an error, not a wrong reference', async () => {
    const path = writeTemp(randomBytes(2 * SUBTREE_BYTES, 5));
    const pending = hashFileParallel(path, 4 * SUBTREE_BYTES, { threads: 2, workerUrl, bmt: createBmtEngine() });
    await expect(pending).rejects.toThrow(`file ended at byte ${2 * SUBTREE_BYTES}`);
  });
});

describe('files whose size is not their content (pseudo files, pipes)', () => {
  const rootOf = (data: Uint8Array) => bytesToHex(chunkTreeRoot(data));

  it('/proc/version (stat says 0 bytes) hashes the bytes that reading it gives', async () => {
    const content = readFileSync('/proc/version');
    expect(statSync('/proc/version').size).toBe(0);
    const result = await hashFile('/proc/version');
    expect(result.size).toBe(content.length);
    expect(bytesToHex(result.reference)).toBe(rootOf(content));
  });

  it('a sysfs file (stat says 4096 bytes, holds a few) hashes what it holds', async () => {
    const path = '/sys/devices/system/cpu/online';
    const content = readFileSync(path);
    expect(statSync(path).size).not.toBe(content.length);
    const result = await hashFile(path);
    expect(result.size).toBe(content.length);
    expect(bytesToHex(result.reference)).toBe(rootOf(content));
  });

  it('a named pipe is read to its end: several leaves and a short one, equal to bee-js', async () => {
    const fifo = join(dir, `pipe-${fileCount++}`);
    execFileSync('mkfifo', [fifo]);
    const data = randomBytes(3 * 1024 * 1024 + 1234, 99);
    const writer = new Promise<void>((resolve, reject) => {
      const stream = createWriteStream(fifo);
      stream.on('error', reject);
      stream.end(Buffer.from(data), () => resolve());
    });
    const [result] = await Promise.all([hashFile(fifo), writer]);
    expect(result.size).toBe(data.length);
    expect(bytesToHex(result.reference)).toBe(bytesToHex((await MerkleTree.root(data)).hash()));
  });

  it('an empty pipe is the empty content', async () => {
    const fifo = join(dir, `pipe-${fileCount++}`);
    execFileSync('mkfifo', [fifo]);
    const writer = new Promise<void>((resolve) => createWriteStream(fifo).end(() => resolve()));
    const [result] = await Promise.all([hashFile(fifo), writer]);
    expect(result.size).toBe(0);
    expect(bytesToHex(result.reference)).toBe(rootOf(new Uint8Array(0)));
  });

  it('a directory is still an error (EISDIR)', async () => {
    await expect(hashFile(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
