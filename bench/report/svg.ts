/** Inline SVG charts for report.html (no library, no network): bars, grouped ratio bars, size lines, sparklines. */
import type { RunnerName } from '../../config-schema/bench-result.js';
import { escapeHtml as esc, fmtMs, fmtRatio } from './format.js';

export const RUNNER_COLORS: Record<RunnerName, string> = { ts: '#2563eb', js: '#f59e0b', rust: '#dc2626', go: '#059669' };

export interface BarSeries {
  label: string;
  values: Partial<Record<RunnerName, number | null>>;
}

/** Horizontal grouped bars of ratios (1.00x = fastest), log scale so 2x and 20x both read. */
export function ratioBars(id: string, title: string, series: BarSeries[], runners: RunnerName[]): string {
  const rowH = 14 * runners.length + 10;
  const left = 230;
  const width = 760;
  const plot = width - left - 70;
  const max = Math.max(2, ...series.flatMap((s) => runners.map((r) => s.values[r] ?? 1)));
  const x = (v: number) => (Math.log(v) / Math.log(max)) * plot;
  const height = series.length * rowH + 40;
  const parts = [`<svg class="chart" id="${esc(id)}" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>`];
  parts.push(`<text x="${left}" y="14" class="axis">1.00x (fastest)</text><text x="${left + plot}" y="14" class="axis" text-anchor="end">${fmtRatio(max)} (log scale)</text>`);
  series.forEach((s, i) => {
    const y0 = 24 + i * rowH;
    parts.push(`<text x="${left - 6}" y="${y0 + rowH / 2}" class="label" text-anchor="end">${esc(s.label.slice(0, 40))}</text>`);
    runners.forEach((r, j) => {
      const v = s.values[r];
      const y = y0 + j * 14;
      if (v === null || v === undefined) {
        parts.push(`<text data-runner="${r}" x="${left + 2}" y="${y + 10}" class="axis">${r}: –</text>`);
        return;
      }
      const w = Math.max(2, x(v));
      parts.push(`<g data-runner="${r}"><rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="11" fill="${RUNNER_COLORS[r]}"><title>${esc(`${s.label} · ${r}: ${fmtRatio(v)}`)}</title></rect><text x="${left + w + 4}" y="${y + 10}" class="value">${r} ${fmtRatio(v)}</text></g>`);
    });
  });
  parts.push('</svg>');
  return parts.join('');
}

/** Median (ms) against fixture size (MB), one line per runner, log-log. */
export function sizeLines(id: string, title: string, points: Partial<Record<RunnerName, [number, number][]>>, runners: RunnerName[]): string {
  const all = runners.flatMap((r) => points[r] ?? []);
  if (all.length === 0) return '';
  const [w, h, l, b, t, rpad] = [380, 240, 56, 30, 20, 12];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.log10(Math.min(...xs)), Math.log10(Math.max(...xs)) || 1];
  const [y0, y1] = [Math.log10(Math.min(...ys)), Math.log10(Math.max(...ys))];
  const sx = (v: number) => l + ((Math.log10(v) - x0) / (x1 - x0 || 1)) * (w - l - rpad);
  const sy = (v: number) => h - b - ((Math.log10(v) - y0) / (y1 - y0 || 1)) * (h - b - t);
  const parts = [`<svg class="chart fit" id="${esc(id)}" viewBox="0 0 ${w} ${h}" width="${w}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>`];
  parts.push(`<text x="${l}" y="12" class="label">${esc(title)}</text><line x1="${l}" y1="${h - b}" x2="${w - rpad}" y2="${h - b}" class="grid"/><line x1="${l}" y1="${t}" x2="${l}" y2="${h - b}" class="grid"/>`);
  for (const x of [...new Set(xs)]) parts.push(`<text x="${sx(x)}" y="${h - 12}" class="axis" text-anchor="middle">${x} MB</text>`);
  parts.push(`<text x="4" y="${sy(Math.min(...ys))}" class="axis">${fmtMs(Math.min(...ys))}</text><text x="4" y="${sy(Math.max(...ys)) + 8}" class="axis">${fmtMs(Math.max(...ys))}</text>`);
  for (const r of runners) {
    const pts = (points[r] ?? []).slice().sort((a, c) => a[0] - c[0]);
    if (pts.length === 0) continue;
    const path = pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' ');
    parts.push(`<g data-runner="${r}"><path d="${path}" fill="none" stroke="${RUNNER_COLORS[r]}" stroke-width="2"/>${pts.map((p) => `<circle cx="${sx(p[0]).toFixed(1)}" cy="${sy(p[1]).toFixed(1)}" r="3" fill="${RUNNER_COLORS[r]}"><title>${esc(`${r}: ${p[0]} MB in ${fmtMs(p[1])}`)}</title></circle>`).join('')}</g>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Per-iteration times as a tiny line. */
export function sparkSvg(values: readonly number[], color: string): string {
  if (values.length < 2) return '';
  const [w, h] = [60, 14];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pts = values.map((v, i) => `${((i / (values.length - 1)) * w).toFixed(1)},${(h - 1 - (hi === lo ? h / 2 : ((v - lo) / (hi - lo)) * (h - 2))).toFixed(1)}`);
  return `<svg class="spark" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="1.5"/></svg>`;
}
