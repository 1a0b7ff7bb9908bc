/**
 * The driver shared by the two Node.js runners (ts: this project's client and core; js: bee-js). It reads
 * the spec, loads the fixtures into RAM, checks the node and the batch once, then runs every case row
 * sequentially: untimed setup, `warmup` untimed iterations (1 by default: the first calls of a row pay for JIT
 * compilation and cold caches), on CPU rows more untimed iterations until `warmup-ms` of warm-up have passed
 * (a sub-millisecond row is otherwise timed while V8 still tiers its code up; the Go and Rust runners follow the
 * same two rules), then `iterations` timed runs (each
 * with an untimed `before`, e.g. a fresh salt), recording wall time, process CPU time and sampled peak RSS. A case that throws is recorded as
 * failed with the error and the run goes on; a case the client cannot do returns a skip with its reason.
 *
 * Usage: <runner> --out FILE [--spec PATH] [--fixtures DIR] [--cases id,id] [--sizes 1,10] [--iterations N]
 * [--warmup N] [--warmup-ms MS]
 * Environment: NODE_URL (http://localhost:1633), NODE_BATCH_ID (net.* cases skip without it), NODE_TOKEN
 * (bearer token for nodes with auth), BENCH_ITERS, BENCH_WARMUP, BENCH_WARMUP_MS, BENCH_LARGE=1, BENCH_FIXTURES_DIR, BENCH_SIZES_MB.
 * Exit codes: 0 result written (failed cases are in it), 1 bad arguments or spec, 3 batch not usable.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { RESULT_SCHEMA_ID, type CaseResult, type RunnerName, type RunnerResult } from '../../config-schema/bench-result.js';
import { fixturePath } from './fixtures.js';
import { expandSpec, fixtureSizes, loadSpec, SpecError, type CaseRow, type Params } from './spec.js';
import { startRssSampler, type RssSampler } from './rss-sampler.js';
import { median } from './stats.js';

export interface CaseEnv {
  readonly params: Params;
  readonly nodeUrl: string;
  readonly batchId: string;
  readonly token: string | undefined;
  /** The fixture of that size, in RAM (loaded before any case runs). */
  fixture(sizeMb: number): Uint8Array;
  fixturePath(sizeMb: number): string;
}

export interface PreparedCase {
  /** Untimed, before each iteration: fresh salt, new topic, … */
  before?(iteration: number): void | Promise<void>;
  /** The timed work. May return a check value (e.g. a reference) recorded from the last iteration. */
  run(iteration: number): unknown;
  /** Untimed, after the last iteration. */
  after?(): void | Promise<void>;
  /** Payload bytes per iteration (0 if not about bytes), operations per iteration and their name. */
  readonly bytes: number;
  readonly units: number;
  readonly unit: string;
}

export interface Skip {
  readonly skip: string;
}

export type CaseImpl = (env: CaseEnv) => Promise<PreparedCase | Skip> | PreparedCase | Skip;

export interface RunnerDefinition {
  readonly runner: RunnerName;
  readonly client: RunnerResult['client'];
  readonly cases: Readonly<Record<string, CaseImpl>>;
  /**
   * An untimed call before each net case (errors ignored): a keep-alive socket the node closed while CPU cases
   * ran must not fail or slow the first timed call of the next case.
   */
  warmUp(nodeUrl: string, token: string | undefined): Promise<unknown>;
  /** Checks the batch with this runner's own client: undefined when usable, else why not. */
  checkBatch(nodeUrl: string, batchId: string, token: string | undefined): Promise<string | undefined>;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

interface Options {
  out: string;
  spec: string;
  fixtures: string;
  cases: string[] | undefined;
  sizes: number[] | undefined;
  iterations: number | undefined;
  warmup: number;
  warmupMs: number;
}

/** Untimed iterations per row before the timed ones, in all four runners unless --warmup / BENCH_WARMUP says otherwise. */
export const DEFAULT_WARMUP = 1;

/**
 * Untimed warm-up time on CPU rows, in all four runners unless --warmup-ms / BENCH_WARMUP_MS says otherwise: after
 * the `warmup` iterations a CPU row keeps running untimed until this much wall time has passed since its first
 * warm-up iteration began. Rows that take longer than this per iteration get no extra run. Net rows keep the
 * count alone: every iteration there writes to the node and spends batch capacity.
 */
export const DEFAULT_WARMUP_MS = 500;

function wholeNumber(what: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isInteger(n) || n < 0) throw new UsageError(`${what} must be a whole number ≥ 0, got "${text}"`);
  return n;
}

function positiveInts(what: string, text: string): number[] {
  const list = text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 1)) throw new UsageError(`${what} must be positive integers, got "${text}"`);
  return list;
}

export function parseRunnerArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        out: { type: 'string' },
        spec: { type: 'string' },
        fixtures: { type: 'string' },
        cases: { type: 'string' },
        sizes: { type: 'string' },
        iterations: { type: 'string' },
        warmup: { type: 'string' },
        'warmup-ms': { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.out === undefined) throw new UsageError('--out FILE is required');
  const iterText = values.iterations ?? env.BENCH_ITERS;
  const sizesText = values.sizes ?? env.BENCH_SIZES_MB;
  const warmup = wholeNumber('BENCH_WARMUP / --warmup', values.warmup ?? env.BENCH_WARMUP, DEFAULT_WARMUP);
  const warmupMs = wholeNumber('BENCH_WARMUP_MS / --warmup-ms', values['warmup-ms'] ?? env.BENCH_WARMUP_MS, DEFAULT_WARMUP_MS);
  return {
    out: values.out,
    spec: values.spec ?? join(process.cwd(), 'bench', 'bench-spec.json'),
    fixtures: values.fixtures ?? env.BENCH_FIXTURES_DIR ?? join(process.cwd(), 'bench', 'fixtures'),
    cases: values.cases?.split(',').map((s) => s.trim()).filter(Boolean),
    sizes: sizesText ? positiveInts('sizes', sizesText) : undefined,
    iterations: iterText ? positiveInts('BENCH_ITERS', iterText)[0] : undefined,
    warmup,
    warmupMs,
  };
}

function message(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const causeText = cause instanceof Error && !err.message.includes(cause.message) ? ` (${cause.message})` : '';
    return `${err.message}${causeText}`.slice(0, 500);
  }
  return String(err).slice(0, 500);
}

function emptyResult(row: CaseRow): CaseResult {
  return {
    id: row.entry.id,
    kind: row.entry.kind,
    params: row.params,
    param_key: row.paramKey,
    skipped: false,
    skip_reason: '',
    failed: false,
    error: '',
    iterations_ms: [],
    median_ms: null,
    cpu_ms: [],
    peak_rss_mb: null,
    bytes: 0,
    throughput_mb_s: null,
    units: 0,
    unit: '',
  };
}

interface Counts {
  warmup: number;
  /** Extra untimed warm-up wall time on CPU rows (DEFAULT_WARMUP_MS). */
  warmupMs: number;
  iterations: number;
}

async function runRow(row: CaseRow, impl: CaseImpl, env: CaseEnv, counts: Counts, rss: RssSampler, warmUp: () => Promise<unknown>): Promise<CaseResult> {
  const result = emptyResult(row);
  let prepared: PreparedCase | Skip;
  try {
    prepared = await impl(env);
  } catch (err) {
    return { ...result, failed: true, error: `setup: ${message(err)}` };
  }
  if ('skip' in prepared) return { ...result, skipped: true, skip_reason: prepared.skip };
  if (row.entry.kind === 'net') await warmUp().catch(() => {});
  let peak = 0;
  let check: unknown;
  let warming = true;
  let warmed = 0;
  const warmFloorMs = row.entry.kind === 'cpu' ? counts.warmupMs : 0;
  try {
    // Warm-up iterations run exactly as the timed ones do (before included) and are thrown away.
    const warmStart = performance.now();
    while (warmed < counts.warmup || performance.now() - warmStart < warmFloorMs) {
      await prepared.before?.(warmed);
      await prepared.run(warmed);
      warmed++;
    }
    warming = false;
    for (let i = warmed; i < warmed + counts.iterations; i++) {
      await prepared.before?.(i);
      rss.reset();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      check = await prepared.run(i);
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      peak = Math.max(peak, rss.peakMb());
      result.iterations_ms.push(wall);
      result.cpu_ms.push((cpu.user + cpu.system) / 1000);
    }
  } catch (err) {
    result.failed = true;
    result.error = `${warming ? 'warm-up: ' : ''}${message(err)}`;
  }
  try {
    await prepared.after?.();
  } catch {
    // Cleanup failures (an unpin on a node that went down) do not change the measurement.
  }
  const med = result.iterations_ms.length > 0 ? median(result.iterations_ms) : null;
  return {
    ...result,
    warmup_runs: warmed,
    median_ms: med,
    peak_rss_mb: result.iterations_ms.length > 0 ? Math.round(peak * 10) / 10 : null,
    bytes: prepared.bytes,
    throughput_mb_s: med !== null && med > 0 && prepared.bytes > 0 ? prepared.bytes / 1e6 / (med / 1000) : null,
    units: prepared.units,
    unit: prepared.unit,
    ...(typeof check === 'string' ? { check } : {}),
  };
}

export async function runNodeRunner(def: RunnerDefinition, argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const log = (line: string) => process.stderr.write(`bench-${def.runner}: ${line}\n`);
  let options: Options;
  let rows: CaseRow[];
  let loaded: ReturnType<typeof loadSpec>;
  try {
    options = parseRunnerArgs(argv, env);
    loaded = loadSpec(options.spec);
    rows = expandSpec(loaded.spec, { sizesMb: options.sizes, large: env.BENCH_LARGE === '1' });
    if (options.cases) {
      const spec = loaded.spec;
      const unknown = options.cases.filter((id) => !spec.cases.some((c) => c.id === id));
      if (unknown.length > 0) throw new UsageError(`--cases: not in the spec: ${unknown.join(', ')}`);
      rows = rows.filter((r) => options.cases!.includes(r.entry.id));
    }
  } catch (err) {
    if (err instanceof SpecError || err instanceof UsageError) {
      log(err.message);
      return 1;
    }
    throw err;
  }
  const iterations = options.iterations ?? loaded.spec.iterations;
  const nodeUrl = (env.NODE_URL ?? 'http://localhost:1633').replace(/\/+$/, '');
  const batchId = (env.NODE_BATCH_ID ?? '').trim().toLowerCase();
  const token = env.NODE_TOKEN || undefined;

  if (batchId && rows.some((r) => r.entry.kind === 'net')) {
    if (!/^[0-9a-f]{64}$/.test(batchId)) {
      log(`NODE_BATCH_ID must be 64 hex characters`);
      return 1;
    }
    let why: string | undefined;
    try {
      why = await def.checkBatch(nodeUrl, batchId, token);
    } catch (err) {
      why = undefined; // node unreachable: every net case will say so; CPU cases still run
      log(`could not check the batch (${message(err)}); net cases will record the error`);
    }
    if (why !== undefined) {
      log(`batch ${batchId.slice(0, 8)}… is not usable: ${why}`);
      return 3;
    }
  }

  const fixtures = new Map<number, Uint8Array>();
  for (const size of fixtureSizes(rows)) {
    const path = fixturePath(options.fixtures, size);
    try {
      fixtures.set(size, new Uint8Array(readFileSync(path)));
    } catch {
      log(`fixture ${path} is missing: run \`npm run bench:fixtures\` first`);
      return 1;
    }
  }
  const baseEnv = {
    nodeUrl,
    batchId,
    token,
    fixture: (size: number) => {
      const f = fixtures.get(size);
      if (!f) throw new Error(`fixture of ${size} MB not loaded`);
      return f;
    },
    fixturePath: (size: number) => fixturePath(options.fixtures, size),
  };

  const rss = startRssSampler();
  const startedAt = new Date().toISOString();
  const cases: CaseResult[] = [];
  for (const row of rows) {
    const impl = def.cases[row.entry.id];
    let res: CaseResult;
    if (row.entry.kind === 'net' && !batchId) res = { ...emptyResult(row), skipped: true, skip_reason: 'NODE_BATCH_ID is not set' };
    else if (!impl) res = { ...emptyResult(row), skipped: true, skip_reason: `not implemented by the ${def.runner} runner` };
    else res = await runRow(row, impl, { ...baseEnv, params: row.params }, { warmup: options.warmup, warmupMs: options.warmupMs, iterations }, rss, () => def.warmUp(nodeUrl, token));
    const what = res.skipped ? `skipped (${res.skip_reason})` : res.failed ? `FAILED: ${res.error}` : `median ${res.median_ms?.toFixed(2)} ms`;
    log(`${row.entry.id} [${row.paramKey}] ${what}`);
    cases.push(res);
    writeResult(false);
  }
  await rss.stop();
  writeResult(true);
  log(`wrote ${options.out}`);
  return 0;

  /** After every case (atomically), so a runner killed or crashed midway still leaves the rows it finished. */
  function writeResult(final: boolean): void {
  const result: RunnerResult = {
    schema: RESULT_SCHEMA_ID,
    runner: def.runner,
    client: def.client,
    spec_hash: loaded.hash,
    node_url: nodeUrl,
    batch_id: batchId,
    iterations,
    warmup_iterations: options.warmup,
    warmup_min_ms: options.warmupMs,
    sizes_mb: options.sizes ?? loaded.spec.sizes_mb,
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    host: { os: platform(), arch: arch(), cpus: availableParallelism(), runtime: `node ${process.versions.node}` },
    cases,
    ...(final ? {} : { partial: true }),
  };
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(`${options.out}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${options.out}.tmp`, options.out);
  }
}

/** Fresh 32-byte random salt at the front of a buffer holding the fixture after it (spec: unique references). */
export function saltedBuffer(fixture: Uint8Array): Uint8Array {
  const buf = new Uint8Array(32 + fixture.length);
  buf.set(fixture, 32);
  return buf;
}

export function resalt(buf: Uint8Array): void {
  buf.set(randomBytes(32), 0);
}

/** Runs `tasks` with at most `limit` in flight. */
export async function withConcurrency<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return out;
}

/** Spread, deterministic offsets for range reads. */
export function rangeOffsets(count: number, total: number, length: number): number[] {
  const span = Math.max(1, total - length);
  return Array.from({ length: count }, (_, i) => Math.floor((span * ((i * 7919) % count)) / count));
}
