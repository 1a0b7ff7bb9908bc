import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareAggregates } from './compare.js';
import { loadSpec } from './lib/spec.js';
import { fakeResult, type FakeCase } from './report/fake-results.js';
import { buildAggregate, type Aggregate } from './report/model.js';

const { spec, hash } = loadSpec(new URL('./bench-spec.json', import.meta.url).pathname);

function agg(scale: Record<string, number>, drop: string[] = []): Aggregate {
  const base: FakeCase[] = [
    { id: 'cpu.keccak.bulk', params: { size_mb: 1 }, ms: [10, 10, 10, 10, 10] },
    { id: 'cpu.bmt.file-root', params: { size_mb: 1 }, ms: [20, 20, 20, 20, 20] },
    { id: 'net.stamps.list', params: { count: 20 }, ms: [5, 5, 5, 5, 5] },
    { id: 'net.pin.add-list', params: { count: 25 }, ms: [30, 30, 30, 30, 30] },
  ];
  const cases = base.filter((c) => !drop.includes(c.id)).map((c) => ({ ...c, ms: c.ms!.map((t) => t * (scale[c.id] ?? 1)) }));
  return buildAggregate({ spec, specHash: hash, manifest: null, results: { ts: fakeResult('ts', cases, hash), go: fakeResult('go', cases, hash) } });
}

describe('bench:compare', () => {
  it('flags a planted 25 % regression and not a 10 % one', () => {
    const c = compareAggregates(agg({}), agg({ 'cpu.keccak.bulk': 1.25, 'net.stamps.list': 1.1 }));
    expect(c.regressions.map((d) => `${d.id} ${d.runner}`).sort()).toEqual(['cpu.keccak.bulk go', 'cpu.keccak.bulk ts']);
    expect(c.deltas.find((d) => d.id === 'net.stamps.list' && d.runner === 'ts')).toMatchObject({ flag: null });
    expect(c.deltas.find((d) => d.id === 'net.stamps.list')!.delta_pct).toBeCloseTo(10, 5);
    expect(c.missing).toEqual([]);
  });

  it('flags a 25 % improvement as an improvement, not a regression', () => {
    const c = compareAggregates(agg({}), agg({ 'cpu.bmt.file-root': 0.75 }));
    expect(c.regressions).toEqual([]);
    expect(c.improvements.map((d) => d.id)).toEqual(['cpu.bmt.file-root', 'cpu.bmt.file-root']);
  });

  it('cross-checks missing cases in both directions', () => {
    const c = compareAggregates(agg({}, ['net.pin.add-list']), agg({}, ['net.stamps.list']));
    expect([...c.missing].sort()).toEqual(['net.pin.add-list [count=25]: only in B', 'net.stamps.list [count=20]: only in A']);
  });

  it('CLI: writes the report to --out and exits 2 on a regression, 0 when nothing is flagged, 1 on bad input', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(agg({})));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(agg({ 'net.pin.add-list': 1.25 })));
    writeFileSync(join(dir, 'c.json'), JSON.stringify(agg({ 'net.pin.add-list': 1.1 })));
    const bin = new URL('../dist/bench/compare.js', import.meta.url).pathname;
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    const flagged = run(join(dir, 'a.json'), join(dir, 'b.json'), '--out', join(dir, 'ab.md'));
    expect(flagged.status).toBe(2);
    expect(flagged.stdout).toContain('regression: net.pin.add-list [count=25] ts +25.0 %');
    expect(readFileSync(join(dir, 'ab.md'), 'utf8')).toContain('**regression**');
    const quiet = run(join(dir, 'a.json'), join(dir, 'c.json'), '--out', join(dir, 'ac.json'));
    expect(quiet.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'ac.json'), 'utf8')).regressions).toEqual([]);
    const bad = run(join(dir, 'a.json'), join(dir, 'missing.json'), '--out', join(dir, 'x.md'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/missing\.json not found/);
    expect(run(join(dir, 'a.json')).status).toBe(1);
  });
});
