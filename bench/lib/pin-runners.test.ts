import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinCompiledRunners } from './pin-runners.js';
import { runnerCommand } from './runner-commands.js';

describe('pinCompiledRunners', () => {
  it('runs copies taken after the build: a rebuild in the shared cache during the run does not reach it', () => {
    const cache = mkdtempSync(join(tmpdir(), 'pin-test-'));
    const goBin = join(cache, 'go-bin');
    writeFileSync(goBin, '#!/bin/sh\necho built-by-this-run\n');
    chmodSync(goBin, 0o755);
    const env = { BENCH_GO_BIN: goBin, BENCH_RUST_BIN: join(cache, 'never-built') };
    const pinned = pinCompiledRunners(['ts', 'go', 'rust', 'js'], env);
    try {
      const go = runnerCommand('go', pinned.env).command;
      expect(go).not.toBe(goBin);
      // Another checkout rebuilds the shared binary in place.
      writeFileSync(goBin, '#!/bin/sh\necho built-elsewhere\n');
      expect(readFileSync(go, 'utf8')).toContain('built-by-this-run');
      // A runner that was never built keeps its path, so the run reports it as not found.
      expect(runnerCommand('rust', pinned.env).command).toBe(join(cache, 'never-built'));
    } finally {
      pinned.remove();
    }
    expect(existsSync(runnerCommand('go', pinned.env).command)).toBe(false);
  });
});
