/**
 * bench:cpu-gaps runs to the end and measures every part it reports. It once threw in its secp256k1 section
 * (`require` removed with a loader it no longer used; tsc passes because @types/node declares a global
 * `require`), and nothing ran it. Figures are not checked against targets here: only that each was measured.
 */
import { describe, expect, it } from 'vitest';
import { distBench, runProcess } from './bench-harness.js';

describe('bench:cpu-gaps', () => {
  it('--json: exit 0, every section measured (keccak, the secp256k1 split and build flags, lookups, the pool)', { timeout: 120_000 }, async () => {
    const exit = await runProcess(process.execPath, [distBench('cpu-gaps.js'), '--json'], {}, 110_000);
    expect(exit.stderr).not.toMatch(/Error/);
    expect(exit.code).toBe(0);
    const report = JSON.parse(exit.stdout) as {
      keccak_4k: Record<string, number>;
      secp256k1: { split?: Record<string, { addon_us: number; toolkit_us: number }>; addon_build_flags?: string[] };
      manifest_lookup: { first_rounds_us: number[]; warm_us: number };
      keccak_pool_job: { one_block_job_wall_us: number };
    };
    for (const value of Object.values(report.keccak_4k)) expect(value).toBeGreaterThan(0);
    // The native addon loads on linux-x64 (a prebuilt binary ships with secp256k1@5); its split is the point here.
    const split = report.secp256k1.split!;
    expect(Object.keys(split).sort()).toEqual(['public key', 'recover', 'sign']);
    for (const { addon_us, toolkit_us } of Object.values(split)) {
      expect(addon_us).toBeGreaterThan(0);
      expect(toolkit_us).toBeGreaterThan(0);
    }
    expect(report.secp256k1.addon_build_flags!.length).toBeGreaterThan(0);
    expect(report.manifest_lookup.first_rounds_us).toHaveLength(6);
    expect(report.manifest_lookup.warm_us).toBeGreaterThan(0);
    expect(report.keccak_pool_job.one_block_job_wall_us).toBeGreaterThan(0);
  });
});
