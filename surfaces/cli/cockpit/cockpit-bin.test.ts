import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerkleTree } from '@ethersphere/bee-js';
import { hashFile } from '../../../actors/hash/hash-file.js';
import { bytesToHex } from '../../../core/swarm/bytes.js';
import { runBin, type BinRun } from '../../../test/run-bin.js';
import { compileEntries } from '../../../test/compiled-entries.js';

let bin: string;
let dir: string;

beforeAll(() => {
  // The real bin and its worker, compiled from current sources (as `npm run build` would into dist/).
  const compiled = compileEntries('cockpit-bin-test', ['surfaces/cli/cockpit-bin.ts', 'actors/hash/hash-worker.ts']);
  bin = compiled('surfaces/cli/cockpit-bin.ts');
  dir = mkdtempSync(join(tmpdir(), 'cockpit-bin-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cockpit(...args: string[]): Promise<BinRun> {
  return runBin(bin, args);
}

function fileOf(size: number, name: string): { path: string; data: Uint8Array } {
  const data = new Uint8Array(size).map((_, i) => (i * 37 + size) & 0xff);
  const path = join(dir, name);
  writeFileSync(path, data);
  return { path, data };
}

describe('cockpit --once hash', () => {
  it('prints "<reference>  <path>  <what was hashed>" on one line, equal to bee-js MerkleTree.root, exit 0', async () => {
    const { path, data } = fileOf(128 * 4096 + 1, 'text.bin');
    const { code, stdout, stderr } = await cockpit('--once', 'hash', path);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(`${bytesToHex((await MerkleTree.root(data)).hash())}  ${path}  raw bytes, redundancy 0 (NONE)\n`);
  });

  it('--redundancy and --manifest: the level and the manifest are stated, and --json carries them', async () => {
    const { path } = fileOf(3 * 4096 + 5, 'page.html');
    const { code, stdout } = await cockpit('--once', 'hash', '--redundancy', '2', '--manifest', path, '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { message: string; data: Record<string, unknown> };
    const fileReference = bytesToHex((await hashFile(path, { redundancyLevel: 2 })).reference);
    expect(result.data).toMatchObject({ redundancyLevel: 2, manifest: true, fileReference, name: 'page.html', contentType: 'text/html; charset=utf-8' });
    expect(result.data.reference).not.toBe(fileReference);
    expect(result.message).toContain('in a manifest as upload-file --redundancy 2 makes it (name page.html, text/html; charset=utf-8), redundancy 2 (STRONG)');
    const text = await cockpit('--once', 'hash', path, '--manifest', '--redundancy=2');
    expect(text.stdout).toBe(`${result.data.reference as string}  ${path}  manifest, redundancy 2 (STRONG)\n`);
  });

  it('--json prints the {verb, status, message, data} object with the reference in data', async () => {
    const { path, data } = fileOf(9 * 1024 * 1024 + 5, 'json.bin');
    const { code, stdout } = await cockpit('--once', 'hash', path, '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { verb: string; status: string; message: string; data: Record<string, unknown> };
    expect(Object.keys(result).sort()).toEqual(['data', 'message', 'status', 'verb']);
    expect(result).toMatchObject({ verb: 'hash', status: 'ok' });
    // The oracle comparisons live in actors/hash; here the in-process single-thread result is the reference.
    const reference = bytesToHex((await hashFile(path, { threads: 1 })).reference);
    expect(result.data).toMatchObject({ reference, path, size: data.length, engine: 'wasm-simd' });
    // 9 MiB is above the parallel threshold, so every core hashed (18 runs of 512 KiB to share).
    expect(result.data.threads).toBe(Math.min(availableParallelism(), 18));
    expect(typeof result.data.megabytesPerSecond).toBe('number');
    expect(result.message).toContain(reference);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('a missing file is a clear error, exit 2 (text on stderr, JSON object with --json)', async () => {
    const path = join(dir, 'absent.bin');
    const text = await cockpit('--once', 'hash', path);
    expect(text).toMatchObject({ code: 2, stdout: '' });
    expect(text.stderr).toBe(`cockpit: cannot hash ${path}: no such file\n`);
    const json = await cockpit('--once', 'hash', path, '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ verb: 'hash', status: 'error', message: `cannot hash ${path}: no such file`, data: { path, code: 'ENOENT' } });
  });

  it('a directory is an error, exit 2', async () => {
    const { code, stderr } = await cockpit('--once', 'hash', dir);
    expect(code).toBe(2);
    expect(stderr).toContain('is a directory');
  });

  it('a pseudo file is hashed by what it holds, not by the size stat reports (/proc/version: 0)', async () => {
    const { code, stdout } = await cockpit('--once', 'hash', '/proc/version', '--json');
    expect(code).toBe(0);
    const content = readFileSync('/proc/version');
    const { data } = JSON.parse(stdout) as { data: { reference: string; size: number } };
    expect(data.size).toBe(content.length);
    expect(data.reference).toBe(bytesToHex((await MerkleTree.root(content)).hash()));
  });
});

describe('usage errors exit 64', () => {
  it('unknown verb, listing the known ones', async () => {
    const { code, stdout, stderr } = await cockpit('--once', 'no-such-verb');
    expect(code).toBe(64);
    expect(stdout).toBe('');
    expect(stderr).toContain("unknown verb 'no-such-verb'");
    expect(stderr).toContain('hash [--redundancy 0..4] [--manifest] <path>');
  });

  it('hash without a path or with two, unknown flags, and --json without --once', async () => {
    expect((await cockpit('--once', 'hash')).code).toBe(64);
    expect((await cockpit('--once', 'hash', 'a', 'b')).code).toBe(64);
    expect((await cockpit('--once', 'hash', 'a', '--frobnicate')).code).toBe(64);
    for (const bad of [
      ['--once', 'hash', '--redundancy', '5', 'a'],
      ['--once', 'hash', '--redundancy', 'x', 'a'],
      ['--once', 'upload-file', '--manifest', 'a'],
      ['--once', 'readiness', '--redundancy', '1'],
      ['--redundancy', '1'],
    ]) {
      const run = await cockpit(...bad);
      expect(run.code, bad.join(' ')).toBe(64);
      expect(run.stderr, bad.join(' ')).toMatch(/--redundancy|--manifest/);
    }
    // A bare `cockpit` opens the desktop window now (surfaces/desktop/launch.test.ts covers it without Electron).
    const json = await cockpit('--json');
    expect(json.code).toBe(64);
    expect(json.stderr).toContain('--once');
  });

  it('--help lists the verbs and exit codes on stdout, exit 0', async () => {
    const { code, stdout } = await cockpit('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('hash [--redundancy 0..4] [--manifest] <path>');
    expect(stdout).toContain('64 usage error');
  });
});
