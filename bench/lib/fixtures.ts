/**
 * Benchmark fixtures: pseudo-random binaries of 1, 10, 100 MB (and 1 GB with BENCH_LARGE=1), 1 MB = 10^6
 * bytes. The bytes are an AES-128-CTR keystream under a fixed key, so every machine and every runner hashes
 * the same data (the runners' file-root references can be compared) and incompressible data goes on the wire.
 * They live in bench/fixtures/ (git-ignored) or BENCH_FIXTURES_DIR; the runners read them into RAM before timing.
 */
import { createCipheriv } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const MB = 1_000_000;
const KEY = Buffer.from('6e6f64652d746f6f6c6b69742d62656e', 'hex'); // "node-toolkit-ben"
const BLOCK = 4 * MB;

export function fixtureName(sizeMb: number): string {
  return `fixture-${sizeMb}mb.bin`;
}

export function fixturePath(dir: string, sizeMb: number): string {
  return join(dir, fixtureName(sizeMb));
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/** Writes the fixture unless a file of the right size is already there. Returns true when it wrote one. */
export function ensureFixture(dir: string, sizeMb: number): boolean {
  const path = fixturePath(dir, sizeMb);
  const bytes = sizeMb * MB;
  if (sizeOf(path) === bytes) return false;
  mkdirSync(dir, { recursive: true });
  const cipher = createCipheriv('aes-128-ctr', KEY, Buffer.alloc(16));
  const zeros = Buffer.alloc(BLOCK);
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    for (let written = 0; written < bytes; written += BLOCK) {
      const n = Math.min(BLOCK, bytes - written);
      writeSync(fd, cipher.update(n === BLOCK ? zeros : zeros.subarray(0, n)));
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return true;
}

export function ensureFixtures(dir: string, sizesMb: readonly number[], log: (line: string) => void = () => {}): void {
  for (const size of sizesMb) {
    const wrote = ensureFixture(dir, size);
    log(`${wrote ? 'wrote' : 'kept'} ${fixturePath(dir, size)}`);
  }
}
