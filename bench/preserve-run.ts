#!/usr/bin/env node
/**
 * `npm run bench:preserve-run -- <label> [--from DIR]`: snapshots a run directory (default: the latest under
 * bench/results/) as bench/results/preserved/<label>/, e.g. a baseline for `bench:compare`. The label is
 * letters, digits, '.', '_' and '-'; an existing snapshot is never overwritten.
 * Exit codes: 0 copied, 1 bad label, missing run, or the label is taken.
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { latestRunDir, RESULTS_ROOT } from './aggregate.js';
import { wantsHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:preserve-run -- <label> [--from DIR]

Copies a run directory (default: the latest under bench/results/) to bench/results/preserved/<label>/, e.g. a
baseline for bench:compare. The label is letters, digits, '.', '_' and '-'; a snapshot is never overwritten.
Exit codes: 0 copied, 1 bad label, missing run, or the label is taken.
`;

export function preserveRun(label: string, from: string, root = RESULTS_ROOT): string {
  if (!/^[A-Za-z0-9._-]{1,80}$/.test(label) || label.startsWith('.')) throw new Error(`label "${label}": use letters, digits, '.', '_' and '-' (not leading '.')`);
  if (!existsSync(from)) throw new Error(`${from} does not exist`);
  const dest = join(root, 'preserved', label);
  if (existsSync(dest)) throw new Error(`${dest} exists already: pick another label`);
  mkdirSync(join(root, 'preserved'), { recursive: true });
  cpSync(from, dest, { recursive: true, filter: (src) => !src.includes(`${join(root, 'preserved')}`) });
  return dest;
}

function main(argv: string[]): number {
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { from: { type: 'string' } }, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new Error('usage: npm run bench:preserve-run -- <label> [--from DIR]');
    const from = values.from ? resolve(values.from) : latestRunDir();
    process.stdout.write(`${preserveRun(positionals[0]!, from)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`bench:preserve-run: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
