#!/usr/bin/env node
/**
 * `npm run bench`: the whole benchmark. Loads and checks the spec, builds the Go and Rust runners (cached
 * outside the repository), writes the fixtures, then runs every runner sequentially in rotating order
 * (BENCH_RUNNER_ORDER to pin it) against one node, and aggregates: report.md, report.html, aggregate.json,
 * results.csv and one result JSON per runner in --out (default bench/results/<date-time>/).
 *
 * The node: by default an embedded devnet, `--bee` the real Bee cluster, each started fresh for every runner (see
 * lib/targets.ts); NODE_URL (+ NODE_BATCH_ID, NODE_TOKEN) a node of your own, shared by all. Every row gets one untimed warm-up
 * iteration (`--warmup N`, BENCH_WARMUP), CPU rows more until 500 ms of warm-up have passed (`--warmup-ms`,
 * BENCH_WARMUP_MS), and then the spec's iterations (5; `--iterations`, BENCH_ITERS), in all four runners. `--quick` is the smoke pass: one timed iteration of the 1 MB size, no warm-up.
 *
 * Exit codes: 0 every runner ran (failed cases are in the report), 1 bad arguments or spec, 3 the batch is not
 * usable, 4 a runner crashed (the others' results and the report are still written).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { RUNNER_NAMES, runnerResultSchema, type RunnerName } from '../config-schema/bench-result.js';
import { createNodeClient } from '../actors/node-client/index.js';
import { aggregateRun } from './aggregate.js';
import { ensureFixtures } from './lib/fixtures.js';
import { RUN_SCHEMA_ID, type RunManifest, type RunnerRun } from './lib/run-manifest.js';
import { pinCompiledRunners } from './lib/pin-runners.js';
import { runnerCommand, runnerOrder } from './lib/runner-commands.js';
import { expandSpec, fixtureSizes, loadSpec, SpecError } from './lib/spec.js';
import { externalTarget, startBeeTarget, startDevnetTarget, type Target } from './lib/targets.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/**
 * Ctrl-C / SIGTERM: the running runner is stopped and every node this run started (devnet, or the Bee cluster's
 * Anvil and Bee process groups) is torn down before exiting 130, so nothing is left running.
 */
const running = { child: undefined as ChildProcess | undefined, targets: new Set<Target>(), stopping: false, startup: new AbortController(), cleanups: [] as (() => void)[] };
function onSignal(signal: NodeJS.Signals): void {
  if (running.stopping) return;
  running.stopping = true;
  log(`${signal}: stopping the runner and the node(s)`);
  running.startup.abort(new Error(`${signal} during startup`));
  running.child?.kill('SIGTERM');
  void Promise.allSettled([...running.targets].map((t) => t.stop())).then(() => {
    for (const cleanup of running.cleanups) cleanup();
    process.exit(130);
  });
}

interface Options {
  out?: string;
  quick: boolean;
  bee: boolean;
  runners?: RunnerName[];
  cases?: string[];
  iterations?: number;
  warmup?: number;
  warmupMs?: number;
  spec: string;
  fixtures: string;
  build: boolean;
}

function list(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function runnerList(value: string): RunnerName[] {
  const names = list(value);
  const bad = names.filter((n) => !(RUNNER_NAMES as readonly string[]).includes(n));
  if (bad.length > 0) throw new InvalidArgumentError(`unknown runner ${bad.join(', ')} (runners: ${RUNNER_NAMES.join(', ')})`);
  return names as RunnerName[];
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export function defaultOutDir(now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/:/g, '').replace('T', '_');
  return join(repoRoot, 'bench', 'results', stamp);
}

function tail(text: string, lines = 6): string {
  return text.trim().split('\n').slice(-lines).join(' | ').slice(-800);
}

async function runOne(runner: RunnerName, target: Target, out: string, opts: Options, sizes: number[] | undefined, runnerEnv: NodeJS.ProcessEnv): Promise<RunnerRun> {
  const { command, args } = runnerCommand(runner, runnerEnv);
  const resultFile = join(out, `${runner}.json`);
  const argv = [...args, '--out', resultFile, '--spec', opts.spec, '--fixtures', opts.fixtures];
  if (opts.cases) argv.push('--cases', opts.cases.join(','));
  if (sizes) argv.push('--sizes', sizes.join(','));
  const iterations = opts.quick ? 1 : opts.iterations;
  if (iterations) argv.push('--iterations', String(iterations));
  const warmup = opts.quick ? 0 : opts.warmup;
  if (warmup !== undefined) argv.push('--warmup', String(warmup));
  const warmupMs = opts.quick ? 0 : opts.warmupMs;
  if (warmupMs !== undefined) argv.push('--warmup-ms', String(warmupMs));
  const env = { ...process.env, NODE_URL: target.url, NODE_BATCH_ID: target.batchId, NODE_TOKEN: target.token ?? '' };
  const started = performance.now();
  log(`runner ${runner}: ${command} ${argv.join(' ')}`);
  let stderrTail = '';
  const exit = await new Promise<{ code: number | null; signal: string | null; error?: string }>((done) => {
    const timeoutS = Number(process.env.BENCH_RUNNER_TIMEOUT_S ?? 7200);
    const child = spawn(command, argv, { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'pipe'] });
    running.child = child;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
    child.stderr.on('data', (d: Buffer) => {
      process.stderr.write(d);
      stderrTail = (stderrTail + d.toString()).slice(-4000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      done({ code: null, signal: null, error: err.code === 'ENOENT' ? `runner binary not found: ${command} (run: bash bench/build-runners.sh)` : err.message });
    });
    child.on('close', (code, signal) => {
      running.child = undefined;
      clearTimeout(timer);
      done({ code, signal });
    });
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const base = { runner, exit_code: exit.code, signal: exit.signal, seconds, result_file: `${runner}.json` };
  if (exit.error) return { ...base, status: 'crashed', message: exit.error };
  if (exit.code === 3) return { ...base, status: 'refused', message: `the batch is not usable: ${tail(stderrTail, 2)}` };
  if (exit.code !== 0) {
    const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
    return { ...base, status: 'crashed', message: `${how}: ${tail(stderrTail)}` };
  }
  try {
    runnerResultSchema.parse(JSON.parse(readFileSync(resultFile, 'utf8')));
  } catch (err) {
    return { ...base, status: 'crashed', message: `exit code 0 but no valid result in ${runner}.json: ${(err as Error).message.slice(0, 300)}` };
  }
  return { ...base, status: 'ok', message: '' };
}

async function checkBatch(target: Target): Promise<string | undefined> {
  if (!target.batchId) return undefined;
  const lookup = await createNodeClient({ baseUrl: target.url, token: target.token }).stamp(target.batchId);
  if (!lookup.found) return `${lookup.reason} (HTTP ${lookup.status})`;
  return lookup.batch.usable ? undefined : 'the node says usable: false';
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command('bench')
    .description('Run the cross-client benchmark (ts, js, rust, go) against one node and write the reports')
    .option('--out <dir>', 'report directory (default bench/results/<date-time>)')
    .option('--quick', 'smoke pass: one timed iteration of the 1 MB size, no warm-up', false)
    .option('--bee', 'against the real Bee cluster (bee-cluster/) instead of the embedded devnet', false)
    .option('--runners <list>', 'runners to run (default: the spec runner_subset)', runnerList)
    .option('--cases <list>', 'only these case ids')
    .option('--iterations <n>', 'timed iterations per row (BENCH_ITERS; default the spec: 5)', positiveInt)
    .option('--warmup <n>', 'untimed warm-up iterations per row, before the timed ones (BENCH_WARMUP; default 1)', wholeNumber)
    .option('--warmup-ms <ms>', 'CPU rows: more untimed warm-up iterations until this much time has passed (BENCH_WARMUP_MS; default 500)', wholeNumber)
    .option('--sizes <list>', 'fixture sizes in MB instead of the spec sizes_mb (e.g. 1,10)')
    // Defaults applied after parsing, so the help (recorded in scripts/script-help.json) names no machine's paths.
    .option('--spec <path>', 'spec file (default bench/bench-spec.json)')
    .option('--fixtures <dir>', 'fixture directory (default BENCH_FIXTURES_DIR, else bench/fixtures)')
    .option('--no-build', 'do not (re)build the Go and Rust runners first')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  try {
    program.parse(argv);
  } catch (err) {
    const code = (err as { exitCode?: number }).exitCode;
    return code === 0 ? 0 : 1;
  }
  const raw = program.opts<Omit<Options, 'cases' | 'spec' | 'fixtures'> & { cases?: string; sizes?: string; spec?: string; fixtures?: string }>();
  const { cases: casesText, sizes: _sizes, ...rest } = raw;
  const spec = resolve(raw.spec ?? join(repoRoot, 'bench', 'bench-spec.json'));
  const fixtures = resolve(raw.fixtures ?? process.env.BENCH_FIXTURES_DIR ?? join(repoRoot, 'bench', 'fixtures'));
  const opts: Options = { ...rest, spec, fixtures, ...(casesText ? { cases: list(casesText) } : {}) };
  if (!opts.iterations && process.env.BENCH_ITERS) {
    const n = Number(process.env.BENCH_ITERS);
    if (!Number.isInteger(n) || n < 1) {
      log(`BENCH_ITERS must be a positive integer, got "${process.env.BENCH_ITERS}"`);
      return 1;
    }
    opts.iterations = n;
  }
  for (const [key, name] of [['warmup', 'BENCH_WARMUP'], ['warmupMs', 'BENCH_WARMUP_MS']] as const) {
    const text = process.env[name];
    if (opts[key] !== undefined || !text) continue;
    const n = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || !Number.isInteger(n) || n < 0) {
      log(`${name} must be a whole number ≥ 0, got "${text}"`);
      return 1;
    }
    opts[key] = n;
  }

  let loaded;
  let order: RunnerName[];
  try {
    loaded = loadSpec(opts.spec);
    const known = loaded.spec.cases.map((c) => c.id);
    const unknown = (opts.cases ?? []).filter((c) => !known.includes(c));
    if (unknown.length > 0) throw new SpecError(`--cases: not in the spec: ${unknown.join(', ')}`);
    order = runnerOrder(opts.runners ?? loaded.spec.runner_subset);
  } catch (err) {
    log((err as Error).message);
    return 1;
  }
  let sizes = opts.quick ? [1] : undefined;
  if (raw.sizes && !opts.quick) {
    sizes = list(raw.sizes).map(Number);
    if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
      log(`--sizes must be positive integers (MB), got "${raw.sizes}"`);
      return 1;
    }
  }
  const rows = expandSpec(loaded.spec, { ...(sizes ? { sizesMb: sizes } : {}), large: process.env.BENCH_LARGE === '1' }).filter((r) => !opts.cases || opts.cases.includes(r.entry.id));
  const out = resolve(opts.out ?? defaultOutDir());
  mkdirSync(out, { recursive: true });

  if (opts.build) {
    const compiled = order.filter((r) => r === 'go' || r === 'rust');
    if (compiled.length > 0) {
      const build = spawnSync('bash', [join(repoRoot, 'bench', 'build-runners.sh'), ...compiled], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
      if (build.status !== 0) log(`building ${compiled.join(' and ')} failed (exit ${build.status}); those runners will be reported as crashed`);
    }
  }
  const pinned = pinCompiledRunners(order);
  running.cleanups.push(pinned.remove);
  ensureFixtures(opts.fixtures, fixtureSizes(rows), (line) => log(line));

  const external = process.env.NODE_URL !== undefined && !opts.bee;
  const startTarget = async (): Promise<Target> => {
    const target = await (opts.bee ? startBeeTarget(log, running.startup.signal) : external ? externalTarget(process.env) : startDevnetTarget(log));
    running.targets.add(target);
    return target;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  const startedAt = new Date().toISOString();
  const runs: RunnerRun[] = [];
  let shared: Target | undefined;
  let described: Target | undefined;
  try {
    if (external) {
      shared = await startTarget();
      const why = await checkBatch(shared).catch((err: Error) => `cannot ask the node: ${err.message}`);
      if (why) {
        log(`batch ${shared.batchId.slice(0, 8)}… on ${shared.url} is not usable: ${why}`);
        return 3;
      }
    }
    for (const runner of order) {
      // The embedded devnet and the Bee cluster: a fresh node and batch per runner (see lib/targets.ts).
      const target = shared ?? (await startTarget());
      described ??= target;
      try {
        runs.push(await runOne(runner, target, out, opts, sizes, pinned.env));
      } finally {
        if (!shared) {
          running.targets.delete(target);
          await target.stop();
        }
      }
      const last = runs.at(-1)!;
      log(`runner ${runner}: ${last.status}${last.message ? ` (${last.message})` : ''} in ${last.seconds} s`);
    }
  } catch (err) {
    log(`could not start the node: ${(err as Error).message}`);
    return 1;
  } finally {
    await shared?.stop();
    pinned.remove();
  }
  const manifest: RunManifest = {
    schema: RUN_SCHEMA_ID,
    spec_hash: loaded.hash,
    target: { kind: described!.kind, url: described!.url, description: described!.description },
    quick: opts.quick,
    order,
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    runners: runs,
  };
  writeFileSync(join(out, 'run.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const written = aggregateRun(out, { specPath: opts.spec });
  log(`reports: ${written.map((f) => join(out, f)).join(', ')}`);
  if (runs.some((r) => r.status === 'refused')) return 3;
  return runs.some((r) => r.status === 'crashed') ? 4 : 0;
}

if (process.argv[1] && existsSync(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv);
}
