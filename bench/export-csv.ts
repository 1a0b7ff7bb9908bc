#!/usr/bin/env node
/**
 * `npm run bench:export-csv [-- AGGREGATE_JSON|RUN_DIR] [--out FILE]`: aggregate JSON to a flat CSV, one row per
 * case, parameter set and runner. Default input: the latest run's aggregate.json; default output: results.csv
 * next to it ("-" for stdout). Exit codes: 0 written, 1 missing or invalid input.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { latestRunDir } from './aggregate.js';
import { toCsv } from './report/csv.js';
import { AGGREGATE_SCHEMA_ID, type Aggregate } from './report/model.js';
import { wantsHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:export-csv -- [AGGREGATE_JSON | RUN_DIR] [--out FILE]

An aggregate JSON as a flat CSV, one row per case, parameter set and runner. Default input: the latest run's
aggregate.json; default output: results.csv next to it (\`--out -\` for stdout).
Exit codes: 0 written, 1 missing or invalid input.
`;

export function readAggregate(path: string): Aggregate {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'aggregate.json') : path;
  if (!existsSync(file)) throw new Error(`${file} not found (run \`npm run bench\` or \`npm run bench:aggregate\` first)`);
  let json: { schema?: unknown; rows?: unknown };
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as { schema?: unknown; rows?: unknown };
  } catch (err) {
    throw new Error(`${file}: not JSON (${(err as Error).message})`);
  }
  if (json.schema !== AGGREGATE_SCHEMA_ID || !Array.isArray(json.rows)) throw new Error(`${file}: not an aggregate (${AGGREGATE_SCHEMA_ID})`);
  return json as Aggregate;
}

function main(argv: string[]): number {
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { out: { type: 'string' } }, allowPositionals: true, strict: true });
    const input = positionals[0] ? resolve(positionals[0]) : latestRunDir();
    const agg = readAggregate(input);
    const csv = toCsv(agg);
    if (values.out === '-') process.stdout.write(csv);
    else {
      const out = values.out ? resolve(values.out) : join(statSync(input).isDirectory() ? input : dirname(input), 'results.csv');
      writeFileSync(out, csv);
      process.stdout.write(`${out}\n`);
    }
    return 0;
  } catch (err) {
    process.stderr.write(`bench:export-csv: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
