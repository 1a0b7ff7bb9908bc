/** Number formatting and text glyphs shared by the Markdown and HTML reports. */

export function fmtMs(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function fmtRatio(r: number | null): string {
  return r === null ? '–' : `${r.toFixed(2)}x`;
}

export function fmtNum(n: number | null, digits = 1): string {
  return n === null ? '–' : n.toFixed(digits);
}

const SPARKS = '▁▂▃▄▅▆▇█';

/** Per-iteration sparkline: each iteration's time scaled between the row's min and max. */
export function sparkline(values: readonly number[]): string {
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.map((v) => SPARKS[hi === lo ? 3 : Math.round(((v - lo) / (hi - lo)) * (SPARKS.length - 1))]).join('');
}

/** A text bar of `width` cells for `fraction` (0..1). */
export function textBar(fraction: number, width = 24): string {
  const n = Math.max(1, Math.round(Math.min(1, Math.max(0, fraction)) * width));
  return '█'.repeat(n) + '░'.repeat(width - n);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function escapeMd(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
