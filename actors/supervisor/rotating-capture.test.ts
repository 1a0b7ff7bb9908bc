import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
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
