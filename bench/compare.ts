#!/usr/bin/env node
/**
 * `npm run bench:compare -- <a> <b> --out <path>`: diffs two aggregate JSON files (or run directories), A the
 * baseline and B the new run. For every (case, params, runner) both finished, delta = (B − A) / A of the
 * medians; a row whose |delta| is above the threshold (20 %, `--threshold PCT`) is flagged as a regression
 * (slower) or an improvement (faster). Rows present in one file only, and runners that finished a row in one
 * but not the other, are listed as missing; different spec hashes are reported. The Markdown report (or JSON
 * when --out ends in .json) goes to --out; a summary goes to stdout.
 * Exit codes: 0 nothing flagged, 2 a regression or a missing row, 1 bad input.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readAggregate } from './export-csv.js';
import type { Aggregate } from './report/model.js';
import { escapeMd, fmtMs } from './report/format.js';
import { wantsHelp } from './lib/usage.js';

const USAGE = `Usage: npm run bench:compare -- <a> <b> --out <path> [--threshold PCT]

Diffs two aggregate JSON files or run directories, A the baseline and B the new run: rows whose medians moved
by more than the threshold (default 20 %) are flagged as regressions or improvements; rows or runners present
in one only are listed as missing. The report (Markdown, or JSON when --out ends in .json) goes to --out, a
summary to stdout.
Exit codes: 0 nothing flagged, 2 a regression or a missing row, 1 bad input.
`;

export const DEFAULT_THRESHOLD_PCT = 20;

export interface Delta {
  id: string;
  param_key: string;
  runner: string;
  a_ms: number;
  b_ms: number;
  delta_pct: number;
  flag: 'regression' | 'improvement' | null;
}

export interface Comparison {
  threshold_pct: number;
  spec_hash_a: string;
  spec_hash_b: string;
  deltas: Delta[];
  regressions: Delta[];
  improvements: Delta[];
  missing: string[];
}

export function compareAggregates(a: Aggregate, b: Aggregate, thresholdPct = DEFAULT_THRESHOLD_PCT): Comparison {
  const key = (id: string, pk: string) => `${id} [${pk}]`;
  const rowsB = new Map(b.rows.map((r) => [key(r.id, r.param_key), r]));
  const rowsA = new Map(a.rows.map((r) => [key(r.id, r.param_key), r]));
  const deltas: Delta[] = [];
  const missing: string[] = [];
  for (const [k, ra] of rowsA) {
    const rb = rowsB.get(k);
    if (!rb) {
      missing.push(`${k}: only in A`);
      continue;
    }
    for (const [runner, ca] of Object.entries(ra.cells)) {
      const cb = rb.cells[runner as keyof typeof rb.cells];
      const aOk = ca?.status === 'ok';
      const bOk = cb?.status === 'ok';
      if (aOk && bOk) {
        const d = ((cb!.median_ms! - ca!.median_ms!) / ca!.median_ms!) * 100;
        deltas.push({ id: ra.id, param_key: ra.param_key, runner, a_ms: ca!.median_ms!, b_ms: cb!.median_ms!, delta_pct: d, flag: d > thresholdPct ? 'regression' : d < -thresholdPct ? 'improvement' : null });
      } else if (aOk !== bOk) {
        missing.push(`${k} ${runner}: ${aOk ? 'finished in A only' : 'finished in B only'} (${aOk ? cb?.status ?? 'absent' : ca?.status ?? 'absent'}${(aOk ? cb?.note : ca?.note) ? `: ${(aOk ? cb!.note : ca!.note).slice(0, 120)}` : ''})`);
      }
    }
  }
  for (const k of rowsB.keys()) if (!rowsA.has(k)) missing.push(`${k}: only in B`);
  return {
    threshold_pct: thresholdPct,
    spec_hash_a: a.spec_hash,
    spec_hash_b: b.spec_hash,
    deltas,
    regressions: deltas.filter((d) => d.flag === 'regression'),
    improvements: deltas.filter((d) => d.flag === 'improvement'),
    missing,
  };
}

export function renderComparison(c: Comparison, aName: string, bName: string): string {
  const out = [`# Benchmark comparison`, '', `A (baseline): ${aName}`, `B: ${bName}`, '', `Flag threshold: |B − A| / A above ${c.threshold_pct} %.`, ''];
  if (c.spec_hash_a !== c.spec_hash_b) out.push(`⚠ different specs: A ${c.spec_hash_a.slice(0, 12)}…, B ${c.spec_hash_b.slice(0, 12)}…`, '');
  out.push(`${c.regressions.length} regression(s), ${c.improvements.length} improvement(s), ${c.missing.length} missing, ${c.deltas.length} rows compared.`, '');
  out.push('| case | params | runner | A | B | delta | flag |', '|---|---|---|---|---|---|---|');
  for (const d of [...c.deltas].sort((x, y) => Math.abs(y.delta_pct) - Math.abs(x.delta_pct))) {
    out.push(`| ${d.id} | ${d.param_key} | ${d.runner} | ${fmtMs(d.a_ms)} | ${fmtMs(d.b_ms)} | ${d.delta_pct >= 0 ? '+' : ''}${d.delta_pct.toFixed(1)} % | ${d.flag === 'regression' ? '**regression**' : d.flag ?? ''} |`);
  }
  if (c.missing.length > 0) out.push('', '## Missing', '', ...c.missing.map((m) => `- ${escapeMd(m)}`));
  return `${out.join('\n')}\n`;
}

function main(argv: string[]): number {
  if (wantsHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: { out: { type: 'string' }, threshold: { type: 'string' } }, allowPositionals: true, strict: true }));
  } catch (err) {
    process.stderr.write(`bench:compare: ${(err as Error).message}\n`);
    return 1;
  }
  if (positionals.length !== 2 || !values.out) {
    process.stderr.write('usage: npm run bench:compare -- <a> <b> --out <path> [--threshold PCT]\n');
    return 1;
  }
  const threshold = values.threshold === undefined ? DEFAULT_THRESHOLD_PCT : Number(values.threshold);
  if (!Number.isFinite(threshold) || threshold <= 0) {
    process.stderr.write('bench:compare: --threshold must be a positive number (percent)\n');
    return 1;
  }
  try {
    const [a, b] = positionals.map((p) => readAggregate(resolve(p))) as [Aggregate, Aggregate];
    const c = compareAggregates(a, b, threshold);
    const out = resolve(values.out);
    writeFileSync(out, out.endsWith('.json') ? `${JSON.stringify(c, null, 2)}\n` : renderComparison(c, positionals[0]!, positionals[1]!));
    process.stdout.write(`${c.regressions.length} regression(s), ${c.improvements.length} improvement(s), ${c.missing.length} missing; written to ${out}\n`);
    for (const d of c.regressions) process.stdout.write(`  regression: ${d.id} [${d.param_key}] ${d.runner} +${d.delta_pct.toFixed(1)} %\n`);
    return c.regressions.length > 0 || c.missing.length > 0 ? 2 : 0;
  } catch (err) {
    process.stderr.write(`bench:compare: ${(err as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
