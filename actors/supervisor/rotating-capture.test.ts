import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEntries } from '../../test/compiled-entries.js';
import { RotatingCapture } from './rotating-capture.js';
import { OutputTail } from './output-tail.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capture-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('RotatingCapture', () => {
  it('rotates by rename at line boundaries and keeps keep_files files', async () => {
    const path = join(dir, 'node.log');
    const capture = new RotatingCapture({ path, rotateBytes: 100, keepFiles: 3 });
    for (let i = 0; i < 30; i++) capture.write(Buffer.from(`line ${String(i).padStart(2, '0')} ${'x'.repeat(20)}\n`)); // 29 bytes each
    capture.write(Buffer.from('half a li'));
    capture.write(Buffer.from('ne\n'));
    capture.close();
    expect((await readdir(dir)).sort()).toEqual(['node.log', 'node.log.1', 'node.log.2']);
    for (const name of ['node.log.1', 'node.log.2']) {
      const text = await readFile(join(dir, name), 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      expect(text.length).toBeLessThanOrEqual(100 + 29);
    }
    expect(await readFile(path, 'utf8')).toContain('half a line\n');
    expect(() => new RotatingCapture({ path, rotateBytes: 0, keepFiles: 1 })).toThrow(RangeError);
  });

  it('holds the size by bytes whatever the line shape: \r progress output never printing a newline (issue 24 item 4)', async () => {
    const sub = await mkdtemp(join(dir, 'progress-'));
    const path = join(sub, 'node.log');
    const capture = new RotatingCapture({ path, rotateBytes: 64 * 1024, keepFiles: 2 });
    // 8 MiB of a progress bar redrawn with \r, in pipe-sized chunks, as a node writes it.
    const frame = Buffer.from('\rsyncing 42% [=========>          ] 1234/5678 blocks ');
    const chunk = Buffer.concat(Array.from({ length: Math.ceil(65_536 / frame.length) }, () => frame));
    for (let written = 0; written < 8 * 1024 * 1024; written += chunk.length) capture.write(chunk);
    capture.close();
    expect((await readdir(sub)).sort()).toEqual(['node.log', 'node.log.1']);
    for (const name of ['node.log', 'node.log.1']) expect((await stat(join(sub, name))).size).toBeLessThanOrEqual(64 * 1024);
    expect((await stat(join(sub, 'node.log.1'))).size).toBe(64 * 1024); // cut exactly at the limit
  });

  it('a line that does not fit starts the next file; a cut never splits a UTF-8 character', async () => {
    const sub = await mkdtemp(join(dir, 'shapes-'));
    const path = join(sub, 'node.log');
    const capture = new RotatingCapture({ path, rotateBytes: 10, keepFiles: 5 });
    capture.write(Buffer.from('abcdef\n')); // 7 bytes
    capture.write(Buffer.from('ghijk\n')); // does not fit after 7: starts node.log (node.log.1 holds the first line)
    capture.write(Buffer.from('€€€€€')); // 15 bytes, no newline: cut at 10 would split the fourth €
    capture.close();
    const read = (name: string) => readFile(join(sub, name));
    expect((await read('node.log.3')).toString()).toBe('abcdef\n');
    expect((await read('node.log.2')).toString()).toBe('ghijk\n');
    expect((await read('node.log.1')).toString()).toBe('€€€'); // 9 bytes, not 10
    expect((await read('node.log')).toString()).toBe('€€');
  });

  it.skipIf(process.platform !== 'linux')('a full disk pauses the capture with a clear message, counts what is dropped, and resumes when there is room (tmpfs in a mount namespace)', () => {
    const compiled = compileEntries('capture-harness', ['test/fixtures/capture-harness.ts']);
    const mountPoint = join(dir, 'small-disk');
    spawnSync('mkdir', ['-p', mountPoint]);
    const run = spawnSync('unshare', ['--mount', '--map-root-user', 'sh', '-c', 'mount -t tmpfs -o size=128k tmpfs "$1" && exec "$2" "$3" "$1"', 'sh', mountPoint, process.execPath, compiled('test/fixtures/capture-harness.ts')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ ok: false, message: expect.stringMatching(/^capture paused: no space left on device \(.*node\.log\); node output is dropped, retrying every 1 s$/) });
    expect(events[0]!.droppedBytes as number).toBeGreaterThan(0);
    expect(events[1]).toEqual({ ok: true });
    expect(events[2]).toEqual({ done: ['node.log'] });
  });
});

describe('OutputTail', () => {
  it('keeps the last lines, bounded, with an unterminated last line', () => {
    const tail = new OutputTail();
    for (let i = 0; i < 20; i++) tail.push(Buffer.from(`l${i}\n`));
    tail.push(Buffer.from(`${'y'.repeat(2000)}\npartial`));
    const lines = tail.lines();
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe('partial');
    expect(lines.at(-2)).toBe(`${'y'.repeat(500)}…`);
  });
});
