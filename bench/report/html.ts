/**
 * report.html: one self-contained file (inline CSS, inline SVG, a few lines of inline script; nothing is
 * fetched). Interactive: runner checkboxes hide or show a runner everywhere, a domain filter narrows the case
 * tables and charts, every bar and point has a tooltip. The aggregate JSON is embedded for anyone who wants
 * to script against the page.
 */
import type { RunnerName } from '../../config-schema/bench-result.js';
import type { Aggregate, Cell } from './model.js';
import { escapeHtml as esc, fmtMs, fmtNum, fmtRatio } from './format.js';
import { NOISE_NOTE, THROUGHPUT_NOTE } from './markdown.js';
import { RUNNER_COLORS, ratioBars, sizeLines, sparkSvg } from './svg.js';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#111;max-width:1400px}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ddd;padding:4px 6px;vertical-align:top}
th{background:#f5f5f5;text-align:left}td.num{text-align:right}
.note{background:#fffbea;border-left:4px solid #f59e0b;padding:6px 10px;margin:8px 0}
.warn{color:#b45309}.bad{color:#b91c1c;font-weight:600}.best{font-weight:700}
.cell small{color:#555;display:block}.chart text{font:11px system-ui,sans-serif}.chart .axis{fill:#666}.chart .grid{stroke:#ccc}
.controls{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid #eee;z-index:1}
.controls label{margin-right:14px}.swatch{display:inline-block;width:10px;height:10px;margin-right:4px}
.fits{display:flex;flex-wrap:wrap;gap:12px}.hidden-runner [data-runner]{}
`;

const SCRIPT = `
(function(){
  var hidden = {};
  function apply(){
    document.querySelectorAll('[data-runner]').forEach(function(el){ el.style.display = hidden[el.getAttribute('data-runner')] ? 'none' : ''; });
  }
  document.querySelectorAll('input[data-toggle-runner]').forEach(function(box){
    box.addEventListener('change', function(){ hidden[box.getAttribute('data-toggle-runner')] = !box.checked; apply(); });
  });
  var sel = document.getElementById('domain-filter');
  sel.addEventListener('change', function(){
    document.querySelectorAll('[data-domain]').forEach(function(el){ el.style.display = (sel.value === '' || el.getAttribute('data-domain') === sel.value) ? '' : 'none'; });
  });
  window.benchAggregate = JSON.parse(document.getElementById('aggregate-data').textContent);
})();
`;

function cellHtml(c: Cell, runner: RunnerName, best: boolean): string {
  if (c.status !== 'ok') return `<td data-runner="${runner}" class="cell"><span class="${c.status === 'skipped' ? 'warn' : 'bad'}">${c.status}</span><small title="${esc(c.note)}">${esc(c.note.slice(0, 200))}</small></td>`;
  const bits = [
    `<span class="${best ? 'best' : ''}">${fmtMs(c.median_ms)}</span> <span>(${fmtRatio(c.ratio)})</span>`,
    c.throughput_mb_s !== null ? `<small>${fmtNum(c.throughput_mb_s)} MB/s</small>` : '',
    c.per_unit_ms !== null && c.unit ? `<small>${fmtMs(c.per_unit_ms)} / ${esc(c.unit)}</small>` : '',
    `<small class="${c.variance_warning ? 'warn' : ''}">var ${fmtNum(c.variance_pct, 0)}%${c.variance_warning ? ' ⚠ above 50 %' : ''}${c.p95_ms !== null ? ` · p95 ${fmtMs(c.p95_ms)}` : ''}</small>`,
    `<small>RSS ${fmtNum(c.peak_rss_mb, 0)} MB · cpu/wall ${fmtNum(c.cpu_ratio, 2)}</small>`,
    sparkSvg(c.iterations_ms, RUNNER_COLORS[runner]),
  ];
  return `<td data-runner="${runner}" class="cell">${bits.join('')}</td>`;
}

export function renderHtml(agg: Aggregate): string {
  const runners = agg.runners.map((r) => r.runner);
  const domains = [...new Set(agg.rows.map((r) => r.domain))];
  const h: string[] = [];
  h.push(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Benchmark report ${esc(agg.generated_at)}</title><style>${CSS}</style></head><body>`);
  h.push(`<h1>Benchmark report</h1><p>Generated ${esc(agg.generated_at)} · spec ${esc(agg.spec_hash.slice(0, 12))}… · node: ${esc(agg.target ? `${agg.target.description} (${agg.target.url})` : 'unknown')} · order ${esc(agg.order.join(' → '))}${agg.quick ? ' · <b>quick smoke pass</b> (1 iteration, 1 MB)' : ''}</p>`);
  h.push(`<p class="note">${esc(THROUGHPUT_NOTE)}</p><p class="note">${esc(NOISE_NOTE)}</p><p class="note"><b>How rows are timed.</b> ${esc(agg.timing)}</p>`);
  for (const n of agg.notes) h.push(`<p class="note bad">⚠ ${esc(n)}</p>`);
  h.push(`<div class="controls">Runners: ${runners.map((r) => `<label><input type="checkbox" checked data-toggle-runner="${r}"><span class="swatch" style="background:${RUNNER_COLORS[r]}"></span>${r}</label>`).join('')} Domain: <select id="domain-filter"><option value="">all</option>${domains.map((d) => `<option>${esc(d)}</option>`).join('')}</select></div>`);

  h.push('<h2 id="runners">1. Runners</h2><table><tr><th>runner</th><th>client</th><th>version</th><th>language</th><th>status</th><th>ok / failed / skipped</th><th>time</th><th>note</th></tr>');
  for (const r of agg.runners) {
    h.push(`<tr data-runner="${r.runner}"><td>${r.runner}</td><td>${esc(r.client?.name ?? '–')}</td><td>${esc(r.client?.version ?? '–')}</td><td>${esc(r.client?.language ?? '–')}</td><td class="${r.status === 'ok' ? '' : 'bad'}">${r.status}${r.message ? `: ${esc(r.message.slice(0, 400))}` : ''}</td><td>${r.ok} / ${r.failed} / ${r.skipped}</td><td>${r.seconds === null ? '–' : `${r.seconds} s`}</td><td>${esc(r.client?.note ?? '')}${r.spec_hash && !r.spec_hash_matches ? ' <span class="bad">different spec</span>' : ''}</td></tr>`);
  }
  h.push('</table>');

  const groups = Object.keys(agg.scoreboard[0]?.per_group ?? {});
  h.push('<h2 id="scoreboard">2. Scoreboard</h2><p>Geometric mean of (median ÷ the row\'s fastest median) over the rows each runner finished; 1.00x is fastest. Skipped and failed rows are left out.</p>');
  h.push(`<table><tr><th>runner</th><th>all</th><th>rank</th><th>CPU</th><th>rank</th><th>net</th><th>rank</th><th>wins</th><th>rows</th>${groups.map((g) => `<th>${esc(g)}</th>`).join('')}</tr>`);
  for (const s of [...agg.scoreboard].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99))) {
    h.push(`<tr data-runner="${s.runner}"><td>${s.runner}</td><td class="num">${fmtRatio(s.geomean)}</td><td class="num">${s.rank ?? '–'}</td><td class="num">${fmtRatio(s.geomean_cpu)}${s.spread_cpu ? ` <small>(${s.spread_cpu.low.toFixed(2)}–${s.spread_cpu.high.toFixed(2)})</small>` : ''}</td><td class="num">${s.rank_cpu ?? '–'}</td><td class="num">${fmtRatio(s.geomean_net)}${s.spread_net ? ` <small>(${s.spread_net.low.toFixed(2)}–${s.spread_net.high.toFixed(2)})</small>` : ''}</td><td class="num">${s.rank_net ?? '–'}</td><td class="num">${s.wins}</td><td class="num">${s.rows}</td>${groups.map((g) => `<td class="num">${fmtRatio(s.per_group[g] ?? null)}</td>`).join('')}</tr>`);
  }
  h.push('</table>');
  h.push(ratioBars('scoreboard-chart', 'Geometric mean of ratio to best', [
    { label: 'all cases', values: Object.fromEntries(agg.scoreboard.map((s) => [s.runner, s.geomean])) },
    { label: 'CPU cases', values: Object.fromEntries(agg.scoreboard.map((s) => [s.runner, s.geomean_cpu])) },
    { label: 'net cases', values: Object.fromEntries(agg.scoreboard.map((s) => [s.runner, s.geomean_net])) },
  ], runners));
  if (agg.ts_gaps.length > 0) {
    h.push('<h3>Where ts is not first</h3><table><tr><th>case</th><th>params</th><th>fastest</th><th>ts slower by</th><th>why</th></tr>');
    for (const g of agg.ts_gaps) h.push(`<tr><td>${esc(g.id)}</td><td>${esc(g.param_key)}</td><td>${g.best}</td><td class="num">${fmtRatio(g.ratio)}</td><td>${esc(g.why)}</td></tr>`);
    h.push('</table>');
  }

  h.push('<h2 id="cases">3. Cases by domain</h2><p>Median (ratio to the row\'s best), throughput, time per unit, variance (warned above 50 %), p95 from 10 iterations, peak RSS, CPU ÷ wall, and a sparkline of the iterations.</p>');
  for (const d of domains) {
    const rows = agg.rows.filter((r) => r.domain === d);
    h.push(`<section data-domain="${esc(d)}"><h3>${esc(d)}</h3>`);
    h.push(ratioBars(`bars-${d.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`, `${d}: ratio to the fastest`, rows.map((r) => ({ label: `${r.id.replace(/^(cpu|net)\./, '')} ${r.param_key}`, values: Object.fromEntries(runners.map((run) => [run, r.cells[run]!.ratio])) })), runners));
    h.push(`<table><tr><th>case</th><th>params</th>${runners.map((r) => `<th data-runner="${r}">${r}</th>`).join('')}</tr>`);
    for (const row of rows) {
      const agree = row.checks_agree === false ? ' <span class="bad">values differ</span>' : row.checks_agree ? ' <span title="every runner computed the same value">✓</span>' : '';
      h.push(`<tr><td>${esc(row.id)}${agree}<small style="display:block;color:#555">${esc(row.doc)}</small></td><td>${esc(row.param_key)}</td>${runners.map((r) => cellHtml(row.cells[r]!, r, row.best === r)).join('')}</tr>`);
    }
    h.push('</table></section>');
  }

  h.push('<h2 id="fits">4. Latency versus size</h2><p>Medians against fixture size (log-log), one line per runner; the table gives the least-squares fit: marginal ms per MB, fixed ms, MB/s at scale.</p>');
  const fitIds = [...new Set(agg.fits.map((f) => f.id))];
  if (fitIds.length === 0) h.push('<p>(needs at least two sizes: not available in a quick run)</p>');
  h.push('<div class="fits">');
  for (const id of fitIds) {
    const pts = Object.fromEntries(agg.fits.filter((f) => f.id === id).map((f) => [f.runner, f.points]));
    h.push(sizeLines(`fit-${id}`, id, pts, runners));
  }
  h.push('</div>');
  if (fitIds.length > 0) {
    h.push('<table><tr><th>case</th><th>runner</th><th>ms per MB</th><th>fixed ms</th><th>MB/s at scale</th><th>r²</th></tr>');
    for (const f of agg.fits) h.push(`<tr data-runner="${f.runner}"><td>${esc(f.id)}</td><td>${f.runner}</td><td class="num">${fmtNum(f.slope_ms_per_mb, 2)}</td><td class="num">${fmtNum(f.intercept_ms, 1)}</td><td class="num">${fmtNum(f.asymptotic_mb_s, 1)}</td><td class="num">${fmtNum(f.r2, 3)}</td></tr>`);
    h.push('</table>');
  }

  h.push('<h2 id="bars">5. Bars</h2><p>Every row, each runner\'s median against the slowest finished runner of the row.</p><table>');
  for (const row of agg.rows) {
    const done = runners.filter((r) => row.cells[r]!.status === 'ok');
    const worst = Math.max(1e-9, ...done.map((r) => row.cells[r]!.median_ms!));
    h.push(`<tr data-domain="${esc(row.domain)}"><td>${esc(row.id)} <small>${esc(row.param_key)}</small></td><td style="width:420px">${runners
      .map((r) => {
        const c = row.cells[r]!;
        const w = c.status === 'ok' ? Math.max(1, (c.median_ms! / worst) * 100) : 0;
        return `<div data-runner="${r}" title="${esc(`${r}: ${c.status === 'ok' ? fmtMs(c.median_ms) : c.status}`)}"><span style="display:inline-block;width:34px">${r}</span><span class="inline-bar" style="display:inline-block;height:9px;width:${(w * 3).toFixed(0)}px;background:${RUNNER_COLORS[r]}"></span> ${c.status === 'ok' ? fmtMs(c.median_ms) : c.status}</div>`;
      })
      .join('')}</td></tr>`);
  }
  h.push('</table>');
  h.push(`<script type="application/json" id="aggregate-data">${JSON.stringify(agg).replace(/</g, '\\u003c')}</script><script>${SCRIPT}</script></body></html>`);
  return h.join('\n');
}
