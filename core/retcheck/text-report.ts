/**
 * The human-readable report (spec §4 "Output formats", text). No stability guarantee, but the order is
 * fixed: ref/status, vantages (`nb <neighborhood> PO <n>`), gateways (`HTTP <code>`), resolution,
 * chunk tables, cold downloads, then the re-seed block. Colour only when the caller says the terminal wants it.
 */
import type { RetcheckReport, VantageResult, ChunkStatsEntry } from '../../config-schema/retcheck-report.js';

export interface ReseedSummary {
  batch: string;
  status: 'OK' | 'refused' | 'failed';
  warnings: string[];
  error?: string;
}

export interface TextOptions {
  color: boolean;
}

const paint = (on: boolean, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function outcome(retrievable: boolean | null, color: boolean): string {
  if (retrievable === true) return paint(color, 32, 'retrievable');
  if (retrievable === false) return paint(color, 31, 'not retrievable');
  return paint(color, 33, 'error');
}

function vantageLine(v: VantageResult, color: boolean): string {
  const parts = [`  ${v.node_url}`, outcome(v.retrievable, color), `${v.elapsed_ms} ms`];
  if (v.overlay !== undefined) parts.push(`nb ${v.overlay.slice(0, 2)} PO ${v.proximity_to_root ?? '?'}`);
  if (v.target_proximity !== undefined) parts.push(`target PO ${v.target_proximity}`);
  if (v.node_version) parts.push(`v${v.node_version}`);
  if (v.error) parts.push(`(${v.error})`);
  return parts.join('  ');
}

function statsRow(key: string, s: ChunkStatsEntry): string {
  return `  ${key.padEnd(28)} ${`${s.found}/${s.total}`.padStart(9)} ${String(s.missing).padStart(7)} ${String(s.elapsed_p50_ms).padStart(7)} ${String(s.elapsed_p95_ms).padStart(7)} ${String(s.elapsed_max_ms).padStart(7)}`;
}

const STATS_HEADER = `  ${'key'.padEnd(28)} ${'found'.padStart(9)} ${'missing'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)}`;

export function formatTextReport(report: RetcheckReport, options: TextOptions, reseed?: ReseedSummary): string {
  const { color } = options;
  const lines: string[] = [];
  lines.push(`ref     ${report.reference}`);
  const statusColor = report.status === 'retrievable' ? 32 : report.status === 'partial' ? 33 : 31;
  lines.push(`status  ${paint(color, statusColor, report.status)}`);
  lines.push('', 'vantages');
  for (const v of report.vantages) lines.push(vantageLine(v, color));
  if (report.gateways) {
    lines.push('', 'gateways');
    for (const g of report.gateways) {
      const parts = [`  ${g.url}`, outcome(g.retrievable, color), `${g.elapsed_ms} ms`];
      if (g.status_code !== undefined) parts.push(`HTTP ${g.status_code}`);
      if (g.error) parts.push(`(${g.error})`);
      lines.push(parts.join('  '));
    }
  }
  if (report.resolution) {
    const r = report.resolution;
    lines.push('', 'resolution', `  feed ${r.owner}/${r.topic}`, `  -> ${r.resolved_reference}`);
  }
  if (report.chunk_stats && report.chunks) {
    lines.push('', `chunks  ${report.chunks.length} walked`, '', 'per vantage', STATS_HEADER);
    for (const [url, s] of Object.entries(report.chunk_stats.per_vantage)) lines.push(statsRow(url, s));
    lines.push('', 'per neighborhood', STATS_HEADER);
    for (const [nb, s] of Object.entries(report.chunk_stats.per_neighborhood)) lines.push(statsRow(nb, s));
    const misses = report.chunks.filter((c) => Object.values(c.per_vantage).some((p) => !p.found));
    if (misses.length > 0) {
      lines.push('', 'missing chunks');
      for (const c of misses.slice(0, 50)) {
        const where = Object.entries(c.per_vantage)
          .filter(([, p]) => !p.found)
          .map(([url]) => url)
          .join(', ');
        lines.push(`  ${c.address}  nb ${c.neighborhood}  missing on ${where}`);
      }
      if (misses.length > 50) lines.push(`  ... and ${misses.length - 50} more (see --output json)`);
    }
  }
  if (report.cold_downloads) {
    lines.push('', 'cold downloads');
    for (const d of report.cold_downloads) {
      const parts = [`  ${d.url}${d.endpoint}`, d.success ? paint(color, 32, 'ok') : paint(color, 31, 'failed'), `${d.bytes_downloaded} bytes`, `${d.elapsed_ms} ms`];
      if (d.status_code !== undefined) parts.push(`HTTP ${d.status_code}`);
      if (d.error) parts.push(`(${d.error})`);
      lines.push(parts.join('  '));
    }
  }
  if (reseed) {
    lines.push('', 're-seed', `  batch     ${reseed.batch}`, `  status    ${paint(color, reseed.status === 'OK' ? 32 : 31, reseed.status)}`);
    if (reseed.error) lines.push(`  error     ${reseed.error}`);
    lines.push(`  warnings  ${reseed.warnings.length ? reseed.warnings.join('; ') : '(none)'}`);
  }
  return `${lines.join('\n')}\n`;
}
