/** report.md: the five sections of spec §4 (runners, scoreboard, per-domain tables, latency-vs-size fit, bars). */
import type { RunnerName } from '../../config-schema/bench-result.js';
import type { Aggregate, Cell, Row } from './model.js';
import { escapeMd, fmtMs, fmtNum, fmtRatio, sparkline, textBar } from './format.js';

export const THROUGHPUT_NOTE =
  'Throughput is client to one local node over loopback, not network throughput: uploads return once the chunks are in the node\'s local store (deferred upload, pushed to peers afterwards), and downloads of just-uploaded references are served from the node\'s local store. Network figures need a non-deferred run or data uploaded through another node.';

export const NOISE_NOTE =
  'Measured on a 2-core machine shared with other work: absolute figures are noisy. Each cell is the median of its iterations; ratios compare medians taken minutes apart, so treat differences under ~20 % as noise.';

function cellText(c: Cell): string {
  if (c.status !== 'ok') return `${c.status}${c.note ? `: ${escapeMd(c.note).slice(0, 120)}` : ''}`;
  const parts = [`**${fmtMs(c.median_ms)}** (${fmtRatio(c.ratio)})`];
  if (c.throughput_mb_s !== null) parts.push(`${fmtNum(c.throughput_mb_s)} MB/s`);
  if (c.per_unit_ms !== null && c.unit) parts.push(`${fmtMs(c.per_unit_ms)}/${c.unit}`);
  parts.push(`var ${fmtNum(c.variance_pct, 0)}%${c.variance_warning ? ' ⚠' : ''}`);
  if (c.p95_ms !== null) parts.push(`p95 ${fmtMs(c.p95_ms)}`);
  parts.push(`RSS ${fmtNum(c.peak_rss_mb, 0)} MB`, `cpu/wall ${fmtNum(c.cpu_ratio, 2)}`, sparkline(c.iterations_ms));
  return parts.join('<br>');
}

function runnerHeader(agg: Aggregate): RunnerName[] {
  return agg.runners.map((r) => r.runner);
}

export function renderMarkdown(agg: Aggregate): string {
  const runners = runnerHeader(agg);
  const out: string[] = [];
  out.push(`# Benchmark report`, '');
  out.push(`Generated ${agg.generated_at}; spec ${agg.spec_hash.slice(0, 12)}…; node: ${agg.target ? `${agg.target.description} (${agg.target.url})` : 'unknown'}; order ${agg.order.join(' → ')}${agg.quick ? '; **quick smoke pass** (1 iteration, 1 MB)' : ''}.`, '');
  out.push(`> ${THROUGHPUT_NOTE}`, '>', `> ${NOISE_NOTE}`, '>', `> **How rows are timed.** ${escapeMd(agg.timing)}`, '');
  for (const n of agg.notes) out.push(`- ⚠ ${escapeMd(n)}`);
  if (agg.notes.length > 0) out.push('');

  out.push('## 1. Runners', '', '| runner | client | version | language | status | ok / failed / skipped | time | note |', '|---|---|---|---|---|---|---|---|');
  for (const r of agg.runners) {
    const status = r.status === 'ok' ? 'ok' : `**${r.status}**: ${escapeMd(r.message).slice(0, 300)}`;
    out.push(`| ${r.runner} | ${escapeMd(r.client?.name ?? '–')} | ${r.client?.version ?? '–'} | ${escapeMd(r.client?.language ?? '–')} | ${status} | ${r.ok} / ${r.failed} / ${r.skipped} | ${r.seconds === null ? '–' : `${r.seconds} s`} | ${escapeMd(r.client?.note ?? '')}${r.spec_hash && !r.spec_hash_matches ? ' ⚠ different spec' : ''} |`);
  }
  out.push('');

  const groups = Object.keys(agg.scoreboard[0]?.per_group ?? {});
  out.push('## 2. Scoreboard', '', 'Geometric mean over the rows a runner finished of (its median ÷ the row\'s fastest median): `1.00x` would be fastest everywhere. Skipped and failed rows are left out of that runner\'s mean. In brackets, the spread: the same mean with every row at the runner\'s fastest and at its slowest timed iteration; two runners whose spreads overlap are within this run\'s noise of each other.', '');
  out.push(`| runner | all | rank | CPU | rank | net | rank | wins | rows | ${groups.map(escapeMd).join(' | ')} |`, `|---|---|---|---|---|---|---|---|---|${groups.map(() => '---').join('|')}|`);
  const withSpread = (value: number | null, spread: { low: number; high: number } | null) => `${fmtRatio(value)}${spread ? ` (${spread.low.toFixed(2)}–${spread.high.toFixed(2)})` : ''}`;
  for (const s of [...agg.scoreboard].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99))) {
    out.push(`| ${s.runner} | ${fmtRatio(s.geomean)} | ${s.rank ?? '–'} | ${withSpread(s.geomean_cpu, s.spread_cpu)} | ${s.rank_cpu ?? '–'} | ${withSpread(s.geomean_net, s.spread_net)} | ${s.rank_net ?? '–'} | ${s.wins} | ${s.rows} | ${groups.map((g) => fmtRatio(s.per_group[g] ?? null)).join(' | ')} |`);
  }
  out.push('');
  if (agg.ts_gaps.length > 0) {
    out.push('### Where ts is not first', '', '| case | params | fastest | ts is slower by | why |', '|---|---|---|---|---|');
    for (const g of agg.ts_gaps) out.push(`| ${g.id} | ${g.param_key} | ${g.best} | ${fmtRatio(g.ratio)} | ${escapeMd(g.why)} |`);
    out.push('');
  }

  out.push('## 3. Cases by domain', '', 'Each cell: median (ratio to the row\'s best), throughput, time per unit, variance (⚠ above 50 %), p95 (from 10 iterations), peak RSS, CPU time ÷ wall time, one glyph per iteration.', '');
  for (const domain of [...new Set(agg.rows.map((r) => r.domain))]) {
    out.push(`### ${domain}`, '', `| case | params | ${runners.join(' | ')} |`, `|---|---|${runners.map(() => '---').join('|')}|`);
    for (const row of agg.rows.filter((r) => r.domain === domain)) {
      const agree = row.checks_agree === false ? ' ⚠ values differ' : row.checks_agree ? ' ✓ same value' : '';
      out.push(`| ${row.id}${agree}<br><sub>${escapeMd(row.doc)}</sub> | ${row.param_key} | ${runners.map((r) => cellText(row.cells[r]!)).join(' | ')} |`);
    }
    out.push('');
    // Cells cut their reason short; a skip or failure is a finding about a client, so its words are listed whole.
    const reasons = agg.rows
      .filter((r) => r.domain === domain)
      .flatMap((row) => runners.filter((r) => row.cells[r]!.status !== 'ok' && row.cells[r]!.note).map((r) => `- ${row.id} [${row.param_key}], ${r} ${row.cells[r]!.status}: ${escapeMd(row.cells[r]!.note)}`));
    if (reasons.length > 0) out.push(...reasons, '');
  }

  out.push('## 4. Latency versus size', '', 'Least-squares line through each runner\'s medians over the fixture sizes: the slope is the marginal cost per MB, 1/slope the throughput at large sizes, the intercept the fixed cost per call.', '');
  if (agg.fits.length === 0) out.push('(needs at least two sizes: not available in a quick run)', '');
  else {
    out.push('| case | runner | ms per MB | fixed ms | MB/s at scale | r² | points |', '|---|---|---|---|---|---|---|');
    for (const f of agg.fits) out.push(`| ${f.id} | ${f.runner} | ${fmtNum(f.slope_ms_per_mb, 2)} | ${fmtNum(f.intercept_ms, 1)} | ${fmtNum(f.asymptotic_mb_s, 1)} | ${fmtNum(f.r2, 3)} | ${f.points.map(([x, y]) => `${x} MB: ${fmtMs(y)}`).join(', ')} |`);
    out.push('');
  }

  out.push('## 5. Bars', '', 'Per row, each runner\'s median against the slowest finished runner of the row (shorter is faster).', '', '```');
  for (const row of agg.rows) {
    const done = runners.filter((r) => row.cells[r]!.status === 'ok');
    const worst = Math.max(...done.map((r) => row.cells[r]!.median_ms!));
    out.push(`${row.id} [${row.param_key}]`);
    for (const r of runners) {
      const c = row.cells[r]!;
      out.push(`  ${r.padEnd(4)} ${c.status === 'ok' ? `${textBar(c.median_ms! / worst)} ${fmtMs(c.median_ms)}${row.best === r ? ' ★' : ''}` : `(${c.status})`}`);
    }
  }
  out.push('```', '');
  return out.join('\n');
}

export function rowLabel(row: Row): string {
  return `${row.id} [${row.param_key}]`;
}
