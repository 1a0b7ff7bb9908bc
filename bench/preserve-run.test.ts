import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runnerOrder } from './lib/runner-commands.js';
import { preserveRun } from './preserve-run.js';

describe('bench:preserve-run', () => {
  it('snapshots a run directory under preserved/<label>, never overwrites, refuses bad labels', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-results-'));
    const run = join(root, '2026-01-01_000000');
    mkdirSync(run);
    writeFileSync(join(run, 'aggregate.json'), '{"x":1}');
    const dest = preserveRun('baseline-v1', run, root);
    expect(dest).toBe(join(root, 'preserved', 'baseline-v1'));
    expect(readFileSync(join(dest, 'aggregate.json'), 'utf8')).toBe('{"x":1}');
    expect(() => preserveRun('baseline-v1', run, root)).toThrow(/exists already/);
    expect(() => preserveRun('../escape', run, root)).toThrow(/use letters, digits/);
    expect(() => preserveRun('.hidden', run, root)).toThrow(/use letters, digits/);
    expect(() => preserveRun('ok', join(root, 'nope'), root)).toThrow(/does not exist/);
    expect(existsSync(join(root, 'preserved', 'ok'))).toBe(false);
  });
});

describe('runner order', () => {
  it('rotates the subset by the day, and BENCH_RUNNER_ORDER pins it', () => {
    const subset = ['ts', 'js', 'rust', 'go'] as const;
    const day = (n: number) => new Date(n * 86_400_000 + 3_600_000);
    expect(runnerOrder(subset, {}, day(0))).toEqual(['ts', 'js', 'rust', 'go']);
    expect(runnerOrder(subset, {}, day(1))).toEqual(['js', 'rust', 'go', 'ts']);
    expect(runnerOrder(subset, {}, day(6))).toEqual(['rust', 'go', 'ts', 'js']);
    expect(runnerOrder(subset, { BENCH_RUNNER_ORDER: 'go,rust,js,ts' })).toEqual(['go', 'rust', 'js', 'ts']);
    expect(() => runnerOrder(subset, { BENCH_RUNNER_ORDER: 'go,python' })).toThrow(/python/);
  });
});
