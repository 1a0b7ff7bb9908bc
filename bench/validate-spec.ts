#!/usr/bin/env node
/**
 * `npm run bench:validate-spec -- <results-dir>`: checks that each runner's latest result covers the spec.
 * <results-dir> is a run directory (with <runner>.json files) or a folder of runs (the newest run in it is
 * taken). For every runner of the spec's runner_subset (or of run.json's order): the result exists and validates
 * against the result schema, was made from this spec (same sha256), and has a row for every (case, params) of
 * the spec at the sizes it ran, each either finished or skipped with a reason. Failed rows are reported as not
 * covered. Exit codes: 0 every runner covers the spec, 2 gaps found (listed), 1 bad input.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunnerName } from '../config-schema/bench-result.js';
import { latestRunDir, readManifest, readResults } from './aggregate.js';
import { expandSpec, loadSpec } from './lib/spec.js';
import { RUNNER_NAMES } from '../config-schema/bench-result.js';
import { wantsHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:validate-spec -- <results-dir> [--spec PATH]

Checks that each runner's latest result covers the benchmark spec: the result exists and validates, was made
from this spec, and has a finished or explained-skip row for every case and parameter set at its sizes.
<results-dir> is a run directory or a folder of runs (the newest is taken).
Exit codes: 0 every runner covers the spec, 2 gaps found (listed), 1 bad input.
`;

export interface Coverage {
  readonly dir: string;
  readonly problems: string[];
  readonly checked: RunnerName[];
}

export function validateCoverage(dirArg: string, specPath: string): Coverage {
  const dir = RUNNER_NAMES.some((r) => existsSync(join(dirArg, `${r}.json`))) || existsSync(join(dirArg, 'run.json')) ? dirArg : latestRunDir(dirArg);
  const { spec, hash } = loadSpec(specPath);
  const results = readResults(dir);
  const manifest = readManifest(dir);
  const expected: RunnerName[] = manifest ? [...manifest.order] : [...spec.runner_subset];
  const problems: string[] = [];
  for (const runner of expected) {
    const res = results[runner];
    if (!res) {
      const run = manifest?.runners.find((r) => r.runner === runner);
      problems.push(`${runner}: no result${run && run.message ? ` (${run.status}: ${run.message})` : ''}`);
      continue;
    }
    if (res.spec_hash !== hash) problems.push(`${runner}: made from a different spec (hash ${res.spec_hash.slice(0, 12)}…, this spec ${hash.slice(0, 12)}…)`);
    const large = res.cases.some((c) => spec.large_sizes_mb.includes(c.params.size_mb ?? -1));
    for (const row of expandSpec(spec, { sizesMb: res.sizes_mb, large })) {
      const got = res.cases.find((c) => c.id === row.entry.id && c.param_key === row.paramKey);
      if (!got) problems.push(`${runner}: missing ${row.entry.id} [${row.paramKey}]`);
      else if (got.skipped && !got.skip_reason.trim()) problems.push(`${runner}: ${row.entry.id} [${row.paramKey}] skipped without a reason`);
      else if (got.failed || (!got.skipped && got.median_ms === null)) problems.push(`${runner}: ${row.entry.id} [${row.paramKey}] failed: ${got.error || 'no iteration finished'}`);
    }
    const known = new Set(spec.cases.map((c) => c.id));
    for (const c of res.cases) if (!known.has(c.id)) problems.push(`${runner}: ${c.id} is not in the spec`);
  }
  return { dir, problems, checked: expected };
}

function main(argv: string[]): number {
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!argv[0]) {
    process.stderr.write('usage: npm run bench:validate-spec -- <results-dir> [--spec PATH]\n');
    return 1;
  }
  const specAt = argv.indexOf('--spec');
  const specPath = specAt >= 0 && argv[specAt + 1] ? resolve(argv[specAt + 1]!) : fileURLToPath(new URL('../../bench/bench-spec.json', import.meta.url));
  try {
    const { dir, problems, checked } = validateCoverage(resolve(argv[0]), specPath);
    if (problems.length === 0) {
      process.stdout.write(`${dir}: ${checked.join(', ')} cover the spec\n`);
      return 0;
    }
    process.stdout.write(`${dir}: ${problems.length} gap(s)\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 2;
  } catch (err) {
    process.stderr.write(`bench:validate-spec: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
