#!/usr/bin/env node
/**
 * `npm run bench:aggregate [-- DIR]`: turns the runner result files of a run directory (default: the latest
 * under bench/results/) into report.md, report.html, aggregate.json and results.csv. run-all calls the same
 * function at the end of a run. Result files are found as <runner>.json; run.json (if present) adds the
 * target, the order and each runner's exit status.
 * Exit codes: 0 written, 1 no results or a result file that does not validate.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_NAMES, runnerResultSchema, type RunnerName, type RunnerResult } from '../config-schema/bench-result.js';
import { loadSpec } from './lib/spec.js';
import type { RunManifest } from './lib/run-manifest.js';
import { toCsv } from './report/csv.js';
import { renderHtml } from './report/html.js';
import { renderMarkdown } from './report/markdown.js';
import { buildAggregate, type Aggregate } from './report/model.js';
import { wantsHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:aggregate -- [RUN_DIR]

Turns the runner result files of a run directory (default: the latest under bench/results/) into report.md,
report.html, aggregate.json and results.csv, as \`npm run bench\` does at the end of a run.
Exit codes: 0 written, 1 no results or a result file that does not validate.
`;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_ROOT = join(repoRoot, 'bench', 'results');

export class BenchInputError extends Error {
  override readonly name = 'BenchInputError';
}

/** The newest run directory (one with a run.json or a result file) under `root`. */
export function latestRunDir(root = RESULTS_ROOT): string {
  if (!existsSync(root)) throw new BenchInputError(`no results under ${root}: run \`npm run bench\` first`);
  const dirs = readdirSync(root)
    .map((name) => join(root, name))
    .filter((d) => statSync(d).isDirectory() && (existsSync(join(d, 'run.json')) || RUNNER_NAMES.some((r) => existsSync(join(d, `${r}.json`)))))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (dirs.length === 0) throw new BenchInputError(`no run directories under ${root}: run \`npm run bench\` first`);
  return dirs[0]!;
}

export function readResults(dir: string): Partial<Record<RunnerName, RunnerResult>> {
  const results: Partial<Record<RunnerName, RunnerResult>> = {};
  for (const runner of RUNNER_NAMES) {
    const file = join(dir, `${runner}.json`);
    if (!existsSync(file)) continue;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new BenchInputError(`${file}: not JSON (${(err as Error).message})`);
    }
    const parsed = runnerResultSchema.safeParse(json);
    if (!parsed.success) throw new BenchInputError(`${file}: not a valid result: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    results[runner] = parsed.data;
  }
  return results;
}

export function readManifest(dir: string): RunManifest | null {
  const file = join(dir, 'run.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunManifest) : null;
}

export function aggregateDir(dir: string, options: { specPath?: string } = {}): Aggregate {
  const { spec, hash } = loadSpec(options.specPath ?? join(repoRoot, 'bench', 'bench-spec.json'));
  const manifest = readManifest(dir);
  const results = readResults(dir);
  if (Object.keys(results).length === 0 && !manifest) throw new BenchInputError(`${dir}: no runner results (<runner>.json) and no run.json`);
  return buildAggregate({ spec, specHash: hash, manifest, results });
}

/** Writes the four report files into `dir`; returns their names. */
export function aggregateRun(dir: string, options: { specPath?: string } = {}): string[] {
  const agg = aggregateDir(dir, options);
  writeFileSync(join(dir, 'aggregate.json'), `${JSON.stringify(agg, null, 2)}\n`);
  writeFileSync(join(dir, 'report.md'), renderMarkdown(agg));
  writeFileSync(join(dir, 'report.html'), renderHtml(agg));
  writeFileSync(join(dir, 'results.csv'), toCsv(agg));
  return ['report.md', 'report.html', 'aggregate.json', 'results.csv'];
}

function main(argv: string[]): number {
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    const dir = argv[0] ? resolve(argv[0]) : latestRunDir();
    const files = aggregateRun(dir);
    process.stdout.write(`${files.map((f) => join(dir, f)).join('\n')}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`bench:aggregate: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
