#!/usr/bin/env node
/**
 * `npm run bench:fixtures [-- --dir DIR] [--sizes 1,10]`: writes the benchmark fixtures (1, 10, 100 MB; 1 GB
 * too with BENCH_LARGE=1) into bench/fixtures/ (or BENCH_FIXTURES_DIR); files of the right size are kept.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureFixtures } from './lib/fixtures.js';
import { loadSpec, SpecError } from './lib/spec.js';
import { answerHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:fixtures -- [--dir DIR] [--sizes 1,10] [--spec PATH]

Writes the cross-client benchmark's fixture files (the spec's sizes in MB; 1 GB too with BENCH_LARGE=1) into
bench/fixtures/ (or BENCH_FIXTURES_DIR); files already of the right size are kept.

  --dir DIR      where to write them
  --sizes LIST   sizes in MB instead of the spec's
  --spec PATH    the benchmark spec (default bench/bench-spec.json)
`;

function main(): number {
  answerHelp(USAGE);
  let values;
  try {
    ({ values } = parseArgs({ options: { dir: { type: 'string' }, sizes: { type: 'string' }, spec: { type: 'string' } }, strict: true }));
  } catch (err) {
    process.stderr.write(`bench:fixtures: ${(err as Error).message}\n`);
    return 1;
  }
  const dir = values.dir ?? process.env.BENCH_FIXTURES_DIR ?? join(process.cwd(), 'bench', 'fixtures');
  let sizes: number[];
  try {
    const { spec } = loadSpec(values.spec ?? join(process.cwd(), 'bench', 'bench-spec.json'));
    sizes = values.sizes ? values.sizes.split(',').map(Number) : [...spec.sizes_mb, ...(process.env.BENCH_LARGE === '1' ? spec.large_sizes_mb : [])];
  } catch (err) {
    if (err instanceof SpecError) {
      process.stderr.write(`bench:fixtures: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (sizes.some((s) => !Number.isInteger(s) || s < 1)) {
    process.stderr.write(`bench:fixtures: --sizes must be positive integers (MB)\n`);
    return 1;
  }
  ensureFixtures(dir, sizes, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

process.exitCode = main();
