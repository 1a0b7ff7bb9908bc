/**
 * The aggregate: every runner's result for every (case, params) row side by side, with the derived figures
 * the reports show (spec §4): ratio to the row's best median, variance (coefficient of variation, warned above
 * 50 %), p95 from 10 iterations, CPU-to-wall ratio, a per-runner scoreboard (geometric mean of ratio to best;
 * `1.00x` is fastest; wins; per-group columns; ranks on CPU and net cases) and latency-versus-size fits.
 * Pure data in, data out: aggregate.json is exactly this object.
 */
import { RUNNER_NAMES, type CaseResult, type RunnerName, type RunnerResult } from '../../config-schema/bench-result.js';
import { caseDomain } from '../lib/catalogue.js';
import type { RunManifest, RunnerRun } from '../lib/run-manifest.js';
import type { BenchSpec } from '../lib/spec.js';
import { geometricMean, linearFit, median, percentile, variancePct } from '../lib/stats.js';
import { explainGap } from './explanations.js';

export const AGGREGATE_SCHEMA_ID = 'node-toolkit/bench-aggregate@1' as const;
export const VARIANCE_WARN_PCT = 50;
export const P95_MIN_ITERATIONS = 10;

export type CellStatus = 'ok' | 'failed' | 'skipped' | 'missing';

export interface Cell {
  status: CellStatus;
  median_ms: number | null;
  ratio: number | null;
  iterations_ms: number[];
  p95_ms: number | null;
  variance_pct: number | null;
  variance_warning: boolean;
  throughput_mb_s: number | null;
  per_unit_ms: number | null;
  unit: string;
  peak_rss_mb: number | null;
  cpu_ms_median: number | null;
  cpu_ratio: number | null;
  /** Why it was skipped, failed or is missing; empty when ok. */
  note: string;
  check: string | null;
}

export interface Row {
  id: string;
  kind: 'cpu' | 'net';
  domain: string;
  doc: string;
  param_key: string;
  params: Record<string, number>;
  cells: Partial<Record<RunnerName, Cell>>;
  best: RunnerName | null;
  /** cpu.keccak.bulk / cpu.bmt.*: do the runners that finished agree on the computed value? */
  checks_agree: boolean | null;
}

export interface RunnerSummary {
  runner: RunnerName;
  client: RunnerResult['client'] | null;
  status: RunnerRun['status'] | 'missing';
  message: string;
  spec_hash: string | null;
  spec_hash_matches: boolean;
  iterations: number | null;
  /** Untimed iterations before the timed ones in each row; null when the result does not say. */
  warmup: number | null;
  /** CPU rows' warm-up time floor (ms); null in results written before it existed. */
  warmup_ms: number | null;
  sizes_mb: number[];
  host: RunnerResult['host'] | null;
  seconds: number | null;
  ok: number;
  failed: number;
  skipped: number;
}

/** The spread behind a geometric mean: the same mean with every row at the runner's fastest, and at its slowest, iteration. */
export interface Spread {
  low: number;
  high: number;
}

export interface ScoreEntry {
  runner: RunnerName;
  geomean: number | null;
  geomean_cpu: number | null;
  geomean_net: number | null;
  /** Each row's ratio taken at the runner's fastest and slowest timed iteration (over the row's best median). */
  spread_cpu: Spread | null;
  spread_net: Spread | null;
  per_group: Record<string, number | null>;
  wins: number;
  rows: number;
  rank_cpu: number | null;
  rank_net: number | null;
  rank: number | null;
}

export interface Fit {
  id: string;
  runner: RunnerName;
  slope_ms_per_mb: number;
  intercept_ms: number;
  r2: number;
  /** 1 / slope: the throughput the fit predicts for large sizes (MB/s). */
  asymptotic_mb_s: number | null;
  points: [number, number][];
}

export interface Gap {
  id: string;
  param_key: string;
  best: RunnerName;
  ratio: number;
  why: string;
}

export interface Aggregate {
  schema: typeof AGGREGATE_SCHEMA_ID;
  generated_at: string;
  spec_hash: string;
  target: RunManifest['target'] | null;
  quick: boolean;
  order: RunnerName[];
  runners: RunnerSummary[];
  rows: Row[];
  scoreboard: ScoreEntry[];
  fits: Fit[];
  /** Rows where the ts runner is not the fastest: by how much and why. */
  ts_gaps: Gap[];
  /** How the rows were timed (warm-up, timed iterations, order), as the report states it. */
  timing: string;
  notes: string[];
}

/**
 * The report's sentence on how rows were timed, from what each runner's result says it did (results written
 * before warm-ups existed carry no warmup_iterations: said as unknown, not as none).
 */
export function timingStatement(runners: readonly RunnerSummary[], order: readonly RunnerName[], quick: boolean): string {
  const ran = runners.filter((r) => r.iterations !== null);
  const floor = (r: RunnerSummary) =>
    r.warmup_ms === null || r.warmup_ms === 0 ? '' : ` (on CPU rows, more untimed ones until ${r.warmup_ms} ms of warm-up have passed)`;
  const describe = (r: RunnerSummary) =>
    `${r.warmup === null ? 'an unrecorded number of' : r.warmup} untimed warm-up iteration${r.warmup === 1 ? '' : 's'}${floor(r)}, then ${r.iterations} timed`;
  const shapes = new Set(ran.map(describe));
  const perRow =
    shapes.size <= 1
      ? `Every row: setup untimed, ${ran[0] ? describe(ran[0]) : 'no'} iteration${ran[0]?.iterations === 1 ? '' : 's'} (each after an untimed fresh salt or id); the cell is the median of the timed ones.`
      : `Rows per runner: ${ran.map((r) => `${r.runner} ${describe(r)}`).join('; ')}; each cell is the median of the timed ones.`;
  return `${perRow} Runners run one after another in the order ${order.join(' → ')} (rotated daily; BENCH_RUNNER_ORDER pins it), each on its own rows one at a time${quick ? '; quick smoke pass' : ''}.`;
}

const CHECKED_CASES = new Set(['cpu.keccak.bulk', 'cpu.bmt.chunk-address', 'cpu.bmt.file-root']);

function cellOf(r: CaseResult): Cell {
  const it = r.iterations_ms;
  const status: CellStatus = r.skipped ? 'skipped' : r.failed ? 'failed' : r.median_ms === null ? 'failed' : 'ok';
  const med = status === 'ok' ? r.median_ms : null;
  const cpuMed = r.cpu_ms.length > 0 ? median(r.cpu_ms) : null;
  const vp = it.length >= 2 ? variancePct(it) : null;
  return {
    status,
    median_ms: med,
    ratio: null,
    iterations_ms: it,
    p95_ms: it.length >= P95_MIN_ITERATIONS ? percentile(it, 95) : null,
    variance_pct: vp,
    variance_warning: vp !== null && vp > VARIANCE_WARN_PCT,
    throughput_mb_s: status === 'ok' ? r.throughput_mb_s : null,
    per_unit_ms: med !== null && r.units > 0 ? med / r.units : null,
    unit: r.unit,
    peak_rss_mb: r.peak_rss_mb,
    cpu_ms_median: cpuMed,
    cpu_ratio: cpuMed !== null && med ? cpuMed / med : null,
    note: r.skipped ? r.skip_reason : r.failed ? r.error || 'failed' : '',
    check: r.check ?? null,
  };
}

function missingCell(why: string): Cell {
  return {
    status: 'missing', median_ms: null, ratio: null, iterations_ms: [], p95_ms: null, variance_pct: null, variance_warning: false,
    throughput_mb_s: null, per_unit_ms: null, unit: '', peak_rss_mb: null, cpu_ms_median: null, cpu_ratio: null, note: why, check: null,
  };
}

function rank(entries: ScoreEntry[], key: 'geomean' | 'geomean_cpu' | 'geomean_net'): Map<RunnerName, number> {
  const sorted = entries.filter((e) => e[key] !== null).sort((a, b) => a[key]! - b[key]!);
  return new Map(sorted.map((e, i) => [e.runner, i + 1]));
}

export interface AggregateInput {
  spec: BenchSpec;
  specHash: string;
  manifest: RunManifest | null;
  results: Partial<Record<RunnerName, RunnerResult>>;
  now?: Date;
}

export function buildAggregate({ spec, specHash, manifest, results, now = new Date() }: AggregateInput): Aggregate {
  const order: RunnerName[] = manifest ? [...manifest.order] : RUNNER_NAMES.filter((r) => results[r]);
  const runnersShown: RunnerName[] = RUNNER_NAMES.filter((r) => order.includes(r) || results[r]);

  // Rows: spec order, then params order as the runners report them.
  const rows: Row[] = [];
  const byKey = new Map<string, Row>();
  for (const entry of spec.cases) {
    for (const runner of runnersShown) {
      for (const r of results[runner]?.cases ?? []) {
        if (r.id !== entry.id) continue;
        const key = `${r.id} ${r.param_key}`;
        let row = byKey.get(key);
        if (!row) {
          row = { id: r.id, kind: entry.kind, domain: caseDomain(r.id), doc: entry.doc, param_key: r.param_key, params: r.params, cells: {}, best: null, checks_agree: null };
          byKey.set(key, row);
          rows.push(row);
        }
        row.cells[runner] = cellOf(r);
      }
    }
  }
  rows.sort((a, b) => {
    const ia = spec.cases.findIndex((c) => c.id === a.id);
    const ib = spec.cases.findIndex((c) => c.id === b.id);
    return ia - ib || (a.params.size_mb ?? 0) - (b.params.size_mb ?? 0);
  });

  const runRecord = new Map((manifest?.runners ?? []).map((r) => [r.runner, r]));
  for (const row of rows) {
    for (const runner of runnersShown) {
      if (!row.cells[runner]) {
        const run = runRecord.get(runner);
        row.cells[runner] = missingCell(run && run.status !== 'ok' ? `runner ${run.status}: ${run.message}` : results[runner] ? 'not in this runner\'s result' : 'no result from this runner');
      }
    }
    const ok = runnersShown.filter((r) => row.cells[r]!.status === 'ok');
    const best = ok.reduce<RunnerName | null>((b, r) => (b === null || row.cells[r]!.median_ms! < row.cells[b]!.median_ms! ? r : b), null);
    row.best = best;
    if (best) for (const r of ok) row.cells[r]!.ratio = row.cells[r]!.median_ms! / row.cells[best]!.median_ms!;
    if (CHECKED_CASES.has(row.id)) {
      const checks = new Set(ok.map((r) => row.cells[r]!.check).filter((c): c is string => c !== null));
      row.checks_agree = checks.size === 0 ? null : checks.size === 1;
    }
  }

  const domains = [...new Set(rows.map((r) => r.domain))];
  const scoreboard: ScoreEntry[] = runnersShown.map((runner) => {
    const mine = rows.filter((r) => r.cells[runner]!.ratio !== null);
    const gm = (list: Row[]) => (list.length > 0 ? geometricMean(list.map((r) => r.cells[runner]!.ratio!)) : null);
    const spread = (list: Row[]): Spread | null => {
      if (list.length === 0) return null;
      const at = (pick: (it: number[]) => number) => geometricMean(list.map((r) => pick(r.cells[runner]!.iterations_ms) / r.cells[r.best!]!.median_ms!));
      return { low: at((it) => Math.min(...it)), high: at((it) => Math.max(...it)) };
    };
    return {
      runner,
      geomean: gm(mine),
      geomean_cpu: gm(mine.filter((r) => r.kind === 'cpu')),
      geomean_net: gm(mine.filter((r) => r.kind === 'net')),
      spread_cpu: spread(mine.filter((r) => r.kind === 'cpu')),
      spread_net: spread(mine.filter((r) => r.kind === 'net')),
      per_group: Object.fromEntries(domains.map((d) => [d, gm(mine.filter((r) => r.domain === d))])),
      wins: rows.filter((r) => r.best === runner).length,
      rows: mine.length,
      rank_cpu: null,
      rank_net: null,
      rank: null,
    };
  });
  const [ra, rc, rn] = [rank(scoreboard, 'geomean'), rank(scoreboard, 'geomean_cpu'), rank(scoreboard, 'geomean_net')];
  for (const e of scoreboard) {
    e.rank = ra.get(e.runner) ?? null;
    e.rank_cpu = rc.get(e.runner) ?? null;
    e.rank_net = rn.get(e.runner) ?? null;
  }

  const fits: Fit[] = [];
  for (const id of [...new Set(rows.filter((r) => r.params.size_mb !== undefined && Object.keys(r.params).length === 1).map((r) => r.id))]) {
    for (const runner of runnersShown) {
      const points = rows
        .filter((r) => r.id === id && r.cells[runner]!.status === 'ok')
        .map((r): [number, number] => [r.params.size_mb!, r.cells[runner]!.median_ms!]);
      const fit = linearFit(points);
      if (fit) fits.push({ id, runner, slope_ms_per_mb: fit.slope, intercept_ms: fit.intercept, r2: fit.r2, asymptotic_mb_s: fit.slope > 0 ? 1000 / fit.slope : null, points });
    }
  }

  const tsGaps: Gap[] = rows
    .filter((r) => r.best !== null && r.best !== 'ts' && r.cells.ts?.ratio)
    .map((r) => ({ id: r.id, param_key: r.param_key, best: r.best!, ratio: r.cells.ts!.ratio!, why: explainGap(r) }));

  const runners: RunnerSummary[] = runnersShown.map((runner) => {
    const res = results[runner];
    const run = runRecord.get(runner);
    const cells = rows.map((r) => r.cells[runner]!);
    return {
      runner,
      client: res?.client ?? null,
      status: run?.status ?? (res ? 'ok' : 'missing'),
      message: run?.message ?? (res ? '' : 'no result file'),
      spec_hash: res?.spec_hash ?? null,
      spec_hash_matches: res?.spec_hash === specHash,
      iterations: res?.iterations ?? null,
      warmup: res?.warmup_iterations ?? null,
      warmup_ms: res?.warmup_min_ms ?? null,
      sizes_mb: res?.sizes_mb ?? [],
      host: res?.host ?? null,
      seconds: run?.seconds ?? null,
      ok: cells.filter((c) => c.status === 'ok').length,
      failed: cells.filter((c) => c.status === 'failed').length,
      skipped: cells.filter((c) => c.status === 'skipped').length,
    };
  });

  const notes: string[] = [];
  for (const r of runners) if (r.spec_hash && !r.spec_hash_matches) notes.push(`${r.runner} ran a different spec (hash ${r.spec_hash.slice(0, 12)}…, expected ${specHash.slice(0, 12)}…): its rows are not comparable`);
  for (const row of rows) if (row.checks_agree === false) notes.push(`${row.id} [${row.param_key}]: runners computed different values (${runnersShown.map((r) => `${r} ${row.cells[r]!.check?.slice(0, 12) ?? '-'}`).join(', ')})`);

  return {
    schema: AGGREGATE_SCHEMA_ID,
    generated_at: now.toISOString(),
    spec_hash: specHash,
    target: manifest?.target ?? null,
    quick: manifest?.quick ?? false,
    order,
    runners,
    rows,
    scoreboard,
    fits,
    ts_gaps: tsGaps,
    timing: timingStatement(runners, order, manifest?.quick ?? false),
    notes,
  };
}
